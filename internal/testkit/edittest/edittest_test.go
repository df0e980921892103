package edittest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
)

// The palette a schema offers, read where the page reads it, is the
// registry's names, for a registry of each shape a game's takes: values
// registered by name (actions, conditions, constraints, decorators), and
// a catalogue of actions with a planner over it.
func TestSchemaPaletteIsTheRegistrys(t *testing.T) {
	for name, reg := range registries(t) {
		schema, err := reg.Schema()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(edittest.Palette(reg), edittest.SchemaPalette(t, schema)); diff != "" {
			t.Errorf("%s (-registry +schema):\n%s", name, diff)
		}
	}
}

// registries returns a registry of each shape, by its shape.
func registries(t *testing.T) map[string]*btjson.Registry[mem] {
	t.Helper()
	act := func() bt.Action[mem] { return bt.Instant(func(*mem) bool { return true }, nil) }
	registered := &btjson.Registry[mem]{
		Actions:     map[string]bt.Action[mem]{"swing": act(), "wait": act()},
		Conditions:  map[string]func(*mem) bool{"hurt": func(m *mem) bool { return m.hp < 5 }},
		Constraints: map[string]bt.Constraint[mem]{"in reach": constraints.Func("in reach", func(m *mem) bool { return m.hp > 0 })},
		Decorators:  map[string]bt.Decorator[mem]{"counter": decorators.Invert[mem](), "patient": decorators.Timeout[mem](time.Second)},
	}
	var actions catalogue.Builder[mem]
	actions.Action("patrol", act())
	actions.Action("rest", act())
	c, err := actions.Build()
	if err != nil {
		t.Fatal(err)
	}
	b := fsm.New(c)
	b.State("patrol").Do("patrol").On(fsm.Succeeded, "rest")
	b.State("rest").Do("rest").Final()
	machine, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	planned := &btjson.Registry[mem]{Catalogue: c, Planners: map[string]bt.Planner[mem]{"guard": machine}}
	return map[string]*btjson.Registry[mem]{"registered": registered, "catalogue and planner": planned}
}

type mem struct{ hp int }

// The kit reads, checks and saves as the page does.
func TestEditor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "guard.json")
	good := `{"kind": "condition", "name": "hurt", "test": "hurt"}`
	if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	reg := &btjson.Registry[mem]{Conditions: map[string]func(*mem) bool{"hurt": func(m *mem) bool { return m.hp < 5 }}}
	ed, err := editor.New(path, reg, bt.Config[mem]{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	defer srv.Close()
	e := edittest.Dial(t, srv.URL+"/")
	f := e.File(t)
	if f.Text != good || f.Name != "guard.json" || f.Live {
		t.Errorf("the file: %+v", f)
	}
	bad := `{"kind": "condition", "name": "dead", "test": "dead"}`
	a := e.Check(t, bad)
	if a.Status != http.StatusOK || len(a.Problems) != 1 || a.Problems[0].Path != "$.test" || a.Problems[0].Line != 1 {
		t.Errorf("a check of a bad tree: %+v", a)
	}
	if a := e.Save(t, bad, f.Version); a.Status != http.StatusUnprocessableEntity || len(a.Problems) != 1 {
		t.Errorf("a save of a bad tree: %+v", a)
	}
	renamed := `{"kind": "condition", "name": "wounded", "test": "hurt"}`
	if a := e.Save(t, renamed, f.Version); a.Status != http.StatusOK || a.File.Version == f.Version {
		t.Errorf("a save: %+v", a)
	}
	if a := e.Save(t, good, f.Version); a.Status != http.StatusConflict || a.Error == "" || a.File.Version == f.Version {
		t.Errorf("a save over an old version: %+v", a)
	}
}

// The names a registry's editor offers, by their roles in the palette.
func ExamplePalette() {
	reg := &btjson.Registry[mem]{
		Conditions: map[string]func(*mem) bool{"hurt": func(m *mem) bool { return m.hp < 5 }, "dead": func(m *mem) bool { return m.hp <= 0 }},
	}
	for role, names := range edittest.Palette(reg) {
		if role != "kind" {
			fmt.Println(role, names)
		}
	}
	// Output:
	// condition [dead hurt]
}
