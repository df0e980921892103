package bt

import (
	"errors"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// lift says when a leaf's Irrelevant simulation counts as Cosmetic.
type lift uint8

const (
	liftNever lift = iota
	liftAlways
	liftWhileRunning
)

// A LeafOption adjusts a leaf added with Builder.Do or Builder.Condition.
type LeafOption interface{ leafOption() }

// apply lifts an Irrelevant verdict to Cosmetic when the mode says so.
func (l lift) apply(v heuristic.Verdict, running bool) heuristic.Verdict {
	if v.Outcome == heuristic.Irrelevant && (l == liftAlways || l == liftWhileRunning && running) {
		v.Outcome = heuristic.Cosmetic
	}
	return v
}

type liftOption lift

func (liftOption) leafOption() {}

// Cosmetic makes a leaf whose simulation is Irrelevant count as Cosmetic:
// it keeps the agent looking alive (idle, strafe), so a selector that
// rejects Irrelevant outcomes still picks it.
func Cosmetic() LeafOption { return liftOption(liftAlways) }

// CosmeticWhileRunning lifts Irrelevant to Cosmetic only while the leaf is
// running, so a selector that re-plans every tick does not drop an action
// in progress (a swing half done) for want of predicted effect.
func CosmeticWhileRunning() LeafOption { return liftOption(liftWhileRunning) }

type simulateOption[M any] func(ctx *sim.Context[M], m *M) heuristic.Verdict

func (simulateOption[M]) leafOption() {}

// SimulateWith replaces a leaf's simulation with fn, which predicts on the
// scratch memory m and returns its own verdict. Use it for a condition
// whose prediction is more than true or false.
func SimulateWith[M any](fn func(ctx *sim.Context[M], m *M) heuristic.Verdict) LeafOption {
	return simulateOption[M](fn)
}

// leaf adapts an Action to a Node: it judges the action's predicted effect
// with the heuristic in force. Child calls the action and predict
// directly, saving an interface call per step on the hot path.
type leaf[M any] struct {
	action   Action[M]
	simulate simulateOption[M]
	lift     lift
	self     *Child[M]
}

func (l *leaf[M]) Begin(m *M) Status                    { return l.action.Begin(m) }
func (l *leaf[M]) Update(m *M, dt time.Duration) Status { return l.action.Update(m, dt) }
func (l *leaf[M]) End(m *M, s Status)                   { l.action.End(m, s) }

func (l *leaf[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	return l.predict(ctx, nil, m, l.self.running)
}

// predict applies the action's predicted effect to m and judges it
// against before, which is a snapshot of m taken here when nil.
func (l *leaf[M]) predict(ctx *sim.Context[M], before, m *M, running bool) heuristic.Verdict {
	var v heuristic.Verdict
	switch {
	case l.simulate != nil:
		v = l.simulate(ctx, m)
	case before != nil:
		l.action.Simulate(ctx, m)
		v = ctx.Judge(before, m)
	default:
		before = ctx.Push(m)
		l.action.Simulate(ctx, m)
		v = ctx.Judge(before, m)
		ctx.Pop()
	}
	return l.lift.apply(v, running)
}

// Instant returns an action that does its work at Begin: run reports
// success or failure at once. effect, which may be nil, applies the
// action's predicted effect to a scratch memory when simulating.
func Instant[M any](run func(m *M) bool, effect func(m *M)) Action[M] {
	return &instant[M]{run: run, effect: effect}
}

type instant[M any] struct {
	run    func(m *M) bool
	effect func(m *M)
}

func (a *instant[M]) Begin(m *M) Status {
	if a.run(m) {
		return Success
	}
	return Failure
}

// Update is never called: an instant action finishes at Begin.
func (a *instant[M]) Update(*M, time.Duration) Status { return Success }

func (a *instant[M]) End(*M, Status) {}

func (a *instant[M]) Simulate(_ *sim.Context[M], m *M) {
	if a.effect != nil {
		a.effect(m)
	}
}

// Validate reports an instant action without a run function.
func (a *instant[M]) Validate() error {
	if a.run == nil {
		return errors.New("nil run function: give Instant the function that performs the action")
	}
	return nil
}

// condition is a leaf that tests the memory: Success or Failure at Begin;
// Irrelevant or Impossible in simulation.
type condition[M any] struct {
	test      func(m *M) bool
	whenTrue  string // reasons, made once at build time
	whenFalse string
	simulate  simulateOption[M]
	lift      lift
}

func (c *condition[M]) Begin(m *M) Status {
	if c.test(m) {
		return Success
	}
	return Failure
}

func (c *condition[M]) Update(*M, time.Duration) Status { return Success }

func (c *condition[M]) End(*M, Status) {}

func (c *condition[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	switch {
	case c.simulate != nil:
		return c.lift.apply(c.simulate(ctx, m), false)
	case c.test(m):
		return c.lift.apply(heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: c.whenTrue}, false)
	}
	return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: c.whenFalse}
}
