package goap

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/decider"
)

// Runner makes an agent's plan runner, over steps, the handles on the
// nodes of Steps: a planner node's runner, which the tree makes. Put the
// domain in a tree with bt.Builder.Plan:
//
//	b.Selector("mind", bt.Replan(0),
//		b.Plan("goals", domain, bt.ReplanOn(news)),
//		actions.Do("idle"),
//	)
//
// The runner plans when it begins, carries out its plan step by step, and
// plans again: when a step fails or its preconditions no longer hold;
// when replan says (the node's Replan and ReplanOn options); when a goal
// of higher utility than the running one becomes relevant and has a plan;
// and when the running goal stops being relevant, which drops its plan
// and plans afresh, saying why. It succeeds once its goal holds (checked
// between steps: a step under way is let finish), and fails when no goal
// has a plan. Each agent of the tree has a runner of its own; a runner
// with a tracer reports every planning as a bt.EventPlan.
//
// Under a simulated selector the runner predicts its plan as the chain of
// its steps' simulations, judged as a whole, so a tree can weigh a
// goal-driven branch against others.
func (d *Domain[M, K]) Runner(steps []*bt.Child[M], replan bt.Replanning[M]) (bt.Node[M], error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if len(steps) != len(d.actions) {
		return nil, errors.New("goap: the runner's children are not the domain's actions: put the domain in a tree as a planner node")
	}
	return &runner[M, K]{d: d, kids: steps, live: d.NewSession(), goal: -1, replan: replan,
		stale: make([]bool, len(d.goals)), staleAt: make([]K, len(d.goals))}, nil
}

// failure reports whether err is one of the ways a planning finds no
// plan, rather than a fault.
func failure(err error) bool {
	return errors.Is(err, decide.ErrNoPlan) || errors.Is(err, decide.ErrOutOfBudget)
}

// Why a planning was started, which decides what its result does to the
// running plan.
type purpose uint8

const (
	fresh   purpose = iota // no plan runs: begin, or the last one ended
	changed                // replan said so
	higher                 // a goal above the running one became relevant
)

// runner is an agent's instance of a domain's plan runner.
type runner[M any, K comparable] struct {
	d      *Domain[M, K]
	kids   []*bt.Child[M]
	self   *bt.Child[M]
	live   *Session[M, K] // the planning that acts, maybe spread over ticks
	pred   *Session[M, K] // predictions and previews, made on first use
	replan bt.Replanning[M]

	planning bool    // live has a planning under way
	deferred bool    // plan at the next tick
	purpose  purpose // what it is for
	why      cause   // why it was started

	goal      int // the running plan's goal, or -1
	utility   float64
	plan      []step
	origin    M   // the memory the running plan was made from, which goals from the start read
	at        int // the step under way
	from      int // the step under way when the live planning started
	skip      int // the steps of the live planning's plan done since it started
	cost      float64
	plannedAt time.Duration // when it last planned
	nogo      bool          // no plan: the runner fails
	achieved  bool          // the goal holds: the runner succeeds
	replans   int           // plans made this tick after a step ended badly

	// the steps that failed lately, left out of plans (Backoff)
	setbacks []setback

	// goals above the running one that found no plan, and the state they
	// found none from: no need to try again until the state changes
	stale   []bool
	staleAt []K

	report decide.Report
}

// Bind keeps the runner's handle on itself, to report its plannings.
func (r *runner[M, K]) Bind(self *bt.Child[M]) { r.self = self }

// Describe says what the runner plans for, and whether with a slow key,
// for dumps and pictures.
func (r *runner[M, K]) Describe() string {
	return "goap: " + strconv.Itoa(len(r.d.goals)) + " goals, " + strconv.Itoa(len(r.d.actions)) + " actions" + slowKey[K]()
}

// A cause is why a planning was started: an action's name and a text, or
// a text alone. It is put into words only when a tracer reads it, so that
// planning without one allocates nothing.
type cause struct {
	action int32 // -1: none
	text   string
	detail string // what a failed precondition said
}

