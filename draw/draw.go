// Package draw draws foresight trees as Graphviz DOT or Mermaid diagrams,
// optionally annotated with decisions: every child of a selector coloured
// by the outcome predicted for it, and the chosen path drawn bold. It
// draws state machines as state diagrams too (Machine), coloured by the
// state a machine is in and the transition that took it there.
//
//	latest := &trace.Latest{}
//	guard.SetTracer(latest) // guard is an agent of tree
//	...
//	pic := draw.Picture{Nodes: tree.Nodes(), Decisions: latest.Decisions()}
//	err := pic.DOT(file)
//
// It works on plain descriptions (bt.NodeInfo, bt.Decision, a machine's
// own bt.NodeInfo and its last decide.Report), so it draws any tree or
// machine whatever its memory type.
//
// A Search draws a planning instead of a tree: what an HTN or GOAP
// session or planner node tried on the way to its plan (decide.Plan's
// Trials), every branch with its outcome and cost, the plan in bold.
//
// Start with Picture; Machine and Search draw the same way. A Curve plots
// a response curve of package utility as SVG, with the inputs a
// consideration read marked on it.
//
// Names, constraint descriptions and reasons may hold any text: both
// formats escape it, so Graphviz and Mermaid read every picture. A newline
// in a name is a line break in the picture. What neither tool can show is
// replaced: control characters by their Unicode control pictures (U+0001
// by ␁), and invalid UTF-8, C1 controls and the noncharacters U+FFFE and
// U+FFFF by U+FFFD.
package draw

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// A Picture is a tree to draw.
type Picture struct {
	// Title names the diagram; empty uses the root's name.
	Title string
	// Nodes describes the tree, depth first (bt.Tree.Nodes).
	Nodes []bt.NodeInfo
	// Decisions, if any, annotate it (a trace.Latest's, or a
	// bt.Preview's).
	Decisions []bt.Decision
}

// Colours of the outcomes, worst to best.
var colours = [heuristic.NumOutcomes]string{
	"#bbbbbb", // Impossible: grey
	"#7a0000", // Deadly: dark red
	"#e34a33", // Harmful: red
	"#f0f0f0", // Irrelevant: near white
	"#c6dbef", // Cosmetic: pale blue
	"#a1d99b", // Beneficial: green
	"#41ab5d", // Safe: deeper green
	"#fdae6b", // Urgent: orange
}

// annotations works out, from the decisions, each node's predicted
// verdict and whether it lies on the chosen path.
type annotations struct {
	index   map[string]int // each node's position in Nodes, by path
	verdict map[string]heuristic.Verdict
	chosen  map[string]bool
}

func (p *Picture) annotate() annotations {
	a := annotations{index: map[string]int{}, verdict: map[string]heuristic.Verdict{}, chosen: map[string]bool{}}
	for i, n := range p.Nodes {
		a.index[n.Path] = i
	}
	if len(p.Nodes) == 0 || len(p.Decisions) == 0 {
		return a
	}
	byPath := map[string]bt.Decision{}
	for _, d := range p.Decisions {
		byPath[d.Selector] = d
		for _, c := range d.Candidates {
			a.verdict[d.Selector+"/"+c.Name] = c.Verdict
		}
	}
	// The chosen path runs from the root through each selector's choice,
	// and through every node with a single child.
	children := map[string][]string{}
	for _, n := range p.Nodes {
		if n.Parent != "" {
			children[n.Parent] = append(children[n.Parent], n.Path)
		}
	}
	for path := p.Nodes[0].Path; path != "" && !a.chosen[path]; { // a made-up Picture may loop
		a.chosen[path] = true
		next := ""
		if d, ok := byPath[path]; ok {
			if c, ok := d.Choice(); ok {
				next = path + "/" + c.Name
			}
		} else if kids := children[path]; len(kids) == 1 {
			next = kids[0]
		}
		path = next
	}
	return a
}

