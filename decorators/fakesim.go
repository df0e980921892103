package decorators

import (
	"errors"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// Fake describes the wrong knowledge a FakeSim plants.
type Fake[M any] struct {
	// Edit changes the simulated memory: "the victim's shield is down".
	// Required.
	Edit func(m *M)
	// After applies Edit after the child's simulation instead of before.
	After bool
	// Duration lets this much simulated time pass after Edit, through the
	// tree's Model (bt.Config.Model).
	Duration time.Duration
	// Restore, if set, is called with the memory as it was before the
	// prediction and the prediction, after everything else: it can copy
	// facts back, as "ignore own damage" restores the agent's hit points.
	Restore func(before, after *M)
	// Gate, if set, decides on the simulated memory whether to fake at
	// all: the edit is made only when it passes.
	Gate bt.Constraint[M]
	// Floor is the least outcome the FakeSim reports for a child that is
	// not Impossible (zero: no floor).
	Floor heuristic.Outcome
}

// FakeSim plants wrong knowledge in the child's prediction, so that the
// child looks good and is chosen though in reality it will not work: the
// mistake a designer wants the player to see (swinging at a raised shield).
// It changes nothing at run time: Begin, Update and End go straight to the
// child.
//
// Simulate edits the scratch memory as f says, simulates the child and
// judges the result against the memory before the edit. The child's
// Impossible stands; if the judgement is Irrelevant, the child's own
// better verdict is taken; the result is raised to f.Floor.
func FakeSim[M any](f Fake[M]) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if err := f.validate(); err != nil {
			return nil, err
		}
		n := &fakeSim[M]{through: through[M]{child}, fake: f}
		n.floored = "FakeSim raised to " + f.Floor.String() + " by design"
		return n, nil
	}
}

func (f *Fake[M]) validate() error {
	var errs []error
	if f.Edit == nil {
		errs = append(errs, errors.New("FakeSim: nil Edit: say what the simulation should believe"))
	}
	if f.Duration < 0 {
		errs = append(errs, fmt.Errorf("FakeSim: negative Duration %v", f.Duration))
	}
	if !f.Floor.Valid() {
		errs = append(errs, fmt.Errorf("FakeSim: invalid Floor %v", f.Floor))
	}
	if f.Gate != nil && nilness.Of(f.Gate) {
		errs = append(errs, errors.New("FakeSim: Gate is a nil constraint: leave it unset for no gate"))
	} else if v, ok := f.Gate.(traits.Validator); ok {
		errs = append(errs, v.Validate())
	}
	return errors.Join(errs...)
}

type fakeSim[M any] struct {
	through[M]
	fake    Fake[M]
	floored string
}

func (n *fakeSim[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	f := &n.fake
	before := ctx.Push(m)
	fake := f.Gate == nil || n.gate(m)
	if fake && !f.After {
		n.plant(ctx, m)
	}
	v := n.child.Simulate(ctx, m)
	if v.Outcome == heuristic.Impossible {
		ctx.Pop()
		return v
	}
	if fake && f.After {
		n.plant(ctx, m)
	}
	if f.Restore != nil {
		f.Restore(before, m)
	}
	j := ctx.Judge(before, m)
	ctx.Pop()
	if j.Outcome == heuristic.Irrelevant && v.Outcome > j.Outcome {
		j = v
	}
	if j.Outcome != heuristic.Impossible && j.Outcome < f.Floor {
		j = heuristic.Verdict{Outcome: f.Floor, Reason: n.floored}
	}
	return j
}

func (n *fakeSim[M]) plant(ctx *bt.Sim[M], m *M) {
	n.fake.Edit(m)
	ctx.Advance(m, n.fake.Duration)
}

// gate asks the gate about the simulated memory, in the child's situation.
func (n *fakeSim[M]) gate(m *M) bool {
	check, _ := n.fake.Gate.Evaluate(n.child.Situation(true), m)
	return check == bt.Pass
}

func (n *fakeSim[M]) Describe() string {
	d := "fakesim"
	if n.fake.After {
		d += " after"
	}
	if n.fake.Floor != heuristic.Impossible {
		d += " floor=" + n.fake.Floor.String()
	}
	return d
}
