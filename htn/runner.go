package htn

import (
	"errors"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// Branch returns the plan runner for d as a subtree named name: a node
// whose children are d's primitive tasks, as leaves with their
// preconditions as constraints. Put it anywhere in a tree:
//
//	tree, err := bt.New(cfg).
//		ReactivePriority("troll").
//		Sequence("die").Condition("dead", dead).Do("fall", fall).End().
//		Branch(domain.Branch("think")).
//		End().
//		Build()
//
// The runner plans from the root task when it begins, then runs the
// plan's tasks in order, checking before each task begins that the rest
// of the plan still holds on the memory as it is (each task's
// preconditions, on a copy advanced by the effects of the tasks before
// it). It plans again when a task fails, when the plan no longer holds,
// at a pause point, and on the ticks the domain's sensor test
// (Builder.ReplanWhen) picks; a new plan replaces a running one only when
// its record outranks the running plan's, or when the running one failed
// or no longer holds. The runner succeeds when a plan is done, and fails
// when no plan can be made (bt.PlanNone, bt.PlanOutOfBudget, reported to
// the tree's tracer with every method and task turned down).
//
// Under a simulated selector, the runner predicts its whole plan, the
// chain of its tasks' simulations with their expected effects; a runner
// under way predicts what remains of its plan.
func (d *Domain[M]) Branch(name string) bt.Branch[M] {
	return func(b *bt.Builder[M]) {
		if d == nil || len(d.tasks) == 0 {
			b.Composite(name, func([]*bt.Child[M]) (bt.Node[M], error) {
				return nil, errors.New("htn: a nil or zero Domain; use htn.New(...).Build")
			}).Do("nothing", bt.Instant(func(*M) bool { return false }, nil)).End()
			return
		}
		b.Composite(name, d.runner)
		for _, i := range d.prims {
			t := &d.tasks[i]
			b.Do(t.name, t.action)
			if len(t.pre) > 0 {
				b.Constrain(t.pre...)
			}
		}
		b.End()
	}
}

// runner is one agent's plan runner.
type runner[M any] struct {
	planner[M]
	run, cand plan
	pos       int // the step of run under way
	report    bt.Planning
}

func (d *Domain[M]) runner(kids []*bt.Child[M]) (bt.Node[M], error) {
	if len(kids) != len(d.prims) {
		return nil, errors.New("htn: the runner's children are not its domain's primitive tasks")
	}
	r := &runner[M]{}
	r.d, r.kids = d, kids
	r.report.Goal = d.Root()
	return r, nil
}

// Bind keeps the runner's own handle, for its reports and situation.
func (r *runner[M]) Bind(self *bt.Child[M]) { r.self = self }

// Begin makes a plan afresh and starts it.
func (r *runner[M]) Begin(m *M) bt.Status {
	r.tracing = r.self.Tracing()
	r.run.reset()
	r.pos = 0
	if !r.adopt(m, bt.PlanMade, "") {
		return bt.Failure
	}
	return r.advance(m, 0, true)
}

// Update plans again when the sensors say so, then runs the plan.
func (r *runner[M]) Update(m *M, dt time.Duration) bt.Status {
	r.tracing = r.self.Tracing()
	checked := false
	if r.d.replan == nil || r.d.replan(m) {
		if !r.reconsider(m) {
			return bt.Failure
		}
		checked = true
	}
	return r.advance(m, dt, checked)
}

// End forgets the plan: the runner plans afresh when it begins again.
func (r *runner[M]) End(*M, bt.Status) {
	r.run.reset()
	r.pos = 0
}

// advance runs the plan from the step under way, and the next step in
// the same tick when one succeeds. Before it begins a task it checks that
// the rest of the plan holds, once a tick: the tasks begun later in the
// tick were foreseen by that check, and the tree checks each one's own
// preconditions as it begins. A plan made in the tick holds by making.
// A failed task or a plan that no longer holds is replaced by a fresh
// plan once a tick; a second failure in the tick fails the runner. A
// pause is planned past once a tick.
func (r *runner[M]) advance(m *M, dt time.Duration, checked bool) bt.Status {
	replanned, resumed := false, false
	for {
		if r.pos == len(r.run.steps) {
			switch {
			case !r.run.paused:
				return bt.Success
			case resumed:
				return bt.Running // the rest is planned next tick
			case !r.resume(m):
				return bt.Failure
			}
			resumed, checked = true, true
			continue
		}
		kid := r.kid(r.pos)
		if !kid.Running() && !checked {
			checked = true
			if at, why, ok := r.validate(r.self.Context(), m); !ok {
				if replanned || !r.adopt(m, bt.PlanReplaced, r.brokenReason(at, why)) {
					return bt.Failure
				}
				replanned = true
				continue
			}
		}
		switch kid.Tick(m, dt) {
		case bt.Running:
			return bt.Running
		case bt.Success:
			r.pos++
		default:
			failed := r.run.steps[r.pos]
			if replanned || !r.adopt(m, bt.PlanReplaced, r.failedReason(failed)) {
				return bt.Failure
			}
			replanned, checked = true, true
		}
	}
}

// reconsider plans afresh beside the running plan, and replaces it when
// the new one outranks it or the running one no longer holds. It returns
// false when the running plan no longer holds and no other can be made.
func (r *runner[M]) reconsider(m *M) bool {
	ctx := r.self.Context()
	at, why, valid := r.validate(ctx, m)
	got := r.planInto(ctx, m, r.d.rootAgenda, &r.cand, true)
	switch {
	case !valid && got != found:
		r.halt(m)
		r.tellNone(got)
		return false
	case !valid:
		r.replace(m, r.brokenReason(at, why))
	case got == found && outranks(r.cand.record, r.run.record):
		r.replace(m, r.outranksReason())
	case got == found && r.tracing && !slicesEqual(r.cand.record, r.run.record):
		r.tell(bt.PlanKept, r.keptReason(), &r.run, r.run.steps[r.pos:])
	}
	return true
}

// adopt makes a plan from the root and runs it from its first step,
// reporting change (PlanMade, PlanReplaced) and reason. It reports
// false, and what was turned down, when no plan can be made.
func (r *runner[M]) adopt(m *M, change bt.PlanChange, reason string) bool {
	got := r.planInto(r.self.Context(), m, r.d.rootAgenda, &r.cand, true)
	if got != found {
		r.tellNone(got)
		return false
	}
	r.run, r.cand = r.cand, r.run
	r.pos = 0
	r.tell(change, reason, &r.run, r.run.steps)
	return true
}

// replace runs the candidate plan instead of the running one. The task
// under way is halted, unless the candidate begins with it: a running
// task is planned as what remains of it (see Child.Simulate), so the
// candidate counts on it going on, not starting over.
func (r *runner[M]) replace(m *M, reason string) {
	goesOn := len(r.cand.steps) > 0 && r.pos < len(r.run.steps) &&
		r.cand.steps[0] == r.run.steps[r.pos] && r.kid(r.pos).Running()
	if !goesOn {
		r.halt(m)
	}
	r.run, r.cand = r.cand, r.run
	r.pos = 0
	r.tell(bt.PlanReplaced, reason, &r.run, r.run.steps)
}

// resume plans what followed the pause the plan stopped at, on the
// memory as it is now. The record goes on from the paused plan's.
func (r *runner[M]) resume(m *M) bool {
	r.cand.record = append(r.cand.record[:0], r.run.record...)
	got := r.planInto(r.self.Context(), m, r.run.rest, &r.cand, false)
	if got != found {
		r.tellNone(got)
		return false
	}
	r.run, r.cand = r.cand, r.run
	r.pos = 0
	r.tell(bt.PlanMade, "planned past a pause", &r.run, r.run.steps)
	return true
}

// halt interrupts the task under way, if any.
func (r *runner[M]) halt(m *M) {
	if r.pos < len(r.run.steps) {
		r.kid(r.pos).Halt(m)
	}
}

func (r *runner[M]) kid(pos int) *bt.Child[M] {
	return r.kids[r.d.tasks[r.run.steps[pos]].child]
}

// planInto plans the agenda a on a scratch copy of m into out: a fresh
// plan, or one that goes on from the record out holds (a continuation).
func (r *runner[M]) planInto(ctx *sim.Context[M], m *M, a []step, out *plan, fresh bool) outcome {
	if fresh {
		out.record = out.record[:0]
	}
	work := ctx.Push(m)
	got := r.planFrom(ctx, a, work, out)
	ctx.Pop()
	return got
}

// validate checks that the rest of the running plan holds on m: from the
// step under way (what remains of it, if it runs), each task's
// preconditions on a copy advanced by the effects of the tasks before it.
// It returns the step that fails, and why.
func (r *runner[M]) validate(ctx *sim.Context[M], m *M) (int, string, bool) {
	if r.pos >= len(r.run.steps) {
		return 0, "", true
	}
	work := ctx.Push(m)
	defer ctx.Pop()
	for k := r.pos; k < len(r.run.steps); k++ {
		t := &r.d.tasks[r.run.steps[k]]
		if v := r.kids[t.child].Simulate(ctx, work); v.Outcome == heuristic.Impossible {
			return k, v.Reason, false
		}
		if t.expect != nil {
			t.expect(work)
		}
	}
	return 0, "", true
}

// Simulate predicts the runner's plan: what remains of the running plan,
// or else the plan it would make now.
func (r *runner[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	if r.self.Running() {
		return r.predict(ctx, m, r.run.steps[r.pos:])
	}
	tracing := r.tracing
	r.tracing = false
	got := r.planInto(ctx, m, r.d.rootAgenda, &r.cand, true)
	r.tracing = tracing
	if got != found {
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: noneReason(got)}
	}
	return r.predict(ctx, m, r.cand.steps)
}

// predict chains the simulations of steps on m, with their expected
// effects.
func (r *runner[M]) predict(ctx *sim.Context[M], m *M, steps []int32) heuristic.Verdict {
	ch := bt.StartChain(ctx, m)
	for _, i := range steps {
		t := &r.d.tasks[i]
		v, terminal := ch.Step(r.kids[t.child])
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
		if t.expect != nil {
			t.expect(m)
		}
		if terminal {
			break
		}
	}
	return ch.Finish()
}

// Route says which task a tick would run now, for Agent.Preview: the
// first of a new plan, when the tick would make or adopt one, or the
// task under way.
func (r *runner[M]) Route(m *M) int {
	ctx := r.self.Context()
	if ctx == nil {
		return -1
	}
	tracing := r.tracing
	r.tracing = false
	defer func() { r.tracing = tracing }()
	first := func(a []step, fresh bool) int {
		if r.planInto(ctx, m, a, &r.cand, fresh) != found || len(r.cand.steps) == 0 {
			return -1
		}
		return int(r.d.tasks[r.cand.steps[0]].child)
	}
	if !r.self.Running() {
		return first(r.d.rootAgenda, true)
	}
	if r.d.replan == nil || r.d.replan(m) {
		_, _, valid := r.validate(ctx, m)
		got := r.planInto(ctx, m, r.d.rootAgenda, &r.cand, true)
		switch {
		case !valid && got != found:
			return -1
		case !valid, got == found && outranks(r.cand.record, r.run.record):
			if len(r.cand.steps) == 0 {
				return -1
			}
			return int(r.d.tasks[r.cand.steps[0]].child)
		}
	}
	if r.pos == len(r.run.steps) {
		if !r.run.paused {
			return -1
		}
		r.cand.record = append(r.cand.record[:0], r.run.record...)
		return first(r.run.rest, false)
	}
	if kid := r.kid(r.pos); !kid.Running() {
		if _, _, ok := r.validate(ctx, m); !ok {
			return first(r.d.rootAgenda, true)
		}
	}
	return int(r.d.tasks[r.run.steps[r.pos]].child)
}

// tell reports a plan to the tree's tracer: its record, and steps, the
// names of the tasks concerned.
func (r *runner[M]) tell(change bt.PlanChange, reason string, p *plan, steps []int32) {
	if !r.tracing {
		return
	}
	rep := &r.report
	rep.Change, rep.Reason, rep.Record, rep.Expanded = change, reason, p.record, r.decomps
	rep.Steps = rep.Steps[:0]
	for _, i := range steps {
		rep.Steps = append(rep.Steps, r.d.tasks[i].name)
	}
	rep.Rejected = r.rejected
	r.self.Report(rep)
}

// tellNone reports a planning call that found no plan.
func (r *runner[M]) tellNone(got outcome) {
	if !r.tracing {
		return
	}
	change := bt.PlanNone
	if got == outOfBudget {
		change = bt.PlanOutOfBudget
	}
	r.cand.record = r.cand.record[:0]
	r.tell(change, noneReason(got), &r.cand, nil)
}

func noneReason(got outcome) string {
	if got == outOfBudget {
		return "the planning budget ran out"
	}
	return "no method of the root task leads to a plan"
}

// The reasons below are made only while tracing: they allocate.

func (r *runner[M]) brokenReason(at int, why string) string {
	if !r.tracing {
		return ""
	}
	return "the running plan no longer holds at " + r.d.tasks[r.run.steps[at]].name + ": " + why
}

func (r *runner[M]) failedReason(task int32) string {
	if !r.tracing {
		return ""
	}
	return r.d.tasks[task].name + " failed"
}

func (r *runner[M]) outranksReason() string {
	if !r.tracing {
		return ""
	}
	return "outranks the running " + bt.Record(r.run.record).String()
}

func (r *runner[M]) keptReason() string {
	return bt.Record(r.cand.record).String() + " does not outrank it"
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
