package heuristic_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/heuristic"
)

// A rule list reads like the design document, and Explain says which rule
// decided.
func ExampleRules() {
	type Fighter struct{ HP, EnemyHP int }

	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("took damage", heuristic.Harmful, func(before, after *Fighter) bool {
			return after.HP < before.HP
		}),
		heuristic.When("enemy hurt", heuristic.Beneficial, func(before, after *Fighter) bool {
			return after.EnemyHP < before.EnemyHP
		}),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	now := Fighter{HP: 100, EnemyHP: 50}
	for _, next := range []Fighter{
		{HP: 100, EnemyHP: 25}, // a clean hit
		{HP: 80, EnemyHP: 25},  // a trade: taking damage is checked first
		{HP: 100, EnemyHP: 50}, // nothing happens
	} {
		fmt.Println(goal.Explain(&now, &next))
	}
	// Output:
	// Beneficial (enemy hurt)
	// Harmful (took damage)
	// Irrelevant (otherwise)
}

// An outcome reads its name, in any case, as a tree file or JSON spells it.
func ExampleOutcome_UnmarshalText() {
	var o heuristic.Outcome
	err := o.UnmarshalText([]byte("beneficial"))
	fmt.Println(o, err, o > heuristic.Cosmetic)
	err = o.UnmarshalText([]byte("great"))
	fmt.Println(err)
	// Output:
	// Beneficial <nil> true
	// heuristic: unknown outcome "great" (want one of Impossible, Deadly, Harmful, Irrelevant, Cosmetic, Beneficial, Safe, Urgent)
}

// A heuristic may be a plain function, and a rule list may have no rules
// yet: each names its memory type, which nothing it is given could tell.
func ExampleFunc() {
	type Miner struct{ Ore, HP int }
	sketch, err := heuristic.NewRules[Miner](heuristic.Cosmetic) // every prediction is Cosmetic until rules are written
	if err != nil {
		fmt.Println(err)
		return
	}
	greedy := heuristic.Func[Miner](func(before, after *Miner) heuristic.Outcome {
		if after.Ore > before.Ore {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	now, next := Miner{Ore: 0, HP: 5}, Miner{Ore: 10, HP: 5}
	fmt.Println(sketch.Explain(&now, &next), greedy.Judge(&now, &next))
	// Output:
	// Cosmetic (otherwise) Beneficial
}