var (
	noCause        = cause{action: -1}
	worldChanged   = cause{action: -1, text: "the world changed"}
	intervalPassed = cause{action: -1, text: "its interval to plan again passed"}
	planEndedShort = cause{action: -1, text: "the plan ended and its goal does not hold"}
)

// start starts a live call (Begin, Update): its predictions start from
// the live memory, now.
func (r *runner[M, K]) start() *bt.Sim[M] {
	ctx := r.self.Context()
	ctx.Return(bt.Moment{})
	return ctx
}

func (r *runner[M, K]) Begin(m *M) bt.Status {
	r.start()
	r.reset()
	r.replans = 0
	r.startPlanning(m, fresh, noCause)
	return r.run(m, 0)
}

func (r *runner[M, K]) Update(m *M, dt time.Duration) bt.Status {
	r.start()
	r.replans = 0
	switch {
	case r.goal >= 0 && r.between() && r.holds(m):
		// the goal holds: run says so, without planning
	case r.deferred:
		r.deferred = false
		r.startPlanning(m, fresh, r.why)
	case r.planning:
		r.live.within(r.self.Context()) // a crowd's worker may differ from the last tick's
		if r.live.advance(r.limit()) {
			r.conclude(m)
		}
	case r.goal >= 0 && !r.relevant(r.goal, m):
		// the plan is dropped, and a new one replaces it, for the reason
		why := cause{action: -1, text: r.d.goals[r.goal].label, detail: " is no longer relevant"}
		r.stop(m)
		r.startPlanning(m, fresh, why)
	case r.goal >= 0 && r.dueNow(m, &r.why):
		r.startPlanning(m, changed, r.why)
	case r.goal >= 0 && r.higherGoalDue(m):
		r.startPlanning(m, higher, noCause)
	}
	return r.run(m, dt)
}

func (r *runner[M, K]) End(m *M, s bt.Status) { r.reset() }

func (r *runner[M, K]) reset() {
	r.planning, r.deferred, r.goal, r.nogo, r.achieved = false, false, -1, false, false
	r.plan = r.plan[:0]
	r.at = 0
	clear(r.stale)
}

// due says why the runner plans again beside its plan now (the node's
// ReplanOn test saw news, or its Replan interval passed), or noCause.
func (r *runner[M, K]) due(m *M) cause {
	switch {
	case r.replan.On != nil && r.replan.On(m):
		return worldChanged
	case r.replan.Periodic && r.self.Now()-r.plannedAt >= r.replan.Interval:
		return intervalPassed
	}
	return noCause
}

// dueNow reports whether the runner plans again beside its plan now, and
// notes why in why.
func (r *runner[M, K]) dueNow(m *M, why *cause) bool {
	*why = r.due(m)
	return *why != noCause
}

// relevant reports whether goal gi is worth pursuing on m.
func (r *runner[M, K]) relevant(gi int, m *M) bool {
	g := &r.d.goals[gi]
	return g.relevant == nil || g.relevant(m)
}

// limit is how many nodes the runner may take from its search this tick.
func (r *runner[M, K]) limit() int {
	if r.d.budget.PerTick > 0 {
		return r.d.budget.PerTick
	}
	return math.MaxInt
}

