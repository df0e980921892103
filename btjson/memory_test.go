package btjson_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
)

// heavy is a constraint that holds some memory, as a game's may.
type heavy struct{ _ [4 << 10]byte }

func (*heavy) Evaluate(bt.Situation, *mem) (bt.Check, string) { return bt.Pass, "" }

// tracking counts the constraints its registry's factory "heavy" made,
// and those of them collected since.
type tracking struct{ made, freed atomic.Int64 }

func (tr *tracking) registry() *btjson.Registry[mem] {
	r := testRegistry()
	r.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[mem]]{
		"heavy": {Params: []btjson.Param{{Name: "n", Type: btjson.Integer}},
			Make: func(btjson.Args) (bt.Constraint[mem], error) {
				h := &heavy{}
				tr.made.Add(1)
				runtime.AddCleanup(h, func(freed *atomic.Int64) { freed.Add(1) }, &tr.freed)
				return h, nil
			}},
	}
	return r
}

// held returns how many of the values made are still held once nothing
// the test keeps refers to them: it collects until all are gone, or for
// at most ten seconds (a deadline to give up, not a measure).
func (tr *tracking) held() int64 {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		runtime.GC()
		if n := tr.made.Load() - tr.freed.Load(); n == 0 || time.Now().After(deadline) {
			return n
		}
	}
}

// heavyFile is a tree file of n actions, each guarded by a constraint the
// factory "heavy" makes.
func heavyFile(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"kind": "sequence", "name": "s", "children": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"kind": "action", "name": "a%d", "action": "chase", "constraints": [{"name": "heavy", "args": {"n": %d}}]}`, i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// A registry does not keep what its factories made for a tree it built:
// no description of that tree comes out for Marshal to write, and a
// program that checks file after file with one registry (the editor)
// holds only the trees it keeps. (It kept them all: 12 checks of a file
// of 10,000 factory constraints left 65 MB more on the heap.)
func TestBuildKeepsNothingItMade(t *testing.T) {
	var tr tracking
	reg := tr.registry()
	file := heavyFile(200)
	for range 5 {
		if _, err := reg.Build(bt.Config[mem]{}, file); err != nil {
			t.Fatal(err)
		}
	}
	if n := tr.held(); n != 0 {
		t.Errorf("%d of the %d values Build made are held after the trees are gone", n, tr.made.Load())
	}
	// Load remembers them, for Marshal, while the registry lives.
	def, err := reg.Load(heavyFile(1))
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
	var tr tracking
	file := heavyFile(3)
	want := func() []byte { // through a registry of its own, which remembers what Load made
		reg := tr.registry()
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
	reg := tr.registry()
	for range 5 {
		got, err := reg.Format(file)
		if err != nil || string(got) != string(want) {
			t.Fatalf("Format = %s, %v; want %s", got, err, want)
		}
	}
	if n := tr.held(); n != 0 {
		t.Errorf("%d of the %d values made are held after formatting", n, tr.made.Load())
	}
	if _, err := reg.Format([]byte(`{"kind": "action", "name": "x", "action": "fly"}`)); err == nil {
		t.Error("Format of a file that does not load: no error")
	}
}
