// Package contract holds the checks of the contracts of packages bt and
// decide that the public test kit (package bt/bttest) and foresight's own
// tests share, so that there is one implementation of each: a trace's
// life cycle, a preview's promise that the tick does what it planned
// (PlanIsAct) and foresees the plans the tick reports (Foreseen), and a
// decider's plans, followed through its trace (Follower).
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package contract

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// An Event is what the checks need of a bt.Event.
type Event struct {
	Kind     bt.EventKind
	Time     time.Duration  // the agent's clock
	Path     string         // the node concerned; empty for decisions
	Status   bt.Status      // EventEnd: the final status
	Check    bt.Check       // EventConstraint: Fail or Done
	AtBegin  bool           // EventConstraint: the node was checked as it was to begin
	Decision string         // EventDecision: the decision, as bt.Decision.String formats it
	Selector string         // EventDecision: the selector's path
	Chosen   string         // EventDecision: the name of the child chosen; empty for none
	Reason   string         // EventConstraint, EventFault: why; EventPlan: what was planned
	Plan     *decide.Report // EventPlan: a copy of the report
}

// From copies what the checks need of e.
func From(e *bt.Event) Event {
	c := Event{Kind: e.Kind, Time: e.Time, Path: e.Path, Status: e.Status, Check: e.Check, AtBegin: e.AtBegin, Reason: e.Reason}
	switch {
	case e.Kind == bt.EventDecision && e.Decision != nil:
		c.Path, c.Decision, c.Selector = "", e.Decision.String(), e.Decision.Selector
		if chosen, ok := e.Decision.Choice(); ok {
			c.Chosen = chosen.Name
		}
	case e.Kind == bt.EventPlan && e.Plan != nil:
		p := e.Plan
		c.Reason = fmt.Sprintf("%s: %v (%s) %v", p.Goal, p.Change, p.Reason, p.Steps)
		c.Plan = p.Clone()
	}
	return c
}

// String formats the event as one line: "begin a/b", "end a/b Success",
// "decision ...", "constraint a Fail why" ("constraint a Fail why (at
// Begin)" for a node that did not begin), "plan a what" or "fault a why".
func (e Event) String() string {
	switch e.Kind {
	case bt.EventBegin:
		return "begin " + e.Path
	case bt.EventEnd:
		return "end " + e.Path + " " + e.Status.String()
	case bt.EventDecision:
		return "decision " + e.Decision
	case bt.EventConstraint:
		if e.AtBegin {
			return "constraint " + e.Path + " " + e.Check.String() + " " + e.Reason + " (at Begin)"
		}
		return "constraint " + e.Path + " " + e.Check.String() + " " + e.Reason
	case bt.EventPlan:
		return "plan " + e.Path + " " + e.Reason
	}
	return "fault " + e.Path + " " + e.Reason
}

// Lines formats a trace one event a line, for messages.
func Lines(trace []Event) string {
	var b strings.Builder
	for i, e := range trace {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.String())
	}
	return b.String()
}

// Running returns the nodes a trace leaves running.
func Running(trace []Event) map[string]bool {
	open := map[string]bool{}
	for _, e := range trace {
		switch e.Kind {
		case bt.EventBegin:
			open[e.Path] = true
		case bt.EventEnd:
			delete(open, e.Path)
		}
	}
	return open
}

// LifeCycle checks a trace that ends with the tree halted against the
// tree's nodes: every begin is matched by exactly one end, a node ends
// only after its descendants, outside parallels and custom composites a
// parent runs one child at a time, and nothing is left running. It
// returns the first violation.
func LifeCycle(nodes []bt.NodeInfo, trace []Event) error {
	kindOf := make(map[string]bt.NodeKind, len(nodes))
	for _, n := range nodes {
		kindOf[n.Path] = n.Kind
	}
	open := map[string]bool{}
	for _, e := range trace {
		path := e.Path
		switch e.Kind {
		case bt.EventBegin:
			if open[path] {
				return fmt.Errorf("%s began twice without ending:\n%s", path, Lines(trace))
			}
			if parent, ok := parentOf(path); ok && kindOf[parent] != bt.KindParallel && kindOf[parent] != bt.KindComposite {
				for _, p := range sortedKeys(open) {
					if q, ok := parentOf(p); ok && q == parent {
						return fmt.Errorf("%s began while its sibling %s runs:\n%s", path, p, Lines(trace))
					}
				}
			}
			open[path] = true
		case bt.EventEnd:
			if !open[path] {
				return fmt.Errorf("%s ended without having begun:\n%s", path, Lines(trace))
			}
			for _, p := range sortedKeys(open) {
				if strings.HasPrefix(p, path+"/") {
					return fmt.Errorf("%s ended before its descendant %s:\n%s", path, p, Lines(trace))
				}
			}
			delete(open, path)
		}
	}
	if len(open) != 0 {
		return fmt.Errorf("still running after Halt: %v", sortedKeys(open))
	}
	return nil
}

