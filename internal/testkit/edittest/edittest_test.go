package edittest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/troll"
)

// The palette a schema offers, read where the page reads it, is the
// registry's names: for the Jedi's registry (registered actions,
// constraints, decorators) and the troll's (a catalogue, planners).
func TestSchemaPaletteIsTheRegistrys(t *testing.T) {
	trollReg, err := troll.Registry()
	if err != nil {
		t.Fatal(err)
	}
	for name, tt := range map[string]struct {
		palette map[string][]string
		schema  func() ([]byte, error)
	}{
		"jedi":  {edittest.Palette(jedi.Registry()), jedi.Registry().Schema},
		"troll": {edittest.Palette(trollReg), trollReg.Schema},
	} {
		schema, err := tt.schema()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.palette, edittest.SchemaPalette(t, schema)); diff != "" {
			t.Errorf("%s (-registry +schema):\n%s", name, diff)
		}
	}
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
