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
	"github.com/foresight-bt/foresight/internal/misuse"
	"github.com/foresight-bt/foresight/sim"
)

// Branch returns a branch that adds a runner named name to a tree, with
// the domain's actions as its leaves (each constrained by its
// preconditions), so that the tree's machinery gives the actions their
// life cycle, tracing, panic handling and quarantine:
//
//	tree, err := bt.New(cfg).
//		Selector("mind", bt.Reselect(0)).
//			Branch(domain.Branch("goals")).
//			Do("idle", idle).
//		End().
//		Build()
//
// The runner plans when it begins, carries out its plan step by step, and
// plans again when a step fails or its preconditions no longer hold, when
// the domain's Replan test reports a change of the world, or when a goal
// of higher priority than the running one becomes relevant and has a plan.
// It succeeds once its goal holds (checked between steps: a step under
// way is let finish), and fails when no goal has a plan. Each agent of the tree has a runner of its own; a
// runner with a tracer reports every planning as a bt.EventPlan.
//
// Under a simulated selector the runner predicts its plan as the chain of
// its steps' simulations, judged as a whole, so a tree can weigh a
// goal-driven branch against others.
func (d *Domain[M, K]) Branch(name string) bt.Branch[M] {
	return func(b *bt.Builder[M]) {
		if !d.usable() {
			b.Leaf(name, misuse.Leaf[M]{Err: errors.New("goap: Branch of a nil or zero domain; use goap.New(...).Build")})
			return
		}
		b.Composite(name, d.newRunner)
		for _, a := range d.actions {
			b.Do(a.name, a.act)
			if len(a.pre) > 0 {
				b.Constrain(a.pre...)
			}
		}
		b.End()
	}
}

// sentinel reports whether err is one of the ways a planning finds no
// plan, rather than a fault.
func sentinel(err error) bool {
	return err == ErrNoGoal || err == ErrNoPlan || err == ErrOutOfBudget
}

// Why a planning was started, which decides what its result does to the
// running plan.
type purpose uint8

const (
	fresh   purpose = iota // no plan runs: begin, or the last one ended
	changed                // the Replan test saw the world change
	higher                 // a goal above the running one became relevant
)

// runner is an agent's instance of a domain's plan runner.
type runner[M any, K comparable] struct {
	d    *Domain[M, K]
	kids []*bt.Child[M]
	self *bt.Child[M]
	live *Planner[M, K] // the planning that acts, maybe spread over ticks
	pred *Planner[M, K] // predictions and previews, made on first use

	planning bool    // live has a planning under way
	deferred bool    // plan at the next tick
	purpose  purpose // what it is for
	why      cause   // why it was started

	goal     int // the running plan's goal, or -1
	plan     []int32
	at       int // the step under way
	cost     float64
	planned  M    // the memory the running plan was made on
	nogo     bool // no plan: the runner fails
	achieved bool // the goal holds: the runner succeeds
	replans  int  // plans made this tick after a step ended badly

	// goals above the running one that found no plan, and the state they
	// found none from: no need to try again until the state changes
	stale   []bool
	staleAt []K

	report decide.Report
}

func (d *Domain[M, K]) newRunner(kids []*bt.Child[M]) (bt.Node[M], error) {
	if len(kids) != len(d.actions) {
		return nil, errors.New("goap: the runner's children are not the domain's actions: add it with Branch")
	}
	return &runner[M, K]{d: d, kids: kids, live: d.NewPlanner(), goal: -1,
		stale: make([]bool, len(d.goals)), staleAt: make([]K, len(d.goals))}, nil
}

// Bind keeps the runner's handle on itself, to report its plannings.
func (r *runner[M, K]) Bind(self *bt.Child[M]) { r.self = self }

// Describe says what the runner plans for, for dumps and pictures.
func (r *runner[M, K]) Describe() string {
	return "goap: " + strconv.Itoa(len(r.d.goals)) + " goals, " + strconv.Itoa(len(r.d.actions)) + " actions"
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
	planEndedShort = cause{action: -1, text: "the plan ended and its goal does not hold"}
)

func (r *runner[M, K]) Begin(m *M) bt.Status {
	r.reset()
	r.replans = 0
	r.startPlanning(m, fresh, noCause)
	return r.run(m, 0)
}

