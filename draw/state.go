package draw

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A StateDiagram is a state machine to draw: its states and the
// transitions between them, and, to colour it, the state an agent's
// machine is in and the transition that took it there. Package fsm makes
// one of a machine (fsm.Machine.Diagram); any other machine can be
// described by hand.
//
//	pic := machine.Diagram(last) // last: the machine node's latest report
//	err := pic.Mermaid(file)
type StateDiagram struct {
	// Title names the diagram.
	Title string
	// States are the machine's states, in the order to lay them out.
	States []State
	// Transitions are its transitions, each from a state of States or
	// from any state ("").
	Transitions []Transition
}

// A State is one state of a StateDiagram.
type State struct {
	Name    string
	Detail  string // what it runs, say; shown under the name in DOT
	Initial bool   // the machine begins here
	Final   bool   // an end of the machine
	Current bool   // the machine is here now: drawn filled and bold
}

// A Transition is one transition of a StateDiagram.
type Transition struct {
	From  string // the state it leaves; "" for any state
	To    string // the state it enters
	Label string // what fires it
	Taken bool   // it took the machine to where it is: drawn bold (DOT) or marked "(last)" (Mermaid)
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
func (d *StateDiagram) ids() (states []State, id map[string]string, anySource bool) {
	states = append(states, d.States...)
	id = map[string]string{}
	for i, s := range states {
		if _, ok := id[s.Name]; !ok {
			id[s.Name] = "s" + strconv.Itoa(i)
		}
	}
	add := func(name string) {
		if _, ok := id[name]; !ok {
			id[name] = "s" + strconv.Itoa(len(states))
			states = append(states, State{Name: name})
		}
	}
	for _, t := range d.Transitions {
		if t.From == "" {
			anySource = true
		} else {
			add(t.From)
		}
		add(t.To)
	}
	return states, id, anySource
}

// DOT writes the diagram in Graphviz's DOT language: states as rounded
// boxes (final ones double), a dot that points to the initial state, a
// box "any state" for the source of transitions from any state (their
// edges dashed), the current state filled and bold, and the last
// transition bold and green. Every text is escaped as Picture.DOT
// escapes it.
func (d StateDiagram) DOT(w io.Writer) error {
	states, id, anySource := d.ids()
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotString(d.Title))
	b.WriteString("  rankdir=LR;\n")
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fillcolor=\"#ffffff\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
	for i, s := range states {
		if id[s.Name] != "s"+strconv.Itoa(i) {
			continue // a second state of one name: drawn once
		}
		lines := []string{s.Name}
		if s.Detail != "" {
			lines = append(lines, s.Detail)
		}
		attrs := []string{"label=" + dotString(lines...)}
		if s.Final {
			attrs = append(attrs, "peripheries=2")
		}
		if s.Current {
			attrs = append(attrs, "fillcolor=\""+currentFill+"\"", "penwidth=3")
		}
		fmt.Fprintf(&b, "  %s [%s];\n", id[s.Name], strings.Join(attrs, ", "))
	}
	if anySource {
		b.WriteString("  any [label=\"any state\", style=\"dashed,rounded\"];\n")
	}
	for _, s := range states {
		if s.Initial {
			fmt.Fprintf(&b, "  start%s [shape=point, width=0.15, style=filled, fillcolor=\"#000000\", label=\"\"];\n  start%s -> %s;\n",
				id[s.Name], id[s.Name], id[s.Name])
		}
	}
	for _, t := range d.Transitions {
		from := "any"
		if t.From != "" {
			from = id[t.From]
		}
		attrs := []string{"label=" + dotString(t.Label)}
		if t.From == "" {
			attrs = append(attrs, "style=dashed")
		}
		if t.Taken {
			attrs = append(attrs, "penwidth=3", "color=\""+takenColour+"\"")
		}
		fmt.Fprintf(&b, "  %s -> %s [%s];\n", from, id[t.To], strings.Join(attrs, ", "))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Mermaid writes the diagram as a Mermaid stateDiagram-v2: [*] points to
// the initial state and final states point to [*], a state "any state"
// is the source of transitions from any state, the current state is
// filled by a class, and the last transition, which Mermaid's state
// diagrams cannot style, has "(last)" after its label. Every text is
// escaped as Picture.Mermaid escapes it.
func (d StateDiagram) Mermaid(w io.Writer) error {
	states, id, anySource := d.ids()
	var b strings.Builder
	if d.Title != "" {
		fmt.Fprintf(&b, "---\ntitle: %s\n---\n", mermaidTitle(d.Title))
	}
	b.WriteString("stateDiagram-v2\n")
	var current []string
	for i, s := range states {
		if id[s.Name] != "s"+strconv.Itoa(i) {
			continue
		}
		fmt.Fprintf(&b, "  state \"%s\" as %s\n", mermaidText(s.Name), id[s.Name])
		if s.Current {
			current = append(current, id[s.Name])
		}
	}
	if anySource {
		b.WriteString("  state \"any state\" as any\n")
	}
	for _, s := range states {
		if s.Initial {
			fmt.Fprintf(&b, "  [*] --> %s\n", id[s.Name])
		}
	}
	for _, t := range d.Transitions {
		from := "any"
		if t.From != "" {
			from = id[t.From]
		}
		label := t.Label
		if t.Taken {
			label += " (last)"
		}
		if label == "" {
			fmt.Fprintf(&b, "  %s --> %s\n", from, id[t.To])
			continue
		}
		fmt.Fprintf(&b, "  %s --> %s : %s\n", from, id[t.To], mermaidText(label))
	}
	for _, s := range states {
		if s.Final {
			fmt.Fprintf(&b, "  %s --> [*]\n", id[s.Name])
		}
	}
	if len(current) > 0 {
		fmt.Fprintf(&b, "  classDef current fill:%s,stroke-width:3px\n", currentFill)
		fmt.Fprintf(&b, "  class %s current\n", strings.Join(current, ","))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
