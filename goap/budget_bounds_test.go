package goap_test

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// Counter is a memory that counts.
type Counter struct{ N, Fails int }

// tally is a catalogue of one action, "inc", that adds one to N, or,
// when it jams, fails live and counts the failure.
func tally(t testing.TB, jams bool) *catalogue.Catalogue[Counter] {
	t.Helper()
	var b catalogue.Builder[Counter]
	b.Action("inc", bt.Instant(func(c *Counter) bool {
		if jams {
			c.Fails++
			return false
		}
		c.N++
		return true
	}, func(c *Counter) { c.N++ }))
	cat, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// Any Budget.Steps that Build accepts bounds a plan's steps as written:
// a bound of 2^31 or more is not cut to 32 bits.
func TestLargeStepsBudget(t *testing.T) {
	for _, steps := range []int{3, 1<<31 - 1, 1 << 31, 1<<31 + 3, 1 << 32, 1 << 62, math.MaxInt} {
		d, err := goap.New(tally(t, false), func(c *Counter) int { return c.N }).Do("inc").
			Goal("three", 1, func(c *Counter) bool { return c.N >= 3 }).Budget(decide.Budget{Steps: steps}).Build()
		if err != nil {
			t.Fatal(err)
		}
		p, err := d.NewSession().Plan(&Counter{})
		if err != nil || !slices.Equal(p.Steps, []string{"inc", "inc", "inc"}) {
			t.Errorf("Steps %d: plan %v, %v; want [inc inc inc]", steps, p.Steps, err)
		}
	}
}

// A back-off as long as time.Duration holds leaves the step that failed
// out of plans for good: the sum of now and the wait saturates rather
// than wrapping into the past.
func TestHugeBackoff(t *testing.T) {
	n := bt.New[Counter]()
	for _, bo := range [][2]time.Duration{{math.MaxInt64, math.MaxInt64}, {1 << 62, math.MaxInt64}} {
		d, err := goap.New(tally(t, true), func(c *Counter) int { return c.N }).Do("inc").
			Goal("one", 1, func(c *Counter) bool { return c.N >= 1 }).Backoff(bo[0], bo[1]).Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[Counter]{}, n.Plan("p", d))
		if err != nil {
			t.Fatal(err)
		}
		agent, _ := tree.NewAgent(1)
		var c Counter
		for range 100 {
			agent.Tick(&c, time.Second)
		}
		if c.Fails != 1 {
			t.Errorf("Backoff(%v, %v): the jammed step ran %d times in 100 ticks, want once", bo[0], bo[1], c.Fails)
		}
	}
}
