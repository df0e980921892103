// Package heuristic holds the currency of foresight's planning selectors:
// the ordered Outcome, the Heuristic that produces it, and Rules, a
// heuristic written as a first-match-wins rule list that can explain itself.
// A first agent needs this package and package bt: read Outcome, then
// Rules (with When and Match) or Func, and give the heuristic to the tree
// as bt.Config.Heuristic.
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
//
// NewRules, When and Match infer the memory type from the rules'
// functions; a rule list with no rules yet, and a Func, name it:
//
//	sketch, err := heuristic.NewRules[World](heuristic.Cosmetic) // a placeholder goal while the tree is sketched
//	judge := heuristic.Func[World](func(before, after *World) heuristic.Outcome { ... })
//
// # Outcomes for goals other than combat
//
// The names come from combat, but the order is what the selectors use:
// a ruin, a setback, no change, a flourish, progress, and two grades of
// relief from danger, which a selector prefers even to progress. Map a
// goal onto them by that order:
//
//	outcome     combat                   economy                     stealth
//	Deadly      the agent would die      bankrupt                    caught
//	Harmful     takes damage             loses money or stock        seen, suspicion rises
//	Irrelevant  nothing that matters     nothing that matters        nothing that matters
//	Cosmetic    looks alive              tidies the shop             idles in cover
//	Beneficial  hurts the enemy          earns, builds, trades up    nears the target unseen
//	Safe        the threat drops         a debt is paid              out of a guard's sight
//	Urgent      escapes a bad situation  a bankruptcy averted        escapes a search
//
// For example, a trader's goal:
//
//	trader, err := heuristic.NewRules(heuristic.Irrelevant,
//		heuristic.When("bankrupt", heuristic.Deadly, func(b, a *Shop) bool { return a.Gold < 0 }),
//		heuristic.When("loss", heuristic.Harmful, func(b, a *Shop) bool { return a.Worth() < b.Worth() }),
//		heuristic.When("debt paid", heuristic.Safe, func(b, a *Shop) bool { return a.Debt < b.Debt }),
//		heuristic.When("profit", heuristic.Beneficial, func(b, a *Shop) bool { return a.Worth() > b.Worth() }),
//	)
package heuristic
