package tour_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/troll"
)

// The world of docs/05-goap.md: a camper who wants to be fed and warm,
// each as much as it is hungry or cold.

// snippet camp-memory

// Camp is the camper's memory. The planner tells states apart by a key:
// here the whole memory, small and comparable.
type Camp struct {
	Hunger, Cold int // 0 to 9
	Food, Wood   int
	Fire         bool
}

// end snippet camp-memory

// campActions are the camper's actions, each with what a step costs.
func campActions() (*catalogue.Catalogue[Camp], error) {
	act := func(effect func(c *Camp)) bt.Action[Camp] {
		return bt.Instant(func(c *Camp) bool { effect(c); return true }, effect)
	}
	cost := func(n float64) func(_, _ *Camp) float64 { return func(_, _ *Camp) float64 { return n } }
	hasFood := constraints.Func("food", func(c *Camp) bool { return c.Food > 0 })
	hasWood := constraints.Func("wood", func(c *Camp) bool { return c.Wood > 0 })
	var b catalogue.Builder[Camp]
	b.Action("forage", act(func(c *Camp) { c.Food++ })).Cost(cost(4))
	b.Action("eat", act(func(c *Camp) { c.Food--; c.Hunger = 0 }), hasFood)
	b.Action("chop", act(func(c *Camp) { c.Wood++ })).Cost(cost(2))
	b.Action("light fire", act(func(c *Camp) { c.Wood--; c.Fire = true; c.Cold = 0 }), hasWood)
	return b.Build()
}

// camp returns the camper's domain, its goals chosen by choice.
func camp(choice decide.Choice) (*goap.Domain[Camp, Camp], error) {
	actions, err := campActions()
	if err != nil {
		return nil, err
	}
	// snippet camp-goals
	return goap.New(actions, func(c *Camp) Camp { return *c }).
		Do("forage").Do("eat").Do("chop").Do("light fire").
		Goal("fed", 1, func(c *Camp) bool { return c.Hunger == 0 }).
		Relevant(func(c *Camp) bool { return c.Hunger > 2 }).
		Utility(func(c *Camp) float64 { return float64(c.Hunger) }). // as hungry as it is
		Estimate(func(c *Camp) float64 { return float64(min(c.Hunger, 1)) }).
		Goal("warm", 1, func(c *Camp) bool { return c.Cold == 0 }).
		Relevant(func(c *Camp) bool { return c.Cold > 2 }).
		Utility(func(c *Camp) float64 { return float64(c.Cold) }).
		Choose(choice).
		Build()
	// end snippet camp-goals
}

// How the camper chooses between its goals, by each Choice, on a few
// evenings: the hungrier it is the more being fed matters, but warmth is
// the cheaper plan.
func Example_campChoices() {
	// snippet camp-choices
	evenings := []Camp{
		{Hunger: 8, Cold: 5},          // hungrier than cold
		{Hunger: 6, Cold: 5},          // a little hungrier than cold
		{Hunger: 5, Cold: 8},          // colder than hungry
		{Hunger: 6, Cold: 5, Food: 1}, // hungry, with food in hand
		{Hunger: 1, Cold: 1},          // neither: no goal is relevant
	}
	for _, choice := range []decide.Choice{decide.ByUtility, decide.ByCost, decide.ByUtilityLessCost} {
		domain, err := camp(choice)
		if err != nil {
			fmt.Println(err)
			return
		}
		session := domain.NewSession()
		fmt.Printf("%s:\n", choice)
		for _, c := range evenings {
			plan, err := session.Plan(&c)
			if err != nil {
				fmt.Printf("  hunger %d, cold %d, food %d: %v\n", c.Hunger, c.Cold, c.Food, err)
				continue
			}
			fmt.Printf("  hunger %d, cold %d, food %d: %s (utility %g) %v, cost %g\n",
				c.Hunger, c.Cold, c.Food, plan.Goal, plan.Utility, plan.Steps, plan.Cost)
		}
	}
	// end snippet camp-choices

	// Output:
	// by utility:
	//   hunger 8, cold 5, food 0: fed (utility 8) [forage eat], cost 5
	//   hunger 6, cold 5, food 0: fed (utility 6) [forage eat], cost 5
	//   hunger 5, cold 8, food 0: warm (utility 8) [chop light fire], cost 3
	//   hunger 6, cold 5, food 1: fed (utility 6) [eat], cost 1
	//   hunger 1, cold 1, food 0: goap: no plan: no goal is relevant and unsatisfied
	// by cost:
	//   hunger 8, cold 5, food 0: warm (utility 5) [chop light fire], cost 3
	//   hunger 6, cold 5, food 0: warm (utility 5) [chop light fire], cost 3
	//   hunger 5, cold 8, food 0: warm (utility 8) [chop light fire], cost 3
	//   hunger 6, cold 5, food 1: fed (utility 6) [eat], cost 1
	//   hunger 1, cold 1, food 0: goap: no plan: no goal is relevant and unsatisfied
	// by utility less cost:
	//   hunger 8, cold 5, food 0: fed (utility 8) [forage eat], cost 5
	//   hunger 6, cold 5, food 0: warm (utility 5) [chop light fire], cost 3
	//   hunger 5, cold 8, food 0: warm (utility 8) [chop light fire], cost 3
	//   hunger 6, cold 5, food 1: fed (utility 6) [eat], cost 1
	//   hunger 1, cold 1, food 0: goap: no plan: no goal is relevant and unsatisfied
}

// The goal-driven troll's plans in the first seconds of its game: a goal
// that matters more, once relevant and with a plan, replaces the running
// one in the tick.
func Example_trollGoals() {
	printTrollPlans(troll.GOAP, 9*time.Second)
	// Output:
	// time  change   why
	// 0.1s  made     goal guard (utility 1), the highest with a plan
	//       ChooseBridgeToCheck → CheckBridge
	// 1.2s  made     goal guard (utility 1), the highest with a plan
	//       ChooseBridgeToCheck → NavigateToBridge → CheckBridge
	// 3.7s  made     goal guard (utility 1), the highest with a plan
	//       ChooseBridgeToCheck → NavigateToBridge → CheckBridge
	// 5.6s  replaced the world changed; now for goal slay (utility 3)
	//       NavigateToEnemy → DoTrunkSlam → DoTrunkSlam → DoTrunkSlam → FindTrunk → NavigateToTrunk → UprootTrunk → DoTrunkSlam → DoTrunkSlam
	// 8.8s  replaced DoTrunkSlam cannot begin: not within reach; now for goal slay (utility 3)
	//       NavigateToEnemy → DoTrunkSlam → DoTrunkSlam
}