// run carries out the plan for this tick: it begins or updates the step
// under way, goes on to the next in the same tick when one succeeds, and
// plans again when a step fails, cannot begin, or the plan ends short of
// its goal.
func (r *runner[M, K]) run(m *M, dt time.Duration) bt.Status {
	for {
		switch {
		case r.nogo:
			return bt.Failure
		case r.achieved:
			r.achieved = false
			return bt.Success
		case r.goal < 0:
			return bt.Running // planning over several ticks, or at the next
		case r.between() && r.holds(m):
			// The goal holds, however it came to: the rest is moot. A step
			// under way is let finish first, as it may have more to do.
			r.goal = -1
			return bt.Success
		case r.at == len(r.plan):
			if !r.again(m, planEndedShort) {
				return bt.Running
			}
			continue
		}
		st := r.plan[r.at]
		a := actionOf(st)
		k := r.kids[a]
		if !k.Running() {
			if why := r.offered(st, m); why != "" {
				if !r.again(m, cause{action: a, text: " cannot begin: ", detail: why}) {
					return bt.Running
				}
				continue
			}
			r.bind(st, m)
			if ok, why := r.ready(int(a), m); !ok {
				r.failed(st)
				if !r.again(m, cause{action: a, text: " cannot begin: ", detail: why}) {
					return bt.Running
				}
				continue
			}
		}
		switch k.Tick(m, dt) {
		case bt.Running:
			return bt.Running
		case bt.Success:
			r.succeeded(st)
			r.at++
		default:
			r.failed(st)
			why := cause{action: a, text: " failed"}
			if ok, pre := r.ready(int(a), m); !ok {
				why = cause{action: a, text: " was stopped: ", detail: pre}
			}
			if !r.again(m, why) {
				return bt.Running
			}
		}
	}
}

// between reports whether the plan is between steps: none runs.
func (r *runner[M, K]) between() bool {
	return r.at == len(r.plan) || !r.kids[actionOf(r.plan[r.at])].Running()
}

// holds reports whether the running plan's goal holds on m.
func (r *runner[M, K]) holds(m *M) bool { return r.d.goals[r.goal].holds(&r.origin, m) }

// bind binds the variant of step st, if its action has variants, into m.
func (r *runner[M, K]) bind(st step, m *M) {
	if a := &r.d.actions[actionOf(st)]; a.bind != nil {
		a.bind(m, variantOf(st))
	}
}

// offered says why m no longer offers step st's variant (its index is at
// or above the count m gives now), or "" where it does or st has none:
// a plan with a variant gone no longer holds.
func (r *runner[M, K]) offered(st step, m *M) string {
	a := &r.d.actions[actionOf(st)]
	if a.bind == nil {
		return ""
	}
	if v, n := variantOf(st), min(a.variants(m), maxVariants); v >= n {
		return "variant " + strconv.Itoa(v) + " is no longer offered (" + strconv.Itoa(max(n, 0)) + " now)"
	}
	return ""
}

// again drops the running plan and plans afresh, once a tick: a second
// failure in one tick waits for the next, so that a world where nothing
// works cannot keep a tick from ending. It reports whether a plan was made
// (or a planning is under way).
func (r *runner[M, K]) again(m *M, why cause) bool {
	r.goal = -1
	if r.replans > 0 {
		r.deferred, r.why = true, why
		return false
	}
	r.replans++
	r.startPlanning(m, fresh, why)
	return true
}

// readyAt is ready for step st of the plan, on a copy of m with its
// variant bound in, for a Route, which must not change m.
func (r *runner[M, K]) readyAt(st step, m *M) (bool, string) {
	if r.d.actions[actionOf(st)].bind == nil {
		return r.ready(int(actionOf(st)), m)
	}
	ctx := r.self.Context()
	work := ctx.Push(m)
	defer ctx.Pop()
	if why := r.offered(st, m); why != "" && !r.kids[actionOf(st)].Running() {
		return false, why // a step under way has its variant bound already
	}
	r.bind(st, work)
	return r.ready(int(actionOf(st)), work)
}

// ready re-checks action a's preconditions on the live memory, as the
// tree checks its leaf (quarantine included).
func (r *runner[M, K]) ready(a int, m *M) (bool, string) {
	if check, why := r.kids[a].Check(m); check == bt.Fail {
		if why == "" {
			why = "a precondition failed"
		}
		return false, why
	}
	return true, ""
}

// startPlanning starts a live planning from m for purpose and goes as far
// as this tick's budget allows.
func (r *runner[M, K]) startPlanning(m *M, p purpose, why cause) {
	r.situate(r.live, r.self.Context())
	r.plannedAt = r.self.Now()
	r.from = r.at
	switch p {
	case higher:
		r.live.begin(m, true, r.utility, -1)
	default:
		r.live.begin(m, false, 0, r.firstGoal(p))
	}
	r.planning, r.purpose, r.why = true, p, why
	if r.live.advance(r.limit()) {
		r.conclude(m)
	}
}

