package htn

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/decider"
	"github.com/foresight-bt/foresight/internal/engine/memory"
	"github.com/foresight-bt/foresight/internal/engine/randkey"
)

// A Domain is a compiled, immutable HTN domain: its tasks, its root and
// its budget. It is a bt.Planner: put it in a tree with bt.Builder.Plan,
// and each agent gets a plan runner of its own; plan with it outside a
// tree with a Session (NewSession).
type Domain[M any] struct {
	actions *catalogue.Catalogue[M]
	root    int32
	tasks   []task[M]
	// steps are the runner's children: the primitive tasks in the
	// catalogue's order, or every action of the catalogue (slotted).
	steps   []stepInfo[M]
	slotted bool // the domain has a slot
	// rootAgenda is the agenda of a fresh plan: the root task.
	rootAgenda []step
	budget     decide.Budget
	copy       func(dst, src *M) // planning outside a tree copies with it, if set
	continuous bool              // Continuous: the next plan in the tick the last ends
}

// The kinds of task.
const (
	compound uint8 = iota
	primitive
	slot
)

type task[M any] struct {
	name    string
	kind    uint8
	child   int32 // a primitive's step of its own domain's runner
	cat     int32 // a primitive's place among the catalogue's actions
	entry   catalogue.Entry[M]
	pre     []bt.Constraint[M]
	expect  func(m *M)
	methods []method[M]
	choose  decide.Choice
	hook    func(m *M) *Domain[M] // a slot's
}

// A stepInfo is one of the runner's children: an action of the
// catalogue.
type stepInfo[M any] struct {
	name  string
	entry catalogue.Entry[M]
}

type method[M any] struct {
	name, path string // path: "Task/method"
	conds      []bt.Constraint[M]
	steps      []step
	utility    func(m *M) float64
	commit     func(m *M)
}

// A step is a subtask of a method: a task index, or -1 for a pause.
type step struct{ task int32 }

const pause = -1

// rootName returns the name of the task every plan decomposes, or "" for
// a nil or zero Domain.
func (d *Domain[M]) rootName() string {
	if !d.usable() {
		return ""
	}
	return d.tasks[d.root].name
}

func (d *Domain[M]) usable() bool { return d != nil && len(d.tasks) > 0 && d.root >= 0 }

// kid returns the runner's child that runs primitive t, a task of this
// domain or, through a slot, of a sub-domain over the same catalogue.
func (d *Domain[M]) kid(t *task[M]) int32 {
	if d.slotted {
		return t.cat
	}
	return t.child
}

// A plan is a sequence of primitive tasks, as the runner's children, with
// its method traversal record and, when planning stopped at a pause, the
// steps left to plan.
type plan[M any] struct {
	steps   []int32      // the runner's children, in order
	record  []int        // the method taken at each decomposition
	via     []string     // the same methods' paths, for reports
	commits []func(m *M) // the permanent effects of the methods taken
	rest    []segment[M] // what follows the pause, when paused
	// hooked, in a plan restored from a save (see runner.SaveState), says
	// what domain each of rest's segments a slot filled lies in: those
	// segments have no domain until the plan gets to its pause. Empty
	// otherwise.
	hooked []hookedRest
	paused bool
	// root is how much of the record the planning from the root made: a
	// plan that goes on past a pause keeps that much of the paused plan's
	// record, which is all a plan from the root is ever ranked against,
	// and adds its own (so that an endless patrol's record stays short).
	root int
}

func (p *plan[M]) reset() {
	p.steps, p.record, p.via, p.commits, p.rest = p.steps[:0], p.record[:0], p.via[:0], p.commits[:0], p.rest[:0]
	p.hooked, p.paused, p.root = p.hooked[:0], false, 0
}

// clearRecord forgets the plan's record, for a plan made afresh.
func (p *plan[M]) clearRecord() { p.record, p.via, p.root = p.record[:0], p.via[:0], 0 }

// goOnFrom starts p's record where o's planning from the root left it,
// for a plan that goes on from o past a pause.
func (p *plan[M]) goOnFrom(o *plan[M]) {
	p.record, p.via = append(p.record[:0], o.record[:o.root]...), append(p.via[:0], o.via[:o.root]...)
	p.root = o.root
}

