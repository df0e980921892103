package goap_test

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/goap"
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

// BenchmarkPlanKey plans the deep problem with keys of the same state
// compared as one word (4 bytes), and hashed in full (12 bytes, and the
// whole memory), for the cost the package's doc gives.
func BenchmarkPlanKey(b *testing.B) {
	b.Run("word", func(b *testing.B) {
		planWithKey(b, func(c *Camp) [4]uint8 { return [4]uint8{uint8(c.Hunger), uint8(c.Food), uint8(c.Tired)} })
	})
	b.Run("12-bytes", func(b *testing.B) {
		planWithKey(b, func(c *Camp) [12]uint8 { return [12]uint8{uint8(c.Hunger), uint8(c.Food), uint8(c.Tired)} })
	})
	b.Run("memory", func(b *testing.B) { planWithKey(b, campKey) })
}

func planWithKey[K comparable](b *testing.B, key func(c *Camp) K) {
	d, err := goap.New(camp, key).Do("eat").Do("forage").Do("sleep").Goal("stocked", 1, stocked).Build()
	if err != nil {
		b.Fatal(err)
	}
	p := d.NewSession()
	start := Camp{Hunger: 80}
	for b.Loop() {
		if _, err := p.Plan(&start); err != nil {
			b.Fatal(err)
		}
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
