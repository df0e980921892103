package draw

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// A Machine is a state machine to draw as a state diagram: its states
// and the transitions between them, as the machine describes itself, and,
// to colour it, the last report of an agent's machine node, which says
// the state the machine is in and the transition that took it there.
//
//	pic := draw.Machine{Title: "guard", Nodes: machine.Nodes(), Last: last}
//	err := pic.Mermaid(file)
//
// Nodes is a description in the form package fsm gives (fsm.Machine.Nodes,
// or a machine node's bt.NodeInfo.Domain):
//
//   - nodes of kind "state" are the states, in the order to lay them out,
//     each with its Detail shown under its name and its marks before the
//     Detail's first colon ("state, initial, final: does patrol"); a
//     state under another state is one of its substates, and a state
//     that holds others is drawn as a box around them (a cluster in DOT,
//     a composite state in Mermaid), as stateless draws them;
//   - nodes of kind "transition" are the transitions, each under its state
//     or under the node of kind "any state", named "→ " and the state it
//     enters (then ": " and its label where several of its source's enter
//     that state), with its label in its Detail ("transition: in sight").
//
// Other nodes are left out.
type Machine struct {
	// Title names the diagram; empty draws it untitled.
	Title string
	// Nodes describes the machine (fsm.Machine.Nodes).
	Nodes []bt.NodeInfo
	// Last, if not nil, is the last report of an agent's machine node (a
	// bt.EventPlan that a tracer kept): the state it entered (Goal) is
	// drawn as the current one, and the transition its Reason names
	// ("patrol → chase: in sight") as the one taken.
	Last *decide.Report
}

// The kinds of node a Machine draws, as package fsm's machines describe
// themselves (see fsm.Machine.Nodes).
const (
	kindState      bt.NodeKind = "state"
	kindAny        bt.NodeKind = "any state"
	kindTransition bt.NodeKind = "transition"
)

// anyName is how a transition's reason names the source of a transition
// from any state, as package fsm does.
const anyName = "any state"

// A stateDiagram is a Machine read: the states and transitions to draw.
type stateDiagram struct {
	title       string
	states      []state
	transitions []transition
}

// A state is one state of a stateDiagram.
type state struct {
	name    string
	parent  string // the state that holds it; "" for none
	detail  string // what it runs, say; shown under the name in DOT
	initial bool   // the machine begins here
	final   bool   // an end of the machine
	current bool   // the machine is here now: drawn filled and bold
}

// A transition is one transition of a stateDiagram.
type transition struct {
	from  string // the state it leaves; "" for any state
	to    string // the state it enters
	label string // what fires it
	taken bool   // it took the machine to where it is: drawn bold (DOT) or marked "(last)" (Mermaid)
}

// diagram reads the machine's description and its last report.
func (m *Machine) diagram() stateDiagram {
	d := stateDiagram{title: m.Title}
	kinds := map[string]bt.NodeKind{} // the nodes so far, by path
	names := map[string]string{}      // their names, by path
	states := map[string]bool{}       // the states, by name
	var edges []edge
	for _, n := range m.Nodes {
		kinds[n.Path], names[n.Path] = n.Kind, n.Name
		switch n.Kind {
		case kindState:
			states[n.Name] = true
			flags, _, _ := strings.Cut(n.Detail, ":")
			marks := strings.Split(flags, ", ")[1:]
			parent := ""
			if kinds[n.Parent] == kindState {
				parent = names[n.Parent]
			}
			d.states = append(d.states, state{name: n.Name, parent: parent, detail: n.Detail,
				initial: slices.Contains(marks, "initial"), final: slices.Contains(marks, "final"),
				current: m.Last != nil && m.Last.Goal == n.Name})
		case kindTransition:
			e := edge{source: n.Parent, name: strings.TrimPrefix(n.Name, "→ "), label: strings.TrimPrefix(n.Detail, "transition: ")}
			switch kinds[n.Parent] {
			case kindState:
				e.from = names[n.Parent]
			case kindAny:
			default:
				continue // a transition of no state the description has
			}
			edges = append(edges, e)
		}
	}
	for _, t := range readTargets(edges, states) {
		from := t.from
		if from == "" {
			from = anyName
		}
		t.taken = m.Last != nil && m.Last.Reason == from+" → "+t.to+": "+t.label
		d.transitions = append(d.transitions, t)
	}
	return d
}

// An edge is a transition as a description names it.
type edge struct {
	source      string // its parent's path
	from        string // the state it leaves; "" for any state
	name, label string // its name less the arrow, and what fires it
}

// readTargets reads the state each edge enters from its name: the state,
// or, where several edges of one source enter the same state, the state,
// ": " and the edge's label. A name with that ending is read so when
// another edge of its source ends so too, with the same state before.
func readTargets(edges []edge, states map[string]bool) []transition {
	type key struct{ source, state string }
	short := make([]string, len(edges)) // the state before ": " and the label, if a state
	count := map[key]int{}
	for i, e := range edges {
		if s, ok := strings.CutSuffix(e.name, ": "+e.label); ok && states[s] {
			short[i] = s
			count[key{e.source, s}]++
		}
	}
	out := make([]transition, len(edges))
	for i, e := range edges {
		out[i] = transition{from: e.from, to: e.name, label: e.label}
		if short[i] != "" && count[key{e.source, short[i]}] > 1 {
			out[i].to = short[i]
		}
	}
	return out
}