// A segment is a stretch of an agenda, what remains to decompose: steps
// of one domain's method, then the segment next (an index in the
// planner's arena, -1 for none).
type segment[M any] struct {
	d     *Domain[M]
	steps []step
	next  int32
	trial int32 // the trial of the method whose subtasks they are, or -1
}

// A choice is a compound task being decomposed: the point the planner
// comes back to when what follows the method it took cannot be planned,
// to try its next method from the memory and moment it had there.
type choice[M any] struct {
	d     *Domain[M]
	task  int32
	tried int32 // the method tried, as a place in the order; -1 before any
	n     int32 // how many methods it has
	order int32 // where the order of its methods starts in the planner's orders, or -1
	rest  int32 // the agenda after the task, in the arena
	// the plan's length, record length, commits and arena size when it
	// was met: what backtracking to it cuts back to
	steps, record, commits, arena int32
	snap                          int32 // the memory at the choice: a snapshot, noSnap or needless
	trial, taken                  int32 // its trial, and its method's; -1 when not tracing
	owns                          bool  // the snapshot is its own (choices above may share it)
	at                            bt.Moment
}

// snap values of a choice that has no snapshot: none yet (the memory has
// not changed since), or none needed (no method left to try).
const (
	noSnap   = -1
	needless = -2
)

// A planner decomposes tasks depth first, backtracking through every
// choice it made, for one agent's runner or one Session. Its choices
// live on a stack of its own, on the heap, never on the goroutine's: a
// planning is bounded by its budget, whatever the budget. Its buffers are
// reused from call to call, so once they have grown, planning allocates
// nothing.
type planner[M any] struct {
	d    *Domain[M]
	kids []*bt.Child[M] // the runner's children; nil outside a tree
	self *bt.Child[M]
	ctx  *bt.Sim[M]

	out     *plan[M] // the plan under construction
	decomps int      // methods tried
	broke   string   // the bound the budget ran out of, or ""
	fault   error    // a utility that makes no sense
	tracing bool
	// failed is a step that failed live in the tick under way, taken as
	// impossible when the runner plans again in that tick; -1 for none.
	failed int32
	// rejected are the methods and tasks turned down, and trials what was
	// tried, for the report; kept only while tracing.
	rejected []decide.Rejection
	trials   []decide.Trial
	planned  []int32 // the trial of each step of the plan, while tracing
	// tallies count what became of each of the runner's children in the
	// planning, by child, while tracing.
	tallies []decide.Tally
	// base is what each task's preconditions are told outside a tree, and
	// what methods' conditions are told before the plan moves time on.
	base   bt.Situation
	seed   uint64 // what random orders are drawn from
	rolled bool   // seed is drawn for this planning

	choices []choice[M]
	cur     segment[M] // the agenda under way
	arena   []segment[M]
	orders  []int32   // the orders of the choices' methods, as method indices
	utility []float64 // scratch for ordering
	snaps   []M       // memories at choices: snapshots, taken when first needed
	nsnaps  int32
	pending int // the choices from which on none has a snapshot yet
}

// outcome is what a planning call found.
type outcome uint8

const (
	found outcome = iota
	noPlan
	outOfBudget
)

// planFrom decomposes, on memory m, which it changes (pass a scratch
// copy), the root task, or the rest of a paused plan, into out, after
// the record out holds: the prefix of a record that a continuation
// extends. It plans from the prediction's moment as it finds it, and
// leaves the moment where the plan ends. A fault of the domain's (a
// utility that makes no sense) panics, as a panic in user code does.
func (p *planner[M]) planFrom(ctx *bt.Sim[M], rest []segment[M], m *M, out *plan[M]) outcome {
	p.ctx, p.out = ctx, out
	p.decomps, p.broke, p.fault = 0, "", nil
	if p.self != nil {
		p.base = p.self.Situation(true)
		p.rolled = false // drawn from the tick's roll, if a random order needs it
	}
	p.rejected, p.trials, p.planned = p.rejected[:0], p.trials[:0], p.planned[:0]
	if p.tracing {
		p.resetTallies()
	}
	out.steps, out.rest, out.hooked, out.paused = out.steps[:0], out.rest[:0], out.hooked[:0], false
	out.commits = out.commits[:0]
	p.choices, p.orders, p.nsnaps, p.pending = p.choices[:0], p.orders[:0], 0, 0
	p.arena = p.arena[:0]
	start := segment[M]{d: p.d, steps: p.d.rootAgenda, next: -1, trial: -1}
	if rest != nil { // a continuation: the segments left at the pause, in order
		next := int32(-1)
		for i := len(rest) - 1; i > 0; i-- {
			seg := rest[i]
			seg.next, seg.trial = next, -1
			p.arena = append(p.arena, seg)
			next = int32(len(p.arena) - 1)
		}
		start = segment[M]{next: next, trial: -1}
		if len(rest) > 0 {
			start.d, start.steps = rest[0].d, rest[0].steps
		}
	}
	p.cur = start
	ok := p.solve(m)
	p.ctx = nil
	switch {
	case p.fault != nil:
		panic(p.fault)
	case p.broke != "":
		return outOfBudget
	case !ok:
		return noPlan
	}
	if p.tracing {
		p.markPlanned()
	}
	if rest == nil {
		out.root = len(out.record)
	}
	return found
}

