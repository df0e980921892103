package bt_test

import (
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
)

// A dump names a reactive node by its kind, as files, schemas and
// pictures do ("reactive-priority"), not by another spelling of it (the
// dump said "reactive priority", which a tree file does not know).
func TestReactiveKindsNamedAsKinds(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.ReactivePriority("watch",
		n.ReactiveSequence("guarded", bt.Loop(), n.Condition("ok", func(*mem) bool { return true }), n.Do("act", noop{})),
		n.Do("idle", noop{}),
	))
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range tree.Nodes() {
		if kind := info.Fields()[0]; info.Kind == bt.KindReactivePriority || info.Kind == bt.KindReactiveSequence {
			if word, _, _ := strings.Cut(kind, " "); word != string(info.Kind) {
				t.Errorf("%s: a %s is shown as %q", info.Path, info.Kind, kind)
			}
		}
	}
	for _, want := range []string{"watch  reactive-priority", "guarded  reactive-sequence loop"} {
		if !strings.Contains(tree.String(), want) {
			t.Errorf("the dump lacks %q:\n%s", want, tree)
		}
	}
}
