package btjson_test

import (
	"bytes"
	"maps"
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
