package bt

import (
	"errors"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// lift says when a leaf's Irrelevant simulation counts as Cosmetic.
type lift uint8

const (
	liftNever lift = iota
	liftAlways
	liftWhileRunning
)

// apply lifts an Irrelevant verdict to Cosmetic when the mode says so.
func (l lift) apply(v heuristic.Verdict, running bool) heuristic.Verdict {
	if v.Outcome == heuristic.Irrelevant && (l == liftAlways || l == liftWhileRunning && running) {
		v.Outcome = heuristic.Cosmetic
	}
	return v
}

// Cosmetic makes a leaf whose simulation is Irrelevant count as Cosmetic:
// it keeps the agent looking alive (idle, strafe), so a selector that
// rejects Irrelevant outcomes still picks it.
func Cosmetic() Option { return Option{keyCosmetic, true} }

// CosmeticWhileRunning lifts Irrelevant to Cosmetic only while the leaf is
// running, so a selector that re-plans every tick does not drop an action
// in progress (a swing half done) for want of predicted effect.
func CosmeticWhileRunning() Option { return Option{keyCosmeticWhileRunning, true} }

// Takes declares how long a run of the action takes, for predictions that
// chain it with what follows (a sequence's, a planner's): the steps after
// it are judged at the time it ends, so that a cooldown it starts, say,
// holds in the plan as it will live. An action whose Simulate says it
// (Sim.Advance), or that declares it (see Action), needs none; a
// catalogue entry's Takes sets it.
func Takes(d time.Duration) Option { return Option{keyTakes, d} }

// SimulateWith replaces a leaf's simulation with fn, which predicts on the
// scratch memory m and returns its own verdict. Use it for a condition
// whose prediction is more than true or false.
func SimulateWith[M any](fn func(ctx *Sim[M], m *M) heuristic.Verdict) Option {
	return Option{keySimulate, fn}
}

// predict applies action leaf i's predicted effect to m and judges it
// against before, which is a snapshot of m taken here when nil. The action
// is told, through Sim.Running, whether its node runs, so that it
// predicts only what remains.
func (s *scratch[M]) predict(i int32, before, m *M) heuristic.Verdict {
	n := &s.nodes[i]
	running := s.runsOn(i)
	s.ctx.setRunning(running)
	var v heuristic.Verdict
	switch {
	case n.simulate != nil:
		e0 := s.ctx.Elapsed()
		v = n.simulate(s.ctx, m)
		if n.takes > 0 {
			s.took(i, m, e0, running)
		}
	case before != nil:
		s.effect(i, n, m, running)
		v = s.judge(before, m)
	default:
		before = s.ctx.Push(m)
		s.effect(i, n, m, running)
		v = s.judge(before, m)
		s.ctx.Pop()
	}
	s.ctx.setRunning(false)
	return n.lift.apply(v, running)
}

// took moves the prediction's clock on to where action leaf i, predicted
// on m from elapsed time e0, ends by its declared duration: all of it for
// an action that has not begun, what remains of it for one under way.
// What its Simulate advanced counts.
func (s *scratch[M]) took(i int32, m *M, e0 time.Duration, running bool) {
	want := s.nodes[i].takes
	if running {
		want = max(0, want-(s.clock.Now()-s.st[i].decidedAt))
	}
	if gone := s.ctx.Elapsed() - e0; gone < want {
		s.ctx.Advance(m, want-gone)
	}
}

// effect applies action leaf i's predicted effect to m, and the time it
// takes, if it declares it: the world moves on (the tree's model) before
// the prediction is judged.
func (s *scratch[M]) effect(i int32, n *node[M], m *M, running bool) {
	e0 := s.ctx.Elapsed()
	switch {
	case n.kind == kindAction:
		n.action.Simulate(s.ctx, m)
	case n.effect != nil:
		n.effect(m)
	}
	if n.takes > 0 {
		s.took(i, m, e0, running)
	}
}

// predictCondition predicts a condition: Irrelevant when its test holds on
// m and Impossible when not, unless it was given SimulateWith.
func (s *scratch[M]) predictCondition(n *node[M], m *M) heuristic.Verdict {
	switch {
	case n.simulate != nil:
		return n.lift.apply(n.simulate(s.ctx, m), false)
	case n.test(m):
		return n.lift.apply(heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: n.whenTrue}, false)
	}
	return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: n.whenFalse}
}

// Instant returns an action that does its work at Begin: run reports
// success or failure at once. effect, which may be nil, applies the
// action's predicted effect to a scratch memory when simulating. A tree
// calls both directly, and an instant action has no End to call.
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

func (a *instant[M]) Simulate(_ *Sim[M], m *M) {
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

// Lasting returns an action that takes time, made of functions: update is
// called once a tick while the action runs (from the tick after it
// begins) and says whether it is still Running or has finished; effect,
// which may be nil, applies the action's whole predicted effect to a
// scratch memory when simulating. By default Begin returns Running and
// End does nothing; OnBegin and OnEnd set them. For an action with state
// of its own, or whose prediction needs the simulation context, write a
// type with the four methods of Action instead.
func Lasting[M any](update func(m *M, dt time.Duration) Status, effect func(m *M)) *LastingAction[M] {
	return &LastingAction[M]{update: update, effect: effect}
}

// A LastingAction is an Action made of functions (see Lasting).
type LastingAction[M any] struct {
	begin  func(m *M) Status
	update func(m *M, dt time.Duration) Status
	end    func(m *M, s Status)
	effect func(m *M)
}

// OnBegin sets what Begin does: begin returns Running to go on, or
// Success or Failure to finish at once. It returns the action.
func (a *LastingAction[M]) OnBegin(begin func(m *M) Status) *LastingAction[M] {
	a.begin = begin
	return a
}

// OnEnd sets what End does: it is called once for every Begin, with the
// final status, or Running when the action was interrupted. It returns
// the action.
func (a *LastingAction[M]) OnEnd(end func(m *M, s Status)) *LastingAction[M] {
	a.end = end
	return a
}

// Begin calls the function set with OnBegin, or returns Running.
func (a *LastingAction[M]) Begin(m *M) Status {
	if a.begin == nil {
		return Running
	}
	return a.begin(m)
}

// Update calls the update function; without one the action succeeds.
func (a *LastingAction[M]) Update(m *M, dt time.Duration) Status {
	if a.update == nil {
		return Success
	}
	return a.update(m, dt)
}

// End calls the function set with OnEnd, if any.
func (a *LastingAction[M]) End(m *M, s Status) {
	if a.end != nil {
		a.end(m, s)
	}
}

// Simulate applies the predicted effect, if any.
func (a *LastingAction[M]) Simulate(_ *Sim[M], m *M) {
	if a.effect != nil {
		a.effect(m)
	}
}
