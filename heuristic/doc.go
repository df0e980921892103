// Package heuristic holds the currency of foresight's planning selectors:
// the ordered Outcome, the Heuristic that produces it, and Rules, a
// heuristic written as a first-match-wins rule list that can explain itself.
//
// A heuristic is the agent's goal. When a selector looks ahead, every child
// is simulated on a copy of the agent's memory and the heuristic compares
// the copy's "before" and "after":
//
//	judge := heuristic.Func[World](func(before, after *World) heuristic.Outcome {
//		if after.HP < before.HP {
//			return heuristic.Harmful
//		}
//		return heuristic.Irrelevant
//	})
//
// Outcomes are discrete on purpose. The system foresight descends from first
// scored actions with a float in [0, 1] and found the resulting behaviour
// unstable; eight named, ordered verdicts keep choices stable and easy to
// reason about:
//
//	Impossible < Deadly < Harmful < Irrelevant < Cosmetic < Beneficial < Safe < Urgent
//
// Rules makes the goal read like the design document, and lets a trace say
// which line of it decided:
//
//	rules, err := heuristic.NewRules(heuristic.Irrelevant,
//		heuristic.When("took damage", heuristic.Harmful, tookDamage),
//		heuristic.When("enemy hurt", heuristic.Beneficial, enemyHurt),
//	)
//	v := rules.Explain(&before, &after) // {Harmful "took damage"}
package heuristic
