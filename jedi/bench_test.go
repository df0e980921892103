package jedi

import (
	"testing"
	"time"
)

// busy returns a fighter facing six enemies with four attacks on their way,
// and its memory as sensed.
func busy(tb testing.TB) (*Fighter, Memory) {
	tb.Helper()
	a, err := NewArena(Config{Seed: 3, Enemies: crowd})
	if err != nil {
		tb.Fatal(err)
	}
	tree, err := NewTree(Options{})
	if err != nil {
		tb.Fatal(err)
	}
	f, err := NewFighter(a, 0, tree, 0.6, 3)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < 3; i++ { // three bolts from the droids, seen
		d := &a.foes[i]
		a.bolts[a.nBolts] = bolt{id: i + 1, flown: time.Second, from: d.Pos, aim: Vec{}, source: d.ID,
			strength: 10, impact: time.Duration(i+1) * 400 * time.Millisecond}
		a.nBolts++
	}
	a.foes[3].Pos, a.foes[3].windup = Vec{1.5, 0}, 800*time.Millisecond // the brawler winds up
	a.Sense(0, &f.Memory, 0)
	if f.Memory.NumEnemies != 6 || f.Memory.NumThreats != 4 {
		tb.Fatalf("busy arena: %d enemies, %d threats; want 6 and 4", f.Memory.NumEnemies, f.Memory.NumThreats)
	}
	return f, f.Memory
}

// BenchmarkDecide measures one full re-plan of the combat tree: the root
// re-plans every tick, simulating every option on copies of the memory.
func BenchmarkDecide(b *testing.B) {
	f, snapshot := busy(b)
	f.Agent.Tick(&f.Memory, tick) // begin something, so later ticks re-plan a running tree
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Memory = snapshot
		f.Agent.Tick(&f.Memory, tick)
	}
}

// A decision allocates nothing.
func TestDecisionAllocatesNothing(t *testing.T) {
	f, snapshot := busy(t)
	for i := 0; i < 5; i++ {
		f.Agent.Tick(&f.Memory, tick)
	}
	allocs := testing.AllocsPerRun(100, func() {
		f.Memory = snapshot
		if _, err := f.Agent.Tick(&f.Memory, tick); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a decision allocated %v times", allocs)
	}
}

// BenchmarkFight measures a whole fight of a minute at 60 Hz: a padawan
// against eight enemies, which takes longer than that.
func BenchmarkFight(b *testing.B) {
	eight := append(append([]EnemyType(nil), crowd...), Droid, Trooper)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		f, err := NewFight(FightConfig{Seed: uint64(i), Skill: 0.2, Enemies: eight, Duration: time.Minute})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := f.Run(); err != nil {
			b.Fatal(err)
		}
	}
}
