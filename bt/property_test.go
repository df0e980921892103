package bt_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// Over random trees of every composite, decorator and constraint kind,
// run through random ticks (zero, negative and huge steps among them),
// halts and previews: every Begin is matched by one End, ends go deepest
// first, outside parallels one child runs at a time, previews act on
// nothing, predictions never reach live memory, refused steps change
// nothing.
func TestPropertyLifeCycle(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := treetest.DrawShape(t, 3)
		nodes, trace, log := treetest.Run(t, s, rapid.Uint64().Draw(t, "seed"), treetest.DrawSteps(t))
		treetest.CheckLifeCycle(t, nodes, trace, log)
	})
}

// The same tree, seed and inputs give the same events, byte for byte.
func TestPropertyDeterminism(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := treetest.DrawShape(t, 3)
		seed := rapid.Uint64().Draw(t, "seed")
		steps := treetest.DrawSteps(t)
		_, trace1, log1 := treetest.Run(t, s, seed, steps)
		_, trace2, log2 := treetest.Run(t, s, seed, steps)
		if diff := cmp.Diff(trace1, trace2); diff != "" {
			t.Fatalf("traces differ (-first +second):\n%s", diff)
		}
		if diff := cmp.Diff(log1, log2); diff != "" {
			t.Fatalf("logs differ (-first +second):\n%s", diff)
		}
	})
}
