package decorators

import (
	"errors"
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// Floor raises the child's prediction to at least o, leaving Impossible
// alone: how a counter-attack insists on being Beneficial when the
// heuristic sees nothing in it. It changes nothing at run time.
func Floor[M any](o heuristic.Outcome) bt.Decorator[M] {
	return func(_ *sim.Context[M], child *bt.Child[M]) (bt.Node[M], error) {
		if !o.Valid() {
			return nil, fmt.Errorf("Floor: invalid outcome %v", o)
		}
		return &floor[M]{through: through[M]{child}, min: o, reason: "floor " + o.String()}, nil
	}
}

type floor[M any] struct {
	through[M]
	min    heuristic.Outcome
	reason string
}

func (f *floor[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	v := f.child.Simulate(ctx, m)
	if v.Outcome != heuristic.Impossible && v.Outcome < f.min {
		v = heuristic.Verdict{Outcome: f.min, Reason: f.reason}
	}
	return v
}

func (f *floor[M]) Describe() string { return "floor " + f.min.String() }

// Goal gives the subtree a heuristic of its own: its predictions are judged
// by h instead of the tree's heuristic (a defensive stance that judges
// every option by safety alone). It changes nothing at run time.
func Goal[M any](h heuristic.Heuristic[M]) bt.Decorator[M] {
	return func(_ *sim.Context[M], child *bt.Child[M]) (bt.Node[M], error) {
		if h == nil {
			return nil, errors.New("Goal: nil heuristic")
		}
		return &goal[M]{through: through[M]{child}, h: h}, nil
	}
}

type goal[M any] struct {
	through[M]
	h heuristic.Heuristic[M]
}

func (g *goal[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	outer := ctx.SetHeuristic(g.h)
	v := g.child.Simulate(ctx, m)
	ctx.SetHeuristic(outer)
	return v
}

func (g *goal[M]) Describe() string { return "goal" }