// solve decomposes the agenda that starts at cur on m, appending to the
// plan, and reports whether the whole of it decomposed. It loops over a
// stack of choices of its own: a compound task pushes one, a dead end
// goes back to the last one with a method left to try.
func (p *planner[M]) solve(m *M) bool {
	cur := &p.cur
	for {
		for len(cur.steps) == 0 {
			if cur.next < 0 {
				return true
			}
			p.enter(cur.next)
		}
		s := cur.steps[0]
		cur.steps = cur.steps[1:]
		if s.task == pause {
			p.stop()
			return true
		}
		d := cur.d
		t := &d.tasks[s.task]
		ok := false
		switch t.kind {
		case primitive:
			ok = p.apply(t, m, cur.trial)
		case slot:
			ok = p.hook(t, m)
		default:
			ok = p.open(d, s.task, m)
		}
		if !ok && !p.backtrack(m) {
			return false
		}
	}
}

// enter makes the arena's segment i the agenda under way. (Segments are
// copied field by field, here and in keep: a copy of a whole one just
// written stalls the processor.)
func (p *planner[M]) enter(i int32) {
	a := &p.arena[i]
	p.cur.d, p.cur.steps, p.cur.next, p.cur.trial = a.d, a.steps, a.next, a.trial
}

// keep puts the agenda under way in the arena, to go on with later, and
// returns its index there.
func (p *planner[M]) keep() int32 {
	p.arena = append(p.arena, segment[M]{})
	a := &p.arena[len(p.arena)-1]
	a.d, a.steps, a.next, a.trial = p.cur.d, p.cur.steps, p.cur.next, p.cur.trial
	return int32(len(p.arena) - 1)
}

// apply plans primitive t on m: its preconditions and its effect, at the
// time the plan has reached, then its expected effect.
func (p *planner[M]) apply(t *task[M], m *M, parent int32) bool {
	if len(p.out.steps) >= p.d.budget.Steps {
		p.broke = "Steps"
		return false
	}
	k := p.d.kid(t)
	if p.tracing {
		p.tallies[k].Considered++
	}
	if k == p.failed {
		p.refuse(t.name, "failed in this tick", parent)
		p.tallyDiscarded(k)
		return false
	}
	p.touch(m)
	if why, ok := p.effect(k, t, m); !ok {
		p.refuse(t.name, why, parent)
		p.tallyDiscarded(k)
		return false
	}
	if t.expect != nil {
		t.expect(m)
	}
	p.out.steps = append(p.out.steps, k)
	if p.tracing {
		p.planned = append(p.planned, p.trial(parent, t.name, "planned", ""))
		p.tallies[k].Admitted++
	}
	return true
}

// resetTallies starts the tallies of a planning: one for each of the
// runner's children, by name, each at zero.
func (p *planner[M]) resetTallies() {
	if len(p.tallies) != len(p.d.steps) {
		p.tallies = make([]decide.Tally, len(p.d.steps))
	}
	for k := range p.tallies {
		p.tallies[k] = decide.Tally{Name: p.name(int32(k))}
	}
}

// tallyDiscarded counts that child k's preconditions discarded it.
func (p *planner[M]) tallyDiscarded(k int32) {
	if p.tracing {
		p.tallies[k].Discarded++
	}
}

