package jedi

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/traits"
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
		{"fallen", Alive(), func(m *Memory) { m.Self.HP = 0 }, bt.Situation{}, bt.Fail, "fallen"},
		{"has a victim", HasVictim(), nil, bt.Situation{}, bt.Pass, ""},
		{"has none", HasVictim(), func(m *Memory) { m.Victim = -1 }, bt.Situation{}, bt.Fail, "no victim"},
		{"victim type", VictimIs(Brawler, Droid), nil, bt.Situation{}, bt.Pass, ""},
		{"other victim type", VictimIs(Brawler), nil, bt.Situation{}, bt.Fail, "victim is no brawler"},
		{"shielded", VictimShielded(), func(m *Memory) { victim(m).Shield = 5 }, bt.Situation{}, bt.Pass, ""},
		{"shield intact", ShieldIntact(), func(m *Memory) { victim(m).Type, victim(m).Shield = Trooper, 50 }, bt.Situation{}, bt.Pass, ""},
		{"shield dented", ShieldIntact(), func(m *Memory) { victim(m).Type, victim(m).Shield = Trooper, 25 }, bt.Situation{}, bt.Fail, "shield down or dented"},
		{"within distance", Distance(5, 12), nil, bt.Situation{}, bt.Pass, ""},
		{"too near", Distance(11, 12), nil, bt.Situation{}, bt.Fail, "victim nearer than 11m"},
		{"too far", Distance(1, 9), nil, bt.Situation{}, bt.Fail, "victim farther than 9m"},
		{"no upper bound", Distance(1, 0), nil, bt.Situation{}, bt.Pass, ""},
		{"too far but running", Distance(1, 9, skipRunning()...), nil, running, bt.Pass, ""},
		{"skill range", SkillRange(HighSkill), func(m *Memory) { m.Skill = 0.6 }, bt.Situation{}, bt.Pass, ""},
		{"outside the skill range", SkillRange([2]float64{0, 0.25}), func(m *Memory) { m.Skill = 0.6 }, bt.Situation{}, bt.Fail, "skill outside [0, 0.25]"},
		{"threatened", Threatened(time.Second, Bolt), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Pass, ""},
		{"threat too far off", Threatened(100*time.Millisecond, Bolt), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Fail, "unthreatened by bolt within 100ms"},
		{"threat already avoided", Threatened(time.Second), func(m *Memory) { addThreat(m, boltFromEast); m.Self.Dodge = time.Second }, bt.Situation{}, bt.Fail, "unthreatened within 1s"},
		{"wrong kind of threat", Threatened(time.Second, Melee), func(m *Memory) { addThreat(m, boltFromEast) }, bt.Situation{}, bt.Fail, "unthreatened by melee within 1s"},
		{"the victim attacks", Countering(time.Second, Bolt), func(m *Memory) { addThreat(m, boltFromEast); m.Self.Dodge = time.Second }, bt.Situation{}, bt.Pass, ""},
		{"someone else attacks", Countering(time.Second, Melee), func(m *Memory) { addThreat(m, swingFromAbove) }, bt.Situation{}, bt.Fail, "victim not attacking by melee within 1s"},
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