// situate tells session p's preconditions where they are checked (each
// action's own node, as if about to begin), and has it copy memories and
// simulate actions with ctx, the tree's context for the call under way
// (nil outside one).
func (r *runner[M, K]) situate(p *Session[M, K], ctx *bt.Sim[M]) {
	p.within(ctx)
	p.s.anyOut = false
	for i, k := range r.kids {
		s := k.Situation(true)
		if s.Running { // a step under way is halted unless the plan goes on with it
			s = s.After(s.Now)
		}
		p.s.base[i], p.s.sits[i] = s, s
		p.s.out[i] = k.Quarantined()
		p.s.anyOut = p.s.anyOut || p.s.out[i]
	}
	p.s.banned = p.s.banned[:0]
	now := r.self.Now()
	for _, f := range r.setbacks { // steps backing off after failing
		switch a := actionOf(f.step); {
		case f.until <= now:
		case r.d.actions[a].bind != nil:
			p.s.banned = append(p.s.banned, f.step)
		default:
			p.s.out[a], p.s.anyOut = true, true
		}
	}
	if r.d.choice == decide.AtRandom {
		p.seed = uint64(r.self.Situation(true).Roll() * (1 << 53))
	}
	p.s.watching = r.self.Tracing()
}

// firstGoal is the goal a planning for purpose tries first: the running
// one, when it plans again beside its plan and goals are drawn at
// random; otherwise none (-1).
func (r *runner[M, K]) firstGoal(p purpose) int {
	if p == changed && r.d.choice == decide.AtRandom && r.goal >= 0 {
		return r.goal
	}
	return -1
}

// An ending is what a planning that is over does to the running plan.
type ending uint8

const (
	endAdopted   ending = iota // its plan runs
	endSame                    // it found the running plan again: that goes on
	endNoHigher                // no goal above the running one has a plan: the running plan goes on
	endHolds                   // it found nothing to do, for the running goal holds: the runner succeeds
	endNone                    // no goal has a plan: the runner fails
	endStale                   // spread over ticks, it planned from a moment the running plan has moved on from another way: that goes on
	endFromStart               // it planned for the running goal, which reads the start, from another start: the running plan goes on
)

// end says what planning p, for purpose, does to the running plan, as the
// tick that concludes it does, on the memory m it planned from. A tick
// that plans afresh (fresh) has dropped the running plan before it
// plans; one that plans again beside it (changed, higher) has not.
//
// A planning spread over ticks beside a running plan planned from the
// memory of the tick it started in, when the step under way was from;
// the steps the running plan has done since are done: a plan that begins
// with them goes on from where the running plan stands (and is the
// running plan, if the rest is its rest); one that does not was made for
// a world that went another way, and the running plan goes on.
func (r *runner[M, K]) end(p *Session[M, K], purpose purpose, m *M, from int) ending {
	r.skip = 0
	switch {
	case purpose == higher && p.goal < 0:
		return endNoHigher
	case p.goal < 0 && purpose == changed && p.err == ErrNoGoal && r.holds(m):
		return endHolds
	case p.goal < 0:
		return endNone
	case purpose == fresh:
		return endAdopted
	}
	done := r.plan[min(from, r.at):r.at]
	if len(p.steps) < len(done) || !slices.Equal(p.steps[:len(done)], done) {
		return endStale
	}
	r.skip = len(done)
	if purpose == changed && p.goal == r.goal && slices.Equal(p.steps[r.skip:], r.plan[r.at:]) {
		return endSame
	}
	if purpose == changed && p.goal == r.goal && r.d.goals[p.goal].satisfiedFrom != nil {
		// A goal from the start means "from where its plan started": a
		// plan for it from now aims elsewhere (one more than now, not
		// than then) and cannot replace the running one; only another
		// goal that outranks it can.
		return endFromStart
	}
	return endAdopted
}

