package goap

import (
	"math"
	"runtime/debug"
	"strconv"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/sim"
)

// A Plan is what a planning found: the goal, the actions to reach it in
// order, and what it costs.
type Plan struct {
	Goal  string   // the goal the plan reaches
	Steps []string // the actions' names, in order
	Cost  float64  // the sum of the steps' costs
	// Expanded counts the nodes this planning expanded, over every goal
	// it tried.
	Expanded int
}

// A Planner plans for one agent over a Domain, reusing its storage from
// one planning to the next: after the first few plannings it allocates
// nothing. A Planner is not safe for concurrent use; make one per agent or
// goroutine. A tree's runner (see Domain.Branch) has one of its own.
type Planner[M any, K comparable] struct {
	d    *Domain[M, K]
	s    *search[M, K]
	root M // the memory planned on

	// Which goals this planning considers: all, or (bounded) only those of
	// a priority above `above`.
	bounded bool
	above   int

	pos      int  // position in d.order of the goal being worked on
	active   bool // a search for it is under way
	done     bool
	outcomes []outcome // per goal, in d.order

	goal     int // the goal planned for, or -1
	steps    []int32
	names    []string
	cost     float64
	expanded int
	err      error
}

// What became of a goal in one planning.
type outcome struct {
	kind     uint8
	expanded int
}

const (
	notTried uint8 = iota
	irrelevant
	satisfied
	noPlan
	overBudget
	planned
	broken // a cost or an estimate was bad
)

// NewPlanner returns a planner over the domain, for one agent. A planner
// of a nil domain plans nothing: its Plan returns ErrNoDomain.
func (d *Domain[M, K]) NewPlanner() *Planner[M, K] {
	if !d.usable() {
		return &Planner[M, K]{goal: -1}
	}
	return &Planner[M, K]{d: d, s: newSearch(d), outcomes: make([]outcome, len(d.goals)), goal: -1}
}

// Plan plans from memory m, which it only reads: for each relevant goal
// that m does not satisfy, highest priority first, it searches for the
// cheapest sequence of actions that reaches it, and returns the first plan
// found. It fails with ErrNoGoal, ErrNoPlan or ErrOutOfBudget (see their
// docs), never with a partial plan, or with an error naming an action
// whose cost, or a goal whose estimate, is negative or not a number.
//
// A panic in user code (the key function, a precondition, an effect, a
// cost, a goal's tests or estimate, the copy function) comes back as a
// *bt.PanicError (Method "Plan"), and the planner is ready to plan again.
//
// The plan's Steps are the planner's own, valid until it plans again.
func (p *Planner[M, K]) Plan(m *M) (plan Plan, err error) {
	switch {
	case p == nil || !p.d.usable():
		return Plan{}, ErrNoDomain
	case m == nil:
		return Plan{}, errNilMemory
	}
	defer func() {
		if r := recover(); r != nil {
			plan, err = Plan{}, &bt.PanicError{Method: "Plan", Value: r, Stack: debug.Stack()}
		}
	}()
	p.begin(m, false, 0)
	p.advance(math.MaxInt)
	p.count()
	return p.plan(), p.err
}

// within has the planner copy memories and simulate actions with ctx, or,
// when it is nil, with a context of its own.
func (p *Planner[M, K]) within(ctx *sim.Context[M]) {
	if ctx == nil {
		ctx = p.s.own
	}
	p.s.ctx = ctx
}

// plan returns the plan found, or the zero Plan.
func (p *Planner[M, K]) plan() Plan {
	if p.goal < 0 {
		return Plan{Expanded: p.expanded}
	}
	return Plan{Goal: p.d.goals[p.goal].name, Steps: p.names, Cost: p.cost, Expanded: p.expanded}
}

// begin starts a planning from m, for every goal or only those of a
// priority above `above`.
func (p *Planner[M, K]) begin(m *M, bounded bool, above int) {
	p.s.ctx.Copy(&p.root, m)
	p.bounded, p.above = bounded, above
	p.pos, p.active, p.done = 0, false, false
	clear(p.outcomes)
	p.goal, p.cost, p.expanded, p.err = -1, 0, 0, nil
	p.steps, p.names = p.steps[:0], p.names[:0]
	p.s.resetTallies()
}

