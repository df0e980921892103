package draw_test

import (
	"fmt"
	"os"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/goap"
)

// smith is the memory of a smith with one ore, who wants a sword.
type smith struct {
	Ore, Bars int
	Swords    int
}

// A GOAP session that watches its planning keeps every branch of its
// search with its cost (and the estimate still to go, when the domain
// gives one); draw.Search pictures it, the plan found in bold green.
func ExampleSearch() {
	act := func(effect func(s *smith)) bt.Action[smith] {
		return bt.Instant(func(s *smith) bool { effect(s); return true }, effect)
	}
	var b catalogue.Builder[smith]
	b.Action("mine", act(func(s *smith) { s.Ore++ })).Cost(func(_, _ *smith) float64 { return 3 })
	b.Action("smelt", act(func(s *smith) { s.Ore--; s.Bars++ }),
		constraints.Func("ore", func(s *smith) bool { return s.Ore > 0 }))
	b.Action("forge", act(func(s *smith) { s.Bars--; s.Swords++ }),
		constraints.Func("a bar", func(s *smith) bool { return s.Bars > 0 }))
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	domain, err := goap.New(actions, func(s *smith) smith { return *s }).
		Do("mine").Do("smelt").Do("forge").
		Goal("armed", 1, func(s *smith) bool { return s.Swords > 0 }).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := domain.NewSession()
	p.Watch(true)
	plan, err := p.Plan(&smith{Ore: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := (draw.Search{Title: "a sword", Trials: plan.Trials}).DOT(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// digraph "a sword" {
	//   rankdir=TB;
	//   node [shape=box, style="rounded,filled", fontname="Helvetica", fillcolor="#ffffff"];
	//   edge [fontname="Helvetica", fontsize=10];
	//   t0 [label="goal armed\nplanned, cost 2", fillcolor="#a1d99b", penwidth=3];
	//   t1 [label="start\nexpanded", fillcolor="#a1d99b", penwidth=3];
	//   t2 [label="mine\nopen, cost 3"];
	//   t3 [label="smelt\nexpanded, cost 1", fillcolor="#a1d99b", penwidth=3];
	//   t4 [label="mine\nopen, cost 4"];
	//   t5 [label="forge\ngoal, cost 2", fillcolor="#a1d99b", penwidth=3];
	//   t0 -> t1 [penwidth=3];
	//   t1 -> t2;
	//   t1 -> t3 [penwidth=3];
	//   t3 -> t4;
	//   t3 -> t5 [penwidth=3];
	// }
}
