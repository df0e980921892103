package jedi

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

func TestDesiredKillTime(t *testing.T) {
	for _, tt := range []struct {
		skill float64
		typ   EnemyType
		want  time.Duration
	}{
		{1, Droid, 2 * time.Second},
		{0.6, Droid, 4400 * time.Millisecond},
		{0.2, Droid, 6800 * time.Millisecond},
		{1, Trooper, 3500 * time.Millisecond},
		{0, Brawler, 12 * time.Second},
		{7, Rusher, 2500 * time.Millisecond}, // skill is clamped to [0, 1]
	} {
		if got := DesiredKillTime(tt.skill, tt.typ); got != tt.want {
			t.Errorf("DesiredKillTime(%v, %v) = %v, want %v", tt.skill, tt.typ, got, tt.want)
		}
	}
}

// standing returns a memory with the Jedi at the origin facing east, a
// droid victim ten meters east, and the given threats.
func standing(threats ...Threat) Memory {
	m := Memory{Self: Self{HP: 100, MaxHP: 100, Facing: Vec{1, 0}}, Victim: 0, VictimID: 1, DesiredKillTime: 4 * time.Second}
	m.Enemies[0] = Enemy{ID: 1, Type: Droid, HP: 50, MaxHP: 50, Pos: Vec{10, 0}, Facing: Vec{-1, 0}}
	m.Enemies[1] = Enemy{ID: 2, Type: Brawler, HP: 100, MaxHP: 100, Pos: Vec{0, 2}, Facing: Vec{0, -1}}
	m.Enemies[2] = Enemy{ID: 3, Type: Rusher, HP: 60, MaxHP: 60, Pos: Vec{-10, 0}, Facing: Vec{1, 0}, Charging: true}
	m.NumEnemies = 3
	for _, t := range threats {
		m.Threats[m.NumThreats] = t
		m.NumThreats++
	}
	m.refresh()
	return m
}

var (
	boltFromEast   = Threat{Kind: Bolt, ID: 1, Strength: 10, Source: 1, Impact: 500 * time.Millisecond, From: Vec{10, 0}}
	swingFromAbove = Threat{Kind: Melee, Strength: 20, Source: 2, Impact: 500 * time.Millisecond, From: Vec{0, 2}}
	chargeFromWest = Threat{Kind: Heavy, Strength: 30, Source: 3, Impact: 500 * time.Millisecond, From: Vec{-10, 0}}
)

func TestThreatsLandUnlessAvoided(t *testing.T) {
	tests := []struct {
		name   string
		threat Threat
		setup  func(m *Memory)
		hp     int
	}{
		{"a bolt lands", boltFromEast, nil, 90},
		{"a deflect from in front stops it", boltFromEast, func(m *Memory) { m.Self.Deflect = time.Second }, 100},
		{"a deflect facing away does not", boltFromEast, func(m *Memory) { m.Self.Deflect = time.Second; m.Self.Facing = Vec{-1, 0} }, 90},
		{"a deflect that ends too soon does not", boltFromEast, func(m *Memory) { m.Self.Deflect = 400 * time.Millisecond }, 90},
		{"a dodge avoids anything", boltFromEast, func(m *Memory) { m.Self.Dodge = time.Second }, 100},
		{"a bolt misses a Jedi who has moved away", boltFromEast, func(m *Memory) { m.Threats[0].Aim = Vec{0, 3} }, 100},
		{"a swing lands", swingFromAbove, nil, 80},
		{"a crouch ducks it", swingFromAbove, func(m *Memory) { m.Self.Crouch = time.Second }, 100},
		{"a block facing it stops it", swingFromAbove, func(m *Memory) { m.Self.Block = time.Second; m.Self.Facing = Vec{0, 1} }, 100},
		{"a block facing away does not", swingFromAbove, func(m *Memory) { m.Self.Block = time.Second }, 80},
		{"out of reach it misses", swingFromAbove, func(m *Memory) { m.Threats[0].From = Vec{0, 9} }, 100},
		{"a stumbling attacker's swing vanishes", swingFromAbove, func(m *Memory) { m.Enemies[1].Stumble = time.Second }, 100},
		{"a dead attacker's swing vanishes", swingFromAbove, func(m *Memory) { m.Enemies[1].HP = 0 }, 100},
		{"a charge lands and knocks down", chargeFromWest, nil, 70},
		{"a block does not stop a charge", chargeFromWest, func(m *Memory) { m.Self.Block = time.Second }, 70},
		{"a jump clears a charge", chargeFromWest, func(m *Memory) { m.Self.Jump = time.Second }, 100},
		{"a stance halves the damage", boltFromEast, func(m *Memory) { m.Self.Stance = time.Second }, 95},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := standing(tt.threat)
			if tt.setup != nil {
				tt.setup(&m)
			}
			m.Simulate(time.Second)
			if m.Self.HP != tt.hp {
				t.Errorf("hit points %d, want %d", m.Self.HP, tt.hp)
			}
			if m.NumThreats != 0 {
				t.Errorf("%d threats left after they were due", m.NumThreats)
			}
			if knocked := m.Self.Knocked > 0; knocked != (tt.threat.Kind == Heavy && tt.hp < 100) {
				t.Errorf("knocked down %v: %v left", knocked, m.Self.Knocked)
			}
		})
	}
}

