package decorators

import (
	"errors"
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

// Floor raises the child's prediction to at least o, leaving Impossible
// alone: how a counter-attack insists on being Beneficial when the
// heuristic sees nothing in it. It changes nothing at run time.
func Floor[M any](o heuristic.Outcome) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if !o.Valid() {
			return nil, fmt.Errorf("Floor: invalid outcome %v", o)
		}
		return &floor[M]{through: through[M]{child}, min: o, reason: "raised to " + o.String() + " by design"}, nil
	}
}

type floor[M any] struct {
	through[M]
	min    heuristic.Outcome
	reason string
}

func (f *floor[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	v := f.child.Simulate(ctx, m)
	if v.Outcome != heuristic.Impossible && v.Outcome < f.min {
		v = heuristic.Verdict{Outcome: f.min, Reason: f.reason}
	}
	return v
}

func (f *floor[M]) Describe() string { return "floor " + f.min.String() }

// Goal gives the subtree a heuristic of its own: its decisions are judged
// by h instead of the tree's heuristic (a defensive stance that judges
// every choice by safety alone). Its node has a Goal method (see
// bt.Node): the tree puts h in force for every call into the subtree,
// live and simulated, so a selector under it chooses by h whether it
// plans for a parent or decides as it runs, and what a preview shows is
// what the tick does. A parent that weighs the subtree against its
// siblings sees its verdict as h gave it. It changes nothing else at run
// time.
func Goal[M any](h heuristic.Heuristic[M]) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if nilness.Of(h) {
			return nil, errors.New("Goal: nil heuristic")
		}
		return &goal[M]{through: through[M]{child}, h: h}, nil
	}
}

type goal[M any] struct {
	through[M]
	h heuristic.Heuristic[M]
}

func (g *goal[M]) Goal() heuristic.Heuristic[M] { return g.h }

func (g *goal[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	return g.child.Simulate(ctx, m)
}

func (g *goal[M]) Describe() string { return "goal" }
