package jedi

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
)

const tick = time.Second / 60

func TestArenaRefusesBadConfigs(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "no enemies"},
		{Config{Enemies: make([]EnemyType, 9)}, "at most 8"},
		{Config{Enemies: []EnemyType{Droid, 0}}, "invalid enemy type"},
		{Config{Enemies: []EnemyType{Rusher + 1}}, "invalid enemy type"},
	} {
		if _, err := NewArena(tt.cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewArena(%+v) = %v, want an error about %q", tt.cfg, err, tt.want)
		}
	}
	for _, opts := range []Options{{Without: []string{"moonwalk"}}, {Replan: -time.Second}} {
		if _, err := NewTree(opts); err == nil {
			t.Errorf("NewTree accepted %+v", opts)
		}
	}
	tree, err := NewTree(Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := NewArena(Config{Enemies: []EnemyType{Droid}})
	for _, tt := range []struct {
		a     *Arena
		who   int
		skill float64
	}{{nil, 0, 0.5}, {a, 1, 0.5}, {a, -1, 0.5}, {a, 0, 2}, {a, 0, -1}, {a, 0, math.NaN()}} {
		if _, err := NewFighter(tt.a, tt.who, tree, tt.skill, 1); err == nil {
			t.Errorf("NewFighter accepted Jedi %d of skill %v in arena %p", tt.who, tt.skill, tt.a)
		}
	}
}

