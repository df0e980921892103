package jedi

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
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

// BenchmarkSave measures one Jedi's binary save (bt.Agent.AppendBinary)
// into a reused buffer, ten seconds into a fight, beside BenchmarkDecide's
// decision, and reports the bytes a save takes.
func BenchmarkSave(b *testing.B) {
	f := midFight(b)
	buf, err := f.Agent.AppendBinary(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf, _ = f.Agent.AppendBinary(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "bytes/save")
}

// A Jedi's binary save into a reused buffer allocates nothing.
func TestSaveAllocatesNothing(t *testing.T) {
	f := midFight(t)
	buf, err := f.Agent.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if buf, err = f.Agent.AppendBinary(buf[:0]); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a save allocated %v times", allocs)
	}
}

// midFight returns the first Jedi of a knight's fight against six
// enemies, ten seconds in: timers, cooldowns and an action under way.
func midFight(tb testing.TB) *Fighter {
	f, err := NewFight(FightConfig{Seed: 1, Skill: 0.6, Enemies: crowd})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := f.RunUntil(10 * time.Second); err != nil {
		tb.Fatal(err)
	}
	return f.Fighters[0]
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

// arenas returns n fights of one Jedi each, a knight against six enemies,
// whose minds are agents of tree, run a second in so that every fight is
// under way.
func arenas(tb testing.TB, tree *bt.Tree[Memory], n int) []*Fighter {
	tb.Helper()
	fighters := make([]*Fighter, n)
	for i := range fighters {
		a, err := NewArena(Config{Seed: uint64(i), Enemies: crowd})
		if err != nil {
			tb.Fatal(err)
		}
		if fighters[i], err = NewFighter(a, 0, tree, 0.6, uint64(i)); err != nil {
			tb.Fatal(err)
		}
	}
	frame(tb, bt.NewCrowd(tree, 1), fighters, 60)
	return fighters
}

// frame runs frames of the fighters' fights on a crowd: each Jedi senses,
// decides and acts, and its arena moves on, on the same worker.
func frame(tb testing.TB, c *bt.Crowd[Memory], fighters []*Fighter, frames int) {
	for range frames {
		err := c.Run(len(fighters), func(w *bt.Worker[Memory], i int) error {
			f := fighters[i]
			_, err := f.ThinkWith(w, tick)
			f.arena.Step(tick)
			return err
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkAgents measures a crowd of Jedi: n agents of one shared tree,
// each in an arena of its own, sensing, deciding and acting at 60 Hz on
// one worker and on two. It reports the time per agent-frame and the heap
// each agent's fight holds (its mind, memory and arena). Fights last half
// a minute or more; every fightWindow frames the arenas start afresh
// (off the clock), so every frame measured is one of a fight under way.
// Replan=100ms is the tree that plans again every 100 ms and when
// something happens, rather than every tick.
func BenchmarkAgents(b *testing.B) {
	const fightWindow = 1200 // 20 s of fight, after the first second
	for _, replan := range []time.Duration{0, 100 * time.Millisecond} {
		for _, n := range []int{100, 1000, 10000} {
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("Replan=%v/N=%d/workers=%d", replan, n, workers), func(b *testing.B) {
					tree, err := NewTree(Options{Replan: replan})
					if err != nil {
						b.Fatal(err)
					}
					heap := heapInUse()
					fighters := arenas(b, tree, n)
					perAgent := float64(heapInUse()-heap) / float64(n)
					c := bt.NewCrowd(tree, workers)
					b.ResetTimer()
					for done := 0; done < b.N; done += fightWindow {
						if done > 0 {
							b.StopTimer()
							fighters = nil
							fighters = arenas(b, tree, n)
							b.StartTimer()
						}
						frame(b, c, fighters, min(fightWindow, b.N-done))
					}
					b.StopTimer()
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N*n), "µs/agent-frame")
					b.ReportMetric(perAgent, "heap-B/agent")
					b.ReportMetric(0, "ns/op")
				})
			}
		}
	}
}

// heapInUse returns the bytes of live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	return s.HeapAlloc
}
