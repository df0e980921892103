// Package tour_test holds the code of the README's first agent and of
// the guides 01 to 06 in docs/: each guide's world in a file of its own,
// and every snippet the Markdown shows a region of these files, compiled
// and, where it prints, run by go test.
package tour_test

// snippet first-agent

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// Cat is the agent's memory: a plain value, so a prediction is a copy.
type Cat struct{ Hunger, Energy, Fun int }

// eat is an action: Begin, Update and End run it, Simulate predicts it.
type eat struct{}

func (eat) Begin(*Cat) bt.Status                     { return bt.Running }
func (eat) Update(c *Cat, _ time.Duration) bt.Status { c.Hunger = 0; return bt.Success }
func (eat) End(*Cat, bt.Status)                      {}
func (eat) Simulate(_ *bt.Sim[Cat], c *Cat)          { c.Hunger = 0 }

func main() {
	nap := func(c *Cat) { c.Energy = 10 }
	play := func(c *Cat) { c.Fun++; c.Energy -= 3 }
	goal, err := heuristic.NewRules(heuristic.Irrelevant, // the first rule that matches decides
		heuristic.When("worn out", heuristic.Harmful, func(b, a *Cat) bool { return a.Energy < 0 }),
		heuristic.When("fed when hungry", heuristic.Beneficial, func(b, a *Cat) bool { return b.Hunger >= 4 && a.Hunger == 0 }),
		heuristic.When("rested when tired", heuristic.Beneficial, func(b, a *Cat) bool { return b.Energy < 3 && a.Energy > b.Energy }),
		heuristic.When("had fun", heuristic.Cosmetic, func(b, a *Cat) bool { return a.Fun > b.Fun }),
	)
	if err != nil {
		panic(err)
	}
	n := bt.New[Cat]()
	tree, err := bt.Build(bt.Config[Cat]{Heuristic: goal},
		n.Selector("cat", // simulates each child on a copy, and runs the best
			n.Do("eat", eat{}),
			n.Do("nap", bt.Instant(func(c *Cat) bool { nap(c); return true }, nap)),
			n.Do("play", bt.Instant(func(c *Cat) bool { play(c); return true }, play)),
		))
	if err != nil {
		panic(err)
	}
	cat, _ := tree.NewAgent(1) // one agent of the tree, seeded
	cat.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			fmt.Println(e.Time, e.Decision)
		}
	}))
	c := Cat{Energy: 7}
	for range 8 {
		c.Hunger += 2 // the game's world moves on
		if _, err := cat.Tick(&c, time.Second); err != nil {
			panic(err)
		}
	}
}

// end snippet first-agent

// The README's first agent: main is its program, as a newcomer would run
// it.
func Example_firstAgent() {
	main()
	// Output:
	// 1s cat → play (best outcome) [eat: Irrelevant (otherwise), nap: Irrelevant (otherwise), play: Cosmetic (had fun)]
	// 2s cat → eat (best outcome) [eat: Beneficial (fed when hungry), nap: Irrelevant (otherwise), play: Cosmetic (had fun)]
	// 4s cat → play (best outcome) [eat: Irrelevant (otherwise), nap: Irrelevant (otherwise), play: Cosmetic (had fun)]
	// 5s cat → eat (best outcome) [eat: Beneficial (fed when hungry), nap: Beneficial (rested when tired), play: Harmful (worn out)]
	// 7s cat → nap (best outcome) [eat: Irrelevant (otherwise), nap: Beneficial (rested when tired), play: Harmful (worn out)]
	// 8s cat → eat (best outcome) [eat: Beneficial (fed when hungry), nap: Irrelevant (otherwise), play: Cosmetic (had fun)]
}
