package stats_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/stats"
)

// smith is the memory of a smith who wants a sword.
type smith struct {
	Ore, Bars, Swords int
	Lit               bool
}

// A GOAP planner node in a tree that traces tallies each planning: how
// often it considered each action, how often the action's preconditions
// discarded it, and how often they admitted it. A collector adds them up
// over the run. A precondition that is a plain function is checked at
// every state the search reaches: the forge is considered at each and
// admitted where the smith holds a bar. One that tests a field
// (constraints.Field) indexes its action by the value it needs, and the
// search considers it only at states of that value: the bellows, which
// need a fire that is never lit, are never considered at all.
func ExampleCollector_tallies() {
	act := func(effect func(s *smith)) bt.Action[smith] {
		return bt.Instant(func(s *smith) bool { effect(s); return true }, effect)
	}
	var b catalogue.Builder[smith]
	b.Action("mine", act(func(s *smith) { s.Ore++ })).Cost(func(_, _ *smith) float64 { return 3 })
	b.Action("smelt", act(func(s *smith) { s.Ore--; s.Bars++ }),
		constraints.Func("ore", func(s *smith) bool { return s.Ore > 0 }))
	b.Action("forge", act(func(s *smith) { s.Bars--; s.Swords++ }),
		constraints.Func("a bar", func(s *smith) bool { return s.Bars > 0 }))
	fire := constraints.NewField("fire", func(s *smith) int {
		if s.Lit {
			return 1
		}
		return 0
	})
	b.Action("bellows", act(func(*smith) {}), fire.Is(1))
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	domain, err := goap.New(actions, func(s *smith) smith { return *s }).
		Do("mine").Do("smelt").Do("forge").Do("bellows").
		Goal("armed", 1, func(s *smith) bool { return s.Swords > 0 }).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[smith]()
	tree, err := bt.Build(bt.Config[smith]{}, n.Plan("smith", domain))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := stats.New(tree.Nodes())
	agent.SetTracer(c)
	for _, s := range []smith{{}, {Ore: 1}, {Bars: 1}} { // three swords, from three starts
		if _, err := agent.Tick(&s, time.Second); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, step := range []string{"mine", "smelt", "forge", "bellows"} {
		k := c.Counts("smith/" + step)
		fmt.Printf("%-8s considered %2d, discarded %2d, admitted %2d\n", step, k.Considered, k.Discarded, k.Admitted)
	}
	// Output:
	// mine     considered  6, discarded  0, admitted  6
	// smelt    considered  6, discarded  4, admitted  2
	// forge    considered  6, discarded  3, admitted  3
	// bellows  considered  0, discarded  0, admitted  0
}
