package troll_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/troll"
)

// The Trunk Thumper a minute on its map under each of the deciders, over
// the same actions: an HTN planner under reactions, a behaviour tree, a
// goal-driven (GOAP) planner, a state machine whose states are the
// reactions and the HTN planner, and a utility node.
func Example() {
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
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
	// utility 11 checks,  9 slams, 2 trunks, 15 roars, 1 beaten, hp 40
}

// The troll's state machine, as it describes itself (for pictures,
// statistics and the inspector): its states, each with its transitions
// in the order it checks them, after the reactions from any state.
func ExampleMachine() {
	machine, err := troll.Machine()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range machine.Nodes() {
		fmt.Printf("%s%s: %s\n", strings.Repeat("  ", n.Depth), n.Name, n.Detail)
	}
	// Output:
	// machine: fsm: 3 states, initial fight and patrol
	//   any state: from any state
	//     → dead: transition: dead
	//     → hurt: transition: hurt
	//   fight and patrol: state, initial: runs a planner
	//     → fight and patrol: transition: succeeded
	//   hurt: state: does Recover
	//     → fight and patrol: transition: succeeded
	//   dead: state, final: does Fall
}