// DOT writes the machine in Graphviz's DOT language: states as rounded
// boxes (final ones double), a state that holds others as a cluster
// around them, a dot that points to the initial state (of the machine,
// or of a cluster), a box "any state" for the source of transitions from
// any state (their edges dashed), the current state filled and bold, and
// the last transition bold and green. Every text is escaped as
// Picture.DOT escapes it.
func (m Machine) DOT(w io.Writer) error {
	d := m.diagram()
	return d.dot(w)
}

// Mermaid writes the machine as a Mermaid stateDiagram-v2: [*] points to
// the initial state and final states point to [*], a state that holds
// others is a composite state with them inside (and its own [*]), a state
// "any state" is the source of transitions from any state, the current
// state is filled by a class, and the last transition, which Mermaid's
// state diagrams cannot style, has "(last)" after its label. Every text
// is escaped as Picture.Mermaid escapes it.
func (m Machine) Mermaid(w io.Writer) error {
	d := m.diagram()
	return d.mermaid(w)
}

// Colours of a state diagram's current state and last transition.
const (
	currentFill = "#a1d99b"
	takenColour = "#238b45"
)

// ids names the states in the picture: s0, s1, ... in order, and "any"
// for the source of transitions from any state. Transitions to or from a
// state the diagram does not list get a state of their own, after the
// listed ones, so every edge has both ends.
func (d *stateDiagram) ids() (states []state, id map[string]string, anySource bool) {
	states = append(states, d.states...)
	id = map[string]string{}
	for i, s := range states {
		if _, ok := id[s.name]; !ok {
			id[s.name] = "s" + strconv.Itoa(i)
		}
	}
	add := func(name string) {
		if _, ok := id[name]; !ok {
			id[name] = "s" + strconv.Itoa(len(states))
			states = append(states, state{name: name})
		}
	}
	for _, t := range d.transitions {
		if t.from == "" {
			anySource = true
		} else {
			add(t.from)
		}
		add(t.to)
	}
	return states, id, anySource
}

// A nesting is which states of a diagram hold which: the states drawn
// (each name once, at its first place), by the state that holds them.
type nesting struct {
	in     map[string][]int // the states drawn, by the name of the state that holds them ("" for none), in order
	holds  map[string]bool  // the states that hold others
	parent map[string]string
}

// nest reads which of states hold which: those drawn, each name once.
func nest(states []state, id map[string]string) nesting {
	n := nesting{in: map[string][]int{}, holds: map[string]bool{}, parent: map[string]string{}}
	for i, s := range states {
		if id[s.name] != "s"+strconv.Itoa(i) {
			continue // a second state of one name: drawn once
		}
		n.in[s.parent] = append(n.in[s.parent], i)
		n.parent[s.name] = s.parent
		if s.parent != "" {
			n.holds[s.parent] = true
		}
	}
	return n
}

// within reports whether state name is in the state that holds, at any
// depth.
func (n nesting) within(name, holds string) bool {
	for p := n.parent[name]; p != ""; p = n.parent[p] {
		if p == holds {
			return true
		}
	}
	return false
}

