package troll_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/troll"
)

// The Trunk Thumper a minute on its map under each of the deciders, over
// the same actions: an HTN planner under reactions, a behaviour tree, a
// goal-driven (GOAP) planner, and a state machine whose states are the
// reactions and the HTN planner.
func Example() {
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM} {
		tree, err := troll.NewTree(d)
		if err != nil {
			fmt.Println(err)
			return
		}
		game, err := troll.NewGame(tree, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := game.Run(time.Minute); err != nil {
			fmt.Println(err)
			return
		}
		s := game.Summary()
		fmt.Printf("%-4v %2d checks, %2d slams, %d trunks, %2d roars, %d beaten, hp %d\n",
			d, s.Checks, s.Slams, s.Uprooted, s.Roars, s.Kills, s.HP)
	}
	// Output:
	// htn   9 checks, 15 slams, 4 trunks,  8 roars, 3 beaten, hp 40
	// bt    9 checks, 10 slams, 5 trunks,  0 roars, 2 beaten, hp 46
	// goap  8 checks,  8 slams, 2 trunks,  0 roars, 1 beaten, hp 52
	// fsm   9 checks,  9 slams, 3 trunks, 19 roars, 1 beaten, hp 34
}

// The troll's state machine, as its transitions say it: the reactions
// from any state first, then each state's own, in the order it checks
// them.
func ExampleMachine() {
	machine, err := troll.Machine()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("begins in:", machine.Initial())
	for _, t := range machine.Transitions() {
		fmt.Println(t)
	}
	// Output:
	// begins in: fight and patrol
	// any state → dead: dead
	// any state → hurt: hurt
	// fight and patrol → fight and patrol: succeeded
	// hurt → fight and patrol: succeeded
}
