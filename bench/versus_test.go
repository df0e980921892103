package bench

import (
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
			ours, theirs, ratio := Interleave(b, batch, f, p)
			b.ReportMetric(ours, "foresight-ns/tick")
			b.ReportMetric(theirs, "gbt-ns/tick")
			b.ReportMetric(ours/float64(s.Nodes), "foresight-ns/node")
			b.ReportMetric(ratio, "foresight/gbt")
		})
	}
}