// explain writes into the runner's report what planning p, for purpose,
// started for why, reports as it ends: the tick that concludes it and a
// preview of that tick say the same.
func (r *runner[M, K]) explain(p *Session[M, K], e ending, purpose purpose, why cause) {
	p.Explain(&r.report)
	r.leftOut()
	if e == endAdopted && r.skip > 0 { // the steps done since the planning began are not the plan's any more
		r.report.Steps = append(r.report.Steps[:0], r.report.Steps[r.skip:]...)
	}
	switch e {
	case endNoHigher:
		r.tell(decide.Kept, "no goal of higher utility has a plan within the budget", "")
	case endHolds:
		r.tell(decide.None, "the running goal holds", "")
	case endSame:
		r.tell(decide.Kept, why.text, "; the running plan is still the best")
	case endStale:
		r.tell(decide.Kept, why.text, "; planned from a moment the running plan has since moved on from another way: it goes on")
	case endFromStart:
		r.tell(decide.Kept, why.text, "; the running goal is judged from the memory its plan started from: the running plan goes on")
	case endNone:
		if why != noCause {
			r.report.Reason = r.words(why) + "; " + r.report.Reason
		}
	case endAdopted:
		g := &r.d.goals[p.goal]
		switch {
		case purpose == higher:
			was := &r.d.goals[r.goal]
			r.report.Change = decide.Replaced
			r.report.Reason = "goal " + g.name + " (" + worth(p.prio[p.goal]) + ") outranks goal " + was.name +
				" (" + worth(r.utility) + ")"
		case why != noCause:
			r.report.Change = decide.Replaced
			r.report.Reason = r.words(why) + "; now for goal " + g.name + " (" + worth(p.prio[p.goal]) + ")"
		}
	}
}

// conclude acts on a live planning that is over.
func (r *runner[M, K]) conclude(m *M) {
	p := r.live
	r.planning = false
	if p.goal < 0 && p.err != nil && !failure(p.err) {
		// A cost, an estimate or a utility broke its contract: a fault of
		// user code, which the tree returns from Tick as a *bt.PanicError.
		panic(p.err)
	}
	e := r.end(p, r.purpose, m, r.from)
	tracing := r.self != nil && r.self.Tracing()
	if tracing {
		r.explain(p, e, r.purpose, r.why)
	}
	report := func() {
		if tracing {
			r.self.Report(&r.report)
		}
	}
	switch e { // what it halts, it halts before it says why, but for a goal that holds
	case endNoHigher:
		r.noteStale()
		report()
	case endHolds:
		report()
		r.stop(m)
		r.achieved = true
	case endNone:
		r.stop(m)
		r.nogo = true
		report()
	case endSame, endStale, endFromStart:
		report()
	case endAdopted:
		r.adopt(m)
		report()
	}
}

// words puts a cause into words.
func (r *runner[M, K]) words(c cause) string {
	if c.action >= 0 {
		return r.d.actions[actionOf(c.action)].name + c.text + c.detail
	}
	return c.text + c.detail
}

// tell says in the report that a planning kept the running plan (Kept,
// with its remaining steps), or found nothing to do (None).
func (r *runner[M, K]) tell(c decide.Change, why, more string) {
	r.report.Goal, r.report.Utility = r.d.goals[r.goal].name, r.utility
	r.report.Change, r.report.Reason = c, why+more
	r.report.Steps = r.report.Steps[:0]
	if c == decide.Kept { // the running plan's remaining steps
		for _, a := range r.plan[r.at:] {
			r.report.Steps = append(r.report.Steps, r.d.actions[actionOf(a)].name)
		}
	}
	r.report.Cost = r.cost
}

// adopt makes the live session's plan the running one. A step that runs
// and begins the new plan goes on; any other is halted.
func (r *runner[M, K]) adopt(m *M) {
	p := r.live
	steps := p.steps[r.skip:] // what the running plan did since the planning began is done
	if r.goal >= 0 && r.at < len(r.plan) {
		if cur := r.plan[r.at]; len(steps) == 0 || steps[0] != cur {
			r.kids[actionOf(cur)].Halt(m)
		}
	} else {
		r.stop(m)
	}
	r.goal, r.utility, r.cost, r.at = p.goal, p.prio[p.goal], p.cost, 0
	r.plan = append(r.plan[:0], steps...)
	r.self.Context().Copy(&r.origin, &p.root)
	clear(r.stale)
	r.noteStale()
}

