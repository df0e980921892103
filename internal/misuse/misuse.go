// Package misuse holds the stand-in a planner package puts in a tree for
// a branch it cannot make (the runner of a nil domain), so that the
// tree's Build reports the mistake with the path where it was made.
package misuse

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A Leaf is a node that fails to validate with Err: Build refuses it, so
// it never runs.
type Leaf[M any] struct{ Err error }

// Validate returns the misuse.
func (l Leaf[M]) Validate() error { return l.Err }

// Begin fails: the leaf stands for nothing that can run.
func (Leaf[M]) Begin(*M) bt.Status { return bt.Failure }

// Update fails, as Begin does.
func (Leaf[M]) Update(*M, time.Duration) bt.Status { return bt.Failure }

// End does nothing.
func (Leaf[M]) End(*M, bt.Status) {}

// Simulate predicts nothing possible.
func (l Leaf[M]) Simulate(*sim.Context[M], *M) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "misuse"}
}
