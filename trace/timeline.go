package trace

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// timelineWidth is the widest line of turned-down alternatives a Timeline
// writes before it goes on to the next line.
const timelineWidth = 120

// Timeline returns a tracer that writes a readable account of a tree: a
// line for each action begun, with the time, the action, the verdict that
// got it chosen, and whatever context returns (a game's status: hit
// points, the target; nil for none), then the best alternatives turned
// down, on lines of at most 120 columns:
//
//	2.50s  chase      Beneficial (closer)       hp 100
//	                  not: patrol Cosmetic (on the round) · attack Impossible (out of reach)
//
// An action a priority picked says which guard passed, and its "not:"
// line the guards before it that failed ("hurt, first in order"; "not:
// attack (not in sight)"; see bt.Decision).
//
// A selector that chooses nothing, for want of an acceptable child, gets
// a line saying so, with the children it turned down (once, until it
// chooses again), and a constraint that stops a running node (Fail) or
// finishes it (Done) gets a line with its reason; one that refuses a node
// as it is to begin, or finishes it then, says so (a priority's guard
// that fails refuses its child, and its pick lists it as turned down):
//
//	4.00s  guard      chose nothing: no option good enough (AllowNegative or a Cosmetic idle would take one)
//	                  not: patrol Irrelevant (otherwise) · attack Impossible (out of reach)
//	4.25s  chase      stopped: not seen
//	4.50s  attack     refused: out of reach
//	4.50s  sweep      done without beginning: swept
//
// A node that says why it ended (bt.Child.SetReason: a job that failed)
// gets a line with its reason:
//
//	5.00s  find path  failed: no way through the rocks
//
// A planner node (an HTN or GOAP runner) adds a line for each plan it
// makes, keeps or replaces, or fails to make, with the method record for
// an HTN, and the plan's steps; its actions are placed in their plan:
//
//	3.20s  think      plan replaced [0 0]: outranks the running [2]
//	                  steps: NavigateToEnemy → DoTrunkSlam
//	3.20s  NavigateToEnemy  step 1 of 2 of plan [0 0]
//
// A utility node's choice is such a plan, its steps the option chosen,
// with every option's score on a line of its own (as are the scores of
// the methods or goals a planner weighed by utility):
//
//	5.60s  think      plan replaced: highest score
//	                  steps: slam
//	                 scores: slam 0.88 · rearm 0.00 · regain 0.00 · patrol 0.20
//
// An action that begins every tick, such as an Instant idle under a
// selector that re-plans every tick, gets a line every tick; an idle that
// is a Lasting action, running until the selector finds something better,
// gets one.
//
// Nodes are named by the shortest end of their path that no other node
// shares ("kick combo/kick" beside a lone "kick"), so every name is
// unambiguous; the full paths are in the JSON trace. The Jedi demo prints
// its fights this way.
func Timeline(w io.Writer, nodes []bt.NodeInfo, context func() string) *Actions {
	short := shortNames(nodes)
	width := nameWidth(short)
	name := func(path string) string {
		if s, ok := short[path]; ok {
			return s
		}
		return path[strings.LastIndex(path, "/")+1:]
	}
	acts := NewActions(nodes, func(a *ActionReport) {
		extra := ""
		if context != nil {
			extra = "  " + context()
		}
		why := a.Because()
		line := fmt.Sprintf("%6.2fs  %-*s %-38s%s", a.Time.Seconds(), width, name(a.Path), why, extra)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		not := make([]string, len(a.Alternatives))
		for i, o := range a.Alternatives {
			o.Name = name(o.Selector + "/" + o.Name)
			not[i] = o.text()
		}
		if a.Cut > 0 {
			not = append(not, fmt.Sprintf("… %d more", a.Cut))
		}
		writeWrapped(w, "not:", " · ", not)
	})
	acts.onRefusal(func(e *bt.Event) {
		d := e.Decision
		why := "every option impossible"
		not := make([]string, 0, len(d.Candidates))
		for _, c := range d.Candidates {
			not = append(not, name(e.Path+"/"+c.Name)+" "+c.Verdict.String())
			if c.Verdict.Outcome != heuristic.Impossible {
				why = "no option good enough (AllowNegative or a Cosmetic idle would take one)"
			}
		}
		fmt.Fprintf(w, "%6.2fs  %-*s chose nothing: %s\n", e.Time.Seconds(), width, name(e.Path), why)
		writeWrapped(w, "not:", " · ", not)
	})
	acts.onStop(func(e *bt.Event) {
		what := "stopped"
		switch {
		case e.Kind == bt.EventEnd:
			what = endings[e.Status]
		case e.AtBegin && e.Check == bt.Done:
			what = "done without beginning"
		case e.AtBegin:
			what = "refused"
		case e.Check == bt.Done:
			what = "done"
		}
		fmt.Fprintf(w, "%6.2fs  %-*s %s: %s\n", e.Time.Seconds(), width, name(e.Path), what, e.Reason)
	})
	return acts.OnPlan(func(e *bt.Event) {
		p := e.Plan
		head := "plan " + p.Change.String()
		if p.Record != nil {
			head += " " + p.Path()
		}
		if p.Reason != "" {
			head += ": " + p.Reason
		}
		line := fmt.Sprintf("%6.2fs  %-*s %s", e.Time.Seconds(), width, name(e.Path), head)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		writeWrapped(w, "steps:", " → ", p.Steps)
		writeWrapped(w, "scores:", " · ", scoreTexts(p.Scores))
	})
}