// noteStale remembers the goals the live planning found no plan for, and
// the state it found none from, so that the runner tries them again only
// from another state.
func (r *runner[M, K]) noteStale() {
	p := r.live
	var root K
	keyed := false
	for pos, o := range p.outcomes {
		if o.kind == noPlan || o.kind == overBudget {
			if !keyed {
				root, keyed = r.d.key(&p.root), true
			}
			gi := p.order[pos]
			r.stale[gi], r.staleAt[gi] = true, root
		}
	}
}

// stop halts whatever step runs.
func (r *runner[M, K]) stop(m *M) {
	for _, k := range r.kids {
		if k.Running() {
			k.Halt(m)
		}
	}
	r.goal = -1
}

// higherGoalDue reports whether a goal of higher utility than the running
// one now (its own, or what it computes from m) is relevant,
// unsatisfied, and not already known to have no plan from this state.
func (r *runner[M, K]) higherGoalDue(m *M) bool {
	var key K
	keyed := false
	for gi := range r.d.goals {
		g := &r.d.goals[gi]
		if gi == r.goal || r.weight(gi, m) <= r.utility {
			continue
		}
		if (g.relevant != nil && !g.relevant(m)) || g.holds(m, m) {
			continue
		}
		if !keyed {
			key, keyed = r.d.key(m), true
		}
		if !r.stale[gi] || r.staleAt[gi] != key {
			return true
		}
	}
	return false
}

// weight returns goal gi's utility on m.
func (r *runner[M, K]) weight(gi int, m *M) float64 {
	if g := &r.d.goals[gi]; g.weight != nil {
		return g.weight(m)
	}
	return r.d.goals[gi].utility
}

// Simulate predicts the rest of the running plan, or the plan the runner
// would make from m, as a chain of its steps' simulations.
func (r *runner[M, K]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	steps := r.plan[r.at:]
	replan := r.goal < 0 || r.nogo || !r.relevant(r.goal, m)
	if !replan && len(steps) > 0 && !r.kids[actionOf(steps[0])].Running() && r.offered(steps[0], m) != "" {
		replan = true // its next step's variant is gone: the tick plans afresh
	}
	if replan {
		p := r.predict(ctx, m, r.underWay())
		if p.goal < 0 {
			return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: noPlanReason(p.err)}
		}
		steps = p.steps
	}
	ch := bt.StartChain(ctx, m)
	for i, a := range steps {
		if why := r.offered(a, m); why != "" && (i > 0 || !r.kids[actionOf(a)].Running()) {
			return ch.Stop(heuristic.Verdict{Outcome: heuristic.Impossible, Reason: r.d.actions[actionOf(a)].name + ": " + why})
		}
		r.bind(a, m)
		v, terminal := ch.Step(r.kids[actionOf(a)])
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
		if terminal {
			break
		}
	}
	return ch.Finish()
}