// effect applies primitive t, the runner's child k, to m, if its
// preconditions allow: through the runner's child, so that quarantine,
// every constraint and the time its prediction has reached count as they
// will live, or, planning outside a tree, through the entry's
// preconditions and Simulate themselves, judged at the planned time.
func (p *planner[M]) effect(k int32, t *task[M], m *M) (string, bool) {
	if p.kids != nil {
		v := p.kids[k].Simulate(p.ctx, m)
		return v.Reason, v.Outcome != heuristic.Impossible
	}
	sit := p.base.Later(p.ctx.Elapsed())
	if end, ok := p.ctx.LastRan(k); ok {
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
		p.ctx.Ran(k)
	}
	return "", true
}

// hook plans slot t: the sub-domain its hook finds on m, whose root takes
// the slot's place in the agenda, after which cur goes on.
func (p *planner[M]) hook(t *task[M], m *M) bool {
	sub := t.hook(m)
	why := ""
	switch {
	case sub == nil:
		why = "empty"
	case !sub.usable():
		why = "filled with a nil or zero Domain"
	case sub.actions != p.d.actions:
		why = "filled with a domain over another catalogue"
	}
	if why != "" {
		p.refuse(t.name, why, p.cur.trial)
		return false
	}
	trial := int32(-1)
	if p.tracing {
		trial = p.trial(p.cur.trial, t.name, "filled by "+sub.rootName(), "")
	}
	next := p.keep()
	p.cur.d, p.cur.steps, p.cur.next, p.cur.trial = sub, sub.rootAgenda, next, trial
	return true
}

// open pushes the choice of compound task i of domain d, met on m with
// the agenda rest to follow it, its methods in the order its decide.Choice
// says, and tries them (see next).
func (p *planner[M]) open(d *Domain[M], i int32, m *M) bool {
	t := &d.tasks[i]
	rest := p.keep()
	p.choices = append(p.choices, choice[M]{d: d, task: i, tried: -1, n: int32(len(t.methods)), order: -1,
		rest: rest, steps: int32(len(p.out.steps)), record: int32(len(p.out.record)),
		commits: int32(len(p.out.commits)), arena: rest + 1, snap: noSnap, trial: -1, taken: -1,
		at: p.ctx.Moment()})
	c := &p.choices[len(p.choices)-1]
	if t.choose != decide.InOrder {
		c.order = int32(len(p.orders))
		p.order(t, m)
	}
	if p.tracing {
		c.trial = p.trial(p.cur.trial, t.name, "decomposed", "")
	}
	return p.next(m)
}

// next tries the methods of the choice on top of the stack after the one
// it tried, from the memory and moment of the choice, and returns the
// agenda of the first whose conditions pass: its subtasks, then the rest.
// It reports false when none is left (the choice stays, for backtrack to
// pop).
func (p *planner[M]) next(m *M) bool {
	c := &p.choices[len(p.choices)-1]
	t := &c.d.tasks[c.task]
	var sit bt.Situation // every method is tried from the moment of the choice
	var at *bt.Situation
	for c.tried+1 < c.n {
		if p.decomps == p.d.budget.Tries {
			p.broke = "Tries"
			return false
		}
		p.decomps++
		c.tried++
		k := c.tried
		if c.order >= 0 {
			k = p.orders[c.order+c.tried]
		}
		me := &t.methods[k]
		if len(me.conds) > 0 {
			if at == nil {
				at = &p.base
				if e := c.at.Elapsed(); e > 0 {
					sit, at = p.base.Later(e), &sit
				}
			}
			if why, ok := p.admits(me, at, m); !ok {
				p.refuse(me.path, why, c.trial)
				continue
			}
		}
		if c.tried+1 == c.n && c.snap == noSnap {
			c.snap = needless // nothing left to come back for
		}
		p.out.record = append(p.out.record, int(c.tried))
		p.out.via = append(p.out.via, me.path)
		if p.tracing {
			c.taken = p.trial(c.trial, me.path, "taken", "")
		}
		trial := c.taken
		if me.commit != nil {
			p.touch(m)
			me.commit(m)
			p.out.commits = append(p.out.commits, me.commit)
		}
		p.cur.d, p.cur.steps, p.cur.next, p.cur.trial = c.d, me.steps, c.rest, trial
		return true
	}
	return false
}

