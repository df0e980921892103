package draw

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/decide"
)

// A Search is a planning to draw: what a session, or a planner node's
// runner, tried on the way to its plan, as a tree. For a GOAP domain,
// each goal and under it every state its search reached, with the cost
// from the start, the estimate still to go and what became of it; for an
// HTN domain, its decomposition log: each compound task, each method
// tried and why it was rejected or backtracked, each step. What the plan
// is made of is drawn bold and green, the rest plain, each labelled with
// its outcome and reason.
//
//	s := domain.NewSession()
//	s.Watch(true) // GOAP; an HTN session always keeps its log
//	plan, err := s.Plan(&memory)
//	...
//	err = draw.Search{Title: plan.Goal, Trials: plan.Trials}.DOT(file)
//
// A runner's trials come in its reports (decide.Report, bt.EventPlan)
// while its tree traces. A search of thousands of states draws as
// thousands of boxes: give the domain a small Budget to picture it.
type Search struct {
	// Title names the diagram; empty uses "search".
	Title string
	// Trials are the planning's, in the order tried (decide.Plan.Trials).
	// A trial whose Parent is not an earlier trial is drawn as a root.
	Trials []decide.Trial
}

// plannedColour is the fill of what the plan is made of.
const plannedColour = "#a1d99b"

func (s *Search) title() string {
	if s.Title == "" {
		return "search"
	}
	return s.Title
}

// parent returns the index of trial i's parent, or -1 when it has none
// (or names one that does not precede it, which a made-up search may).
func (s *Search) parent(i int) int {
	if p := s.Trials[i].Parent; p >= 0 && p < i {
		return p
	}
	return -1
}

// trialLines says what a trial's box shows: its name, its outcome with
// its cost, and why.
func trialLines(t *decide.Trial) []string {
	outcome := t.Outcome
	if t.Cost != 0 || t.Estimate != 0 {
		outcome += ", cost " + strconv.FormatFloat(t.Cost, 'g', -1, 64)
		if t.Estimate != 0 {
			outcome += " + " + strconv.FormatFloat(t.Estimate, 'g', -1, 64) + " to go"
		}
	}
	lines := []string{t.Name, strings.TrimPrefix(outcome, ", ")}
	if t.Reason != "" {
		lines = append(lines, t.Reason)
	}
	return lines
}

// DOT writes the search in Graphviz's DOT language: trials are named t0,
// t1, ... in the order tried, each under the trial it was tried under.
// Texts are escaped as Picture.DOT escapes them.
func (s Search) DOT(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotString(s.title()))
	b.WriteString("  rankdir=TB;\n")
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fillcolor=\"#ffffff\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
	for i := range s.Trials {
		t := &s.Trials[i]
		fmt.Fprintf(&b, "  t%d [label=%s", i, dotString(trialLines(t)...))
		if t.Planned {
			fmt.Fprintf(&b, ", fillcolor=%q, penwidth=3", plannedColour)
		}
		b.WriteString("];\n")
	}
	for i := range s.Trials {
		p := s.parent(i)
		if p < 0 {
			continue
		}
		fmt.Fprintf(&b, "  t%d -> t%d", p, i)
		if s.Trials[i].Planned {
			b.WriteString(" [penwidth=3]")
		}
		b.WriteString(";\n")
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Mermaid writes the search as a Mermaid flowchart, named and escaped as
// DOT's.
func (s Search) Mermaid(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: %s\n---\n", mermaidTitle(s.title()))
	b.WriteString("flowchart TD\n")
	for i := range s.Trials {
		lines := trialLines(&s.Trials[i])
		fmt.Fprintf(&b, "  t%d[\"%s<br/><small>%s</small>\"]\n", i, mermaidText(lines[0]), mermaidText(strings.Join(lines[1:], "  ")))
	}
	link, bold := 0, []string{}
	for i := range s.Trials {
		p := s.parent(i)
		if p < 0 {
			continue
		}
		arrow := "-->"
		if s.Trials[i].Planned {
			arrow = "==>"
			bold = append(bold, strconv.Itoa(link))
		}
		fmt.Fprintf(&b, "  t%d %s t%d\n", p, arrow, i)
		link++
	}
	used := false
	for i := range s.Trials {
		if s.Trials[i].Planned {
			fmt.Fprintf(&b, "  class t%d planned\n", i)
			used = true
		}
	}
	if used {
		fmt.Fprintf(&b, "  classDef planned fill:%s,stroke-width:3px\n", plannedColour)
	}
	if len(bold) > 0 {
		fmt.Fprintf(&b, "  linkStyle %s stroke-width:3px\n", strings.Join(bold, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