// dot writes the diagram as Machine.DOT says.
func (d *stateDiagram) dot(w io.Writer) error {
	states, id, anySource := d.ids()
	n := nest(states, id)
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotString(d.title))
	b.WriteString("  rankdir=LR;\n")
	if len(n.holds) > 0 {
		b.WriteString("  compound=true;\n") // edges end at a cluster's edge
	}
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fillcolor=\"#ffffff\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
	d.dotStates(&b, states, id, n, "", "  ")
	if anySource {
		b.WriteString("  any [label=\"any state\", style=\"dashed,rounded\"];\n")
	}
	dotStarts(&b, states, id, n, "", "  ")
	for _, t := range d.transitions {
		from := "any"
		if t.from != "" {
			from = id[t.from]
		}
		attrs := []string{"label=" + dotString(t.label)}
		if t.from == "" {
			attrs = append(attrs, "style=dashed")
		}
		if t.taken {
			attrs = append(attrs, "penwidth=3", "color=\""+takenColour+"\"")
		}
		// an edge that leaves or enters a cluster ends at its edge, unless
		// its other end is in the cluster
		if n.holds[t.from] && t.to != t.from && !n.within(t.to, t.from) {
			attrs = append(attrs, "ltail=cluster_"+from)
		}
		if n.holds[t.to] && t.to != t.from && !n.within(t.from, t.to) {
			attrs = append(attrs, "lhead=cluster_"+id[t.to])
		}
		fmt.Fprintf(&b, "  %s -> %s [%s];\n", from, id[t.to], strings.Join(attrs, ", "))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// dotStates writes the states in the state in (those at the top for ""),
// a state that holds others as a cluster of them, with a point in it
// that edges to and from it end at, at the cluster's edge.
func (d *stateDiagram) dotStates(b *strings.Builder, states []state, id map[string]string, n nesting, in, indent string) {
	for _, i := range n.in[in] {
		s := states[i]
		lines := []string{s.name}
		if s.detail != "" {
			lines = append(lines, s.detail)
		}
		if n.holds[s.name] {
			fmt.Fprintf(b, "%ssubgraph cluster_%s {\n", indent, id[s.name])
			fmt.Fprintf(b, "%s  label=%s;\n%s  style=rounded;\n%s  fontname=\"Helvetica\";\n", indent, dotString(lines...), indent, indent)
			fmt.Fprintf(b, "%s  %s [shape=point, style=invis, width=0, height=0, label=\"\"];\n", indent, id[s.name])
			d.dotStates(b, states, id, n, s.name, indent+"  ")
			dotStarts(b, states, id, n, s.name, indent+"  ")
			fmt.Fprintf(b, "%s}\n", indent)
			continue
		}
		attrs := []string{"label=" + dotString(lines...)}
		if s.final {
			attrs = append(attrs, "peripheries=2")
		}
		if s.current {
			attrs = append(attrs, "fillcolor=\""+currentFill+"\"", "penwidth=3")
		}
		fmt.Fprintf(b, "%s%s [%s];\n", indent, id[s.name], strings.Join(attrs, ", "))
	}
}

// dotStarts writes a dot that points to each initial state in the state
// in (at the top for ""), or to the edge of its cluster.
func dotStarts(b *strings.Builder, states []state, id map[string]string, n nesting, in, indent string) {
	for _, i := range n.in[in] {
		s := states[i]
		if !s.initial {
			continue
		}
		fmt.Fprintf(b, "%sstart%s [shape=point, width=0.15, style=filled, fillcolor=\"#000000\", label=\"\"];\n", indent, id[s.name])
		if n.holds[s.name] {
			fmt.Fprintf(b, "%sstart%s -> %s [lhead=cluster_%s];\n", indent, id[s.name], id[s.name], id[s.name])
		} else {
			fmt.Fprintf(b, "%sstart%s -> %s;\n", indent, id[s.name], id[s.name])
		}
	}
}

// mermaid writes the diagram as Machine.Mermaid says.
func (d *stateDiagram) mermaid(w io.Writer) error {
	states, id, anySource := d.ids()
	n := nest(states, id)
	var b strings.Builder
	if d.title != "" {
		fmt.Fprintf(&b, "---\ntitle: %s\n---\n", mermaidTitle(d.title))
	}
	b.WriteString("stateDiagram-v2\n")
	current := mermaidStates(&b, states, id, n, "", "  ")
	if anySource {
		b.WriteString("  state \"any state\" as any\n")
	}
	mermaidStarts(&b, states, id, n.in[""], "  ")
	for _, t := range d.transitions {
		from := "any"
		if t.from != "" {
			from = id[t.from]
		}
		label := t.label
		if t.taken {
			label += " (last)"
		}
		if label == "" {
			fmt.Fprintf(&b, "  %s --> %s\n", from, id[t.to])
			continue
		}
		fmt.Fprintf(&b, "  %s --> %s : %s\n", from, id[t.to], mermaidText(label))
	}
	mermaidEnds(&b, states, id, n.in[""], "  ")
	if len(current) > 0 {
		fmt.Fprintf(&b, "  classDef current fill:%s,stroke-width:3px\n", currentFill)
		fmt.Fprintf(&b, "  class %s current\n", strings.Join(current, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mermaidStates declares the states in the state in (those at the top
// for ""), a state that holds others as a composite state of them, with
// its own initial and final marks, and returns the current ones.
func mermaidStates(b *strings.Builder, states []state, id map[string]string, n nesting, in, indent string) (current []string) {
	for _, i := range n.in[in] {
		s := states[i]
		fmt.Fprintf(b, "%sstate \"%s\" as %s\n", indent, mermaidText(s.name), id[s.name])
		if s.current {
			current = append(current, id[s.name])
		}
		if n.holds[s.name] {
			fmt.Fprintf(b, "%sstate %s {\n", indent, id[s.name])
			current = append(current, mermaidStates(b, states, id, n, s.name, indent+"  ")...)
			mermaidStarts(b, states, id, n.in[s.name], indent+"  ")
			mermaidEnds(b, states, id, n.in[s.name], indent+"  ")
			fmt.Fprintf(b, "%s}\n", indent)
		}
	}
	return current
}

// mermaidStarts points [*] to each initial state of list.
func mermaidStarts(b *strings.Builder, states []state, id map[string]string, list []int, indent string) {
	for _, i := range list {
		if states[i].initial {
			fmt.Fprintf(b, "%s[*] --> %s\n", indent, id[states[i].name])
		}
	}
}

// mermaidEnds points each final state of list to [*].
func mermaidEnds(b *strings.Builder, states []state, id map[string]string, list []int, indent string) {
	for _, i := range list {
		if states[i].final {
			fmt.Fprintf(b, "%s%s --> [*]\n", indent, id[states[i].name])
		}
	}
}
