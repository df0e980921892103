package decorators

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// Verdicts of the decorators that change whether their node succeeds.
var (
	invertedFailure = heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "inverted failure"}
	invertedSuccess = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "inverted success"}
	forcedSuccess   = heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "forced success"}
	forcedFailure   = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "forced failure"}
)

// Invert turns the child's Success into Failure and Failure into Success;
// Running stays Running.
//
// Simulate does not mirror outcomes (a Beneficial child does not become
// Harmful); it inverts whether the node would succeed. A child predicted
// Impossible (it would fail) makes the inverted node succeed having done
// nothing: Irrelevant. Any other prediction means the inverted node would
// fail: Impossible. So Invert around a condition plans as "unless".
func Invert[M any]() bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		return &invert[M]{child}, nil
	}
}

type invert[M any] struct{ child *bt.Child[M] }

func (n *invert[M]) Begin(m *M) bt.Status                    { return flip(n.child.Tick(m, 0)) }
func (n *invert[M]) Update(m *M, dt time.Duration) bt.Status { return flip(n.child.Tick(m, dt)) }
func (n *invert[M]) End(*M, bt.Status)                       {}
func (n *invert[M]) Describe() string                        { return "invert" }
func (n *invert[M]) SaveState(*bt.StateWriter)               {}
func (n *invert[M]) RestoreState(*bt.StateReader) error      { return nil }

func (n *invert[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	if n.child.Simulate(ctx, m).Outcome == heuristic.Impossible {
		return invertedFailure
	}
	return invertedSuccess
}

func flip(s bt.Status) bt.Status {
	switch s {
	case bt.Success:
		return bt.Failure
	case bt.Failure:
		return bt.Success
	}
	return s
}

// ForceSuccess turns the child's Failure into Success.
//
// Simulate predicts the child; an Impossible child becomes Irrelevant,
// since the node succeeds anyway.
func ForceSuccess[M any]() bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		return &force[M]{child: child, to: bt.Success}, nil
	}
}

// ForceFailure turns the child's Success into Failure.
//
// Simulate predicts the child, whose effects stay in the memory (a
// sequence that allows failure carries on from them), and is Impossible:
// the node never succeeds.
func ForceFailure[M any]() bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		return &force[M]{child: child, to: bt.Failure}, nil
	}
}

type force[M any] struct {
	child *bt.Child[M]
	to    bt.Status
}

func (n *force[M]) Begin(m *M) bt.Status                    { return n.apply(n.child.Tick(m, 0)) }
func (n *force[M]) Update(m *M, dt time.Duration) bt.Status { return n.apply(n.child.Tick(m, dt)) }
func (n *force[M]) End(*M, bt.Status)                       {}
func (n *force[M]) SaveState(*bt.StateWriter)               {}
func (n *force[M]) RestoreState(*bt.StateReader) error      { return nil }

func (n *force[M]) apply(s bt.Status) bt.Status {
	if s == bt.Running {
		return s
	}
	return n.to
}

func (n *force[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	v := n.child.Simulate(ctx, m)
	switch {
	case n.to == bt.Failure:
		return forcedFailure
	case v.Outcome == heuristic.Impossible:
		return forcedSuccess
	}
	return v
}

func (n *force[M]) Describe() string {
	if n.to == bt.Success {
		return "force success"
	}
	return "force failure"
}
