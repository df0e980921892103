package jedi

import "github.com/foresight-bt/foresight/heuristic"

// Names of the combat rules, as traces show them.
const (
	RuleTooClose      = "too close to another Jedi"
	RuleGaveSpace     = "gave another Jedi space"
	RuleDefensive     = "defensive: victim hurt"
	RulePartnerTarget = "disturbed another Jedi's target"
	RuleHurt          = "own hit points dropped"
	RuleThreatRose    = "threat rose"
	RuleTooSoon       = "victim died too soon"
	RuleThreatFell    = "threat fell"
	RulePartnerKill   = "killed another Jedi's target"
	RuleVictimHurt    = "victim damaged"
	RuleShieldBroken  = "victim lost its shield"
)

// safeMargin is the fall in threat level that makes a defence Urgent
// rather than Safe.
const safeMargin = 0.05

// Goal returns the combat heuristic: the original's ordered rules, first
// match wins. It is built once and may be shared by any number of trees.
//
//  1. Ends too close to another Jedi: Impossible.
//  2. Was too close and is no longer: Urgent.
//  3. Defensive mode (Memory.Defensive) and the victim lost hit points: Impossible.
//  4. Another Jedi's target was disturbed: Impossible.
//  5. Own hit points dropped: Deadly at zero, else Harmful.
//  6. The threat level rose: Harmful.
//  7. The victim died while the victim timer was at most the desired kill time: Harmful.
//  8. The threat level fell: Safe if by less than 0.05, else Urgent.
//  9. An enemy engaged with another Jedi died: Harmful.
//  10. The victim lost hit points: Beneficial.
//  11. The victim lost its shield: Beneficial.
//  12. Otherwise: Irrelevant.
func Goal() *heuristic.Rules[Memory] { return goal }

// goal is built at start-up: a malformed rule list is a bug in this file
// that no test run could miss.
var goal = func() *heuristic.Rules[Memory] {
	rules, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When(RuleTooClose, heuristic.Impossible, func(b, a *Memory) bool { return a.TooClose }),
		heuristic.When(RuleGaveSpace, heuristic.Urgent, func(b, a *Memory) bool { return b.TooClose && !a.TooClose }),
		heuristic.When(RuleDefensive, heuristic.Impossible, func(b, a *Memory) bool {
			return b.Defensive && victimHP(a) < victimHP(b)
		}),
		heuristic.When(RulePartnerTarget, heuristic.Impossible, func(b, a *Memory) bool { return a.PartnerFoeHurt && !b.PartnerFoeHurt }),
		heuristic.Match(RuleHurt, func(b, a *Memory) (heuristic.Outcome, bool) {
			if a.Self.HP <= 0 {
				return heuristic.Deadly, a.Self.HP < b.Self.HP
			}
			return heuristic.Harmful, a.Self.HP < b.Self.HP
		}),
		heuristic.When(RuleThreatRose, heuristic.Harmful, func(b, a *Memory) bool { return a.ThreatLevel > b.ThreatLevel+1e-9 }),
		heuristic.When(RuleTooSoon, heuristic.Harmful, func(b, a *Memory) bool {
			return a.VictimDied && !b.VictimDied && a.VictimDiedAt <= a.DesiredKillTime
		}),
		heuristic.Match(RuleThreatFell, func(b, a *Memory) (heuristic.Outcome, bool) {
			fell := b.ThreatLevel - a.ThreatLevel
			if fell < safeMargin {
				return heuristic.Safe, fell > 1e-9
			}
			return heuristic.Urgent, true
		}),
		heuristic.When(RulePartnerKill, heuristic.Harmful, func(b, a *Memory) bool { return a.PartnerFoeDied && !b.PartnerFoeDied }),
		heuristic.When(RuleVictimHurt, heuristic.Beneficial, func(b, a *Memory) bool { return victimHP(a) < victimHP(b) }),
		heuristic.When(RuleShieldBroken, heuristic.Beneficial, func(b, a *Memory) bool { return victimShield(a) < victimShield(b) }),
	)
	if err != nil {
		panic("jedi: the combat rules are malformed: " + err.Error())
	}
	return rules
}()

func victimHP(m *Memory) int {
	if v := m.VictimEnemy(); v != nil {
		return v.HP
	}
	return 0
}

func victimShield(m *Memory) int {
	if v := m.VictimEnemy(); v != nil {
		return v.Shield
	}
	return 0
}