func (p *Picture) title() string {
	if p.Title != "" || len(p.Nodes) == 0 {
		return p.Title
	}
	return p.Nodes[0].Name
}

// DOT writes the picture in Graphviz's DOT language. Nodes are named n0,
// n1, ... in tree order; labels show each name and description exactly,
// escaped for Graphviz (whose own escapes, such as \N for the node's
// name, never apply to them).
func (p Picture) DOT(w io.Writer) error {
	a := p.annotate()
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotString(p.title()))
	b.WriteString("  rankdir=TB;\n")
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fillcolor=\"#ffffff\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
	for i, n := range p.Nodes {
		attrs := []string{"label=" + dotString(append([]string{n.Name}, n.Fields()...)...)}
		if v, ok := a.verdict[n.Path]; ok && v.Outcome.Valid() {
			attrs = append(attrs, fmt.Sprintf("fillcolor=%q", colours[v.Outcome]))
		}
		if a.chosen[n.Path] {
			attrs = append(attrs, "penwidth=3")
		}
		fmt.Fprintf(&b, "  n%d [%s];\n", i, strings.Join(attrs, ", "))
	}
	for i, n := range p.Nodes {
		parent, ok := a.index[n.Parent]
		if n.Parent == "" || !ok {
			continue
		}
		var attrs []string
		if v, ok := a.verdict[n.Path]; ok {
			attrs = append(attrs, "label="+dotString(v.String()))
		}
		if a.chosen[n.Path] {
			attrs = append(attrs, "penwidth=3")
		}
		fmt.Fprintf(&b, "  n%d -> n%d", parent, i)
		if len(attrs) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(attrs, ", "))
		}
		b.WriteString(";\n")
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Mermaid writes the picture as a Mermaid flowchart. Nodes are named n0,
// n1, ... in tree order, and every name, description and reason is
// written inside quotes with Mermaid's entity codes for anything it could
// read as syntax, so Mermaid reads the output whatever text the tree
// holds.
func (p Picture) Mermaid(w io.Writer) error {
	a := p.annotate()
	var b strings.Builder
	if t := p.title(); t != "" {
		fmt.Fprintf(&b, "---\ntitle: %s\n---\n", mermaidTitle(t))
	}
	b.WriteString("flowchart TD\n")
	for i, n := range p.Nodes {
		fmt.Fprintf(&b, "  n%d[\"%s<br/><small>%s</small>\"]\n", i, mermaidText(n.Name), mermaidText(strings.Join(n.Fields(), "  ")))
	}
	link, bold := 0, []string{}
	for i, n := range p.Nodes {
		parent, ok := a.index[n.Parent]
		if n.Parent == "" || !ok {
			continue
		}
		arrow := "-->"
		if a.chosen[n.Path] {
			arrow = "==>"
			bold = append(bold, strconv.Itoa(link))
		}
		if v, ok := a.verdict[n.Path]; ok {
			fmt.Fprintf(&b, "  n%d %s|\"%s\"| n%d\n", parent, arrow, mermaidText(v.String()), i)
		} else {
			fmt.Fprintf(&b, "  n%d %s n%d\n", parent, arrow, i)
		}
		link++
	}
	used := [heuristic.NumOutcomes]bool{}
	for i, n := range p.Nodes {
		if v, ok := a.verdict[n.Path]; ok && v.Outcome.Valid() {
			fmt.Fprintf(&b, "  class n%d %s\n", i, v.Outcome)
			used[v.Outcome] = true
		}
	}
	for o, on := range used {
		if on {
			fmt.Fprintf(&b, "  classDef %s fill:%s\n", heuristic.Outcome(o), colours[o])
		}
	}
	for i, n := range p.Nodes {
		if a.chosen[n.Path] && len(p.Decisions) > 0 {
			fmt.Fprintf(&b, "  style n%d stroke-width:3px\n", i)
		}
	}
	if len(bold) > 0 {
		fmt.Fprintf(&b, "  linkStyle %s stroke-width:3px\n", strings.Join(bold, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