// Route returns the step a tick would run, deciding as Update would,
// and reports the plannings the tick would report, as it would report
// them: the running plan's step, unless the tick plans (replan says so,
// the running goal is no longer relevant, a goal above it is due, the
// step cannot begin, the plan is done), and then the first step of the
// plan it would run, or none.
func (r *runner[M, K]) Route(m *M) int {
	ctx := r.self.Context()
	ctx.Return(bt.Moment{})
	var why cause
	// As Update decides, in its order.
	switch {
	case !r.self.Running():
		return r.foresee(ctx, m, fresh, noCause, -1)
	case r.goal >= 0 && r.between() && r.holds(m):
		return -1 // the runner succeeds
	case r.deferred:
		return r.foresee(ctx, m, fresh, r.why, -1)
	case r.planning:
		return r.foreseeSpread(ctx, m)
	case r.goal < 0:
		return r.foresee(ctx, m, fresh, noCause, -1)
	case !r.relevant(r.goal, m): // the tick halts the step under way, then plans
		return r.foresee(ctx, m, fresh, cause{action: -1, text: r.d.goals[r.goal].label, detail: " is no longer relevant"}, r.underWay())
	case r.dueNow(m, &why):
		if step, kept := r.foreseeBeside(ctx, m, changed, why); !kept {
			return step
		}
	case r.higherGoalDue(m):
		if step, kept := r.foreseeBeside(ctx, m, higher, noCause); !kept {
			return step
		}
	}
	if r.at < len(r.plan) {
		a := r.plan[r.at]
		ok, why := r.readyAt(a, m)
		switch {
		case ok:
			return int(actionOf(a))
		case r.kids[actionOf(a)].Running(): // its constraints stop it, and the runner plans afresh in the tick
			return r.foresee(ctx, m, fresh, cause{action: actionOf(a), text: " was stopped: ", detail: why}, actionOf(a))
		}
		return r.foresee(ctx, m, fresh, cause{action: actionOf(a), text: " cannot begin: ", detail: why}, -1)
	}
	return r.foresee(ctx, m, fresh, planEndedShort, -1)
}

// underWay returns the step under way, or -1.
func (r *runner[M, K]) underWay() int32 {
	if r.at < len(r.plan) && r.kids[actionOf(r.plan[r.at])].Running() {
		return actionOf(r.plan[r.at])
	}
	return -1
}

// foresee plans as the tick would for purpose, started for why, after it
// halted the step halted (-1 for none), reports for a Preview what the
// tick would report, and returns the step the tick would then run: the
// first of the plan it adopts, or none.
func (r *runner[M, K]) foresee(ctx *bt.Sim[M], m *M, purpose purpose, why cause, halted int32) int {
	p, done := r.predictTick(ctx, m, false, 0, -1, halted)
	if !done {
		return -1 // the planning goes on next tick, and nothing begins
	}
	step, _ := r.foretell(p, m, purpose, why, r.at)
	return step
}

// foreseeSpread foresees the tick of a planning spread over ticks: it
// goes on with a copy of the live planning as far as the tick will, and
// foretells what the tick does if the planning ends in it.
func (r *runner[M, K]) foreseeSpread(ctx *bt.Sim[M], m *M) int {
	if r.pred == nil {
		r.pred = r.d.NewSession()
	}
	p := r.pred
	at := ctx.Moment()
	p.within(ctx)
	p.copyFrom(r.live)
	done := p.advance(r.limit())
	ctx.Return(at)
	if !done {
		return -1 // still searching
	}
	step, _ := r.foretell(p, m, r.purpose, r.why, r.from)
	return step
}

// foreseeBeside plans as the tick would beside the running plan, for
// purpose, started for why, reports for a Preview what the tick would
// report, and returns the step the tick would then run, or whether the
// running plan goes on.
func (r *runner[M, K]) foreseeBeside(ctx *bt.Sim[M], m *M, purpose purpose, why cause) (step int, kept bool) {
	p, done := r.predictTick(ctx, m, purpose == higher, r.utility, r.firstGoal(purpose), -1)
	if !done {
		return -1, true // the planning goes on next tick, and the plan runs meanwhile
	}
	return r.foretell(p, m, purpose, why, r.at)
}

// foretell reports for a Preview what the tick that made planning p would
// report, and returns the step the tick would then run, or whether the
// running plan goes on; from is the step under way when p began.
func (r *runner[M, K]) foretell(p *Session[M, K], m *M, purpose purpose, why cause, from int) (step int, kept bool) {
	if p.goal < 0 && p.err != nil && !failure(p.err) {
		return -1, false // the tick faults
	}
	e := r.end(p, purpose, m, from)
	if r.self.Tracing() {
		r.explain(p, e, purpose, why)
		r.self.Report(&r.report)
	}
	switch e {
	case endSame, endNoHigher, endStale, endFromStart:
		return -1, true
	case endAdopted:
		if len(p.steps) > r.skip {
			return int(p.steps[r.skip]), false
		}
	}
	return -1, false
}

