package btjson_test

import (
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/testkit/heldtest"
)

// heldRegistry is the tests' registry with heldtest's factory "heavy",
// counting into c.
func heldRegistry(c *heldtest.Counter) *btjson.Registry[mem] {
	r := testRegistry()
	r.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[mem]]{"heavy": heldtest.Factory[mem](c)}
	return r
}

// A registry does not keep what its factories made for a tree it built:
// no description of that tree comes out for Marshal to write, and a
// program that checks file after file with one registry (the editor)
// holds only the trees it keeps. (It kept them all: 12 checks of a file
// of 10,000 factory constraints left 65 MB more on the heap.)
func TestBuildKeepsNothingItMade(t *testing.T) {
	var c heldtest.Counter
	reg := heldRegistry(&c)
	file := []byte(heldtest.File(200))
	for range 5 {
		if _, err := reg.Build(bt.Config[mem]{}, file); err != nil {
			t.Fatal(err)
		}
	}
	c.Check(t, "after the trees are gone")
	// Load remembers them, for Marshal, while the registry lives.
	def, err := reg.Load([]byte(heldtest.File(1)))
	if err != nil {
		t.Fatal(err)
	}
	out, err := reg.Marshal(def)
	if err != nil || !strings.Contains(string(out), `{"name": "heavy", "args": {"n": 0}}`) {
		t.Errorf("Marshal of a loaded file = %s, %v", out, err)
	}
}

// Format lays a file out as Load and Marshal do, and keeps nothing its
// factories made for it.
func TestFormatKeepsNothingItMade(t *testing.T) {
	var c heldtest.Counter
	file := []byte(heldtest.File(3))
	want := func() []byte { // through a registry of its own, which remembers what Load made
		reg := heldRegistry(&c)
		def, err := reg.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		out, err := reg.Marshal(def)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}()
	reg := heldRegistry(&c)
	for range 5 {
		got, err := reg.Format(file)
		if err != nil || string(got) != string(want) {
			t.Fatalf("Format = %s, %v; want %s", got, err, want)
		}
	}
	c.Check(t, "after formatting")
	if _, err := reg.Format([]byte(`{"kind": "action", "name": "x", "action": "fly"}`)); err == nil {
		t.Error("Format of a file that does not load: no error")
	}
}
