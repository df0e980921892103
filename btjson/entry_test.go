package btjson_test

import (
	"bytes"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// entries is a catalogue of the shared test memory: an action that
// declares no duration, one that takes 500ms, and a behaviour.
func entries(t *testing.T) *catalogue.Catalogue[mem] {
	t.Helper()
	rec := &treetest.Recorder{}
	n := bt.New[mem]()
	var b catalogue.Builder[mem]
	b.Action("chop", treetest.Act(rec, "chop", treetest.HitFoe(1)))
	b.Action("attack", treetest.Act(rec, "attack", treetest.HitFoe(2)),
		constraints.Func("foe up", func(m *mem) bool { return m.Foe > 0 })).Takes(500 * time.Millisecond)
	b.Behaviour("rest", n.Sequence("rest", n.Do("sit", treetest.Act(rec, "sit", treetest.Shine))))
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A node's explicit "takes": "0s" (bt.Takes(0)) is written and read back
// as it was, distinct from no "takes" at all, on a plain action node and
// on a catalogue entry's node whatever the entry's own duration. (Marshal
// left it out of an entry's node whose entry declares none, and so did
// the editor's save.)
func TestExplicitZeroTakesRoundTrips(t *testing.T) {
	t.Parallel()
	cat := entries(t)
	reg := testRegistry()
	reg.Catalogue = cat
	n := bt.New[mem]()
	for _, d := range []bt.Def[mem]{
		n.Do("chase", reg.Actions["chase"], bt.Takes(0)),
		cat.Do("chop", bt.Takes(0)),
		cat.Do("attack", bt.Takes(0)),
		cat.Do("attack", bt.Takes(time.Second)),
		cat.Do("attack"),
		cat.Do("chop"),
	} {
		file, err := reg.Marshal(d)
		if err != nil {
			t.Fatalf("%s %v: Marshal: %v", d.Name, d.Options, err)
		}
		loaded, err := reg.Load(file)
		if err != nil {
			t.Fatalf("%s: Load: %v\n%s", d.Name, err, file)
		}
		if want, got := options(d), options(loaded); !maps.Equal(want, got) {
			t.Errorf("%s: options %v became %v through\n%s", d.Name, want, got, file)
		}
		if again, err := reg.Marshal(loaded); err != nil || !bytes.Equal(again, file) {
			t.Errorf("%s: written again (%v):\n%s\nfirst:\n%s", d.Name, err, again, file)
		}
	}
}

// Marshal writes a catalogue entry's node by the entry's name only when
// the node is what the registry's entry makes of the file: the entry's
// action or behaviour and its duration, its preconditions first. Any
// other, such as another catalogue's entry of the same name or an entry's
// node whose action was replaced, is refused with the node's path, since
// the file would load a different node. (Marshal wrote them by the name,
// and the loaded file ran the registry's action.)
func TestMarshalRefusesAnotherEntrysNode(t *testing.T) {
	t.Parallel()
	cat := entries(t)
	reg := testRegistry()
	reg.Catalogue = cat
	other := entries(t) // the same names, other values
	n := bt.New[mem]()
	replaced := cat.Do("chop")
	replaced.Value = treetest.Act(&treetest.Recorder{}, "other", nil)
	var b catalogue.Builder[mem]
	attack, _ := cat.Lookup("attack")
	b.Action("attack", attack.Action, attack.Pre...) // the same action and preconditions, no duration
	undeclared, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	regrown := cat.Do("rest")
	regrown.Children = []bt.Def[mem]{n.Do("sit", treetest.Act(&treetest.Recorder{}, "sit", nil))}
	for _, tt := range []struct {
		name string
		d    bt.Def[mem]
		want string
	}{
		{"another catalogue's action", other.Do("chop"), `s/chop: it is not catalogue entry "chop"'s node`},
		{"another catalogue's behaviour", other.Do("rest"), `s/rest: it is not catalogue entry "rest"'s node`},
		{"an action replaced", replaced, `s/chop: it is not catalogue entry "chop"'s node`},
		{"an entry without the duration", undeclared.Do("attack"), `s/attack: it is not catalogue entry "attack"'s node`},
		{"a behaviour's subtree replaced", regrown, `s/rest: it is not catalogue entry "rest"'s node`},
		{"a behaviour given an option", cat.Do("rest").With(bt.Loop()), `s/rest: it is not catalogue entry "rest"'s node`},
	} {
		_, err := reg.Marshal(n.Sequence("s", tt.d))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Marshal = %v; want %q", tt.name, err, tt.want)
		}
	}
	// The registry's own entries are written.
	if _, err := reg.Marshal(n.RandomSelector("s", cat.Do("chop"), cat.Do("attack", bt.Cosmetic()).Constrain(reg.Constraints["in sight"]),
		cat.Do("rest").With(bt.Weight(2)))); err != nil {
		t.Errorf("the registry's own entries: %v", err)
	}
}
