package goap

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"strconv"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/randkey"
)

// A Session plans for one agent over a Domain, reusing its storage from
// one planning to the next: after the first few plannings it allocates
// nothing. A Session is not safe for concurrent use; make one per agent or
// goroutine. A tree's runner (see Domain.Runner) has one of its own.
type Session[M any, K comparable] struct {
	d    *Domain[M, K]
	s    *search[M, K]
	root M // the memory planned on

	// Which goals this planning considers: all, or (bounded) only those of
	// a utility above `above`; and the goal it tries first, or -1.
	bounded bool
	above   float64
	first   int
	// seed is what a random choice of goals (decide.AtRandom) draws from.
	seed uint64

	order    []int     // the goals, highest utility first, for this planning
	prio     []float64 // each goal's utility, for this planning
	pos      int       // position in order of the goal being worked on
	active   bool      // a search for it is under way
	done     bool
	outcomes []outcome // per goal, in order

	goal     int   // the goal planned for, or -1
	kept     int32 // its trial, while watching
	steps    []step
	names    []string
	cost     float64
	expanded int
	err      error
}

// What became of a goal in one planning.
type outcome struct {
	kind     uint8
	expanded int
	cost     float64 // planned: the plan's cost
}

const (
	notTried uint8 = iota
	irrelevant
	satisfied
	noPlan
	overBudget
	planned // and pursued, or (decide.ByCost, decide.ByUtilityLessCost) passed over for a better
	broken  // a cost, an estimate or a utility was bad
)

// NewSession returns a session over the domain, for one agent. A session
// of a nil domain plans nothing: its Plan returns an error.
func (d *Domain[M, K]) NewSession() *Session[M, K] {
	if !d.usable() {
		return &Session[M, K]{goal: -1}
	}
	n := len(d.goals)
	return &Session[M, K]{d: d, s: newSearch(d), outcomes: make([]outcome, n), order: make([]int, n),
		prio: make([]float64, n), goal: -1}
}

// Plan plans from memory m, which it only reads: for the relevant goals
// that m does not satisfy, it searches for the cheapest sequence of
// actions that reaches each (highest utility first, until one has a
// plan, or every one, as the domain's Choose says) and returns the plan
// of the goal chosen. Preconditions are judged at the time the plan has
// reached (the clock starting at zero), knowing what the steps before
// them did. It fails with an error wrapping decide.ErrNoPlan (ErrNoGoal
// among them) or decide.ErrOutOfBudget, never with a partial plan, or
// with an error naming an action whose cost, or a goal whose estimate or
// utility, is negative or not a number.
//
// A panic in user code (the key function, a precondition, an effect, a
// cost, a goal's tests, utility or estimate, the copy function) comes
// back as a *bt.PanicError (Method "Plan"), and the session is ready to
// plan again.
//
// The plan's slices are the session's own, valid until it plans again.
func (p *Session[M, K]) Plan(m *M) (plan decide.Plan, err error) {
	switch {
	case p == nil || !p.d.usable():
		return decide.Plan{}, errNoDomain
	case m == nil:
		return decide.Plan{}, errNilMemory
	}
	defer func() {
		if r := recover(); r != nil {
			p.s.own.Reset()
			plan, err = decide.Plan{}, &bt.PanicError{Method: "Plan", Value: r, Stack: debug.Stack()}
		}
	}()
	p.within(nil)
	p.s.own.Reset()
	p.begin(m, false, 0, -1)
	p.advance(math.MaxInt)
	return p.plan(), p.err
}

// Seed sets the numbers the session draws a random choice of goals from
// (decide.AtRandom): the same seed and memory give the same plan. A new
// session draws from seed 0; a tree's runner from its agent's seed, tick
// by tick.
func (p *Session[M, K]) Seed(seed uint64) {
	if p != nil {
		p.seed = seed
	}
}

// Watch makes the session keep, from its next planning on, what it tried
// (or stop keeping it): each goal, and under each goal searched the
// search, every state reached with its cost and estimate and what became
// of it (expanded, left open, known already at no more cost, the goal),
// as the Trials of its plan and of Explain's report, with the path of the
// plan marked. It is a planning monitor: draw.Search pictures it. A
// runner keeps them while its tree traces. Watching costs time and, as
// the trials grow, memory.
func (p *Session[M, K]) Watch(on bool) {
	if p != nil && p.s != nil {
		p.s.watching = on
	}
}

