package bench

import (
	"slices"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// tickers builds shape s in both libraries and returns a function that
// ticks each once, and the worlds they work on.
func tickers(tb testing.TB, s Shape) (foresight, peer func(), fw, pw *World) {
	tb.Helper()
	b := bt.New(bt.Config[World]{})
	s.Build(b)
	tree, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		tb.Fatal(err)
	}
	fw, pw = &World{}, &World{}
	node := s.Tree(pw)
	foresight = func() {
		if _, err := agent.Tick(fw, time.Millisecond); err != nil {
			tb.Fatal(err)
		}
	}
	peer = func() {
		if _, err := node.Tick(); err != nil {
			tb.Fatal(err)
		}
	}
	return foresight, peer, fw, pw
}

// Both libraries do the same leaf work per tick, in every shape, once
// warm (foresight's running leaves begin in the first tick and are only
// updated after).
func TestShapesDoTheSameWork(t *testing.T) {
	for _, s := range Shapes {
		f, p, fw, pw := tickers(t, s)
		f()
		p()
		before, pbefore := fw.Work, pw.Work
		for range 5 {
			f()
			p()
		}
		if got, want := fw.Work-before, pw.Work-pbefore; got != want || got == 0 {
			t.Errorf("%s: foresight's leaves worked %d times in 5 ticks, go-behaviortree's %d", s.Name, got, want)
		}
	}
}

// BenchmarkVersus ticks each shape in both libraries in alternating
// batches and reports each side's time per tick and node, and the median
// ratio of foresight's batch time to go-behaviortree's.
func BenchmarkVersus(b *testing.B) {
	const batch = 2000
	for _, s := range Shapes {
		b.Run(s.Name, func(b *testing.B) {
			f, p, _, _ := tickers(b, s)
			for range batch { // warm up both
				f()
				p()
			}
			var ratios []float64
			var fsum, psum time.Duration
			b.ResetTimer()
			for b.Loop() {
				t0 := time.Now()
				for range batch {
					f()
				}
				t1 := time.Now()
				for range batch {
					p()
				}
				t2 := time.Now()
				fsum += t1.Sub(t0)
				psum += t2.Sub(t1)
				ratios = append(ratios, float64(t1.Sub(t0))/float64(t2.Sub(t1)))
			}
			slices.Sort(ratios)
			n := float64(b.N) * batch
			b.ReportMetric(float64(fsum.Nanoseconds())/n, "foresight-ns/tick")
			b.ReportMetric(float64(psum.Nanoseconds())/n, "gbt-ns/tick")
			b.ReportMetric(float64(fsum.Nanoseconds())/n/float64(s.Nodes), "foresight-ns/node")
			b.ReportMetric(ratios[len(ratios)/2], "foresight/gbt")
			b.ReportMetric(0, "ns/op") // the op is a pair of batches: its time says nothing
		})
	}
}
