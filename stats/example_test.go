package stats_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/stats"
)

// counter is the memory of an agent that counts its coins.
type counter struct{ Coins int }

// A Collector follows an agent over a run: afterwards it tells what each
// node did, and which parts of the design the agent never used. Here the
// heuristic cannot tell digging from trading (both make the agent richer:
// Beneficial), ties go to the first in designer order, and so trade is
// never chosen: the kind of smell the collector is for.
func ExampleCollector() {
	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("richer", heuristic.Beneficial, func(b, a *counter) bool { return a.Coins > b.Coins }),
	)
	if err != nil {
		panic(err)
	}
	earn := func(n int) bt.Action[counter] {
		return bt.Instant(func(m *counter) bool { m.Coins += n; return true }, func(m *counter) { m.Coins += n })
	}
	nb := bt.New[counter]()
	tree, err := bt.Build(bt.Config[counter]{Heuristic: goal},
		nb.Selector("work",
			nb.Do("dig", earn(1)),
			nb.Do("trade", earn(3)),
			nb.Do("beg", earn(0)),
		))
	if err != nil {
		panic(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		panic(err)
	}

	c := stats.New(tree.Nodes()) // the nodes exist once the tree is built
	agent.SetTracer(c)
	m := counter{}
	for range 3 {
		if _, err := agent.Tick(&m, time.Second); err != nil {
			panic(err)
		}
	}
	fmt.Println("never chosen:", c.NeverChosen())
	if err := c.WriteTable(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// never chosen: [work/trade work/beg]
	// node                                         simulated  chosen   begun success failure  halted refused  outcomes (Imp/Dea/Har/Irr/Cos/Ben/Saf/Urg)
	// work                                                 0       0       3       3       0       0       0  0/0/0/0/0/0/0/0
	//   dig                                                3       3       3       3       0       0       0  0/0/0/0/0/3/0/0
	//   trade                                              3       0       0       0       0       0       0  0/0/0/0/0/3/0/0
	//   beg                                                3       0       0       0       0       0       0  0/0/0/3/0/0/0/0
}
