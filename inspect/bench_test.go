package inspect_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/jedi"
)

// BenchmarkUnwatched measures what a Live costs a game while no one
// watches: a Jedi fight's tick (its tree traced, as every fight's is) with
// and without a Live among its tracers; a small tree's tick with no
// tracer, with an attached Live (Live.Attach), and with a Live set as its
// tracer, which makes the agent build events no one reads. Run the cases together,
// interleaved: go test ./inspect -run '^$' -bench Unwatched -count 10.
func BenchmarkUnwatched(b *testing.B) {
	for _, withLive := range []bool{false, true} {
		name := "jedi-tick/no-live"
		if withLive {
			name = "jedi-tick/live-unwatched"
		}
		b.Run(name, func(b *testing.B) {
			f := newFight(b, withLive)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if over, err := f.Step(); over || err != nil {
					b.StopTimer()
					f = newFight(b, withLive)
					b.StartTimer()
				}
			}
		})
	}
	for _, how := range []string{"no-tracer", "live-attached-unwatched", "live-as-tracer-unwatched"} {
		b.Run("guard-tick/"+how, func(b *testing.B) {
			tree, agent := guard()
			live, err := inspect.NewLive(inspect.Header{Nodes: tree.Nodes()})
			if err != nil {
				b.Fatal(err)
			}
			switch how {
			case "live-attached-unwatched":
				live.Attach(agent)
			case "live-as-tracer-unwatched":
				agent.SetTracer(live) // the agent builds its events for nothing
			}
			m := yard{Intruder: 3}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m.Guard = 0
				if how != "no-tracer" && !live.Proceed() {
					b.Fatal("paused")
				}
				if _, err := agent.Tick(&m, time.Second/60); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("live-calls-unwatched", func(b *testing.B) {
		// What the game's goroutine calls a frame: Proceed, Trace of ten
		// events, Watched before building a scene, Flush.
		tree, _ := guard()
		live, err := inspect.NewLive(inspect.Header{Nodes: tree.Nodes()})
		if err != nil {
			b.Fatal(err)
		}
		e := &bt.Event{Kind: bt.EventBegin, Path: "guard"}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if !live.Proceed() {
				b.Fatal("paused")
			}
			for range 10 {
				live.Trace(e)
			}
			if live.Watched() {
				b.Fatal("watched")
			}
			live.Flush()
		}
	})
}

// newFight begins a Jedi fight, traced to a Live if withLive. A sample, on
// purpose: what a Live costs is measured on a whole game's tick, the
// figure the README gives.
func newFight(b *testing.B, withLive bool) *jedi.Fight {
	f, err := jedi.NewFight(jedi.FightConfig{Seed: 1, Skill: 0.6, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}})
	if err != nil {
		b.Fatal(err)
	}
	if withLive {
		live, err := inspect.NewLive(inspect.Header{Nodes: f.Tree.Nodes()})
		if err != nil {
			b.Fatal(err)
		}
		f.AddTracer(live)
	}
	return f
}

// BenchmarkUnwatchedPaired runs the same comparisons as BenchmarkUnwatched
// side by side within one loop, in alternating batches of a hundred ticks,
// so that a machine whose load drifts slows both sides alike. It reports
// each side's time per tick and the difference in percent.
func BenchmarkUnwatchedPaired(b *testing.B) {
	b.Run("guard", func(b *testing.B) {
		tree, bare := guard()
		withLive, err := tree.NewAgent(1)
		if err != nil {
			b.Fatal(err)
		}
		live, err := inspect.NewLive(inspect.Header{Nodes: tree.Nodes()})
		if err != nil {
			b.Fatal(err)
		}
		live.Attach(withLive)
		m := yard{Intruder: 3}
		paired(b, func() {
			m.Guard = 0
			bare.Tick(&m, time.Second/60)
		}, func() {
			m.Guard = 0
			live.Proceed()
			withLive.Tick(&m, time.Second/60)
		})
	})
	b.Run("jedi", func(b *testing.B) {
		bare, withLive := newFight(b, false), newFight(b, true)
		step := func(f **jedi.Fight, live bool) func() {
			return func() {
				if over, _ := (*f).Step(); over {
					*f = newFight(b, live)
				}
			}
		}
		paired(b, step(&bare, false), step(&withLive, true))
	})
}

// paired times bare and live in alternating batches, each first in turn
// (what runs second finds the caches warm), and reports both.
func paired(b *testing.B, bare, live func()) {
	const batch = 100
	var tBare, tLive time.Duration
	timed := func(f func()) time.Duration {
		start := time.Now()
		for range batch {
			f()
		}
		return time.Since(start)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i += batch {
		if i/batch%2 == 0 {
			tBare += timed(bare)
			tLive += timed(live)
		} else {
			tLive += timed(live)
			tBare += timed(bare)
		}
	}
	n := float64((b.N + batch - 1) / batch * batch)
	b.ReportMetric(float64(tBare.Nanoseconds())/n, "bare-ns/tick")
	b.ReportMetric(float64(tLive.Nanoseconds())/n, "live-ns/tick")
	b.ReportMetric(100*(float64(tLive)-float64(tBare))/float64(tBare), "extra-%")
}
