package bench

import (
	"testing"
	"time"
)

// A contender is one way of ticking a shape, and the world its leaves
// work on.
type contender struct {
	name  string
	tick  func()
	world *World
}

// contenders builds shape s four ways: foresight with user-written struct
// actions, foresight with bt.Instant leaves, the hand-written floor (with
// the struct actions) and go-behaviortree. The last is the reference the
// ratios are taken against.
func contenders(tb testing.TB, s Shape) []contender {
	tb.Helper()
	var out []contender
	for _, l := range []Leaves{StructLeaves, InstantLeaves} {
		tree, err := s.Foresight(l)
		if err != nil {
			tb.Fatal(err)
		}
		agent, err := tree.NewAgent(1)
		if err != nil {
			tb.Fatal(err)
		}
		w := &World{}
		out = append(out, contender{"foresight-" + l.Name, func() {
			if _, err := agent.Tick(w, time.Millisecond); err != nil {
				tb.Fatal(err)
			}
		}, w})
	}
	hw, hand := &World{}, s.Hand(StructLeaves)
	out = append(out, contender{"hand", func() { hand.Tick(hw, time.Millisecond) }, hw})
	gw := &World{}
	peer := s.GoBehaviorTree(gw)
	out = append(out, contender{"gbt", func() {
		if _, err := peer.Tick(); err != nil {
			tb.Fatal(err)
		}
	}, gw})
	return out
}

// Every contender does the same leaf work per tick, in every shape, once
// warm (running leaves begin in the first tick and are only updated
// after).
func TestShapesDoTheSameWork(t *testing.T) {
	for _, s := range Shapes {
		cs := contenders(t, s)
		before := make([]int64, len(cs))
		for i, c := range cs {
			c.tick()
			before[i] = c.world.Work
		}
		for range 5 {
			for _, c := range cs {
				c.tick()
			}
		}
		peer := cs[len(cs)-1]
		want := peer.world.Work - before[len(cs)-1]
		for i, c := range cs {
			if got := c.world.Work - before[i]; got != want || got == 0 {
				t.Errorf("%s: %s's leaves worked %d times in 5 ticks, go-behaviortree's %d", s.Name, c.name, got, want)
			}
		}
	}
}

// BenchmarkVersus ticks each shape four ways in rotating batches (see
// Race) and reports each one's time per tick, and the median ratios:
// foresight's time over go-behaviortree's with each kind of leaf, the
// hand-written floor's over go-behaviortree's, and foresight's with
// struct actions over the floor's.
func BenchmarkVersus(b *testing.B) {
	const batch = 2000
	for _, s := range Shapes {
		b.Run(s.Name, func(b *testing.B) {
			cs := contenders(b, s)
			fs := make([]func(), len(cs))
			for i, c := range cs {
				fs[i] = c.tick
			}
			r := Race(b, batch, fs...)
			const structs, instant, hand, gbt = 0, 1, 2, 3
			for i, c := range cs {
				b.ReportMetric(r.PerCall(i), c.name+"-ns/tick")
			}
			b.ReportMetric(r.Ratio(structs, gbt), "struct/gbt")
			b.ReportMetric(r.Ratio(instant, gbt), "instant/gbt")
			b.ReportMetric(r.Ratio(hand, gbt), "hand/gbt")
			b.ReportMetric(r.Ratio(structs, hand), "struct/hand")
		})
	}
}