// scoreTexts says each alternative's score as a Timeline shows it: its
// name, its utility to two places, and its note.
func scoreTexts(scores []decide.Score) []string {
	out := make([]string, len(scores))
	for i, s := range scores {
		out[i] = s.Name + " " + strconv.FormatFloat(s.Utility, 'f', 2, 64)
		if s.Note != "" {
			out[i] += " (" + s.Note + ")"
		}
	}
	return out
}

// endings say how a node that said why it ended ended.
var endings = map[bt.Status]string{bt.Success: "succeeded", bt.Failure: "failed", bt.Running: "interrupted"}

// NameWidth returns the width of the name column of a Timeline of a tree
// with these nodes: 18, or the longest name that a line shows, for a
// header written above the timeline.
func NameWidth(nodes []bt.NodeInfo) int { return nameWidth(shortNames(nodes)) }

func nameWidth(short map[string]string) int {
	width := 18
	for _, s := range short {
		width = max(width, utf8.RuneCountInString(s))
	}
	return width
}

// writeWrapped writes items from column 29, after a label that ends at
// column 27, separated by sep, starting a new line, indented the same,
// where the next item would pass timelineWidth. A wrapped line begins
// with the separator, so a sequence still reads as one.
func writeWrapped(w io.Writer, label, sep string, items []string) {
	if len(items) == 0 {
		return
	}
	indent := strings.Repeat(" ", 28)
	line := fmt.Sprintf("%27s %s", label, items[0])
	for _, it := range items[1:] {
		if len(line)+len(sep)+len(it) > timelineWidth {
			fmt.Fprintln(w, line)
			line = indent + strings.TrimSpace(sep) + " " + it
			continue
		}
		line += sep + it
	}
	fmt.Fprintln(w, line)
}

// shortNames maps every node's path to the shortest end of it, in whole
// names, that no other node's path ends with.
func shortNames(nodes []bt.NodeInfo) map[string]string {
	ends := map[string]int{}
	for _, n := range nodes {
		for _, e := range pathEnds(n.Path) {
			ends[e]++
		}
	}
	short := make(map[string]string, len(nodes))
	for _, n := range nodes {
		all := pathEnds(n.Path)
		short[n.Path] = all[len(all)-1]
		for _, e := range all {
			if ends[e] == 1 {
				short[n.Path] = e
				break
			}
		}
	}
	return short
}

// pathEnds returns the ends of a path, shortest first: "a/b/c" gives "c",
// "b/c", "a/b/c".
func pathEnds(path string) []string {
	var out []string
	for i := len(path); i >= 0; i-- {
		if i == 0 || path[i-1] == '/' {
			out = append(out, path[i:])
		}
	}
	return out
}
