package trace

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// An Action reports an action (a leaf) that began, and why.
type Action struct {
	Tick uint64
	Time time.Duration
	Path string // the action's path in the tree
	Name string
	// Verdict is what got the action chosen: the verdict of the nearest
	// selector or priority above it on the choice that leads to it; zero
	// when none chose it (a sequence did, or a planner). A priority's
	// verdict is Irrelevant, not judged, with the guard that passed as its
	// reason (see bt.Decision), and Why says so.
	Verdict heuristic.Verdict
	// Why is how the nearest selector or priority above it chose.
	Why bt.Why
	// Options are the best options turned down by the selectors above it,
	// best first, and Cut how many more there were beyond MaxOptions.
	Options []Option
	Cut     int
	// Step places an action run by a planner node (an HTN or GOAP runner)
	// in the planner's latest plan; nil for actions no planner ran.
	Step *PlanStep
}

// A PlanStep is an action's place in its planner's plan.
type PlanStep struct {
	Planner string        // the planner's path
	Record  decide.Record // the plan's record, for an HTN
	Methods []string      // the record's methods, by name
	Index   int           // the step, from 1; 0 when the action is not among the plan's next steps
	Of      int           // the plan's length
}

// String formats the step as "step 2 of 3 of plan [attack/slam]".
func (p *PlanStep) String() string {
	s := "in plan"
	if p.Index > 0 {
		s = fmt.Sprintf("step %d of %d of plan", p.Index, p.Of)
	}
	if p.Record != nil {
		dp := decide.Plan{Record: p.Record, Methods: p.Methods}
		s += " " + dp.Path()
	}
	return s
}

// planned is what Actions remembers of a planner's latest plan.
type planned struct {
	step  PlanStep
	steps []string
	next  int
}

// An Option is a choice turned down, with its verdict.
type Option struct {
	Selector string // the selector or priority that turned it down
	Name     string
	Verdict  heuristic.Verdict
	Ordered  bool // turned down by a priority: its guard failed (see bt.Why.Ordered)
}

// String formats the option as a timeline shows it: "attack Impossible
// (out of reach)", or for a priority's, whose verdicts say only which
// guard failed, "attack (not in sight)".
func (o Option) String() string {
	if o.Ordered {
		return o.Name + " (" + o.Verdict.Reason + ")"
	}
	return o.Name + " " + o.Verdict.String()
}

// Because says in words what got the action chosen: the verdict of the
// selector that chose it ("Beneficial (closer)"), the guard that passed
// in the priority that did ("hurt, first in order"), or "" when neither
// did.
func (a *Action) Because() string {
	switch {
	case a.Why.Ordered() && a.Verdict.Reason == "no guard":
		return a.Why.String()
	case a.Why.Ordered():
		return a.Verdict.Reason + ", " + a.Why.String()
	case a.Verdict != (heuristic.Verdict{}):
		return a.Verdict.String()
	}
	return ""
}

// Actions is a tracer that follows a tree's decisions and reports each
// action as it begins: every leaf but a Condition, which is a test. Give
// it the tree's nodes (Tree.Nodes), so it knows which nodes are actions.
type Actions struct {
	// MaxOptions is how many turned-down options a report lists (default
	// 4; negative lists them all).
	MaxOptions int
	report     func(*Action)
	planned    func(e *bt.Event) // see OnPlan
	refused    func(e *bt.Event) // see OnRefusal
	stopped    func(e *bt.Event) // see OnStop
	leaves     map[string]bool
	latest     map[string]*bt.Decision // each selector's last decision
	plans      map[string]*planned     // each planner's latest plan
	action     Action
}

// NewActions returns a tracer that calls report for each action begun in
// the tree with the given nodes. The Action is reused: copy what you keep.
func NewActions(nodes []bt.NodeInfo, report func(*Action)) *Actions {
	a := &Actions{MaxOptions: 4, report: report, leaves: map[string]bool{}, latest: map[string]*bt.Decision{},
		plans: map[string]*planned{}}
	for _, n := range nodes {
		if n.Leaf() && n.Kind != bt.KindCondition { // a condition is a test, not something done
			a.leaves[n.Path] = true
		}
	}
	return a
}

// OnPlan has a call f with every planning a planner node reports
// (bt.EventPlan), after it has noted the plan to place the planner's
// actions in it. It returns a.
func (a *Actions) OnPlan(f func(e *bt.Event)) *Actions {
	a.planned = f
	return a
}