func (r *runner[M, K]) Update(m *M, dt time.Duration) bt.Status {
	r.replans = 0
	switch {
	case r.goal >= 0 && r.between() && r.d.goals[r.goal].satisfied(m):
		// the goal holds: run says so, without planning
	case r.deferred:
		r.deferred = false
		r.startPlanning(m, fresh, r.why)
	case r.planning:
		r.live.within(r.self.Context()) // a crowd's worker may differ from the last tick's
		if r.live.advance(r.limit()) {
			r.conclude(m)
		}
	case r.goal >= 0 && r.d.changed != nil && r.d.changed(&r.planned, m):
		r.startPlanning(m, changed, worldChanged)
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

// limit is how many nodes the runner may take from its search this tick.
func (r *runner[M, K]) limit() int {
	if r.d.perTick > 0 {
		return r.d.perTick
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
		case r.between() && r.d.goals[r.goal].satisfied(m):
			// The goal holds, however it came to: the rest is moot. A step
			// under way is let finish first, as it may have more to do.
			r.goal = -1
			return bt.Success
		case r.at == len(r.plan):
			if !r.replan(m, planEndedShort) {
				return bt.Running
			}
			continue
		}
		a := r.plan[r.at]
		k := r.kids[a]
		if !k.Running() {
			if ok, why := r.ready(int(a), m); !ok {
				if !r.replan(m, cause{action: a, text: " cannot begin: ", detail: why}) {
					return bt.Running
				}
				continue
			}
			r.d.stats.addRun(int(a))
		}
		switch st := k.Tick(m, dt); st {
		case bt.Running:
			return bt.Running
		case bt.Success:
			r.d.stats.addEnd(int(a), st)
			r.at++
		default:
			r.d.stats.addEnd(int(a), st)
			why := cause{action: a, text: " failed"}
			if ok, pre := r.ready(int(a), m); !ok {
				why = cause{action: a, text: " was stopped: ", detail: pre}
			}
			if !r.replan(m, why) {
				return bt.Running
			}
		}
	}
}

// between reports whether the plan is between steps: none runs.
func (r *runner[M, K]) between() bool {
	return r.at == len(r.plan) || !r.kids[r.plan[r.at]].Running()
}

// replan drops the running plan and plans afresh, once a tick: a second
// failure in one tick waits for the next, so that a world where nothing
// works cannot keep a tick from ending. It reports whether a plan was made
// (or a planning is under way).
func (r *runner[M, K]) replan(m *M, why cause) bool {
	r.goal = -1
	if r.replans > 0 {
		r.deferred, r.why = true, why
		return false
	}
	r.replans++
	r.startPlanning(m, fresh, why)
	return true
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
	switch p {
	case higher:
		r.live.begin(m, true, r.d.goals[r.goal].priority)
	default:
		r.live.begin(m, false, 0)
	}
	r.planning, r.purpose, r.why = true, p, why
	if r.live.advance(r.limit()) {
		r.conclude(m)
	}
}

// situate tells planner p's preconditions where they are checked (each
// action's own node, as if about to begin), and has it copy memories and
// simulate actions with ctx, the tree's context for the call under way
// (nil outside one).
func (r *runner[M, K]) situate(p *Planner[M, K], ctx *sim.Context[M]) {
	p.within(ctx)
	for i, k := range r.kids {
		s := k.Situation(true)
		s.Running = false
		p.s.sits[i] = s
		p.s.out[i] = k.Quarantined()
	}
}

// conclude acts on a live planning that is over.
func (r *runner[M, K]) conclude(m *M) {
	p := r.live
	r.planning = false
	p.count()
	tracing := r.self != nil && r.self.Tracing()
	if tracing {
		p.Explain(&r.report)
	}
	switch {
	case p.goal < 0 && p.err != nil && !sentinel(p.err):
		// A cost or an estimate broke its contract: a fault of user code,
		// which the tree returns from Tick as a *bt.PanicError.
		panic(p.err)
	case r.purpose == higher && p.goal < 0:
		r.noteStale()
		r.tell(tracing, decide.Kept, "no goal of higher priority has a plan within the budget", "")
	case p.goal < 0 && r.goal >= 0 && p.err == ErrNoGoal && r.d.goals[r.goal].satisfied(m):
		// a re-plan found nothing to do: the running goal holds
		r.tell(tracing, decide.None, "the running goal holds", "")
		r.stop(m)
		r.achieved = true
	case p.goal < 0:
		r.stop(m)
		r.nogo = true
		if tracing {
			if r.why != noCause {
				r.report.Reason = r.words(r.why) + "; " + r.report.Reason
			}
			r.self.Report(&r.report)
		}
	case r.purpose == changed && p.goal == r.goal && slices.Equal(p.steps, r.plan[r.at:]):
		p.s.ctx.Copy(&r.planned, &p.root)
		r.tell(tracing, decide.Kept, r.why.text, "; the running plan is still the best")
	default:
		if tracing {
			switch {
			case r.purpose == higher:
				r.report.Change = decide.Replaced
				g, was := &r.d.goals[p.goal], &r.d.goals[r.goal]
				r.report.Reason = "goal " + g.name + " (" + g.prio + ") outranks goal " + was.name + " (" + was.prio + ")"
			case r.why != noCause:
				g := &r.d.goals[p.goal]
				r.report.Change = decide.Replaced
				r.report.Reason = r.words(r.why) + "; now for goal " + g.name + " (" + g.prio + ")"
			}
		}
		r.adopt(m)
		if tracing {
			r.self.Report(&r.report)
		}
	}
}

// words puts a cause into words.
func (r *runner[M, K]) words(c cause) string {
	if c.action >= 0 {
		return r.d.actions[c.action].name + c.text + c.detail
	}
	return c.text + c.detail
}

// tell reports a planning that kept the running plan.
func (r *runner[M, K]) tell(tracing bool, c decide.Change, why, more string) {
	if !tracing {
		return
	}
	r.report.Goal = r.d.goals[r.goal].name
	r.report.Change, r.report.Reason = c, why+more
	r.report.Steps = r.report.Steps[:0]
	if c == decide.Kept { // the running plan's remaining steps
		for _, a := range r.plan[r.at:] {
			r.report.Steps = append(r.report.Steps, r.d.actions[a].name)
		}
	}
	r.report.Cost = r.cost
	r.self.Report(&r.report)
}

// adopt makes the live planner's plan the running one. A step that runs
// and begins the new plan goes on; any other is halted.
func (r *runner[M, K]) adopt(m *M) {
	p := r.live
	if r.goal >= 0 && r.at < len(r.plan) {
		if cur := r.plan[r.at]; len(p.steps) == 0 || p.steps[0] != cur {
			r.kids[cur].Halt(m)
		}
	} else {
		r.stop(m)
	}
	r.goal, r.cost, r.at = p.goal, p.cost, 0
	r.plan = append(r.plan[:0], p.steps...)
	p.s.ctx.Copy(&r.planned, &p.root)
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
			gi := r.d.order[pos]
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

// higherGoalDue reports whether a goal of higher priority than the running
// one is relevant, unsatisfied, and not already known to have no plan from
// this state.
func (r *runner[M, K]) higherGoalDue(m *M) bool {
	prio := r.d.goals[r.goal].priority
	var key K
	keyed := false
	for _, gi := range r.d.order {
		g := &r.d.goals[gi]
		if g.priority <= prio {
			return false
		}
		if (g.relevant != nil && !g.relevant(m)) || g.satisfied(m) {
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

// Simulate predicts the rest of the running plan, or the plan the runner
// would make from m, as a chain of its steps' simulations.
func (r *runner[M, K]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	steps := r.plan[r.at:]
	if r.goal < 0 || r.nogo {
		p := r.predict(ctx, m, false, 0)
		if p.goal < 0 {
			return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: noPlanReason(p.err)}
		}
		steps = p.steps
	}
	ch := bt.StartChain(ctx, m)
	for _, a := range steps {
		v, terminal := ch.Step(r.kids[a])
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

// Route returns the step a tick would run, deciding as Update would: the
// running plan's step, unless the tick would plan again (the world changed,
// a goal above the running one is due, the step cannot begin, the plan is
// done), and then the first step of the plan it would make from m.
func (r *runner[M, K]) Route(m *M) int {
	ctx := r.self.Context()
	switch {
	case r.planning:
		return -1 // still searching
	case r.goal < 0 || r.nogo || r.deferred:
		return r.first(r.predict(ctx, m, false, 0))
	case r.d.changed != nil && r.d.changed(&r.planned, m):
		return r.first(r.predict(ctx, m, false, 0))
	case r.higherGoalDue(m):
		if p := r.predict(ctx, m, true, r.d.goals[r.goal].priority); p.goal >= 0 {
			return r.first(p)
		}
	}
	if r.between() && r.d.goals[r.goal].satisfied(m) {
		return -1 // the runner succeeds
	}
	if r.at < len(r.plan) {
		a := r.plan[r.at]
		if ok, _ := r.ready(int(a), m); ok || r.kids[a].Running() {
			return int(a)
		}
	}
	return r.first(r.predict(ctx, m, false, 0))
}

// first returns the first step of p's plan, or -1.
func (r *runner[M, K]) first(p *Planner[M, K]) int {
	if p.goal >= 0 && len(p.steps) > 0 {
		return int(p.steps[0])
	}
	return -1
}

// predict plans from m to the end, for every goal or only those above a
// priority, on a planner of its own, without touching the live planning
// or the statistics.
func (r *runner[M, K]) predict(ctx *sim.Context[M], m *M, bounded bool, above int) *Planner[M, K] {
	if r.pred == nil {
		r.pred = r.d.NewPlanner()
	}
	r.situate(r.pred, ctx)
	r.pred.begin(m, bounded, above)
	r.pred.advance(math.MaxInt)
	return r.pred
}

// noPlanReason is the static reason of an Impossible prediction.
func noPlanReason(err error) string {
	if err == nil {
		return "goap: planning failed"
	}
	return err.Error() // the sentinels' texts, which allocate nothing
}
