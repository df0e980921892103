package htn

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/memory"
	"github.com/foresight-bt/foresight/sim"
)

// A Domain is a compiled, immutable HTN domain: its tasks, its root and
// its budget. It is a bt.Planner: put it in a tree with bt.For's Plan
// or bt.Builder.Plan, and each agent gets a plan runner of its own.
type Domain[M any] struct {
	root  int32
	tasks []task[M]
	prims []int32 // the primitives' task indices, in the order of the runner's children
	// rootAgenda is the agenda of a fresh plan: the root task.
	rootAgenda []step
	budget     decide.Budget
	copy       func(dst, src *M) // planning outside a tree copies with it, if set
}

type task[M any] struct {
	name    string
	child   int32 // a primitive's child of the runner; -1 for a compound task
	entry   catalogue.Entry[M]
	pre     []bt.Constraint[M]
	expect  func(m *M)
	methods []method[M]
}

// primitive reports whether t is an action of the catalogue.
func (t *task[M]) primitive() bool { return t.child != -1 }

type method[M any] struct {
	name, path string // path: "Task/method"
	conds      []bt.Constraint[M]
	steps      []step
}

// A step is a subtask of a method: a task index, or -1 for a pause.
type step struct{ task int32 }

const pause = -1

// Root returns the name of the task every plan decomposes, or "" for a
// nil or zero Domain.
func (d *Domain[M]) Root() string {
	if !d.usable() {
		return ""
	}
	return d.tasks[d.root].name
}

func (d *Domain[M]) usable() bool { return d != nil && len(d.tasks) > 0 }

// A plan is a sequence of primitive tasks, with its method traversal
// record and, when planning stopped at a pause, the steps left to plan.
type plan struct {
	steps  []int32  // task indices of primitives
	record []int    // the method taken at each decomposition
	via    []string // the same methods' paths, for reports
	rest   []step   // what follows the pause, when paused
	paused bool
}

func (p *plan) reset() {
	p.steps, p.record, p.via, p.rest, p.paused = p.steps[:0], p.record[:0], p.via[:0], p.rest[:0], false
}

// clear forgets the plan's record, for a plan made afresh.
func (p *plan) clearRecord() { p.record, p.via = p.record[:0], p.via[:0] }

// copyRecord makes p's record o's, for a plan that goes on from o's.
func (p *plan) copyRecord(o *plan) {
	p.record, p.via = append(p.record[:0], o.record...), append(p.via[:0], o.via...)
}

// An agenda is what remains to decompose: steps, then what follows them.
// Agendas live on the planner's call stack.
type agenda struct {
	steps []step
	next  *agenda
}

// A planner decomposes tasks depth first, backtracking through every
// choice it made, for one agent's runner or one Planner. Its buffers are
// reused from call to call, so once they have grown, planning allocates
// nothing.
type planner[M any] struct {
	d    *Domain[M]
	kids []*bt.Child[M] // the runner's children, one per primitive; nil outside a tree
	self *bt.Child[M]
	ctx  *sim.Context[M]

	out     *plan  // the plan under construction
	decomps int    // methods tried
	broke   string // the bound the budget ran out of, or ""
	tracing bool
	// failed is a task that failed live in the tick under way, taken as
	// impossible when the runner plans again in that tick; -1 for none.
	failed int32
	// rejected are the methods and tasks turned down, for the report;
	// kept only while tracing.
	rejected []decide.Rejection
	// base is what each task's preconditions are told outside a tree, and
	// what methods' conditions are told before the plan moves time on.
	base bt.Situation
}

// outcome is what a planning call found.
type outcome uint8

const (
	found outcome = iota
	noPlan
	outOfBudget
)

// planFrom decomposes the steps of agenda a on memory m, which it changes
// (pass a scratch copy), into out, after the record out holds: the
// prefix of a record that a continuation extends. It plans from the
// prediction's moment as it finds it, and leaves the moment where the
// plan ends.
func (p *planner[M]) planFrom(ctx *sim.Context[M], a []step, m *M, out *plan) outcome {
	p.ctx, p.out = ctx, out
	p.decomps, p.broke = 0, ""
	if p.self != nil {
		p.base = p.self.Situation(true)
	}
	p.rejected = p.rejected[:0]
	out.steps, out.rest, out.paused = out.steps[:0], out.rest[:0], false
	ok := p.solve(agenda{steps: a}, m)
	p.ctx = nil
	switch {
	case p.broke != "":
		return outOfBudget
	case !ok:
		return noPlan
	}
	return found
}