// OnRefusal has a call f when a selector chooses nothing (bt.Decision's
// Chosen is -1), once until it chooses again or its options' verdicts
// change, so that a selector refusing every tick is told once. It returns
// a.
func (a *Actions) OnRefusal(f func(e *bt.Event)) *Actions {
	a.refused = f
	return a
}

// OnStop has a call f when a constraint stops a running node or finishes
// it, or refuses a node or finishes it as it is to begin (an
// bt.EventConstraint, AtBegin). It returns a.
func (a *Actions) OnStop(f func(e *bt.Event)) *Actions {
	a.stopped = f
	return a
}

// Trace follows the event.
func (a *Actions) Trace(e *bt.Event) {
	switch e.Kind {
	case bt.EventDecision:
		d := a.latest[e.Path]
		if d == nil {
			d = &bt.Decision{Chosen: -2} // no decision yet
			a.latest[e.Path] = d
		}
		again := d.Chosen < 0 && e.Decision.Chosen < 0 && slices.Equal(d.Candidates, e.Decision.Candidates)
		d.Selector, d.Chosen, d.Why = e.Decision.Selector, e.Decision.Chosen, e.Decision.Why
		d.Candidates = append(d.Candidates[:0], e.Decision.Candidates...)
		if d.Chosen < 0 && !again && a.refused != nil {
			a.refused(e)
		}
	case bt.EventConstraint:
		if a.stopped != nil {
			a.stopped(e)
		}
	case bt.EventBegin:
		if a.leaves[e.Path] && a.report != nil {
			a.tell(e)
		}
	case bt.EventPlan:
		if e.Plan == nil {
			break
		}
		a.follow(e)
		if a.planned != nil {
			a.planned(e)
		}
	}
}

// follow remembers a planner's new plan, to place its actions in it.
func (a *Actions) follow(e *bt.Event) {
	p := e.Plan
	if p.Change != decide.Made && p.Change != decide.Replaced {
		return
	}
	pl := a.plans[e.Path]
	if pl == nil {
		pl = new(planned)
		a.plans[e.Path] = pl
	}
	pl.steps = append(pl.steps[:0], p.Steps...)
	pl.step = PlanStep{Planner: e.Path, Record: append(pl.step.Record[:0], p.Record...),
		Methods: append(pl.step.Methods[:0], p.Methods...), Of: len(p.Steps)}
	pl.next = 0
}

// place finds the plan the action at path is a step of, if any.
func (a *Actions) place(path string) *PlanStep {
	planner, name := path[:max(strings.LastIndex(path, "/"), 0)], path[strings.LastIndex(path, "/")+1:]
	pl := a.plans[planner]
	if pl == nil {
		return nil
	}
	pl.step.Index = 0
	for k := pl.next; k < len(pl.steps); k++ { // a step under way when the plan came goes on: skip it
		if pl.steps[k] == name {
			pl.next, pl.step.Index = k+1, k+1
			break
		}
	}
	return &pl.step
}

// tell reports the action at e.Path with the decisions that led there.
func (a *Actions) tell(e *bt.Event) {
	r := &a.action
	*r = Action{Tick: e.Tick, Time: e.Time, Path: e.Path, Name: e.Path[strings.LastIndex(e.Path, "/")+1:], Options: r.Options[:0],
		Step: a.place(e.Path)}
	deepest := -1
	for sel, d := range a.latest {
		if !strings.HasPrefix(e.Path, sel+"/") {
			continue
		}
		if n := len(sel); n > deepest && d.Chosen >= 0 {
			deepest, r.Verdict, r.Why = n, d.Candidates[d.Chosen].Verdict, d.Why
		}
		for i, c := range d.Candidates {
			if i != d.Chosen {
				r.Options = append(r.Options, Option{Selector: sel, Name: c.Name, Verdict: c.Verdict, Ordered: d.Why.Ordered()})
			}
		}
	}
	// Best first; among equals, nearer the action first, then by name, so
	// the order never depends on map iteration.
	slices.SortFunc(r.Options, func(x, y Option) int {
		if x.Verdict.Outcome != y.Verdict.Outcome {
			return int(y.Verdict.Outcome) - int(x.Verdict.Outcome)
		}
		if len(x.Selector) != len(y.Selector) {
			return len(y.Selector) - len(x.Selector)
		}
		return strings.Compare(x.Name, y.Name)
	})
	if a.MaxOptions >= 0 && len(r.Options) > a.MaxOptions {
		r.Cut = len(r.Options) - a.MaxOptions
		r.Options = r.Options[:a.MaxOptions]
	}
	a.report(r)
}
