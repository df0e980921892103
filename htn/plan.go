package htn

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/memory"
	"github.com/foresight-bt/foresight/sim"
)

// A Domain is a compiled, immutable HTN domain: its tasks, its root, its
// budget and its sensor test. Domain.Branch puts a plan runner for it into
// a tree.
type Domain[M any] struct {
	root  int32
	tasks []task[M]
	prims []int32 // the primitives' task indices, in the order of the runner's children
	// rootAgenda is the agenda of a fresh plan: the root task.
	rootAgenda []step
	budget     Budget
	replan     func(m *M) bool
	copy       func(dst, src *M) // Domain.Plan's, if the builder had one
}

type task[M any] struct {
	name    string
	child   int32 // a primitive's child of the runner; -1 for a compound task
	action  bt.Action[M]
	pre     []bt.Constraint[M]
	expect  func(m *M)
	methods []method[M]
}

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
	if d == nil || len(d.tasks) == 0 {
		return ""
	}
	return d.tasks[d.root].name
}

// A plan is a sequence of primitive tasks, with its method traversal
// record and, when planning stopped at a pause, the steps left to plan.
type plan struct {
	steps  []int32 // task indices of primitives
	record []int
	rest   []step // what follows the pause, when paused
	paused bool
}

func (p *plan) reset() {
	p.steps, p.record, p.rest, p.paused = p.steps[:0], p.record[:0], p.rest[:0], false
}

// An agenda is what remains to decompose: steps, then what follows them.
// Agendas live on the planner's call stack.
type agenda struct {
	steps []step
	next  *agenda
}

// A planner decomposes tasks depth first, backtracking through every
// choice it made, for one agent's runner. Its buffers are reused from call
// to call, so once they have grown, planning allocates nothing.
type planner[M any] struct {
	d    *Domain[M]
	kids []*bt.Child[M] // the runner's children, one per primitive
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
}

// outcome is what a planning call found.
type outcome uint8

const (
	found outcome = iota
	noPlan
	outOfBudget
)

