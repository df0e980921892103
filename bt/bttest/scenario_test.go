package bttest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
)

// A scenario is set to its moment: the agent brought there by ticks
// (After) sees its running child and its clock; the step and seed are
// the tick's; a bad scenario is an error, not a panic.
func TestScenarioMoments(t *testing.T) {
	t.Parallel()
	n := bt.New[Yard]()
	tree, err := bt.Build(bt.Config[Yard]{Heuristic: yardGoal},
		n.Selector("guard", n.Do("chase", chase).Constrain(sees), n.Do("patrol", patrol)))
	if err != nil {
		t.Fatal(err)
	}
	seen := Yard{Guard: 1, Intruder: 5, Sees: true}
	s := bttest.Given(tree, seen).Seed(7).Step(100 * time.Millisecond)
	if err := s.Chooses("guard/chase", "Beneficial (caught up)"); err != nil {
		t.Error(err)
	}
	if err := s.Chooses("patrol", ""); err == nil || !strings.Contains(err.Error(), "* chase") {
		t.Errorf("a wrong choice: %v; want the options shown, chase marked", err)
	}
	// Brought to a moment when it has lost sight of the intruder, by a
	// tick on the scenario's memory, the guard goes back to its round.
	after := bttest.Given(tree, seen).After(func(a *bt.Agent[Yard], m *Yard) error {
		m.Sees = false
		_, err := a.Tick(m, time.Second)
		return err
	})
	if err := after.Chooses("patrol", "on the round"); err != nil {
		t.Errorf("after a tick: %v", err)
	}
	if err := bttest.Given[Yard](nil, seen).Chooses("chase", ""); err == nil {
		t.Error("a scenario of a nil tree: no error")
	}
}