// backtrack goes back to the last choice with a method left to try: it
// undoes what was planned since the choice (steps, record, memory,
// moment) and takes its next method. It pops the choices with none left,
// and reports false when no choice is left at all, or the budget ran out.
func (p *planner[M]) backtrack(m *M) bool {
	for len(p.choices) > 0 {
		if p.broke != "" || p.fault != nil {
			return false
		}
		c := &p.choices[len(p.choices)-1]
		if c.tried >= 0 && int(c.record) < len(p.out.record) { // the method taken led nowhere
			p.reject(p.out.via[c.record], "what followed could not be planned")
			if c.taken >= 0 {
				p.trials[c.taken].Outcome, p.trials[c.taken].Reason = "backtracked", "what followed could not be planned"
				c.taken = -1
			}
		}
		p.out.steps, p.out.record, p.out.via = p.out.steps[:c.steps], p.out.record[:c.record], p.out.via[:c.record]
		p.out.commits = p.out.commits[:c.commits]
		if p.tracing {
			p.planned = p.planned[:c.steps]
		}
		p.arena = p.arena[:c.arena]
		if c.tried+1 < c.n {
			if c.snap >= 0 {
				p.ctx.Copy(m, &p.snaps[c.snap])
			}
			p.ctx.Return(c.at)
			p.pending = min(p.pending, len(p.choices))
			if p.next(m) {
				return true
			}
			if p.broke != "" {
				return false
			}
		}
		p.pop()
	}
	return false
}

// pop drops the choice on top of the stack, and its snapshot once no
// choice below shares it.
func (p *planner[M]) pop() {
	top := len(p.choices) - 1
	c := &p.choices[top]
	if c.owns {
		p.nsnaps--
	}
	if c.order >= 0 {
		p.orders = p.orders[:c.order]
	}
	p.choices = p.choices[:top]
	p.pending = min(p.pending, len(p.choices))
}

// touch is called before m changes: the choices met since it last
// changed, which may have to come back to it, get a snapshot of it, one
// for all of them.
func (p *planner[M]) touch(m *M) {
	if p.pending < len(p.choices) {
		p.snapshot(m)
	}
}

// snapshot gives the choices from pending on that may come back to m a
// snapshot of it.
func (p *planner[M]) snapshot(m *M) {
	var snap int32 = needless
	for i := p.pending; i < len(p.choices); i++ {
		c := &p.choices[i]
		if c.snap != noSnap {
			continue
		}
		if snap == needless {
			if int(p.nsnaps) == len(p.snaps) {
				var zero M
				p.snaps = append(p.snaps, zero)
			}
			snap = p.nsnaps
			p.nsnaps++
			p.ctx.Copy(&p.snaps[snap], m)
			c.owns = true // the lowest of the choices that share it: popped last
		}
		c.snap = snap
	}
	p.pending = len(p.choices)
}

// order writes into the planner's orders the order in which compound
// task t tries its methods, on m: by utility, highest first, or at
// random in proportion to it; among equals, in the order written.
func (p *planner[M]) order(t *task[M], m *M) {
	at := len(p.orders)
	n := len(t.methods)
	p.utility = p.utility[:0]
	for k := range t.methods {
		u := 1.0
		if f := t.methods[k].utility; f != nil {
			u = f(m)
			if !(u >= 0) || u > 1e300 {
				if p.fault == nil {
					p.fault = fmt.Errorf("htn: method %s: utility %v: a utility is a number from 0 to 1e300", t.methods[k].path, u)
				}
				u = 0
			}
		}
		p.utility = append(p.utility, u)
		p.orders = append(p.orders, int32(k))
	}
	ord := p.orders[at:]
	if t.choose == decide.AtRandom {
		p.draw(ord, t, len(p.out.record))
		return
	}
	for i := 1; i < n; i++ { // insertion sort: stable, and the lists are short
		for j := i; j > 0 && p.utility[ord[j]] > p.utility[ord[j-1]]; j-- {
			ord[j], ord[j-1] = ord[j-1], ord[j]
		}
	}
}