// solve decomposes the agenda on m, appending to the plan; it reports
// whether the whole agenda decomposed. On false, the plan is left as it
// was found, and m and the moment are not: the decomposition that called
// restores them.
func (p *planner[M]) solve(a agenda, m *M) bool {
	mark := len(p.out.steps)
	for {
		for len(a.steps) == 0 {
			if a.next == nil {
				return true
			}
			a = *a.next
		}
		s := a.steps[0]
		a.steps = a.steps[1:]
		if s.task == pause {
			p.stop(a)
			return true
		}
		t := &p.d.tasks[s.task]
		if !t.primitive() {
			if p.decompose(t, a, m) {
				return true
			}
			p.out.steps = p.out.steps[:mark]
			return false
		}
		if !p.apply(s.task, t, m) {
			p.out.steps = p.out.steps[:mark]
			return false
		}
	}
}

// apply plans primitive t on m: its preconditions and its effect, at the
// time the plan has reached, then its expected effect.
func (p *planner[M]) apply(i int32, t *task[M], m *M) bool {
	if len(p.out.steps) >= p.d.budget.Steps {
		p.broke = "Steps"
		return false
	}
	if i == p.failed {
		p.reject(t.name, "failed in this tick")
		return false
	}
	if why, ok := p.effect(i, t, m); !ok {
		p.reject(t.name, why)
		return false
	}
	if t.expect != nil {
		t.expect(m)
	}
	p.out.steps = append(p.out.steps, i)
	return true
}

// effect applies primitive t to m, if its preconditions allow: through
// the runner's child, so that quarantine, every constraint and the
// time its prediction has reached count as they will live, or, planning
// outside a tree, through the entry's preconditions and Simulate
// themselves, judged at the planned time.
func (p *planner[M]) effect(i int32, t *task[M], m *M) (string, bool) {
	if p.kids != nil {
		v := p.kids[t.child].Simulate(p.ctx, m)
		return v.Reason, v.Outcome != heuristic.Impossible
	}
	sit := p.base.Later(p.ctx.Elapsed())
	if end, ok := p.ctx.LastRan(i); ok {
		sit = sit.After(end)
	}
	done := false
	for _, c := range t.pre {
		switch got, why := c.Evaluate(sit, m); got {
		case bt.Pass:
		case bt.Done:
			done = true // the task would finish at once, with no effect
		case bt.Fail:
			return why, false
		default:
			return "invalid check", false
		}
	}
	if !done {
		e0 := p.ctx.Elapsed()
		t.entry.Action.Simulate(p.ctx, m)
		if gone := p.ctx.Elapsed() - e0; gone < t.entry.Takes {
			p.ctx.Advance(m, t.entry.Takes-gone)
		}
		p.ctx.Ran(i)
	}
	return "", true
}

// decompose tries t's methods in order, each followed by the rest of the
// agenda, until one leads to a whole plan. A method that fails, however
// far down, gives way to the next with the memory and the moment
// restored.
func (p *planner[M]) decompose(t *task[M], rest agenda, m *M) bool {
	saved := p.ctx.Push(m)
	defer p.ctx.Pop()
	at := p.ctx.Moment()
	sit := p.situation() // every method is tried from this moment
	mark := len(p.out.record)
	for k := range t.methods {
		if p.decomps == p.d.budget.Tries {
			p.broke = "Tries"
			return false
		}
		p.decomps++
		me := &t.methods[k]
		if why, ok := p.admits(me, sit, m); !ok {
			p.reject(me.path, why)
			continue
		}
		p.out.record = append(p.out.record, k)
		p.out.via = append(p.out.via, me.path)
		if p.solve(agenda{steps: me.steps, next: &rest}, m) {
			return true
		}
		if p.broke != "" {
			return false
		}
		p.reject(me.path, "what followed could not be planned")
		p.out.record, p.out.via = p.out.record[:mark], p.out.via[:mark]
		p.out.rest, p.out.paused = p.out.rest[:0], false
		p.ctx.Copy(m, saved)
		p.ctx.Return(at)
	}
	return false
}

// situation is what a method's conditions are told: the runner's
// situation (or, outside a tree, the planner's own), at the time the
// plan has reached.
func (p *planner[M]) situation() bt.Situation { return p.base.Later(p.ctx.Elapsed()) }

// admits checks a method's conditions on m, told sit.
func (p *planner[M]) admits(me *method[M], sit bt.Situation, m *M) (string, bool) {
	for _, c := range me.conds {
		if got, why := c.Evaluate(sit, m); got == bt.Fail {
			return why, false
		} else if got != bt.Pass && got != bt.Done {
			return "invalid check", false
		}
	}
	return "", true
}

// stop ends planning at a pause, keeping what remains of the agenda for
// the runner to plan when it gets there.
func (p *planner[M]) stop(a agenda) {
	p.out.paused = true
	for at := &a; at != nil; at = at.next {
		p.out.rest = append(p.out.rest, at.steps...)
	}
}

func (p *planner[M]) reject(name, why string) {
	if p.tracing {
		p.rejected = append(p.rejected, decide.Rejection{Name: name, Reason: why})
	}
}

// spent returns the error of a planning that ran out of budget.
func (p *planner[M]) spent() error { return p.d.budget.Spent(p.broke) }

