// Package draw draws foresight trees as Graphviz DOT or Mermaid diagrams,
// optionally annotated with decisions: every child of a selector coloured
// by the outcome predicted for it, and the chosen path drawn bold.
//
//	pic := draw.Picture{Nodes: tree.Nodes(), Decisions: tree.LastDecisions()}
//	err := pic.DOT(file)
//
// It works on plain descriptions (bt.NodeInfo, bt.Decision), so it draws
// any tree whatever its memory type.
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
	// Nodes describes the tree, depth first (Tree.Nodes).
	Nodes []bt.NodeInfo
	// Decisions, if any, annotate it (Tree.LastDecisions, or a Plan's).
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
	verdict map[string]heuristic.Verdict
	chosen  map[string]bool
}

func (p *Picture) annotate() annotations {
	a := annotations{verdict: map[string]heuristic.Verdict{}, chosen: map[string]bool{}}
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
	for path := p.Nodes[0].Path; path != ""; {
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

// DOT writes the picture in Graphviz's DOT language.
func (p Picture) DOT(w io.Writer) error {
	a := p.annotate()
	ids := ids(p.Nodes)
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %q {\n", p.title())
	b.WriteString("  rankdir=TB;\n")
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fillcolor=\"#ffffff\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
	for _, n := range p.Nodes {
		label := n.Name + "\\n" + escapeDOT(n.Label())
		attrs := []string{fmt.Sprintf("label=\"%s\"", escapeQuotes(label))}
		if v, ok := a.verdict[n.Path]; ok {
			attrs = append(attrs, fmt.Sprintf("fillcolor=%q", colours[v.Outcome]))
		}
		if a.chosen[n.Path] {
			attrs = append(attrs, "penwidth=3")
		}
		fmt.Fprintf(&b, "  %s [%s];\n", ids[n.Path], strings.Join(attrs, ", "))
	}
	for _, n := range p.Nodes {
		if n.Parent == "" {
			continue
		}
		var attrs []string
		if v, ok := a.verdict[n.Path]; ok {
			attrs = append(attrs, fmt.Sprintf("label=\"%s\"", escapeQuotes(v.String())))
		}
		if a.chosen[n.Path] {
			attrs = append(attrs, "penwidth=3")
		}
		fmt.Fprintf(&b, "  %s -> %s", ids[n.Parent], ids[n.Path])
		if len(attrs) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(attrs, ", "))
		}
		b.WriteString(";\n")
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Mermaid writes the picture as a Mermaid flowchart.
func (p Picture) Mermaid(w io.Writer) error {
	a := p.annotate()
	ids := ids(p.Nodes)
	var b strings.Builder
	if t := p.title(); t != "" {
		fmt.Fprintf(&b, "---\ntitle: %s\n---\n", strconv.Quote(t)) // a YAML double-quoted string
	}
	b.WriteString("flowchart TD\n")
	for _, n := range p.Nodes {
		fmt.Fprintf(&b, "  %s[\"%s<br/><small>%s</small>\"]\n", ids[n.Path], escapeMermaid(n.Name), escapeMermaid(n.Label()))
	}
	link, bold := 0, []string{}
	for _, n := range p.Nodes {
		if n.Parent == "" {
			continue
		}
		arrow := "-->"
		if a.chosen[n.Path] {
			arrow = "==>"
			bold = append(bold, fmt.Sprint(link))
		}
		if v, ok := a.verdict[n.Path]; ok {
			fmt.Fprintf(&b, "  %s %s|\"%s\"| %s\n", ids[n.Parent], arrow, escapeMermaid(v.String()), ids[n.Path])
		} else {
			fmt.Fprintf(&b, "  %s %s %s\n", ids[n.Parent], arrow, ids[n.Path])
		}
		link++
	}
	used := [heuristic.NumOutcomes]bool{}
	for _, n := range p.Nodes {
		if v, ok := a.verdict[n.Path]; ok {
			fmt.Fprintf(&b, "  class %s %s\n", ids[n.Path], v.Outcome)
			used[v.Outcome] = true
		}
	}
	for o, on := range used {
		if on {
			fmt.Fprintf(&b, "  classDef %s fill:%s\n", heuristic.Outcome(o), colours[o])
		}
	}
	for _, n := range p.Nodes {
		if a.chosen[n.Path] && len(p.Decisions) > 0 {
			fmt.Fprintf(&b, "  style %s stroke-width:3px\n", ids[n.Path])
		}
	}
	if len(bold) > 0 {
		fmt.Fprintf(&b, "  linkStyle %s stroke-width:3px\n", strings.Join(bold, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ids names each node n0, n1, ... in tree order.
func ids(nodes []bt.NodeInfo) map[string]string {
	m := make(map[string]string, len(nodes))
	for i, n := range nodes {
		m[n.Path] = fmt.Sprintf("n%d", i)
	}
	return m
}

func escapeQuotes(s string) string { return strings.ReplaceAll(s, `"`, `\"`) }

// escapeDOT keeps a label on one line per field.
func escapeDOT(s string) string { return strings.ReplaceAll(s, "  ", "\\n") }

// escapeMermaid replaces what Mermaid would read as syntax.
func escapeMermaid(s string) string {
	return strings.NewReplacer(`"`, "#quot;", "[", "#91;", "]", "#93;", "|", "#124;", "<", "#lt;", ">", "#gt;").Replace(s)
}