func TestSimulateMovesTimeAndActors(t *testing.T) {
	m := standing(Threat{Kind: Bolt, Strength: 10, Source: 1, Impact: 3 * time.Second, From: Vec{10, 0}})
	before := m.ThreatLevel
	m.Simulate(time.Second)
	if m.VictimTimer != time.Second || m.Elapsed != time.Second {
		t.Errorf("victim timer %v, elapsed %v; want 1s each", m.VictimTimer, m.Elapsed)
	}
	if got := m.Threats[0].Impact; got != 2*time.Second {
		t.Errorf("impact %v, want 2s", got)
	}
	if !(m.ThreatLevel > before) {
		t.Errorf("threat level %v -> %v: a nearer bolt must be more threatening", before, m.ThreatLevel)
	}
	if got := m.Enemies[2].Pos; math.Abs(got.X+contactRange) > 1e-9 || got.Y != 0 {
		t.Errorf("the charging rusher is at %v, want it to stop %vm short: nothing passes through the Jedi", got, contactRange)
	}
	if got := m.Enemies[0].Pos; got != (Vec{10, 0}) {
		t.Errorf("a droid that is not charging moved to %v", got)
	}
	m.Simulate(0)
	m.Simulate(-time.Second)
	if m.Elapsed != time.Second {
		t.Errorf("zero or negative time changed the memory")
	}
}

func TestSimulateDamage(t *testing.T) {
	m := standing()
	m.Enemies[1].EngagedBy = 2
	m.SimulateDamage(0, 20)
	if v := m.VictimEnemy(); v.HP != 30 || m.Deaths != 0 || m.VictimDied {
		t.Errorf("after 20 damage: %+v, deaths %d", v, m.Deaths)
	}
	m.VictimTimer = 3 * time.Second
	m.SimulateDamage(0, 999)
	if v := m.VictimEnemy(); v.HP != 0 || m.Deaths != 1 || !m.VictimDied || m.VictimDiedAt != 3*time.Second {
		t.Errorf("a killing blow: %+v, deaths %d, died at %v", v, m.Deaths, m.VictimDiedAt)
	}
	m.SimulateDamage(0, 10) // already dead
	m.SimulateDamage(2, 0)  // nothing
	m.SimulateDamage(-1, 10)
	m.SimulateDamage(9, 10)
	if m.Deaths != 1 || m.Enemies[2].HP != 60 {
		t.Errorf("ignored damage was counted: deaths %d, rusher %d", m.Deaths, m.Enemies[2].HP)
	}
	m.SimulateDamage(1, 10)
	if !m.PartnerFoeHurt || m.PartnerFoeDied {
		t.Errorf("hurting another Jedi's target: hurt %v died %v", m.PartnerFoeHurt, m.PartnerFoeDied)
	}
	m.SimulateDamage(1, 500)
	if !m.PartnerFoeDied {
		t.Error("killing another Jedi's target was not noted")
	}
}

