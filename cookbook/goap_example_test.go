package cookbook_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// Soldier is what a soldier of the GOAP document knows.
type Soldier struct {
	Gun       bool // a ranged weapon in hand
	EnemyDown bool
}

// The GOAP document's ranged attack against melee, as a goal-driven
// planner (package goap) plans it: the designer says what the soldier
// wants (the enemy down) and what each action costs (a ranged attack 11,
// a melee attack 21), and the planner finds the cheapest plan. Cost alone
// would shoot without a gun: the document's hard constraint, that a
// ranged attack needs a ranged weapon, is a precondition the domain adds
// to the catalogue's action (Do's), and the planner then turns the
// ranged attack down, saying why, and pays for melee.
func Example_rangedOrMelee() {
	down := func(s *Soldier) { s.EnemyDown = true }
	cost := func(c float64) func(_, _ *Soldier) float64 { return func(_, _ *Soldier) float64 { return c } }
	var b catalogue.Builder[Soldier]
	b.Action("ranged attack", bt.Instant(func(s *Soldier) bool { down(s); return true }, down)).Cost(cost(11))
	b.Action("melee attack", bt.Instant(func(s *Soldier) bool { down(s); return true }, down)).Cost(cost(21))
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	domain := func(hard bool) (*goap.Domain[Soldier, Soldier], error) {
		var pre []bt.Constraint[Soldier]
		if hard {
			pre = append(pre, constraints.Func("a ranged weapon", func(s *Soldier) bool { return s.Gun }))
		}
		return goap.New(actions, func(s *Soldier) Soldier { return *s }).
			Do("ranged attack", pre...).
			Do("melee attack").
			Goal("enemy down", 1, func(s *Soldier) bool { return s.EnemyDown }).
			Build()
	}
	costOnly, err := domain(false)
	if err != nil {
		fmt.Println(err)
		return
	}
	constrained, err := domain(true)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range []struct {
		what    string
		domain  *goap.Domain[Soldier, Soldier]
		soldier Soldier
	}{
		{"by cost, with a gun", costOnly, Soldier{Gun: true}},
		{"by cost, without", costOnly, Soldier{}},
		{"constrained, with a gun", constrained, Soldier{Gun: true}},
		{"constrained, without", constrained, Soldier{}},
	} {
		planner := c.domain.NewSession()
		plan, err := planner.Plan(&c.soldier)
		if err != nil {
			fmt.Println(c.what, err)
			continue
		}
		var why decide.Report // the planner's account: what it turned down, and why
		planner.Explain(&why)
		fmt.Printf("%-24s %v, cost %g", c.what, plan.Steps, plan.Cost)
		for _, r := range why.Rejected {
			fmt.Printf("; not %s: %s", r.Name, r.Reason)
		}
		fmt.Println()
	}
	// Output:
	// by cost, with a gun      [ranged attack], cost 11
	// by cost, without         [ranged attack], cost 11
	// constrained, with a gun  [ranged attack], cost 11
	// constrained, without     [melee attack], cost 21; not ranged attack: precondition 1: not a ranged weapon (once)
}