// draw puts ord, the methods of t, in a random order: each place drawn
// among those left with a chance in proportion to their utility, from
// numbers keyed by the planning's seed, the task and where the plan
// stands, so that the same planning draws the same order however it got
// there. Methods of utility zero keep the order written, after the rest.
func (p *planner[M]) draw(ord []int32, t *task[M], at int) {
	if !p.rolled {
		p.seed, p.rolled = uint64(p.base.Roll()*(1<<53)), true
	}
	key := randkey.Mix(p.seed ^ randkey.Hash(t.name) ^ uint64(at)*0xd1b54a32d192ed03)
	randkey.Order(ord, func(k int32) float64 { return p.utility[k] }, key)
}

// admits checks a method's conditions on m, told sit.
func (p *planner[M]) admits(me *method[M], sit *bt.Situation, m *M) (string, bool) {
	for _, c := range me.conds {
		if got, why := c.Evaluate(*sit, m); got == bt.Fail {
			return why, false
		} else if got != bt.Pass && got != bt.Done {
			return "invalid check", false
		}
	}
	return "", true
}

// stop ends planning at a pause, keeping what remains of the agenda for
// the runner to plan when it gets there.
func (p *planner[M]) stop() {
	p.out.paused = true
	cur := p.cur
	for at := cur; ; at = p.arena[at.next] {
		if len(at.steps) > 0 {
			p.out.rest = append(p.out.rest, segment[M]{d: at.d, steps: at.steps, next: -1, trial: -1})
		}
		if at.next < 0 {
			break
		}
	}
	if p.tracing {
		p.trial(cur.trial, "pause", "paused", "the rest is planned when the plan gets here")
	}
}

// reject notes a method or task turned down, and why, for the report.
func (p *planner[M]) reject(name, why string) {
	if p.tracing {
		p.rejected = append(p.rejected, decide.Rejection{Name: name, Reason: why})
	}
}

// refuse notes a method or task turned down, and why, for the report and
// in the log, under parent.
func (p *planner[M]) refuse(name, why string, parent int32) {
	if p.tracing {
		p.reject(name, why)
		p.trial(parent, name, "rejected", why)
	}
}

// trial logs a trial under parent, and returns its index.
func (p *planner[M]) trial(parent int32, name, outcome, why string) int32 {
	p.trials = append(p.trials, decide.Trial{Parent: int(parent), Name: name, Outcome: outcome, Reason: why})
	return int32(len(p.trials) - 1)
}

// markPlanned marks the trials of the plan made, and the trials they
// were tried under: each step, and each choice's method.
func (p *planner[M]) markPlanned() {
	up := func(i int32) {
		for ; i >= 0 && !p.trials[i].Planned; i = int32(p.trials[i].Parent) {
			p.trials[i].Planned = true
		}
	}
	for i := range p.choices {
		up(p.choices[i].taken)
	}
	for _, i := range p.planned {
		up(i)
	}
}

// spent returns the error of a planning that ran out of budget.
func (p *planner[M]) spent() error { return decider.Spent(p.d.budget, p.broke) }

// name returns the name of the runner's child k.
func (p *planner[M]) name(k int32) string { return p.d.steps[k].name }

// fill writes the plan out found into res, the shape every planner
// plans into.
func (p *planner[M]) fill(res *decide.Plan, out *plan[M]) {
	res.Goal = p.d.rootName()
	res.Steps = res.Steps[:0]
	for _, k := range out.steps {
		res.Steps = append(res.Steps, p.name(k))
	}
	res.Record = append(res.Record[:0], out.record...)
	res.Methods = append(res.Methods[:0], out.via...)
	res.Expanded = p.decomps
	res.Rejected = p.rejected
	res.Trials = p.trials
	res.Tallies = p.tallies
}

// A Session plans over a Domain outside any tree, for one agent or
// goroutine, reusing its storage from one planning to the next: once
// warm, it allocates nothing. A tree's runner plans with its tree's
// constraints, clock, copy function and random numbers instead.
type Session[M any] struct {
	p    planner[M]
	ctx  *bt.Sim[M]
	out  plan[M]
	work *M
	plan decide.Plan
	err  error
}