// PlanIsAct checks the promise of Agent.Preview against the trace of the
// tick that followed it, with the same memory and step, from a tree in
// which the nodes running were running. Until the tick acts (a leaf
// begins, a node finishes with an end other than an interruption, or a
// fault), every selector that decides in the tick decides as the preview
// did (Plan.Decisions), with the same verdicts; the nodes the tick begins
// are those of the plan's path that were not running, in order, up to the
// first leaf (a node that does not descend further, such as a Delay still
// waiting, may stop before the leaf, and then a sibling under a parallel
// may begin); and if the tick did not act, every decision the preview
// showed was made. The memory may change only through actions.
func PlanIsAct(p bt.Preview, nodes []bt.NodeInfo, running map[string]bool, tick []Event) error {
	leaf := leaves(nodes)
	planned := make(map[string]string, len(p.Decisions))
	for _, d := range p.Decisions {
		planned[d.Selector] = d.String()
	}
	var want []string
	deepest := "" // the deepest node of the path that already runs
	for _, q := range p.Path {
		if running[q] {
			deepest = q
		} else {
			want = append(want, q)
		}
	}
	var begun, decided []string
	following, cut := true, false // the begins still follow the path; the tick acted
	for _, e := range tick {
		switch e.Kind {
		case bt.EventDecision:
			selector, _, _ := strings.Cut(e.Decision, " → ")
			if want, ok := planned[selector]; !ok || want != e.Decision {
				return fmt.Errorf("the tick decided\n\t%s\nbut the preview planned\n\t%s\ntick:\n%s", e.Decision, want, Lines(tick))
			}
			decided = append(decided, selector)
		case bt.EventBegin:
			path := e.Path
			last := deepest
			if len(begun) > 0 {
				last = begun[len(begun)-1]
			}
			switch {
			case !following:
			case len(begun) < len(want) && path == want[len(begun)]:
				begun = append(begun, path)
			case len(begun) == len(want) && (last == "" || !strings.HasPrefix(path, last+"/")):
				following = false // the path is done, and a parallel's next branch begins
			default:
				return fmt.Errorf("the tick began %s after %v, but the preview's path was %v (running before: %v)\ntick:\n%s",
					path, begun, p.Path, sortedKeys(running), Lines(tick))
			}
		}
		if acts(e, leaf) {
			cut = true
			break
		}
	}
	if !cut || leaf[leafOf(p)] && slices.Contains(begun, leafOf(p)) {
		if len(begun) != len(want) {
			return fmt.Errorf("the tick began %v, but the preview's path was %v (running before: %v)\ntick:\n%s",
				begun, p.Path, sortedKeys(running), Lines(tick))
		}
	}
	if !cut { // every decision the preview showed was made
		for _, d := range p.Decisions {
			if !slices.Contains(decided, d.Selector) {
				return fmt.Errorf("the preview showed %s deciding, but the tick did not\npreview: %v\ntick:\n%s",
					d.Selector, p.Decisions, Lines(tick))
			}
		}
	}
	return nil
}

// parentOf returns the parent's path of "a/b/c", "a/b".
func parentOf(path string) (string, bool) {
	i := strings.LastIndex(path, "/")
	if i < 0 {
		return "", false
	}
	return path[:i], true
}

// sortedKeys returns a set's members in order, so messages are the same
// from run to run.
func sortedKeys(set map[string]bool) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
