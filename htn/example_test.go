package htn_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
)

// Guard is the memory of a guard that fights what it sees, fetching a
// weapon first when it has none, and otherwise walks its round.
type Guard struct {
	SeesThief, Armed bool
	Rounds           int
}

func Example() {
	// snippet htn-guard-domain
	act := func(effect func(g *Guard)) bt.Action[Guard] {
		return bt.Instant(func(g *Guard) bool { effect(g); return true }, effect)
	}
	sees := constraints.Func("sees a thief", func(g *Guard) bool { return g.SeesThief })
	armed := constraints.Func("armed", func(g *Guard) bool { return g.Armed })

	// The actions, each declared once with its preconditions.
	var a catalogue.Builder[Guard]
	a.Action("fetch sword", act(func(g *Guard) { g.Armed = true }))
	a.Action("strike", act(func(g *Guard) { g.SeesThief = false }), sees, armed)
	a.Action("walk round", act(func(g *Guard) { g.Rounds++ }))
	actions, err := a.Build()
	if err != nil {
		fmt.Println(err)
		return
	}

	// The domain's tasks, over them.
	d := htn.New(actions)
	d.Compound("guard").
		Method("fight", sees).Do("fight").
		Method("patrol").Do("walk round")
	d.Compound("fight").
		Method("strike", armed).Do("strike").
		Method("arm first").Do("fetch sword", "fight")
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	// end snippet htn-guard-domain

	// snippet htn-guard-run
	// Planning alone: the record says which method was taken at each
	// decomposition, and Path says it in words.
	plan, _ := domain.NewSession().Plan(&Guard{SeesThief: true})
	fmt.Println(plan.Record, plan.Path(), plan.Steps)

	n := bt.New[Guard]()
	// Running the plan in a tree, with a timeline of what it planned.
	tree, err := bt.Build(bt.Config[Guard]{}, n.Plan("guard", domain))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	g := Guard{SeesThief: true}
	agent.Tick(&g, time.Second)
	agent.Tick(&g, time.Second)
	// end snippet htn-guard-run

	// Output:
	// [0 1 0] [fight/arm first/strike] [fetch sword strike]
	//   1.00s  guard              plan made [fight/arm first/strike]
	//                      steps: fetch sword → strike
	//   1.00s  fetch sword        step 1 of 2 of plan [fight/arm first/strike]
	//   1.00s  strike             step 2 of 2 of plan [fight/arm first/strike]
	//   2.00s  guard              plan made [patrol]
	//                      steps: walk round
	//   2.00s  walk round         step 1 of 1 of plan [patrol]
}
