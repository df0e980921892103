package goap_test

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/sim"
)

// Camp is the memory of the tests' forager: the deep problem of
// github.com/kelindar/goap's benchmarks, with its values held in 0..100.
type Camp struct {
	Hunger, Food, Tired int
}

func clamp(v int) int { return min(max(v, 0), 100) }

// effect is an instant action whose effect is f, live and simulated.
type effect func(c *Camp)

func (e effect) Begin(c *Camp) bt.Status                   { e(c); return bt.Success }
func (e effect) Update(c *Camp, _ time.Duration) bt.Status { return bt.Success }
func (e effect) End(*Camp, bt.Status)                      {}
func (e effect) Simulate(_ *sim.Context[Camp], c *Camp)    { e(c) }

var (
	eat    = effect(func(c *Camp) { c.Hunger, c.Food = clamp(c.Hunger-50), clamp(c.Food-5) })
	forage = effect(func(c *Camp) {
		c.Tired, c.Food, c.Hunger = clamp(c.Tired+20), clamp(c.Food+10), clamp(c.Hunger+5)
	})
	sleep = effect(func(c *Camp) { c.Tired = clamp(c.Tired - 50) })

	hasFood = constraints.Func("food in store", func(c *Camp) bool { return c.Food > 0 })
	rested  = constraints.Func("rested", func(c *Camp) bool { return c.Tired < 50 })
	weary   = constraints.Func("tired", func(c *Camp) bool { return c.Tired > 30 })
)

func campKey(c *Camp) Camp { return *c }

// stocked is the deep problem's goal: food above 80, with its estimate,
// the distance of food to 80.
func stocked(c *Camp) bool       { return c.Food > 80 }
func foodShort(c *Camp) float64  { return float64(max(80-c.Food, 0)) }
func admissible(c *Camp) float64 { return float64((max(81-c.Food, 0) + 9) / 10) }

func campDomain(estimate func(*Camp) float64) *goap.Builder[Camp, Camp] {
	b := goap.New(campKey).
		Action("eat", eat).Constrain(hasFood).
		Action("forage", forage).Constrain(rested).
		Action("sleep", sleep).Constrain(weary).
		Goal("stocked", 1, stocked)
	if estimate != nil {
		b.Estimate(estimate)
	}
	return b
}
