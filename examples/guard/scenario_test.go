package main

import (
	"fmt"
	"testing"

	"github.com/foresight-bt/foresight/bt/bttest"
)

// The guard's choices in moments of its game, and why: a scenario test
// each (bttest.Given).
func TestScenarios(t *testing.T) {
	tree, err := guardTree(byTree)
	if err != nil {
		t.Fatal(err)
	}
	yard := Memory{Guard: point{1, 1}, Waypoints: [4]point{{1, 1}, {8, 1}, {8, 8}, {1, 8}}, Next: 1, IntruderHP: 3}
	for _, tc := range []struct {
		name          string
		intruder      point
		want, because string
	}{
		{"an intruder in sight is chased", point{3, 2}, "chase", "closer to the intruder"},
		{"an intruder within reach is struck", point{2, 1}, "attack", "intruder hurt"},
		{"an intruder out of sight leaves the round as it is", point{8, 8}, "patrol", "on the round"},
	} {
		m := yard
		m.Intruder = tc.intruder
		if err := bttest.Given(tree, m).Chooses(tc.want, tc.because); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// A scenario the guard does not meet says what it chose instead, and
// every option's verdict.
func ExampleScenario() {
	tree, _ := guardTree(byTree)
	m := Memory{Guard: point{1, 1}, Intruder: point{8, 8}, IntruderHP: 3, Next: 1,
		Waypoints: [4]point{{1, 1}, {8, 1}, {8, 8}, {1, 8}}}
	fmt.Println(bttest.Given(tree, m).Chooses("chase", "closer to the intruder"))
	// Output:
	// bttest: want chase because "closer to the intruder", but the tick decides:
	//   guard chose patrol (best outcome):
	//       attack  Impossible (out of reach)
	//       chase   Impossible (no intruder in sight)
	//     * patrol  Cosmetic (on the round)
}