// NewSession returns a session over the domain. A session of a nil or
// zero domain plans nothing: its Plan says so.
func (d *Domain[M]) NewSession() *Session[M] {
	if !d.usable() {
		return &Session[M]{err: errors.New("htn: a session of a nil or zero Domain")}
	}
	pl := &Session[M]{ctx: bt.NewSim(bt.Config[M]{Copy: d.copy})}
	if d.copy == nil {
		if err := memory.Check[M](); err != nil {
			pl.err = fmt.Errorf("htn: %v: give the domain a copy function (Builder.Copy)", err)
		}
	}
	pl.p = planner[M]{d: d, tracing: true, failed: -1, base: bt.Situation{Simulating: true}, rolled: true}
	return pl
}

// Seed sets the numbers the session draws its random choices from
// (decide.AtRandom): the same seed and memory give the same plan. A new
// session draws from seed 0; a tree's runner from its agent's seed, tick
// by tick.
func (pl *Session[M]) Seed(seed uint64) {
	if pl != nil {
		pl.p.seed = randkey.Next(seed)
	}
}

// Plan plans the root task on a copy of m: the same decomposition a
// runner makes, with each precondition and condition judged at the time
// the plan has reached (the clock starting at zero, with no history but
// the plan's own) and each action simulated with a context of the
// session's own. A behaviour (an entry that is a subtree) needs a tree to
// be predicted: plan with a runner. It returns the plan, or an error
// that wraps decide.ErrNoPlan or decide.ErrOutOfBudget (naming the
// bound), with what was turned down on the way in the plan's Rejected,
// the decomposition log in its Trials and what became of each primitive
// task in its Tallies. A panic in user code comes back as a
// *bt.PanicError (Method "Plan"); a utility outside 0 to 1e300, as an
// error that says which.
//
// The plan's slices are the session's own, valid until it plans again.
func (pl *Session[M]) Plan(m *M) (res decide.Plan, err error) {
	switch {
	case pl == nil:
		return decide.Plan{}, errors.New("htn: Plan of a nil Session")
	case pl.err != nil:
		return decide.Plan{}, pl.err
	case pl.p.d == nil:
		return decide.Plan{}, errors.New("htn: Plan of a zero Session: make one with Domain.NewSession")
	case m == nil:
		return decide.Plan{}, errors.New("htn: Plan of a nil memory")
	}
	defer func() {
		if r := recover(); r != nil {
			pl.ctx.Reset()
			if e, ok := r.(error); ok && e == pl.p.fault {
				res, err = decide.Plan{}, e
				return
			}
			res, err = decide.Plan{}, &bt.PanicError{Method: "Plan", Value: r, Stack: debug.Stack()}
		}
	}()
	d := pl.p.d
	for _, s := range d.steps {
		if s.entry.Action == nil {
			return decide.Plan{}, fmt.Errorf("htn: Plan: %q is a behaviour, which only a tree can predict: plan with a runner", s.name)
		}
	}
	pl.ctx.Reset()
	pl.work = pl.ctx.Push(m)
	pl.out.clearRecord()
	got := pl.p.planFrom(pl.ctx, nil, pl.work, &pl.out)
	pl.plan.Steps, pl.plan.Record, pl.plan.Methods = pl.plan.Steps[:0], pl.plan.Record[:0], pl.plan.Methods[:0]
	switch got {
	case noPlan:
		pl.plan.Rejected, pl.plan.Expanded, pl.plan.Trials, pl.plan.Tallies = pl.p.rejected, pl.p.decomps, pl.p.trials, pl.p.tallies
		return pl.plan, fmt.Errorf("htn: %w: no method of the root task leads to a plan", decide.ErrNoPlan)
	case outOfBudget:
		pl.plan.Rejected, pl.plan.Expanded, pl.plan.Trials, pl.plan.Tallies = pl.p.rejected, pl.p.decomps, pl.p.trials, pl.p.tallies
		return pl.plan, fmt.Errorf("htn: %w", pl.p.spent())
	}
	pl.p.fill(&pl.plan, &pl.out)
	return pl.plan, nil
}

// Paused reports whether the last plan stopped at a pause point: it is
// the part of the plan before it.
func (pl *Session[M]) Paused() bool { return pl != nil && pl.out.paused }

// Prediction returns the memory the last plan predicts, its expected
// effects included; nil before a plan. It is the session's own, valid
// until it plans again.
func (pl *Session[M]) Prediction() *M {
	if pl == nil || len(pl.plan.Steps) == 0 {
		return nil
	}
	return pl.work
}