// within has the session copy memories and simulate actions with ctx, or,
// when it is nil, with a context of its own.
func (p *Session[M, K]) within(ctx *bt.Sim[M]) {
	if ctx == nil {
		ctx = p.s.own
	}
	p.s.ctx = ctx
}

// plan returns the plan found, or the zero Plan.
func (p *Session[M, K]) plan() decide.Plan {
	var trials []decide.Trial
	if p.s.watching {
		trials = p.s.trials
	}
	if p.goal < 0 {
		return decide.Plan{Expanded: p.expanded, Trials: trials}
	}
	return decide.Plan{Goal: p.d.goals[p.goal].name, Utility: p.prio[p.goal], Steps: p.names, Cost: p.cost,
		Expanded: p.expanded, Trials: trials}
}

// begin starts a planning from m, for every goal or only those of a
// utility above `above`, trying goal first first (-1: none).
func (p *Session[M, K]) begin(m *M, bounded bool, above float64, first int) {
	p.s.ctx.Copy(&p.root, m)
	p.bounded, p.above, p.first = bounded, above, first
	p.s.trials = p.s.trials[:0]
	p.pos, p.active, p.done = 0, false, false
	clear(p.outcomes)
	p.goal, p.cost, p.expanded, p.err = -1, 0, 0, nil
	p.steps, p.names = p.steps[:0], p.names[:0]
	p.s.resetTallies()
	p.weigh()
}

// weigh orders the goals for this planning: by utility, each goal's
// own or what it computes from the memory planned on, highest first, in
// the order added among equals.
func (p *Session[M, K]) weigh() {
	d := p.d
	for i := range d.goals {
		g := &d.goals[i]
		p.prio[i] = g.utility
		if g.weight != nil {
			w := g.weight(&p.root)
			if math.IsNaN(w) || math.IsInf(w, 0) {
				p.err = fmt.Errorf("goap: goal %q has utility %v: a utility must be a finite number", g.name, w)
			}
			p.prio[i] = w
		}
		p.order[i] = i
	}
	if d.choice == decide.AtRandom {
		p.draw()
	} else {
		for i := 1; i < len(p.order); i++ {
			for j := i; j > 0 && p.prio[p.order[j]] > p.prio[p.order[j-1]]; j-- {
				p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
			}
		}
	}
	if p.first >= 0 { // the running goal first
		i := slices.Index(p.order, p.first)
		copy(p.order[1:i+1], p.order[:i])
		p.order[0] = p.first
	}
}

// draw orders the goals at random: each place drawn among the goals left
// with a chance in proportion to their utility (none below zero), from
// the session's seed; goals of utility zero or less keep their order,
// after the rest.
func (p *Session[M, K]) draw() {
	randkey.Order(p.order, func(gi int) float64 { return p.prio[gi] }, randkey.Next(p.seed))
}

// advance goes on with the planning for at most limit nodes and reports
// whether it is over.
func (p *Session[M, K]) advance(limit int) bool {
	d := p.d
	if p.err != nil {
		p.done = true
		return true
	}
	for !p.done && p.pos < len(p.order) {
		gi := p.order[p.pos]
		g := &d.goals[gi]
		if p.bounded && p.prio[gi] <= p.above {
			if d.choice != decide.AtRandom {
				break // the rest rank no higher
			}
			p.pos++ // drawn, but it ranks no higher
			continue
		}
		if !p.active {
			switch {
			case g.relevant != nil && !g.relevant(&p.root):
				p.outcomes[p.pos].kind = irrelevant
				if p.s.watching {
					p.s.trial(-1, g.label, "not relevant", "", 0, 0)
				}
				p.pos++
				continue
			case g.holds(&p.root, &p.root):
				p.outcomes[p.pos].kind = satisfied
				if p.s.watching {
					p.s.trial(-1, g.label, "already satisfied", "", 0, 0)
				}
				p.pos++
				continue
			}
			if p.s.watching {
				p.s.goalTrial = p.s.trial(-1, g.label, "searched", "", 0, 0)
			}
			p.s.start(g, &p.root, p.d.budget.Tries) // each goal's search its own budget
			p.active = true
		}
		st, used := p.s.step(limit)
		limit -= used
		if st == searching {
			return false
		}
		p.active = false
		o := &p.outcomes[p.pos]
		o.expanded = p.s.expanded
		p.expanded += p.s.expanded
		p.watched(st)
		switch st {
		case found:
			o.kind, o.cost = planned, p.s.nodes[p.s.found].g
			if p.better(gi, o.cost) {
				p.keep(gi, o.cost)
			}
			if d.choice == decide.ByUtility || d.choice == decide.AtRandom { // the first with a plan, in the order drawn
				p.done = true
				return true
			}
		case exhausted:
			o.kind = noPlan
		case outOfBudget:
			o.kind = overBudget
		case failed:
			o.kind = broken
			p.err = p.s.err
			p.goal = -1
			p.done = true
			return true
		}
		p.pos++
		if limit <= 0 {
			return p.pos >= len(p.order) && p.finish()
		}
	}
	return p.finish()
}

