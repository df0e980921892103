package draw_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
)

type guard struct{ near bool }

// example builds a guard's tree and previews its decision.
func example() draw.Picture {
	goal := heuristic.Func[guard](func(before, after *guard) heuristic.Outcome {
		if after.near && !before.near {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	n := bt.New[guard]()
	tree, err := bt.Build(bt.Config[guard]{Heuristic: goal},
		n.Selector("guard",
			n.Do(`shout "halt!"`, bt.Instant(func(*guard) bool { return true }, nil)),
			n.Do("chase", bt.Instant(func(*guard) bool { return true }, func(g *guard) { g.near = true })),
		))
	if err != nil {
		panic(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		panic(err)
	}
	plan, err := agent.Preview(&guard{}, 0)
	if err != nil {
		panic(err)
	}
	return draw.Picture{Nodes: tree.Nodes(), Decisions: plan.Decisions}
}

// A picture annotated with a preview's decision: the chosen path is bold
// and each child coloured by its predicted outcome. Names are escaped.
func ExamplePicture_DOT() {
	if err := example().DOT(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// digraph "guard" {
	//   rankdir=TB;
	//   node [shape=box, style="rounded,filled", fontname="Helvetica", fillcolor="#ffffff"];
	//   edge [fontname="Helvetica", fontsize=10];
	//   n0 [label="guard\nselector", penwidth=3];
	//   n1 [label="shout \"halt!\"\naction", fillcolor="#f0f0f0"];
	//   n2 [label="chase\naction", fillcolor="#a1d99b", penwidth=3];
	//   n0 -> n1 [label="Irrelevant"];
	//   n0 -> n2 [label="Beneficial", penwidth=3];
	// }
}

// The same picture as a Mermaid flowchart: a quote in a name is written
// as Mermaid's entity code #34;.
func ExamplePicture_Mermaid() {
	if err := example().Mermaid(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ---
	// title: "guard"
	// ---
	// flowchart TD
	//   n0["guard<br/><small>selector</small>"]
	//   n1["shout #34;halt!#34;<br/><small>action</small>"]
	//   n2["chase<br/><small>action</small>"]
	//   n0 -->|"Irrelevant"| n1
	//   n0 ==>|"Beneficial"| n2
	//   class n1 Irrelevant
	//   class n2 Beneficial
	//   classDef Irrelevant fill:#f0f0f0
	//   classDef Beneficial fill:#a1d99b
	//   style n0 stroke-width:3px
	//   style n2 stroke-width:3px
	//   linkStyle 1 stroke-width:3px
}

// A state machine drawn as a state diagram, from the description package
// fsm gives of it, coloured by the last report of an agent's machine
// node: the state it is in filled and bold, the transition that took it
// there bold, transitions from any state dashed.
func ExampleMachine_DOT() {
	type watchman struct{ seen, dead bool }
	var actions catalogue.Builder[watchman]
	walk := bt.Lasting(func(*watchman, time.Duration) bt.Status { return bt.Running }, nil)
	actions.Action("patrol", walk)
	actions.Action("chase", walk)
	actions.Action("fall", walk)
	c, err := actions.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	inSight := constraints.Func("in sight", func(w *watchman) bool { return w.seen })
	lost := constraints.Func("lost", func(w *watchman) bool { return !w.seen })
	dead := constraints.Func("dead", func(w *watchman) bool { return w.dead })
	b := fsm.New(c)
	b.Any().To("dead", dead)
	b.State("patrol").Do("patrol").To("chase", inSight)
	b.State("chase").Do("chase").To("patrol", lost)
	b.State("dead").Do("fall").Final()
	machine, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	last := &decide.Report{Change: decide.Replaced, Reason: "patrol → chase: in sight", Plan: decide.Plan{Goal: "chase"}}
	pic := draw.Machine{Title: "guard", Nodes: machine.Nodes(), Last: last}
	if err := pic.DOT(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// digraph "guard" {
	//   rankdir=LR;
	//   node [shape=box, style="rounded,filled", fontname="Helvetica", fillcolor="#ffffff"];
	//   edge [fontname="Helvetica", fontsize=10];
	//   s0 [label="patrol\nstate, initial: does patrol"];
	//   s1 [label="chase\nstate: does chase", fillcolor="#a1d99b", penwidth=3];
	//   s2 [label="dead\nstate, final: does fall", peripheries=2];
	//   any [label="any state", style="dashed,rounded"];
	//   starts0 [shape=point, width=0.15, style=filled, fillcolor="#000000", label=""];
	//   starts0 -> s0;
	//   any -> s2 [label="dead", style=dashed];
	//   s0 -> s1 [label="in sight", penwidth=3, color="#238b45"];
	//   s1 -> s0 [label="lost"];
	// }
}