// The same seed gives the same arena, step for step.
func TestArenaIsDeterministic(t *testing.T) {
	run := func(seed uint64) ([]Enemy, []Hit) {
		a, err := NewArena(Config{Seed: seed, Enemies: crowd, Partner: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 600; i++ {
			a.Step(tick)
		}
		return a.Enemies(), a.Hits()
	}
	e1, h1 := run(4)
	e2, h2 := run(4)
	e3, _ := run(5)
	if diff := cmp.Diff(e1, e2); diff != "" {
		t.Errorf("enemies differ:\n%s", diff)
	}
	if diff := cmp.Diff(h1, h2); diff != "" {
		t.Errorf("hits differ:\n%s", diff)
	}
	if cmp.Equal(e1, e3) {
		t.Error("different seeds gave the same arena")
	}
	if len(h1) == 0 {
		t.Error("ten seconds of a Jedi standing still and nobody hit it")
	}
}

func TestSensing(t *testing.T) {
	a, _ := NewArena(Config{Seed: 1, Enemies: crowd})
	var m Memory
	a.Sense(0, &m, 0)
	first := m.Enemies[0].ID
	for i := 0; i < 240 && m.NumThreats == 0; i++ {
		a.Step(tick)
		a.Sense(0, &m, tick)
	}
	if m.NumEnemies != len(crowd) {
		t.Fatalf("sensed %d enemies, want %d", m.NumEnemies, len(crowd))
	}
	for i := 1; i < m.NumEnemies; i++ {
		if m.Enemies[i].Pos.Dist(m.Self.Pos) < m.Enemies[i-1].Pos.Dist(m.Self.Pos) {
			t.Errorf("enemies not nearest first: %d before %d", m.Enemies[i-1].ID, m.Enemies[i].ID)
		}
	}
	v := m.VictimEnemy()
	if v == nil || v.ID != m.VictimID || v.ID != first {
		t.Fatalf("victim %v (ID %d), want the enemy nearest when it was chosen, %d", v, m.VictimID, first)
	}
	if m.DesiredKillTime != DesiredKillTime(m.Skill, v.Type) {
		t.Errorf("desired kill time %v", m.DesiredKillTime)
	}
	for i := 1; i < m.NumThreats; i++ {
		if m.Threats[i].Impact < m.Threats[i-1].Impact {
			t.Error("threats not soonest first")
		}
	}
	for i := 0; i < a.nBolts; i++ {
		b := &a.bolts[i]
		seen := false
		for j := 0; j < m.NumThreats; j++ {
			seen = seen || m.Threats[j].ID == b.id
		}
		if seen != (b.flown >= reactionTime) {
			t.Errorf("bolt %d flown %v: seen %v", b.id, b.flown, seen)
		}
	}
	// The victim is kept, and its timer runs.
	timer := m.VictimTimer
	if changed := a.Sense(0, &m, tick); changed || m.VictimTimer != timer+tick {
		t.Errorf("victim changed %v, timer %v after %v", changed, m.VictimTimer, timer)
	}
	// A dead victim is replaced and the timer starts again.
	dead := m.VictimID
	a.foeByID(dead).HP = 0
	if changed := a.Sense(0, &m, tick); !changed || m.VictimTimer != 0 || m.VictimID == dead {
		t.Errorf("after the victim died: changed %v, timer %v, victim %d", changed, m.VictimTimer, m.VictimID)
	}
}

// Two Jedi take different victims while they can, and share the last.
func TestPartnersShareOut(t *testing.T) {
	a, _ := NewArena(Config{Seed: 1, Enemies: []EnemyType{Droid, Brawler}, Partner: true})
	var m0, m1 Memory
	a.Sense(0, &m0, tick)
	a.Sense(1, &m1, tick)
	a.Sense(0, &m0, tick) // now Jedi 0 knows whom Jedi 1 took
	if m0.VictimID == m1.VictimID {
		t.Fatalf("both Jedi chose enemy %d", m0.VictimID)
	}
	if e := m0.Enemies[m0.enemyByID(m1.VictimID)]; e.EngagedBy != 2 {
		t.Errorf("the partner's victim is engaged by %d, want 2", e.EngagedBy)
	}
	a.foeByID(m0.VictimID).HP = 0
	a.Sense(0, &m0, tick)
	a.Sense(1, &m1, tick)
	if m0.VictimID != m1.VictimID || m0.VictimEnemy().EngagedBy != 0 {
		t.Errorf("the last enemy: victims %d and %d, engaged by %d; want it shared and not counted as the other's",
			m0.VictimID, m1.VictimID, m0.VictimEnemy().EngagedBy)
	}
}

func TestEveryKillIsRecordedOnce(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s := planning{}.fight(t, FightConfig{Seed: seed, Skill: 1, Enemies: crowd, Partner: true})
		seen := map[int]bool{}
		for _, k := range s.Kills {
			if seen[k.Enemy] {
				t.Errorf("seed %d: enemy %d killed twice", seed, k.Enemy)
			}
			seen[k.Enemy] = true
		}
		if s.Winner == "jedi" && len(seen) != len(crowd) {
			t.Errorf("seed %d: won with %d of %d kills", seed, len(seen), len(crowd))
		}
	}
}

// Predictions are only as good as the model: for each move, what the Jedi
// predicts on its memory is what its body then does in the arena. The
// effects must agree exactly; where the Jedi ends up and how long it
// takes agree within what an event-based prediction can promise against
// a world that moves in ticks (the Jedi pursues its victim in legs of
// 150 ms; the victim reacts once a leg).
func TestPredictionsMatchTheArena(t *testing.T) {
	for _, tt := range []struct {
		move  MoveKind
		count int
		enemy EnemyType
	}{
		{MoveSwing, 1, Droid},
		{MoveSwing, 2, Droid},
		{MoveSwing, 1, Trooper}, // blocked by the shield
		{MoveKick, 1, Trooper},  // dents the shield
		{MoveKick, 1, Brawler},  // throws it off balance
		{MovePush, 1, Trooper},
		{MoveDash, 1, Droid},
		{MoveJumpForward, 1, Droid},
		{MoveDodgeLeft, 1, Droid},
		{MoveApproach, 1, Droid},
	} {
		t.Run(tt.move.String()+" "+tt.enemy.String(), func(t *testing.T) {
			a, _ := NewArena(Config{Seed: 2, Enemies: []EnemyType{tt.enemy}})
			f := &a.foes[0]
			f.Pos, f.reload = Vec{6, 0}, time.Hour // a quiet enemy six meters east
			var m Memory
			a.Sense(0, &m, 0)
			act := act(tt.move, tt.count)
			predicted := m
			act.Simulate(bt.NewSim(bt.Config[Memory]{}), &predicted)

			if s := act.Begin(&m); s != bt.Running {
				t.Fatalf("Begin = %v", s)
			}
			a.Obey(0, &m.Order)
			took := time.Duration(0)
			for a.jedi[0].order.status == bt.Running && !a.Over() && took < 10*time.Second {
				a.Step(tick)
				took += tick
			}
			a.Sense(0, &m, 0)
			live := a.foes[0].Enemy
			want := predicted.Enemies[0]
			if live.HP != want.HP || live.Shield != want.Shield || live.Stumbling() != want.Stumbling() {
				t.Errorf("enemy: live %d hp, %d shield, stumbling %v; predicted %d, %d, %v",
					live.HP, live.Shield, live.Stumbling(), want.HP, want.Shield, want.Stumbling())
			}
			if d := m.Self.Pos.Dist(predicted.Self.Pos); d > 0.5 {
				t.Errorf("the Jedi ended at %v, predicted %v", m.Self.Pos, predicted.Self.Pos)
			}
			if diff := took - predicted.Elapsed; diff < -2*tick || diff > 150*time.Millisecond {
				t.Errorf("the move took %v, predicted %v", took, predicted.Elapsed)
			}
		})
	}
}

func TestSpawns(t *testing.T) {
	a, err := NewArena(Config{Spawns: []Spawn{{Type: Brawler, Pos: Vec{3, 4}, HP: 7}, {Type: Droid, Pos: Vec{-20, 0}}}})
	if err != nil {
		t.Fatal(err)
	}
	es := a.Enemies()
	if es[0].Pos != (Vec{3, 4}) || es[0].HP != 7 || es[1].HP != kinds[Droid].hp {
		t.Errorf("spawned %+v", es)
	}
	nan := math.NaN()
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{Enemies: []EnemyType{Droid}, Spawns: []Spawn{{Type: Droid, Pos: Vec{5, 0}}}}, "not both"},
		{Config{Spawns: []Spawn{{Type: 9, Pos: Vec{5, 0}}}}, "invalid enemy type"},
		{Config{Spawns: []Spawn{{Type: Droid, Pos: Vec{nan, 0}}}}, "outside the arena"},
		{Config{Spawns: []Spawn{{Type: Droid, Pos: Vec{math.Inf(1), 0}}}}, "outside the arena"},
		{Config{Spawns: []Spawn{{Type: Droid, Pos: Vec{500, 0}}}}, "outside the arena"},
		{Config{Spawns: []Spawn{{Type: Droid, Pos: Vec{0.1, 0}}}}, "on top of the Jedi"},
		{Config{Spawns: []Spawn{{Type: Droid, Pos: Vec{5, 0}, HP: -3}}}, "hit points"},
		{Config{Spawns: make([]Spawn, 9)}, "at most 8"},
	} {
		if _, err := NewArena(tt.cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want an error about %q", tt.cfg, err, tt.want)
		}
	}
}

// Every counter-attack of the tree is a Floor decorator named in counters,
// and every name there is one: kills by counters are told by name.
func TestCountersAreTheFlooredDecorators(t *testing.T) {
	tree, err := NewTree(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var floored []string
	for _, n := range tree.Nodes() {
		if n.Kind == bt.KindDecorator && strings.HasPrefix(n.Detail, "floor") {
			floored = append(floored, n.Name)
		}
	}
	if diff := cmp.Diff(counters, floored); diff != "" {
		t.Errorf("floored decorators (-counters +tree):\n%s", diff)
	}
}
