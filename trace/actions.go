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

// An ActionReport reports an action (a leaf) that began, and why.
type ActionReport struct {
	Tick uint64
	Time time.Duration
	Path string // the action's path in the tree
	Name string
	// Verdict is what got the action chosen: the verdict of the nearest
	// selector or priority above it on the choice that leads to it; zero
	// when none chose it (a sequence did, or a planner node). A priority's
	// verdict is Irrelevant, not judged, with the guard that passed as its
	// reason (see bt.Decision), and Why says so.
	Verdict heuristic.Verdict
	// Why is how the nearest selector or priority above it chose.
	Why bt.Why
	// Alternatives are the best alternatives turned down by the selectors
	// and priorities above it, best first, and Cut how many more there
	// were beyond MaxAlternatives.
	Alternatives []Alternative
	Cut          int
	// Planner is the path of the planner node (an HTN or GOAP runner,
	// a state machine) that ran the action as a step of its latest
	// plan, or "" for an action no planner node ran; Step is its place
	// in the plan, from 1 (0 when it is not among the plan's next
	// steps), and Of the plan's length. Because says it in words.
	Planner  string
	Step, Of int
	plan     decide.Plan // the plan's record and methods, for an HTN
}

// place formats an action's place in its plan as "step 2 of 3 of plan
// [attack/slam]".
func (a *ActionReport) place() string {
	s := "in plan"
	if a.Step > 0 {
		s = fmt.Sprintf("step %d of %d of plan", a.Step, a.Of)
	}
	if a.plan.Record != nil {
		s += " " + a.plan.Path()
	}
	return s
}

// planned is what Actions remembers of a planner's latest plan.
type planned struct {
	plan  decide.Plan // the record and methods
	steps []string
	next  int
}

// An Alternative is a candidate turned down, with its verdict, by the
// selector or priority at the path Selector; Ordered when a priority
// turned it down, its guard having failed (see bt.Why.Ordered).
type Alternative struct {
	bt.Candidate
	Selector string
	Ordered  bool
}

// text formats the alternative as a timeline shows it: "attack Impossible
// (out of reach)", or for a priority's, whose verdicts say only which
// guard failed, "attack (not in sight)".
func (o Alternative) text() string {
	if o.Ordered {
		return o.Name + " (" + o.Verdict.Reason + ")"
	}
	return o.Name + " " + o.Verdict.String()
}

// Because says in words what got the action chosen: its place in the plan
// of the planner that ran it ("step 2 of 3 of plan [attack/slam]"), the
// verdict of the selector that chose it ("Beneficial (closer)"), the guard
// that passed in the priority that did ("hurt, first in order"), or ""
// when none did.
func (a *ActionReport) Because() string {
	switch {
	case a.Planner != "":
		return a.place()
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
	// MaxAlternatives is how many turned-down alternatives a report lists
	// (default 4; negative lists them all).
	MaxAlternatives int
	report          func(*ActionReport)
	planned         func(e *bt.Event) // see OnPlan
	refused         func(e *bt.Event) // see onRefusal
	stopped         func(e *bt.Event) // see onStop
	leaves          map[string]bool
	latest          map[string]*bt.Decision // each selector's last decision
	plans           map[string]*planned     // each planner's latest plan
	action          ActionReport
}

// NewActions returns a tracer that calls report for each action begun in
// the tree with the given nodes. The ActionReport is reused: copy what
// you keep.
func NewActions(nodes []bt.NodeInfo, report func(*ActionReport)) *Actions {
	a := &Actions{MaxAlternatives: 4, report: report, leaves: map[string]bool{}, latest: map[string]*bt.Decision{},
		plans: map[string]*planned{}}
	for _, n := range nodes {
		if n.Children == 0 && n.Kind != bt.KindCondition { // a condition is a test, not something done
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

// onRefusal has a call f when a selector chooses nothing (bt.Decision's
// Chosen is -1), once until it chooses again or its children's verdicts
// change, so that a selector refusing every tick is told once. It returns
// a.
func (a *Actions) onRefusal(f func(e *bt.Event)) *Actions {
	a.refused = f
	return a
}

// onStop has a call f when a constraint stops a running node or finishes
// it, or refuses a node or finishes it as it is to begin (a
// bt.EventConstraint, AtBegin), and when a node ends saying why (a
// bt.EventEnd with a Reason). It returns a.
func (a *Actions) onStop(f func(e *bt.Event)) *Actions {
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
	case bt.EventEnd:
		if e.Reason != "" && a.stopped != nil { // a node that said why it ended
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
	pl.plan.Record = append(pl.plan.Record[:0], p.Record...)
	pl.plan.Methods = append(pl.plan.Methods[:0], p.Methods...)
	if p.Record == nil {
		pl.plan.Record = nil
	}
	pl.next = 0
}

// place finds the plan the action at path is a step of, if any, and
// notes it in r.
func (a *Actions) place(r *ActionReport, path string) {
	planner, name := path[:max(strings.LastIndex(path, "/"), 0)], path[strings.LastIndex(path, "/")+1:]
	pl := a.plans[planner]
	if pl == nil {
		return
	}
	r.Planner, r.Of, r.plan = planner, len(pl.steps), pl.plan
	for k := pl.next; k < len(pl.steps); k++ { // a step under way when the plan came goes on: skip it
		if pl.steps[k] == name {
			pl.next, r.Step = k+1, k+1
			break
		}
	}
}

// tell reports the action at e.Path with the decisions that led there.
func (a *Actions) tell(e *bt.Event) {
	r := &a.action
	*r = ActionReport{Tick: e.Tick, Time: e.Time, Path: e.Path, Name: e.Path[strings.LastIndex(e.Path, "/")+1:], Alternatives: r.Alternatives[:0]}
	a.place(r, e.Path)
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
				r.Alternatives = append(r.Alternatives, Alternative{Candidate: c, Selector: sel, Ordered: d.Why.Ordered()})
			}
		}
	}
	// Best first; among equals, nearer the action first, then by name, so
	// the order never depends on map iteration.
	slices.SortFunc(r.Alternatives, func(x, y Alternative) int {
		if x.Verdict.Outcome != y.Verdict.Outcome {
			return int(y.Verdict.Outcome) - int(x.Verdict.Outcome)
		}
		if len(x.Selector) != len(y.Selector) {
			return len(y.Selector) - len(x.Selector)
		}
		return strings.Compare(x.Name, y.Name)
	})
	if a.MaxAlternatives >= 0 && len(r.Alternatives) > a.MaxAlternatives {
		r.Cut = len(r.Alternatives) - a.MaxAlternatives
		r.Alternatives = r.Alternatives[:a.MaxAlternatives]
	}
	a.report(r)
}
