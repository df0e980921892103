package constraints

import (
	"fmt"
	"math"
	"strconv"

	"github.com/foresight-bt/foresight/bt"
)

// Chance returns a constraint that passes with probability p, using the
// node's roll for the decision under way (bt.Situation.Roll), which comes
// from the agent's seeded source: deterministic for a seed, and the same
// roll while planning and when the node begins. Several Chance constraints
// on one node share that roll; combine their odds into one.
func Chance[M any](p float64, opts ...Option) bt.Constraint[M] {
	c := &chance[M]{skips: newSkips(opts), p: p}
	c.name = "chance " + strconv.FormatFloat(100*p, 'g', 4, 64) + "%"
	c.failure = c.name + " missed"
	if math.IsNaN(p) || p < 0 || p > 1 {
		c.fail(fmt.Errorf("Chance: probability %v is not in [0, 1]", p))
	}
	return c
}

type chance[M any] struct {
	skips
	p             float64
	name, failure string
}

func (c *chance[M]) Evaluate(st bt.Situation, _ *M) (bt.Check, string) {
	if check, why, ok := c.settled(st); ok {
		return check, why
	}
	if st.Roll() < c.p {
		return bt.Pass, ""
	}
	return bt.Fail, c.failure
}

func (c *chance[M]) String() string { return c.name }
