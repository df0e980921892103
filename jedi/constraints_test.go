package jedi

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
)

func TestDomainConstraints(t *testing.T) {
	running := bt.Situation{Running: true}
	tests := []struct {
		name   string
		c      bt.Constraint[Memory]
		change func(m *Memory)
		s      bt.Situation
		want   bt.Check
		reason string
	}{
		{"alive", Alive(), nil, bt.Situation{}, bt.Pass, ""},
		{"fallen", Alive(), func(m *Memory) { m.Self.HP = 0 }, bt.Situation{}, bt.Fail, "not alive"},
		{"has a victim", HasVictim(), nil, bt.Situation{}, bt.Pass, ""},
		{"has none", HasVictim(), func(m *Memory) { m.Victim = -1 }, bt.Situation{}, bt.Fail, "not a victim"},
		{"victim type", VictimIs(Brawler, Droid), nil, bt.Situation{}, bt.Pass, ""},
		{"other victim type", VictimIs(Brawler), nil, bt.Situation{}, bt.Fail, "not victim is brawler"},
		{"shielded", VictimShielded(), func(m *Memory) { victim(m).Shield = 5 }, bt.Situation{}, bt.Pass, ""},
		{"shield intact", ShieldIntact(), func(m *Memory) { victim(m).Type, victim(m).Shield = Trooper, 50 }, bt.Situation{}, bt.Pass, ""},
		{"shield dented", ShieldIntact(), func(m *Memory) { victim(m).Type, victim(m).Shield = Trooper, 25 }, bt.Situation{}, bt.Fail, "not shield intact"},
		{"stumbling", VictimStumbling(), nil, bt.Situation{}, bt.Fail, "not victim stumbling"},
		{"within distance", Distance(5, 12), nil, bt.Situation{}, bt.Pass, ""},
		{"too near", Distance(11, 12), nil, bt.Situation{}, bt.Fail, "victim nearer than 11m"},
		{"too far", Distance(1, 9), nil, bt.Situation{}, bt.Fail, "victim farther than 9m"},
		{"no upper bound", Distance(1, 0), nil, bt.Situation{}, bt.Pass, ""},
		{"too far but running", Distance(1, 9, skipRunning()...), nil, running, bt.Pass, ""},
		{"kill timer: too early", KillTimer(Desired, 0), func(m *Memory) { m.VictimTimer = time.Second }, bt.Situation{}, bt.Fail, "too early for the victim"},
		{"kill timer: patient enough", KillTimer(Desired, 0), func(m *Memory) { m.VictimTimer = 5 * time.Second }, bt.Situation{}, bt.Pass, ""},
		{"kill timer: too late", KillTimer(0, 2*time.Second), func(m *Memory) { m.VictimTimer = 3 * time.Second }, bt.Situation{}, bt.Fail, "too late for the victim"},
		{"skill range", SkillRange(HighSkill), func(m *Memory) { m.Self.Skill = 0.6 }, bt.Situation{}, bt.Pass, ""},
		{"outside the skill range", SkillRange(PadawanSkill), func(m *Memory) { m.Self.Skill = 0.6 }, bt.Situation{}, bt.Fail, "not skill in [0, 0.25]"},
		{"threatened", Threatened(time.Second, Bolt), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Pass, ""},
		{"threat too far off", Threatened(100*time.Millisecond, Bolt), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Fail, "not threatened by bolt within 100ms"},
		{"threat already avoided", Threatened(time.Second), func(m *Memory) { addThreat(m, boltFromEast); m.Self.Dodge = time.Second }, bt.Situation{}, bt.Fail, "not threatened within 1s"},
		{"wrong kind of threat", Threatened(time.Second, Melee), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Fail, "not threatened by melee within 1s"},
		{"the victim attacks", Countering(time.Second, Bolt), func(m *Memory) { addThreat(m, boltFromEast); m.Self.Dodge = time.Second }, bt.Situation{}, bt.Pass, ""},
		{"someone else attacks", Countering(time.Second, Melee), func(m *Memory) { addThreat(m, swingFromAbove) }, bt.Situation{}, bt.Fail, "not victim attacking by melee within 1s"},
		{"unthreatened", Unthreatened(time.Second, Bolt), nil, bt.Situation{}, bt.Pass, ""},
		{"not unthreatened", Unthreatened(time.Second, Bolt), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Fail, "threatened by bolt within 1s"},
		{"too close to another Jedi", TooClose(), func(m *Memory) { m.TooClose = true }, bt.Situation{}, bt.Pass, ""},
		{"facing the victim", Facing(0.9), nil, bt.Situation{}, bt.Pass, ""},
		{"facing away", Facing(0.9), func(m *Memory) { m.Self.Facing = Vec{0, 1} }, bt.Situation{}, bt.Fail, "not facing the victim (0.9)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := standing()
			if tt.change != nil {
				tt.change(&m)
			}
			check, reason := tt.c.Evaluate(tt.s, &m)
			if check != tt.want || reason != tt.reason {
				t.Errorf("Evaluate = %v %q, want %v %q", check, reason, tt.want, tt.reason)
			}
		})
	}
}

func skipRunning() []constraints.Option { return []constraints.Option{constraints.SkipWhileRunning()} }

func addThreat(m *Memory, t Threat) {
	m.Threats[m.NumThreats] = t
	m.NumThreats++
	m.refresh()
}
