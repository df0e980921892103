package goap_test

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// Wander is a memory whose walks never reach the treasure: a goal of it
// is searched until the budget runs out.
type Wander struct {
	X, Y     int
	Treasure bool
	Rested   bool
}

// A goal that cannot be reached spends its own search's budget, not the
// planning's: a lower goal with a plan still gets its search, and is
// planned, as the peers' planners bound each goal's search.
func TestAnUnreachableGoalLeavesTheOthersTheirBudget(t *testing.T) {
	act := func(effect func(w *Wander)) bt.Action[Wander] {
		return bt.Instant(func(w *Wander) bool { effect(w); return true }, effect)
	}
	var b catalogue.Builder[Wander]
	b.Action("north", act(func(w *Wander) { w.Y++ }))
	b.Action("east", act(func(w *Wander) { w.X++ }))
	b.Action("rest", act(func(w *Wander) { w.Rested = true }))
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	domain, err := goap.New(actions, func(w *Wander) Wander { return *w }).
		Do("north").Do("east").Do("rest").
		Goal("treasure", 2, func(w *Wander) bool { return w.Treasure }). // no action finds it
		Goal("rested", 1, func(w *Wander) bool { return w.Rested }).
		Budget(decide.Budget{Tries: 500}).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := domain.NewSession().Plan(&Wander{})
	if err != nil || plan.Goal != "rested" {
		t.Fatalf("planned %q %v (%v), want the rest: the treasure's search took the budget of both", plan.Goal, plan.Steps, err)
	}
}
