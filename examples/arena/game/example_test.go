package game_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/examples/arena/game"
)

// Two seconds of a game with one arena and one troll, run headless:
// what each agent began last, and why.
func Example() {
	g, err := game.New(game.Config{Seed: 1, Arenas: 1, Trolls: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 120 {
		if err := g.Update(); err != nil {
			fmt.Println(err)
			return
		}
	}
	for _, p := range g.Panels(nil) {
		fmt.Println(p.Title)
		for _, c := range p.Agents {
			fmt.Printf("  %s: %s, %s\n", c.Agent.Name(), c.Doing, c.Reason)
		}
	}
	// Output:
	// Jedi arena 1, round 1, 2s
	//   Jedi of arena 1: kick, Beneficial (victim damaged)
	//   partner of arena 1: strafe, Cosmetic (otherwise)
	// troll 1: htn (D switches)
	//   troll 1 (htn): NavigateToBridge, step 2 of 3 of plan [patrol]
}