// fill writes the plan out found into res, the shape every planner
// plans into.
func (p *planner[M]) fill(res *decide.Plan, out *plan) {
	res.Goal = p.d.Root()
	res.Steps = res.Steps[:0]
	for _, i := range out.steps {
		res.Steps = append(res.Steps, p.d.tasks[i].name)
	}
	res.Record = append(res.Record[:0], out.record...)
	res.Methods = append(res.Methods[:0], out.via...)
	res.Expanded = p.decomps
	res.Rejected = p.rejected
}

// A Planner plans over a Domain outside any tree, for one agent or
// goroutine, reusing its storage from one planning to the next: once
// warm, it allocates nothing. A tree's runner plans with its tree's
// constraints, clock, copy function and random numbers instead.
type Planner[M any] struct {
	p    planner[M]
	ctx  *sim.Context[M]
	out  plan
	work *M
	plan decide.Plan
	err  error
}

// NewPlanner returns a planner over the domain. A planner of a nil or
// zero domain plans nothing: its Plan says so.
func (d *Domain[M]) NewPlanner() *Planner[M] {
	if !d.usable() {
		return &Planner[M]{err: errors.New("htn: a planner of a nil or zero Domain")}
	}
	pl := &Planner[M]{ctx: sim.New(sim.Config[M]{Copy: d.copy})}
	if d.copy == nil {
		if err := memory.Check[M](); err != nil {
			pl.err = fmt.Errorf("htn: %v: give the domain a copy function (Builder.Copy)", err)
		}
	}
	pl.p = planner[M]{d: d, tracing: true, failed: -1, base: bt.Situation{Simulating: true}}
	return pl
}

// Plan plans the root task on a copy of m: the same decomposition a
// runner makes, with each precondition and condition judged at the time
// the plan has reached (the clock starting at zero, with no history but
// the plan's own) and each action simulated with a context of the
// planner's own. A behaviour (an entry that is a subtree) needs a tree to
// be predicted: plan with a runner. It returns the plan, or an error
// that wraps decide.ErrNoPlan or decide.ErrOutOfBudget (naming the
// bound), with what was turned down on the way in the plan's Rejected. A
// panic in user code comes back as a *bt.PanicError (Method "Plan").
//
// The plan's slices are the planner's own, valid until it plans again.
func (pl *Planner[M]) Plan(m *M) (res decide.Plan, err error) {
	switch {
	case pl == nil:
		return decide.Plan{}, errors.New("htn: Plan of a nil Planner")
	case pl.err != nil:
		return decide.Plan{}, pl.err
	case m == nil:
		return decide.Plan{}, errors.New("htn: Plan of a nil memory")
	}
	defer func() {
		if r := recover(); r != nil {
			pl.ctx.Reset()
			res, err = decide.Plan{}, &bt.PanicError{Method: "Plan", Value: r, Stack: debug.Stack()}
		}
	}()
	d := pl.p.d
	for _, i := range d.prims {
		if d.tasks[i].entry.Action == nil {
			return decide.Plan{}, fmt.Errorf("htn: Plan: %q is a behaviour, which only a tree can predict: plan with a runner", d.tasks[i].name)
		}
	}
	pl.ctx.Reset()
	pl.work = pl.ctx.Push(m)
	pl.out.clearRecord()
	got := pl.p.planFrom(pl.ctx, d.rootAgenda, pl.work, &pl.out)
	pl.plan.Steps, pl.plan.Record, pl.plan.Methods = pl.plan.Steps[:0], pl.plan.Record[:0], pl.plan.Methods[:0]
	switch got {
	case noPlan:
		pl.plan.Rejected, pl.plan.Expanded = pl.p.rejected, pl.p.decomps
		return pl.plan, fmt.Errorf("htn: %w: no method of the root task leads to a plan", decide.ErrNoPlan)
	case outOfBudget:
		pl.plan.Rejected, pl.plan.Expanded = pl.p.rejected, pl.p.decomps
		return pl.plan, fmt.Errorf("htn: %w", pl.p.spent())
	}
	pl.p.fill(&pl.plan, &pl.out)
	return pl.plan, nil
}

// Paused reports whether the last plan stopped at a pause point: it is
// the part of the plan before it.
func (pl *Planner[M]) Paused() bool { return pl != nil && pl.out.paused }

// Prediction returns the memory the last plan predicts, its expected
// effects included; nil before a plan. It is the planner's own, valid
// until it plans again.
func (pl *Planner[M]) Prediction() *M {
	if pl == nil || len(pl.plan.Steps) == 0 {
		return nil
	}
	return pl.work
}

// Plan plans the root task on a copy of m, outside any tree, with a
// planner of its own, as Planner.Plan does: use it to test a domain or
// to plan once. An agent that plans again and again keeps a Planner.
func (d *Domain[M]) Plan(m *M) (decide.Plan, error) {
	res, err := d.NewPlanner().Plan(m)
	res.Rejected = append([]decide.Rejection(nil), res.Rejected...)
	return res, err
}
