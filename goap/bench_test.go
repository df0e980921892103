package goap_test

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
)

// BenchmarkPlan plans the deep problem (12 steps) with each estimate.
func BenchmarkPlan(b *testing.B) {
	for _, tc := range []struct {
		name     string
		estimate func(*Camp) float64
	}{{"deep/kelindar-estimate", foodShort}, {"deep/admissible", admissible}, {"deep/none", nil}} {
		b.Run(tc.name, func(b *testing.B) {
			d, err := campDomain(tc.estimate).Build()
			if err != nil {
				b.Fatal(err)
			}
			p := d.NewSession()
			start := Camp{Hunger: 80}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Plan(&start); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRunner ticks a runner through whole plans of the slow camp:
// planning, running, and planning again when the plan is done.
func BenchmarkRunner(b *testing.B) {
	agent, _, _ := camper(b, slowCamp())
	agent.SetTracer(nil)
	c := Camp{Hunger: 80}
	b.ReportAllocs()
	for b.Loop() {
		if st, err := agent.Tick(&c, tick); err != nil {
			b.Fatal(err)
		} else if st != bt.Running {
			c = Camp{Hunger: 80}
		}
	}
}