// better reports whether the plan just found for goal gi, of that cost,
// beats the one kept, by the domain's choice.
func (p *Session[M, K]) better(gi int, cost float64) bool {
	if p.goal < 0 {
		return true
	}
	switch p.d.choice {
	case decide.ByCost:
		return cost < p.cost
	case decide.ByUtilityLessCost:
		return p.prio[gi]-cost > p.prio[p.goal]-p.cost
	}
	return false
}

// keep makes the plan the search found, for goal gi, the planning's plan.
func (p *Session[M, K]) keep(gi int, cost float64) {
	p.goal, p.cost = gi, cost
	p.steps = p.s.path(p.steps)
	p.names = p.names[:0]
	for _, st := range p.steps {
		p.names = append(p.names, p.d.actions[actionOf(st)].name)
	}
	if p.s.watching { // the plan's way through the search, and its goal
		p.kept = p.s.goalTrial
		for i := range p.s.trials {
			p.s.trials[i].Planned = false
		}
		p.s.trials[p.kept].Planned = true
		for n := p.s.found; n >= 0; n = p.s.nodes[n].parent {
			p.s.trials[p.s.nodes[n].trial].Planned = true
		}
	}
}

// watched notes in the goal's trial what its search came to.
func (p *Session[M, K]) watched(st state) {
	if !p.s.watching {
		return
	}
	tr := &p.s.trials[p.s.goalTrial]
	switch st {
	case found:
		tr.Outcome, tr.Cost = "planned", p.s.nodes[p.s.found].g
	case exhausted:
		tr.Outcome = "no plan"
	case outOfBudget:
		tr.Outcome = "out of budget"
	default:
		tr.Outcome = "failed"
	}
}

// finish ends the planning: with the plan kept, or the reason there is
// none.
func (p *Session[M, K]) finish() bool {
	p.done = true
	if p.goal >= 0 {
		return true
	}
	p.err = ErrNoGoal
	for _, o := range p.outcomes {
		switch o.kind {
		case overBudget:
			p.err = p.d.outOfTries
			if p.s.bound() == "Steps" {
				p.err = p.d.outOfSteps
			}
			return true
		case noPlan:
			p.err = errNoPlan
		}
	}
	return true
}

// Explain describes the session's last planning in r, as a runner
// reports it to a tree's tracer: the goal, how much it mattered and its
// plan, the goals turned down (irrelevant, already satisfied, no plan,
// out of budget, a better plan elsewhere) with their utility, and the
// actions discarded on the way with the precondition that failed, the
// reason it gave first and how often. Change is Made, None or
// OutOfBudget; Reason says which goal or why none. Explain reuses r's
// slices.
func (p *Session[M, K]) Explain(r *decide.Report) {
	if p == nil || p.d == nil || r == nil {
		return
	}
	d := p.d
	r.Goal, r.Reason, r.Record, r.Methods, r.Utility = "", "", nil, nil, 0
	r.Steps = append(r.Steps[:0], p.names...)
	r.Cost, r.Expanded = p.cost, p.expanded
	r.Rejected = r.Rejected[:0]
	for pos, o := range p.outcomes {
		gi := p.order[pos]
		g := &d.goals[gi]
		var why string
		switch o.kind {
		case irrelevant:
			why = "not relevant"
		case satisfied:
			why = "already satisfied"
		case noPlan:
			why = "no plan (" + strconv.Itoa(o.expanded) + " nodes expanded)"
		case overBudget:
			why = "out of budget (" + strconv.Itoa(o.expanded) + " nodes expanded)"
		case broken:
			why = p.err.Error()
		case planned:
			if gi == p.goal {
				continue
			}
			why = "a plan of cost " + strconv.FormatFloat(o.cost, 'g', -1, 64) + ", " + p.passedOver()
		default:
			continue
		}
		r.Rejected = append(r.Rejected, decide.Rejection{Name: g.label, Reason: worth(p.prio[gi]) + ": " + why})
	}
	p.scores(r)
	p.s.explain(r)
	r.Trials = nil
	if p.s.watching {
		r.Trials = p.s.trials
	}
	p.tally(r)
	switch {
	case p.goal >= 0:
		g := &d.goals[p.goal]
		r.Goal, r.Utility, r.Change = g.name, p.prio[p.goal], decide.Made
		r.Reason = "goal " + g.name + " (" + worth(r.Utility) + "), " + p.chosen()
	case errors.Is(p.err, decide.ErrOutOfBudget):
		r.Change, r.Reason = decide.OutOfBudget, "no plan found within the budget"
	case p.err == ErrNoGoal:
		r.Change, r.Reason = decide.None, "no goal is relevant and unsatisfied"
	case p.err == errNoPlan:
		r.Change, r.Reason = decide.None, "no plan reaches a relevant goal"
	default:
		r.Change, r.Reason = decide.None, p.err.Error()
	}
}