func TestThreatLevel(t *testing.T) {
	s := Self{HP: 100}
	for _, tt := range []struct {
		name    string
		threats []Threat
		want    float64
	}{
		{"none", nil, 0},
		{"a heavy attack counts one", []Threat{{Kind: Heavy, Impact: 5 * time.Second}}, 1.0 / 8},
		{"imminent: full time factor", []Threat{{Kind: Bolt, Strength: 50, Impact: 500 * time.Millisecond, Aim: Vec{}}}, 0.5 / 8},
		{"ten and a half seconds out: none", []Threat{{Kind: Bolt, Strength: 50, Impact: 10500 * time.Millisecond}}, 0},
		{"halfway", []Threat{{Kind: Bolt, Strength: 50, Impact: 5500 * time.Millisecond}}, 0.25 / 8},
		{"damage factor capped at one", []Threat{{Kind: Bolt, Strength: 500, Impact: 0}}, 1.0 / 8},
	} {
		if got := threatLevel(&s, tt.threats); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Predicting a then b is predicting a+b: the model has no hidden
// dependence on how time is cut up, for any enemies doing anything and any
// attacks on their way, while the Jedi stands still. (When a prediction
// moves the Jedi, the enemies react to where it is halfway through each
// step, which does depend on the steps.)
func TestSimulateIsAdditive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := standing()
		m.Self.Dodge = rapid.SampledFrom([]time.Duration{0, 300 * time.Millisecond}).Draw(t, "dodge")
		m.Self.Stance = rapid.SampledFrom([]time.Duration{0, 700 * time.Millisecond}).Draw(t, "stance")
		m.NumEnemies = rapid.IntRange(1, MaxEnemies).Draw(t, "enemies")
		for i := 0; i < m.NumEnemies; i++ {
			typ := rapid.SampledFrom([]EnemyType{Droid, Brawler, Trooper, Rusher}).Draw(t, "type")
			m.Enemies[i] = Enemy{
				ID: i + 1, Type: typ, HP: rapid.IntRange(1, 100).Draw(t, "hp"),
				Pos:      Vec{rapid.Float64Range(-30, 30).Draw(t, "x"), rapid.Float64Range(-30, 30).Draw(t, "y")},
				Stumble:  time.Duration(rapid.IntRange(0, 2000).Draw(t, "stumble")) * time.Millisecond,
				Charging: typ == Rusher && rapid.Bool().Draw(t, "charging"),
			}
		}
		for i, n := 0, rapid.IntRange(0, MaxThreats).Draw(t, "threats"); i < n; i++ {
			from := &m.Enemies[rapid.IntRange(0, m.NumEnemies-1).Draw(t, "source")]
			m.Threats[i] = Threat{Kind: rapid.SampledFrom([]ThreatKind{Bolt, Melee, Heavy}).Draw(t, "kind"),
				Strength: rapid.IntRange(1, 40).Draw(t, "strength"), Source: from.ID, From: from.Pos,
				Impact: time.Duration(rapid.IntRange(0, 3000).Draw(t, "impact")) * time.Millisecond}
			m.NumThreats++
		}
		m.refresh()
		a := time.Duration(rapid.IntRange(0, 2000).Draw(t, "a")) * time.Millisecond
		b := time.Duration(rapid.IntRange(0, 2000).Draw(t, "b")) * time.Millisecond
		split, whole := m, m
		split.Simulate(a)
		split.Simulate(b)
		whole.Simulate(a + b)
		if diff := cmp.Diff(whole, split, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Fatalf("Simulate(%v) then Simulate(%v) differs from Simulate(%v) (-whole +split):\n%s", a, b, a+b, diff)
		}
	})
}
