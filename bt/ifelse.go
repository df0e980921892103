package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// ifElse runs its first child when the condition holds at Begin and its
// second (if any) otherwise, and stays with that branch until it ends.
type ifElse[M any] struct {
	cond      func(m *M) bool
	then      *Child[M]
	otherwise *Child[M] // nil: fail when the condition does not hold
	branch    *Child[M]
	whenFalse heuristic.Verdict
}

func (n *ifElse[M]) pick(m *M) *Child[M] {
	if n.cond(m) {
		return n.then
	}
	return n.otherwise
}

func (n *ifElse[M]) Begin(m *M) Status {
	n.branch = n.pick(m)
	if n.branch == nil {
		return Failure
	}
	return n.branch.Tick(m, 0)
}

func (n *ifElse[M]) Update(m *M, dt time.Duration) Status { return n.branch.Tick(m, dt) }

func (n *ifElse[M]) End(*M, Status) { n.branch = nil }

// Simulate predicts the running branch, or the branch the condition picks
// on the scratch memory.
func (n *ifElse[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	b := n.branch
	if b == nil {
		b = n.pick(m)
	}
	if b == nil {
		return n.whenFalse
	}
	return b.Simulate(ctx, m)
}

func (n *ifElse[M]) Describe() string { return "if/else" }

// verdictFalse is the verdict of a condition named name that does not hold.
func verdictFalse(name string) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: name + ": false"}
}