// scores writes into r what each goal was worth on the memory planned
// from, with its considerations' parts when its utility has them; r's
// Scores are nil when no goal's utility comes from the memory, and the
// numbers Goal gave are the whole story.
func (p *Session[M, K]) scores(r *decide.Report) {
	d := p.d
	computed := slices.ContainsFunc(d.goals, func(g goal[M]) bool { return g.weight != nil })
	if !computed {
		r.Scores = nil
		return
	}
	r.Scores = slices.Grow(r.Scores[:0], len(d.goals))[:len(d.goals)]
	for gi := range d.goals {
		g := &d.goals[gi]
		sc := &r.Scores[gi]
		sc.Name, sc.Utility, sc.Note = g.name, p.prio[gi], ""
		if g.measure == nil {
			sc.Terms = nil
			continue
		}
		sc.Terms = append(sc.Terms[:0], g.terms...)
		g.measure.Explain(&p.root, sc.Terms)
	}
}

// tally writes into r what became of each action in the planning: how
// often the search considered it, how often its preconditions refused
// it, and how often they admitted it.
func (p *Session[M, K]) tally(r *decide.Report) {
	s := p.s
	r.Tallies = r.Tallies[:0]
	for ai := range p.d.actions {
		considered := s.considered[ai]
		if p.d.checks[ai].how != checkVariants {
			considered += s.sweeps
		}
		r.Tallies = append(r.Tallies, decide.Tally{Name: p.d.actions[ai].name, Considered: int(considered),
			Discarded: int(considered - s.admitted[ai]), Admitted: int(s.admitted[ai])})
	}
}

// chosen says why the goal was chosen, by the domain's choice.
func (p *Session[M, K]) chosen() string {
	switch p.d.choice {
	case decide.ByCost:
		return "the cheapest plan"
	case decide.ByUtilityLessCost:
		return "the most worth its cost"
	case decide.AtRandom:
		return "drawn at random"
	}
	return "the highest with a plan"
}

// passedOver says why a goal with a plan was passed over: for the plan
// of the goal kept, or dropped when a later goal's search failed (which
// keeps no plan).
func (p *Session[M, K]) passedOver() string {
	switch {
	case p.goal < 0:
		return "dropped when the planning failed"
	case p.d.choice == decide.ByUtilityLessCost:
		return "worth less than goal " + p.d.goals[p.goal].name + "'s"
	}
	return "dearer than goal " + p.d.goals[p.goal].name + "'s"
}

// worth says "utility 3".
func worth(v float64) string { return "utility " + strconv.FormatFloat(v, 'g', 4, 64) }

// times says "once", "2 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return strconv.Itoa(n) + " times"
}

// copyFrom makes p the same planning as o, a planning of the same domain
// under way, reusing p's storage (see search.copyFrom).
func (p *Session[M, K]) copyFrom(o *Session[M, K]) {
	p.s.ctx.Copy(&p.root, &o.root)
	p.bounded, p.above, p.first, p.seed, p.kept = o.bounded, o.above, o.first, o.seed, o.kept
	copy(p.order, o.order)
	copy(p.prio, o.prio)
	p.pos, p.active, p.done = o.pos, o.active, o.done
	copy(p.outcomes, o.outcomes)
	p.goal, p.cost, p.expanded, p.err = o.goal, o.cost, o.expanded, o.err
	p.steps, p.names = append(p.steps[:0], o.steps...), append(p.names[:0], o.names...)
	p.s.copyFrom(o.s)
	if o.s.root != nil {
		p.s.root = &p.root
	}
}
