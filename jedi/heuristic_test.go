package jedi

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// Each rule of the combat heuristic, and the order in which they win.
func TestCombatRules(t *testing.T) {
	goal := Goal()
	tests := []struct {
		name   string
		change func(b, a *Memory)
		want   heuristic.Verdict
	}{
		{"nothing changes", func(b, a *Memory) {}, heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "otherwise"}},
		{"ends too close to another Jedi", func(b, a *Memory) { a.TooClose = true; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Impossible, Reason: RuleTooClose}},
		{"gives another Jedi space", func(b, a *Memory) { b.TooClose = true; a.Self.HP -= 10 },
			heuristic.Verdict{Outcome: heuristic.Urgent, Reason: RuleGaveSpace}},
		{"defensive mode forbids hurting the victim", func(b, a *Memory) { b.Defensive, a.Defensive = true, true; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Impossible, Reason: RuleDefensive}},
		{"disturbing another Jedi's target", func(b, a *Memory) { a.PartnerFoeHurt = true; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Impossible, Reason: RulePartnerTarget}},
		{"getting hurt", func(b, a *Memory) { a.Self.HP -= 10; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Harmful, Reason: RuleHurt}},
		{"dying", func(b, a *Memory) { a.Self.HP = 0 }, heuristic.Verdict{Outcome: heuristic.Deadly, Reason: RuleHurt}},
		{"the threat rising", func(b, a *Memory) { a.ThreatLevel = b.ThreatLevel + 0.01; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Harmful, Reason: RuleThreatRose}},
		{"killing too soon", func(b, a *Memory) {
			victim(a).HP = 0
			a.VictimDied, a.VictimDiedAt = true, a.DesiredKillTime-time.Millisecond
		}, heuristic.Verdict{Outcome: heuristic.Harmful, Reason: RuleTooSoon}},
		{"killing on time", func(b, a *Memory) {
			victim(a).HP = 0
			a.VictimDied, a.VictimDiedAt = true, a.DesiredKillTime+time.Millisecond
		}, heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: RuleVictimHurt}},
		{"the threat falling a little", func(b, a *Memory) { b.ThreatLevel = 0.1; a.ThreatLevel = 0.09 },
			heuristic.Verdict{Outcome: heuristic.Safe, Reason: RuleThreatFell}},
		{"the threat falling a lot", func(b, a *Memory) { b.ThreatLevel = 0.2; a.ThreatLevel = 0.1; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Urgent, Reason: RuleThreatFell}},
		{"killing another Jedi's target", func(b, a *Memory) { a.PartnerFoeDied = true; victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Harmful, Reason: RulePartnerKill}},
		{"hurting the victim", func(b, a *Memory) { victim(a).HP -= 25 },
			heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: RuleVictimHurt}},
		{"breaking its shield", func(b, a *Memory) { victim(b).Shield = 50 },
			heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: RuleShieldBroken}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, after := standing(), standing()
			tt.change(&before, &after)
			if got := goal.Explain(&before, &after); got != tt.want {
				t.Errorf("verdict %v, want %v", got, tt.want)
			}
		})
	}
}

func victim(m *Memory) *Enemy { return m.VictimEnemy() }
