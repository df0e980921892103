package htn

import (
	"errors"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// Validate reports a nil or zero Domain, which a tree cannot run.
func (d *Domain[M]) Validate() error {
	if !d.usable() {
		return errors.New("htn: a nil or zero Domain; build one with htn.New(actions)...Build()")
	}
	return nil
}

// Steps returns the domain's primitive tasks as nodes, in the order of
// its catalogue: each entry's action (or behaviour) with its
// preconditions, named after it; for a domain with a slot, every action
// of its catalogue, so that whatever fills the slot can run. A planner
// node (bt.KindPlanner) makes them its children.
func (d *Domain[M]) Steps() []bt.Def[M] {
	if !d.usable() {
		return nil
	}
	steps := make([]bt.Def[M], len(d.steps))
	for k, s := range d.steps {
		steps[k] = s.entry.Def(s.name)
	}
	return steps
}

// Runner makes an agent's plan runner, over steps, the handles on the
// nodes of Steps: a planner node's runner, which the tree makes. Put the
// domain in a tree with bt.Builder.Plan:
//
//	b.ReactivePriority("troll",
//		b.Sequence("die", b.Condition("dead", dead), actions.Do("fall")),
//		b.Plan("think", domain, bt.ReplanOn(news)),
//	)
//
// The runner plans from the root task when it begins, then runs the
// plan's tasks in order, the next in the same tick when one succeeds.
// Before the first task a tick begins, it checks that the rest of the
// plan still holds on the memory as it is (each task's preconditions, on
// a copy advanced by the effects of the tasks before it, at the times
// they will begin). When replan says (the node's Replan and ReplanOn
// options), it plans again from the root beside the running plan: the
// new plan replaces the running one when its record outranks the running
// plan's, or when the running one no longer holds; otherwise the running
// plan is kept (and reported kept, if the new plan differs). Without them
// it commits to its plan. At a pause point it plans again from the root
// too, and takes that plan if it outranks the paused one's record, or
// else plans the rest of the paused method on the memory as it is.
//
// When a task fails, the runner plans afresh in the same tick, taking the
// failed task as impossible for that tick, so a fallback method gets its
// turn; a second failure in the tick, or no plan at all, fails the runner
// (decide.None, decide.OutOfBudget, reported with every method and task
// turned down and why). The runner succeeds when a plan is done.
//
// Under a simulated selector, the runner predicts its plan, the chain of
// its tasks' simulations with their expected effects: the plan it would
// make, or, under way, what remains of the plan the tick will run, which
// is the new plan when the tick will have it replace the running one.
// The runner's own calls into the domain (method conditions, expected
// effects, the ReplanOn test) are its code: a panic there quarantines the
// runner, as a panic in a node's code does; a task's preconditions and
// actions are its leaf's, and quarantine that leaf.
//
// A saved agent (bt.Agent.AppendBinary, MarshalJSON) keeps its runner's
// plan: its steps, and at a pause the tasks left to plan, by name, so
// that a restore into an edited domain (bt.Agent.Reload, Restore) keeps a
// plan whose steps and tasks the domain still has, and refuses one it
// has not. A domain itself cannot be saved: the tasks left after a pause
// met in a slot's sub-domain are saved with the name of that domain's
// root task, and a restored runner finds the domain again when its plan
// gets to the pause, by asking the slots' hooks on the memory as it is
// then (the slots of the domain, then those of the domains they are
// filled with) for a domain of that root holding those tasks. When no
// hook offers one, because the memory no longer says what it said when
// the plan was made, the rest cannot be planned, and the runner goes on
// as at any pause whose rest cannot be: with the plan from the root, or
// none. A hook that maps the memory to domains built once, as Slot
// advises, finds the same domain while the memory says the same; give
// the sub-domains one slot may be filled with roots of their own names.
func (d *Domain[M]) Runner(steps []*bt.Child[M], replan bt.Replanning[M]) (bt.Node[M], error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if len(steps) != len(d.steps) {
		return nil, errors.New("htn: the runner's children are not its domain's steps: put the domain in a tree as a planner node")
	}
	r := &runner[M]{replan: replan}
	r.d, r.kids, r.failed = d, steps, -1
	return r, nil
}

// runner is one agent's plan runner.
type runner[M any] struct {
	planner[M]
	run, cand, alt plan[M]
	pos            int // the step of run under way
	replan         bt.Replanning[M]
	planned        time.Duration // when it last planned beside the running plan
	report         decide.Report
}

// Bind keeps the runner's own handle, for its reports and situation.
func (r *runner[M]) Bind(self *bt.Child[M]) { r.self = self }

// Describe says what the runner plans, for dumps and pictures.
func (r *runner[M]) Describe() string {
	return "htn: " + r.d.rootName()
}

// live starts a live call (Begin, Update, Route): its predictions start
// from the live memory, now.
func (r *runner[M]) live() *bt.Sim[M] {
	ctx := r.self.Context()
	ctx.Return(bt.Moment{})
	r.tracing = r.self.Tracing()
	return ctx
}

// Begin makes a plan afresh and starts it.
func (r *runner[M]) Begin(m *M) bt.Status {
	ctx := r.live()
	defer r.hush()
	r.run.reset()
	r.pos = 0
	r.planned = r.self.Now()
	if !r.adopt(ctx, m, decide.Made, "", -1) {
		return bt.Failure
	}
	return r.advance(ctx, m, 0, true, true)
}

// Update plans again when replan says so, then runs the plan.
func (r *runner[M]) Update(m *M, dt time.Duration) bt.Status {
	ctx := r.live()
	defer r.hush()
	checked := false
	if !r.done() && r.due(m) {
		r.planned = r.self.Now()
		switch w := r.weigh(ctx, m); w.move {
		case fail:
			r.halt(m)
			r.tellNone(w.got, "")
			return bt.Failure
		case replace:
			r.replace(m, r.replaceReason(w))
		case keep:
			if r.tracing && w.got == found && !r.same() {
				r.tell(decide.Kept, r.keptReason(), &r.run, r.run.steps[r.pos:])
			}
		}
		checked = true
	}
	return r.advance(ctx, m, dt, checked, false)
}

// done reports whether the running plan is done, which only a continuous
// runner, which plans its next in the tick, lives to see.
func (r *runner[M]) done() bool { return r.pos == len(r.run.steps) && !r.run.paused }

// lastDone is why a continuous runner makes a plan.
const lastDone = "the last plan is done"

// hush ends the reporting of a Begin or Update: predictions and previews
// between them plan without reporting.
func (r *runner[M]) hush() { r.tracing = false }

// End forgets the plan: the runner plans afresh when it begins again.
func (r *runner[M]) End(*M, bt.Status) {
	r.run.reset()
	r.pos = 0
}

// due reports whether the tick plans again beside the running plan.
func (r *runner[M]) due(m *M) bool {
	p := &r.replan
	return p.Periodic && r.self.Now()-r.planned >= p.Interval || p.On != nil && p.On(m)
}

// A move is what a tick does with a running plan when it plans again.
type move uint8

const (
	keep    move = iota
	replace      // with the candidate
	fail         // the running plan no longer holds, and no plan can be made
)

// A weighing is a move and what it was made on.
type weighing struct {
	move   move
	got    outcome // the candidate's planning
	broken bool    // the running plan no longer holds
	at     int     // where it fails, and why
	why    string
}

// weigh plans a candidate from the root beside the running plan, into
// r.cand, and says what the tick does: the candidate replaces the running
// plan when the running one no longer holds or the candidate outranks it.
// It changes nothing else, so a tick, a preview and a prediction weigh
// alike.
func (r *runner[M]) weigh(ctx *bt.Sim[M], m *M) weighing {
	var w weighing
	w.at, w.why, w.broken = r.validate(ctx, m)
	w.broken = !w.broken
	w.got = r.planInto(ctx, m, nil, &r.cand, true, -1)
	switch {
	case w.broken && w.got != found:
		w.move = fail
	case w.broken, w.got == found && decide.Record(r.cand.record).Outranks(r.run.record):
		w.move = replace
	}
	return w
}

// replaceReason says why the candidate replaced the running plan (while
// tracing: it allocates).
func (r *runner[M]) replaceReason(w weighing) string {
	switch {
	case !r.tracing:
		return ""
	case w.broken:
		return r.brokenReason(w.at, w.why)
	}
	return "outranks the running " + r.path(&r.run)
}

func (r *runner[M]) keptReason() string {
	return r.path(&r.cand) + " does not outrank it"
}

// path says a plan's record in words, as "[attack/slam]".
func (r *runner[M]) path(p *plan[M]) string {
	dp := decide.Plan{Record: p.record, Methods: p.via}
	return dp.Path()
}

// same reports whether the candidate is the running plan itself: a
// record and its methods say every choice of a decomposition, so the
// same record of the same methods is the same plan.
func (r *runner[M]) same() bool {
	return slices.Equal(r.cand.record, r.run.record) && slices.Equal(r.cand.via, r.run.via)
}

// advance runs the plan from the step under way, and the next step in
// the same tick when one succeeds. Before it begins a task it checks that
// the rest of the plan holds, once a tick: the tasks begun later in the
// tick were foreseen by that check, and the tree checks each one's own
// preconditions as it begins. A plan made in the tick holds by making.
// A failed task or a plan that no longer holds is replaced by a fresh
// plan once a tick; a second failure in the tick fails the runner. A
// pause is planned past once a tick.
func (r *runner[M]) advance(ctx *bt.Sim[M], m *M, dt time.Duration, checked, renewed bool) bt.Status {
	replanned, resumed := false, false
	for {
		if r.pos == len(r.run.steps) {
			switch {
			case !r.run.paused && !r.d.continuous:
				return bt.Success
			case !r.run.paused && renewed:
				return bt.Running // the next plan is made next tick
			case !r.run.paused:
				if !r.adopt(ctx, m, decide.Made, lastDone, -1) {
					return bt.Failure
				}
				renewed, checked = true, true
				continue
			case resumed:
				return bt.Running // the rest is planned next tick
			case !r.resume(ctx, m):
				return bt.Failure
			}
			resumed, checked = true, true
			continue
		}
		kid := r.kid(r.pos)
		if !kid.Running() && !checked {
			checked = true
			if at, why, ok := r.validate(ctx, m); !ok {
				if replanned || !r.adopt(ctx, m, decide.Replaced, r.brokenReason(at, why), -1) {
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
			if replanned || !r.adopt(ctx, m, decide.Replaced, r.failedReason(failed), failed) {
				return bt.Failure
			}
			replanned, checked = true, true
		}
	}
}

// adopt makes a plan from the root and runs it from its first step,
// reporting change (Made, Replaced) and reason; failed is a task that
// failed in the tick, taken as impossible (-1 for none). It reports
// false, and what was turned down, when no plan can be made.
func (r *runner[M]) adopt(ctx *bt.Sim[M], m *M, change decide.Change, reason string, failed int32) bool {
	got := r.planInto(ctx, m, nil, &r.cand, true, failed)
	if got != found {
		r.tellNone(got, reason)
		return false
	}
	r.run, r.cand = r.cand, r.run
	r.pos = 0
	r.tell(change, reason, &r.run, r.run.steps)
	r.commit(m)
	return true
}

// commit applies to the live memory the permanent effects of the methods
// the plan just adopted took (Builder.Commit).
func (r *runner[M]) commit(m *M) {
	for _, f := range r.run.commits {
		f(m)
	}
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
	r.tell(decide.Replaced, reason, &r.run, r.run.steps)
	r.commit(m)
}

// resume goes on past the pause the plan stopped at, with what planPast
// finds: a plan from the root that outranks the paused one, the rest of
// the paused plan, or, when the rest cannot be planned, the plan from
// the root after all. It reports false when there is none.
func (r *runner[M]) resume(ctx *bt.Sim[M], m *M) bool {
	got, how := r.planPast(ctx, m)
	if got != found {
		r.tellNone(got, r.restReason(how))
		return false
	}
	r.run, r.cand = r.cand, r.run
	r.pos = 0
	r.tellPast(how, &r.cand, &r.run)
	r.commit(m)
	return true
}

// What planPast goes on with at a pause.
type past uint8

const (
	goOn      past = iota // the rest of the paused plan
	outranked             // a plan from the root that outranks it
	fallBack              // a plan from the root, since the rest cannot be planned
	stuck                 // nothing: neither can be planned
)

// tellPast reports what a tick goes on with at a pause: the plan p,
// after the paused plan was.
func (r *runner[M]) tellPast(how past, was, p *plan[M]) {
	if !r.tracing {
		return
	}
	switch how {
	case outranked:
		r.tell(decide.Replaced, "outranks the paused "+r.path(was), p, p.steps)
	case fallBack:
		r.tell(decide.Replaced, "the rest after the pause cannot be planned", p, p.steps)
	default:
		r.tell(decide.Made, "the rest, after a pause", p, p.steps)
	}
}

// restReason says why no plan goes on past a pause.
func (r *runner[M]) restReason(how past) string {
	if how == stuck && r.tracing {
		return "the rest after the pause cannot be planned"
	}
	return ""
}

// planPast plans, into r.cand, what the runner goes on with at the pause
// the running plan stopped at: a plan from the root, if one outranks the
// paused plan, or else the rest of the paused plan, on the memory as it
// is now, its record going on from the paused plan's. When the rest
// cannot be planned, the plan from the root, if there is one, is what
// goes on: a pause never throws away a plan it found. A tick and a
// preview plan past a pause alike.
func (r *runner[M]) planPast(ctx *bt.Sim[M], m *M) (outcome, past) {
	root := r.planInto(ctx, m, nil, &r.cand, true, -1)
	if root == found && decide.Record(r.cand.record).Outranks(r.run.record) {
		return found, outranked
	}
	r.alt, r.cand = r.cand, r.alt // keep the plan from the root aside
	r.cand.goOnFrom(&r.run)
	got := noPlan
	if rest, ok := r.rehook(m); ok {
		got = r.planInto(ctx, m, rest, &r.cand, false, -1)
	}
	switch {
	case got == found:
		return found, goOn
	case root == found:
		r.alt, r.cand = r.cand, r.alt
		return found, fallBack
	case got == outOfBudget || root == outOfBudget:
		return outOfBudget, stuck
	}
	return noPlan, stuck
}

// halt interrupts the task under way, if any.
func (r *runner[M]) halt(m *M) {
	if r.pos < len(r.run.steps) {
		r.kid(r.pos).Halt(m)
	}
}

func (r *runner[M]) kid(pos int) *bt.Child[M] { return r.kids[r.run.steps[pos]] }

// planInto plans on a scratch copy of m into out: the root task, for a
// fresh plan, or rest, the rest of a paused plan, going on from the
// record out holds (a continuation).
// A task that failed in the tick (failed, or -1) is taken as impossible.
// It looks ahead from the prediction's moment and leaves it as it was.
func (r *runner[M]) planInto(ctx *bt.Sim[M], m *M, rest []segment[M], out *plan[M], fresh bool, failed int32) outcome {
	if fresh {
		out.clearRecord()
	}
	r.failed = failed
	at := ctx.Moment()
	work := ctx.Push(m)
	got := r.planFrom(ctx, rest, work, out)
	ctx.Pop()
	ctx.Return(at)
	r.failed = -1
	return got
}

// validate checks that the rest of the running plan holds on m: from the
// step under way (what remains of it, if it runs), each task's
// preconditions on a copy advanced by the effects of the tasks before it,
// at the times they will begin. It returns the step that fails, and why.
// It leaves the prediction's moment as it found it.
func (r *runner[M]) validate(ctx *bt.Sim[M], m *M) (int, string, bool) {
	if r.pos >= len(r.run.steps) {
		return 0, "", true
	}
	at := ctx.Moment()
	work := ctx.Push(m)
	defer func() { ctx.Pop(); ctx.Return(at) }()
	for k := r.pos; k < len(r.run.steps); k++ {
		s := r.run.steps[k]
		if v := r.kids[s].Simulate(ctx, work); v.Outcome == heuristic.Impossible {
			return k, v.Reason, false
		}
		if e := r.d.steps[s].entry.Expect; e != nil {
			e(work)
		}
	}
	return 0, "", true
}

// Simulate predicts the runner's plan: what the tick would run, as the
// tick would weigh it, or else the plan it would make now.
func (r *runner[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	if r.self.Running() && !r.done() {
		if r.due(m) {
			switch w := r.weigh(ctx, m); w.move {
			case fail:
				return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: r.noneReason(w.got)}
			case replace:
				return r.predict(ctx, m, r.cand.steps)
			}
		}
		return r.predict(ctx, m, r.run.steps[r.pos:])
	}
	if got := r.planInto(ctx, m, nil, &r.cand, true, -1); got != found {
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: r.noneReason(got)}
	}
	return r.predict(ctx, m, r.cand.steps)
}

// predict chains the simulations of steps on m, with their expected
// effects; the prediction's moment moves on to where the plan ends.
func (r *runner[M]) predict(ctx *bt.Sim[M], m *M, steps []int32) heuristic.Verdict {
	ch := bt.StartChain(ctx, m)
	for _, s := range steps {
		v, terminal := ch.Step(r.kids[s])
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
		if e := r.d.steps[s].entry.Expect; e != nil {
			e(m)
		}
		if terminal {
			break
		}
	}
	return ch.Finish()
}

// Route says which task a tick would run now, for Agent.Preview: the
// first of a new plan, when the tick would make or adopt one, or the
// task under way. It weighs as the tick would, and reports the planning
// the tick would report.
func (r *runner[M]) Route(m *M) int {
	ctx := r.live()
	defer r.hush()
	first := func() int {
		if len(r.cand.steps) == 0 {
			return -1
		}
		return int(r.cand.steps[0])
	}
	made := func(change decide.Change, reason string, failed int32) int {
		if got := r.planInto(ctx, m, nil, &r.cand, true, failed); got != found {
			r.tellNone(got, "")
			return -1
		}
		r.tell(change, reason, &r.cand, r.cand.steps)
		return first()
	}
	switch {
	case !r.self.Running():
		return made(decide.Made, "", -1)
	case r.done():
		return made(decide.Made, lastDone, -1)
	}
	checked := false
	if r.due(m) {
		switch w := r.weigh(ctx, m); w.move {
		case fail:
			r.tellNone(w.got, "")
			return -1
		case replace:
			r.tell(decide.Replaced, r.replaceReason(w), &r.cand, r.cand.steps)
			return first()
		case keep:
			if w.got == found && !r.same() {
				r.tell(decide.Kept, r.keptReason(), &r.run, r.run.steps[r.pos:])
			}
		}
		checked = true
	}
	if r.pos == len(r.run.steps) {
		if !r.run.paused {
			return -1
		}
		got, how := r.planPast(ctx, m)
		if got != found {
			r.tellNone(got, r.restReason(how))
			return -1
		}
		r.tellPast(how, &r.run, &r.cand)
		return first()
	}
	kid := r.kid(r.pos)
	switch {
	case !checked && !kid.Running():
		if at, why, ok := r.validate(ctx, m); !ok {
			return made(decide.Replaced, r.brokenReason(at, why), -1)
		}
	case kid.Running():
		// A task its constraints stop is interrupted, and the runner plans
		// afresh without it in the same tick.
		if check, _ := kid.Check(m); check == bt.Fail {
			task := r.run.steps[r.pos]
			return made(decide.Replaced, r.failedReason(task), task)
		}
	}
	return int(r.run.steps[r.pos])
}

// tell reports a plan to the tree's tracer: its record, and steps, the
// names of the tasks concerned.
func (r *runner[M]) tell(change decide.Change, reason string, p *plan[M], steps []int32) {
	if !r.tracing {
		return
	}
	rep := &r.report
	r.fill(&rep.Plan, p)
	rep.Change, rep.Reason = change, reason
	rep.Steps = rep.Steps[:0]
	for _, s := range steps {
		rep.Steps = append(rep.Steps, r.name(s))
	}
	r.self.Report(rep)
}

// tellNone reports a planning call that found no plan, after what made
// the runner plan (a step that failed, a plan that broke), if anything.
func (r *runner[M]) tellNone(got outcome, after string) {
	if !r.tracing {
		return
	}
	change := decide.None
	if got == outOfBudget {
		change = decide.OutOfBudget
	}
	why := r.noneReason(got)
	if after != "" {
		why = after + "; " + why
	}
	r.cand.clearRecord()
	r.tell(change, why, &r.cand, nil)
}

// noneReason says why a planning call found no plan: which bound of the
// budget ran out, or that none exists. It allocates nothing: an
// Impossible prediction gives it as its reason.
func (r *runner[M]) noneReason(got outcome) string {
	if got != outOfBudget {
		return "no method of the root task leads to a plan"
	}
	if r.broke == "Steps" {
		return "out of budget: a plan would hold more than Budget.Steps tasks"
	}
	return "out of budget: more than Budget.Tries methods tried"
}

// The reasons below are made only while tracing: they allocate.

func (r *runner[M]) brokenReason(at int, why string) string {
	if !r.tracing {
		return ""
	}
	return "the running plan no longer holds at " + r.name(r.run.steps[at]) + ": " + why
}

func (r *runner[M]) failedReason(task int32) string {
	if !r.tracing {
		return ""
	}
	return r.name(task) + " failed"
}