// predict plans from m to the end, for every goal or only those above a
// utility, on a session of its own, without touching the live planning,
// as the tick would after it halted the step halted (-1 for none): that
// step has ended now. It looks ahead from the prediction's moment and
// leaves it as it was.
func (r *runner[M, K]) predict(ctx *bt.Sim[M], m *M, halted int32) *Session[M, K] {
	p, _ := r.lookAhead(ctx, m, false, 0, -1, halted, math.MaxInt)
	return p
}

// predictTick plans as predict does, as far as a tick goes (the domain's
// Budget.PerTick), and reports whether the planning is over.
func (r *runner[M, K]) predictTick(ctx *bt.Sim[M], m *M, bounded bool, above float64, first int, halted int32) (*Session[M, K], bool) {
	return r.lookAhead(ctx, m, bounded, above, first, halted, r.limit())
}

// lookAhead plans from m on the prediction session, at most limit nodes.
func (r *runner[M, K]) lookAhead(ctx *bt.Sim[M], m *M, bounded bool, above float64, first int, halted int32, limit int) (*Session[M, K], bool) {
	if r.pred == nil {
		r.pred = r.d.NewSession()
	}
	at := ctx.Moment()
	r.situate(r.pred, ctx)
	if halted >= 0 {
		s := r.pred.s.base[halted].After(r.self.Now())
		r.pred.s.base[halted], r.pred.s.sits[halted] = s, s
	}
	r.pred.begin(m, bounded, above, first)
	done := r.pred.advance(limit)
	ctx.Return(at)
	return r.pred, done
}

// noPlanReason is the static reason of an Impossible prediction.
func noPlanReason(err error) string {
	if err == nil {
		return "goap: planning failed"
	}
	return err.Error() // the sentinels' texts, which allocate nothing
}

// leftOut adds to the report the steps the planning left out of its plans,
// and why: quarantined, or backing off after failing.
func (r *runner[M, K]) leftOut() {
	for i, k := range r.kids {
		if k.Quarantined() {
			r.report.Rejected = append(r.report.Rejected, decide.Rejection{Name: r.d.actions[i].name, Reason: "left out: quarantined"})
		}
	}
	now := r.self.Now()
	for _, f := range r.setbacks {
		if f.until > now {
			r.report.Rejected = append(r.report.Rejected, decide.Rejection{Name: r.d.actions[actionOf(f.step)].name,
				Reason: "left out: failed " + times(f.times) + " in a row; backing off until " + f.until.String()})
		}
	}
}

// backoff is a domain's Backoff: how long a step that failed is left out
// of plans, at first and at most.
type backoff struct{ first, most time.Duration }

// A setback is a step that failed, and is left out of plans until a
// time: how many times it failed in a row, and until when.
type setback struct {
	step  step
	times int
	until time.Duration
}

// failed notes that step st failed now: it is left out of plans for the
// domain's first back-off, doubled for each failure before it in a row.
func (r *runner[M, K]) failed(st step) {
	b := r.d.backoff
	if b.first <= 0 {
		return
	}
	i := r.setbackOf(st)
	if i < 0 {
		r.setbacks = append(r.setbacks, setback{step: st})
		i = len(r.setbacks) - 1
	}
	f := &r.setbacks[i]
	wait := b.first
	for range f.times {
		if wait >= b.most/2 {
			wait = b.most
			break
		}
		wait *= 2
	}
	f.times++
	f.until = decider.Later(r.self.Now(), min(wait, b.most))
}

// succeeded forgets the failures of step st.
func (r *runner[M, K]) succeeded(st step) {
	if i := r.setbackOf(st); i >= 0 {
		r.setbacks = slices.Delete(r.setbacks, i, i+1)
	}
}

func (r *runner[M, K]) setbackOf(st step) int {
	for i := range r.setbacks {
		if r.setbacks[i].step == st {
			return i
		}
	}
	return -1
}
