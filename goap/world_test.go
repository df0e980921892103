package goap_test

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
)

// Camp is the memory of the tests' forager: the deep problem of
// github.com/kelindar/goap's benchmarks, with its values held in 0..100.
type Camp struct {
	Hunger, Food, Tired int
	// For the runner's tests: an action that fails when it runs, a wolf
	// that makes hiding the first concern, and whether the forager hid.
	Jammed       string
	Wolf, Hidden bool
	Exhausting   bool // live, the next step tires the forager by 40 more than foreseen
	News         bool // the senses bring news: a runner with ReplanOn(news) plans again
}

func clamp(v int) int { return min(max(v, 0), 100) }

// effect is an instant action whose effect is f, live and simulated.
type effect func(c *Camp)

func (e effect) Begin(c *Camp) bt.Status                   { e(c); return bt.Success }
func (e effect) Update(c *Camp, _ time.Duration) bt.Status { return bt.Success }
func (e effect) End(*Camp, bt.Status)                      {}
func (e effect) Simulate(_ *bt.Sim[Camp], c *Camp)         { e(c) }

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

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// camp is the forager's action library: each action declared once, with
// its preconditions. steal forages without being rested.
var camp = must(new(catalogue.Builder[Camp]).
	Action("eat", eat, hasFood).
	Action("forage", forage, rested).
	Action("sleep", sleep, weary).
	Action("steal", forage).
	Build())

func campKey(c *Camp) Camp { return *c }

// stocked is the deep problem's goal: food above 80, with its estimate,
// the distance of food to 80.
func stocked(c *Camp) bool       { return c.Food > 80 }
func foodShort(c *Camp) float64  { return float64(max(80-c.Food, 0)) }
func admissible(c *Camp) float64 { return float64((max(81-c.Food, 0) + 9) / 10) }

func campDomain(estimate func(*Camp) float64) *goap.Builder[Camp, Camp] {
	b := goap.New(camp, campKey).
		Do("eat").
		Do("forage").
		Do("sleep").
		Goal("stocked", 1, stocked)
	if estimate != nil {
		b.Estimate(estimate)
	}
	return b
}

// timed is an action that takes a tick: it begins Running and has its
// effect when updated, unless the camp has it jammed, when it fails.
type timed struct {
	name string
	e    effect
}

func (a timed) Begin(*Camp) bt.Status { return bt.Running }
func (a timed) Update(c *Camp, _ time.Duration) bt.Status {
	if c.Jammed == a.name {
		return bt.Failure
	}
	a.e(c)
	if c.Exhausting {
		c.Tired, c.Exhausting = clamp(c.Tired+40), false
	}
	return bt.Success
}
func (a timed) End(*Camp, bt.Status)              {}
func (a timed) Simulate(_ *bt.Sim[Camp], c *Camp) { a.e(c) }

var (
	wolf = constraints.Func("a wolf about", func(c *Camp) bool { return c.Wolf })
	hide = timed{"hide", func(c *Camp) { c.Hidden = true }}
)

// slow is the camp's action library with actions that take a tick, and
// hiding.
var slow = must(new(catalogue.Builder[Camp]).
	Action("eat", timed{"eat", eat}, hasFood).
	Action("forage", timed{"forage", forage}, rested).
	Action("sleep", timed{"sleep", sleep}, weary).
	Action("hide", hide, wolf).
	Build())

// slowCamp is the camp with actions that take a tick, and a goal of
// higher utility: to hide when a wolf is about.
func slowCamp() *goap.Builder[Camp, Camp] {
	return goap.New(slow, campKey).
		Do("eat").Do("forage").Do("sleep").Do("hide").
		Goal("stocked", 1, stocked).Estimate(foodShort).
		Goal("safe", 5, func(c *Camp) bool { return c.Hidden }).Relevant(func(c *Camp) bool { return c.Wolf })
}

// news is a ReplanOn test: the senses bring news.
func news(c *Camp) bool { return c.News }

// ofKind returns the events of kind k among events, in order.
func ofKind(events []bt.Event, k bt.EventKind) []bt.Event {
	var out []bt.Event
	for _, e := range events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// leaf returns the node a preview foresees the tick running: the last of
// its path.
func leaf(p bt.Preview) string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}

// names returns the names of the nodes under parent among a domain's
// nodes (Domain.Nodes), in order: its actions under "domain/actions", its
// goals under "domain/goals".
func names(nodes []bt.NodeInfo, parent string) []string {
	var out []string
	for _, n := range nodes {
		if n.Parent == parent {
			out = append(out, n.Name)
		}
	}
	return out
}