// Constraints with nonsense settings implement traits.Validator, and Build
// refuses a tree that uses them, naming the node and what is wrong.
func TestConstraintSettings(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	n := bt.New[Memory]()
	for _, tt := range []struct {
		name string
		c    bt.Constraint[Memory]
		want string // in the error; "" for good settings
	}{
		{"distance", Distance(2, 5), ""},
		{"distance without a maximum", Distance(2, 0), ""},
		{"distance inverted", Distance(5, 2), "Distance: minimum 5m above maximum 2m"},
		{"distance NaN minimum", Distance(nan, 2), "Distance: minimum NaN"},
		{"distance infinite maximum", Distance(0, inf), "Distance: maximum +Inf"},
		{"distance negative", Distance(-1, 2), "Distance: minimum -1"},
		{"distance negative maximum", Distance(0, -2), "Distance: maximum -2"},
		{"skill range", SkillRange(HighSkill), ""},
		{"skill range inverted", SkillRange([2]float64{1, 0}), "SkillRange: lower bound 1 above upper bound 0"},
		{"skill range NaN", SkillRange([2]float64{nan, 1}), "SkillRange: [NaN, 1] is not within [0, 1]"},
		{"skill range infinite", SkillRange([2]float64{0, inf}), "SkillRange: [0, +Inf] is not within [0, 1]"},
		{"skill range above 1", SkillRange([2]float64{0, 2}), "SkillRange: [0, 2] is not within [0, 1]"},
		{"facing", Facing(-1), ""},
		{"facing NaN", Facing(nan), "Facing: minimum NaN is not a dot product from -1 to 1"},
		{"facing infinite", Facing(math.Inf(-1)), "Facing: minimum -Inf"},
		{"facing above 1", Facing(1.5), "Facing: minimum 1.5"},
		{"threatened", Threatened(time.Second, Bolt, Melee, Heavy), ""},
		{"threatened by any kind", Threatened(0), ""},
		{"threatened by an unknown kind", Threatened(time.Second, ThreatKind(40)), "Threatened: unknown threat kind ThreatKind(40)"},
		{"threatened by kind 0", Threatened(time.Second, Bolt, 0), "Threatened: unknown threat kind ThreatKind(0)"},
		{"threatened, negative time", Threatened(-time.Second), "Threatened: negative time -1s"},
		{"countering an unknown kind", Countering(time.Second, ThreatKind(4)), "Countering: unknown threat kind ThreatKind(4)"},
		{"countering, negative time", Countering(-time.Second, Bolt), "Countering: negative time -1s"},
		{"unthreatened by an unknown kind", Unthreatened(time.Second, ThreatKind(40)), "Unthreatened: unknown threat kind ThreatKind(40)"},
		{"unthreatened, negative time", Unthreatened(-time.Millisecond), "Unthreatened: negative time -1ms"},
		{"victim is", VictimIs(Droid, Rusher), ""},
		{"victim is an unknown type", VictimIs(EnemyType(99)), "VictimIs: unknown enemy type EnemyType(99)"},
		{"victim is type 0", VictimIs(Droid, 0), "VictimIs: unknown enemy type EnemyType(0)"},
		{"victim is nothing", VictimIs(), "VictimIs: no enemy types"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if v, ok := tt.c.(traits.Validator); ok {
				err = v.Validate()
			}
			_, buildErr := bt.Build(bt.Config[Memory]{Heuristic: heuristic.Func[Memory](func(_, _ *Memory) heuristic.Outcome { return heuristic.Irrelevant })},
				n.Selector("root",
					n.Do("guarded", bt.Instant(func(*Memory) bool { return true }, nil)).Constrain(tt.c),
				))
			if tt.want == "" {
				if err != nil || buildErr != nil {
					t.Errorf("Validate: %v; Build: %v; want no error", err, buildErr)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate: %v, want an error about %q", err, tt.want)
			}
			if buildErr == nil || !strings.Contains(buildErr.Error(), "root/guarded: "+tt.want) {
				t.Errorf("Build: %v, want root/guarded: %s", buildErr, tt.want)
			}
			// A constraint with bad settings still evaluates without a
			// panic, and describes itself as before.
			m := standing()
			tt.c.Evaluate(bt.Situation{}, &m)
			if s, ok := tt.c.(fmt.Stringer); !ok || s.String() == "" || s.String() == "constraint" {
				t.Errorf("the constraint lost its description: %v", tt.c)
			}
		})
	}
}

// An unknown kind no longer widens a mask to every kind: ThreatKind(40)
// shifted past the mask, left it empty, and an empty mask means any kind.
func TestUnknownKindMatchesNothing(t *testing.T) {
	m := standing()
	addThreat(&m, boltFromEast)
	for _, tt := range []struct {
		name string
		c    bt.Constraint[Memory]
		want bt.Check
	}{
		{"Threatened", Threatened(time.Second, ThreatKind(40)), bt.Fail},
		{"Countering", Countering(time.Second, ThreatKind(40)), bt.Fail},
		{"Unthreatened", Unthreatened(time.Second, ThreatKind(40)), bt.Pass},
		{"VictimIs", VictimIs(EnemyType(99)), bt.Fail},
	} {
		if check, _ := tt.c.Evaluate(bt.Situation{}, &m); check != tt.want {
			t.Errorf("%s with an unknown kind: %v, want %v", tt.name, check, tt.want)
		}
	}
}