// advance goes on with the planning for at most limit nodes and reports
// whether it is over.
func (p *Planner[M, K]) advance(limit int) bool {
	d := p.d
	for !p.done && p.pos < len(d.order) {
		gi := d.order[p.pos]
		g := &d.goals[gi]
		if p.bounded && g.priority <= p.above {
			break // the rest rank no higher
		}
		if !p.active {
			switch {
			case g.relevant != nil && !g.relevant(&p.root):
				p.outcomes[p.pos].kind = irrelevant
				p.pos++
				continue
			case g.satisfied(&p.root):
				p.outcomes[p.pos].kind = satisfied
				p.pos++
				continue
			}
			p.s.start(g, &p.root)
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
		switch st {
		case found:
			o.kind = planned
			p.goal = gi
			p.steps = p.s.path(p.steps)
			for _, a := range p.steps {
				p.names = append(p.names, d.actions[a].name)
			}
			p.cost = p.s.nodes[p.s.found].g
			p.done = true
			return true
		case exhausted:
			o.kind = noPlan
		case outOfBudget:
			o.kind = overBudget
		case failed:
			o.kind = broken
			p.err = p.s.err
			p.done = true
			return true
		}
		p.pos++
		if limit <= 0 {
			return false
		}
	}
	p.done = true
	p.err = ErrNoGoal
	for _, o := range p.outcomes {
		switch o.kind {
		case overBudget:
			p.err = ErrOutOfBudget
			return true
		case noPlan:
			p.err = ErrNoPlan
		}
	}
	return true
}

// Explain describes the planner's last planning in pl, as a runner
// reports it to a tree's tracer: the goal and its plan, the goals turned
// down (irrelevant, already satisfied, no plan, out of budget) with their
// priority, and the actions discarded on the way with the precondition
// that failed, the reason it gave first and how often. Change is
// PlanMade, PlanNone or PlanOutOfBudget; Reason says which goal or why
// none. Explain reuses pl's slices.
func (p *Planner[M, K]) Explain(pl *decide.Report) {
	if p == nil || p.d == nil || pl == nil {
		return
	}
	d := p.d
	pl.Goal, pl.Reason, pl.Record = "", "", nil
	pl.Steps = append(pl.Steps[:0], p.names...)
	pl.Cost, pl.Expanded = p.cost, p.expanded
	pl.Rejected = pl.Rejected[:0]
	for pos, o := range p.outcomes {
		g := &d.goals[d.order[pos]]
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
		default:
			continue
		}
		pl.Rejected = append(pl.Rejected, decide.Rejection{Name: g.label, Reason: g.prio + ": " + why})
	}
	for ai := range d.actions {
		a := &d.actions[ai]
		for slot := a.slot; slot <= a.slot+len(a.pre); slot++ {
			n := p.s.tally[slot]
			if n == 0 {
				continue
			}
			why := p.s.firstWhy[slot]
			if why == "" {
				why = "no reason given"
			}
			var which string
			if slot == a.slot+len(a.pre) {
				which = "already done: "
			} else {
				which = "precondition " + strconv.Itoa(slot-a.slot+1) + ": "
			}
			pl.Rejected = append(pl.Rejected, decide.Rejection{Name: a.name,
				Reason: which + why + " (" + times(int(n)) + ")"})
		}
	}
	switch {
	case p.goal >= 0:
		g := &d.goals[p.goal]
		pl.Goal, pl.Change = g.name, decide.Made
		pl.Reason = "goal " + g.name + " (" + g.prio + "), the highest with a plan"
	case p.err == ErrOutOfBudget:
		pl.Change, pl.Reason = decide.OutOfBudget, "no plan found within the budget"
	case p.err == ErrNoGoal:
		pl.Change, pl.Reason = decide.None, "no goal is relevant and unsatisfied"
	case p.err == ErrNoPlan:
		pl.Change, pl.Reason = decide.None, "no plan reaches a relevant goal"
	default:
		pl.Change, pl.Reason = decide.None, p.err.Error()
	}
}

// times says "once", "2 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return strconv.Itoa(n) + " times"
}

// count adds the last planning to the domain's statistics.
func (p *Planner[M, K]) count() {
	p.d.stats.addPlanning(p.expanded, p.s.tally, p.steps)
}

// Plan plans from m outside any tree with a planner of its own, as
// Planner.Plan does: use it to test a domain or to plan once. It makes a
// new planner at each call; an agent that plans again and again keeps one
// from NewPlanner, which allocates nothing once warm.
func (d *Domain[M, K]) Plan(m *M) (Plan, error) {
	return d.NewPlanner().Plan(m)
}
