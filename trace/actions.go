package trace

import (
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// An Action reports an action (a leaf) that began, and why.
type Action struct {
	Tick uint64
	Time time.Duration
	Path string // the action's path in the tree
	Name string
	// Verdict is what got the action chosen: the verdict of the nearest
	// selector above it on the choice that leads to it.
	Verdict heuristic.Verdict
	// Options are the best options turned down by the selectors above it,
	// best first, and Cut how many more there were beyond MaxOptions.
	Options []Option
	Cut     int
}

// An Option is a choice turned down, with its verdict.
type Option struct {
	Selector string // the selector that turned it down
	Name     string
	Verdict  heuristic.Verdict
}

// Actions is a tracer that follows a tree's decisions and reports each
// action as it begins. Give it the tree's nodes (Tree.Nodes), so it knows
// which nodes are actions.
type Actions struct {
	// MaxOptions is how many turned-down options a report lists (default
	// 4; negative lists them all).
	MaxOptions int
	report     func(*Action)
	planned    func(e *bt.Event) // EventPlan, for a Timeline
	leaves     map[string]bool
	latest     map[string]*bt.Decision // each selector's last decision
	action     Action
}

// NewActions returns a tracer that calls report for each action begun in
// the tree with the given nodes. The Action is reused: copy what you keep.
func NewActions(nodes []bt.NodeInfo, report func(*Action)) *Actions {
	a := &Actions{MaxOptions: 4, report: report, leaves: map[string]bool{}, latest: map[string]*bt.Decision{}}
	for _, n := range nodes {
		if n.Leaf() {
			a.leaves[n.Path] = true
		}
	}
	return a
}

// Trace follows the event.
func (a *Actions) Trace(e *bt.Event) {
	switch e.Kind {
	case bt.EventDecision:
		d := a.latest[e.Path]
		if d == nil {
			d = new(bt.Decision)
			a.latest[e.Path] = d
		}
		d.Selector, d.Chosen, d.Why = e.Decision.Selector, e.Decision.Chosen, e.Decision.Why
		d.Candidates = append(d.Candidates[:0], e.Decision.Candidates...)
	case bt.EventBegin:
		if a.leaves[e.Path] && a.report != nil {
			a.tell(e)
		}
	case bt.EventPlan:
		if a.planned != nil && e.Planning != nil {
			a.planned(e)
		}
	}
}

// tell reports the action at e.Path with the decisions that led there.
func (a *Actions) tell(e *bt.Event) {
	r := &a.action
	*r = Action{Tick: e.Tick, Time: e.Time, Path: e.Path, Name: e.Path[strings.LastIndex(e.Path, "/")+1:], Options: r.Options[:0]}
	deepest := -1
	for sel, d := range a.latest {
		if !strings.HasPrefix(e.Path, sel+"/") {
			continue
		}
		if n := len(sel); n > deepest && d.Chosen >= 0 {
			deepest, r.Verdict = n, d.Candidates[d.Chosen].Verdict
		}
		for i, c := range d.Candidates {
			if i != d.Chosen {
				r.Options = append(r.Options, Option{Selector: sel, Name: c.Name, Verdict: c.Verdict})
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