// planFrom decomposes the steps of agenda a on memory m, which it changes
// (pass a scratch copy), into out, after what out already holds: the
// prefix of a record that a continuation extends.
func (p *planner[M]) planFrom(ctx *sim.Context[M], a []step, m *M, out *plan) outcome {
	p.ctx, p.out = ctx, out
	p.decomps, p.broke = 0, ""
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
// was found, and m is not: the decomposition that called restores it.
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
		if t.child < 0 {
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

// apply plans primitive t on m: its preconditions and its effect, then
// its expected effect.
func (p *planner[M]) apply(i int32, t *task[M], m *M) bool {
	if len(p.out.steps) >= p.d.budget.Steps {
		p.broke = "Steps"
		return false
	}
	if i == p.failed {
		p.reject(t.name, "failed in this tick")
		return false
	}
	if why, ok := p.effect(t, m); !ok {
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
// the runner's child, so quarantine and every constraint count as they
// will live, or, planning outside a tree (Domain.Plan), through the
// preconditions and the action's Simulate themselves.
func (p *planner[M]) effect(t *task[M], m *M) (string, bool) {
	if p.kids != nil {
		v := p.kids[t.child].Simulate(p.ctx, m)
		return v.Reason, v.Outcome != heuristic.Impossible
	}
	done := false
	for _, c := range t.pre {
		switch got, why := c.Evaluate(bt.Situation{Simulating: true}, m); got {
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
		t.action.Simulate(p.ctx, m)
	}
	return "", true
}

// decompose tries t's methods in order, each followed by the rest of the
// agenda, until one leads to a whole plan. A method that fails, however
// far down, gives way to the next with the memory restored.
func (p *planner[M]) decompose(t *task[M], rest agenda, m *M) bool {
	if len(p.out.record) >= p.d.budget.Record {
		p.broke = "Record"
		return false
	}
	saved := p.ctx.Push(m)
	defer p.ctx.Pop()
	mark := len(p.out.record)
	sit := bt.Situation{Simulating: true}
	if p.self != nil {
		sit = p.self.Situation(true)
	}
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
		if p.solve(agenda{steps: me.steps, next: &rest}, m) {
			return true
		}
		if p.broke != "" {
			return false
		}
		p.reject(me.path, "what followed could not be planned")
		p.out.record = p.out.record[:mark]
		p.out.rest, p.out.paused = p.out.rest[:0], false
		p.ctx.Copy(m, saved)
	}
	return false
}

// admits checks a method's conditions on m.
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

// bound returns the value of the bound the budget ran out of.
func (p *planner[M]) bound() int {
	switch p.broke {
	case "Record":
		return p.d.budget.Record
	case "Steps":
		return p.d.budget.Steps
	}
	return p.d.budget.Tries
}

func (p *planner[M]) reject(name, why string) {
	if p.tracing {
		p.rejected = append(p.rejected, decide.Rejection{Name: name, Reason: why})
	}
}

// outranks reports whether record a ranks above b: at the first method
// where they differ, a took an earlier one. A record that extends the
// other, or equals it, does not outrank it.
func outranks(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// A Plan is what Domain.Plan found: the primitive tasks in order, the
// plan's record, and the memory it predicts, expected effects included.
type Plan[M any] struct {
	Tasks  []string
	Record decide.Record
	Memory M
	// Paused is true when planning stopped at a pause point: the plan is
	// the part before it.
	Paused bool
	// Rejected lists the methods and tasks turned down on the way, with
	// why, in the order they were tried.
	Rejected []decide.Rejection
	// Tries is how many methods were tried.
	Tries int
}

// ErrNoPlan and ErrOutOfBudget are the ways Domain.Plan finds no plan.
var (
	ErrNoPlan      = errors.New("htn: no method of the root task leads to a plan")
	ErrOutOfBudget = errors.New("htn: the planning budget ran out before a plan was found")
)

// Plan plans the root task on a copy of m, outside any tree: the same
// decomposition a runner makes, with each precondition told only that it
// is simulating (no clock, no history) and each action simulated with a
// context of its own. Memories are copied by assignment, or with the
// domain's copy function (Builder.Copy): a memory type with pointers,
// slices or maps is refused without one, as a tree refuses it. A panic in
// user code comes back as a *bt.PanicError (Method "Plan"). Use Plan to
// test a domain, or to plan for something that is not a tree's agent; a
// runner plans with its tree's constraints, clock, copy function and
// random numbers.
func (d *Domain[M]) Plan(m *M) (res Plan[M], err error) {
	if d == nil || len(d.tasks) == 0 || m == nil {
		return Plan[M]{}, errors.New("htn: Plan needs a built Domain and a memory")
	}
	if d.copy == nil {
		if err := memory.Check[M](); err != nil {
			return Plan[M]{}, fmt.Errorf("htn: Plan: %v: give the domain a copy function (Builder.Copy)", err)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = Plan[M]{}, &bt.PanicError{Method: "Plan", Value: r, Stack: debug.Stack()}
		}
	}()
	p := planner[M]{d: d, tracing: true, failed: -1}
	var out plan
	ctx := sim.New(sim.Config[M]{Copy: d.copy})
	work := ctx.Push(m)
	got := p.planFrom(ctx, d.rootAgenda, work, &out)
	res = Plan[M]{Rejected: p.rejected, Tries: p.decomps}
	switch got {
	case noPlan:
		return res, ErrNoPlan
	case outOfBudget:
		return res, fmt.Errorf("%w (%s %d)", ErrOutOfBudget, p.broke, p.bound())
	}
	res.Record, res.Paused = append(decide.Record(nil), out.record...), out.paused
	ctx.Copy(&res.Memory, work)
	for _, i := range out.steps {
		res.Tasks = append(res.Tasks, d.tasks[i].name)
	}
	return res, nil
}
