package constraints

import (
	"errors"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// Cooldown returns a constraint that keeps its node from beginning again
// until d has passed on the tree clock since it last ended. It never
// stops a node that is running. A node that never ran passes.
//
// Attach it to the node itself (bt.Def.Constrain, or a catalogue entry's
// preconditions), and the parent passes over the node while it rests,
// with "cooling down" as the reason.
func Cooldown[M any](d time.Duration, opts ...Option) bt.Constraint[M] {
	c := &cooldown[M]{skips: newSkips(opts), d: d, failure: "cooling down (" + d.String() + ")"}
	if d < 0 {
		c.fail(fmt.Errorf("Cooldown: negative duration %v", d))
	}
	return c
}

type cooldown[M any] struct {
	skips
	d       time.Duration
	failure string
}

func (c *cooldown[M]) Evaluate(st bt.Situation, _ *M) (bt.Check, string) {
	if check, why, ok := c.settled(st); ok {
		return check, why
	}
	if st.Running {
		return bt.Pass, ""
	}
	if since, ran := st.SinceLastRun(); ran && since < c.d {
		return bt.Fail, c.failure
	}
	return bt.Pass, ""
}

func (c *cooldown[M]) String() string { return "cooldown " + c.d.String() }

// Window returns a constraint that passes while the duration read from the
// memory lies in [min, max]; a bound of 0 is no bound. It is the
// generalised kill timer: "strike only between 2 and 5 seconds after
// choosing the victim" is Window("victim timer", victimTimer, 2*time.Second,
// 5*time.Second).
func Window[M any](name string, read func(m *M) time.Duration, min, max time.Duration, opts ...Option) bt.Constraint[M] {
	w := &window[M]{skips: newSkips(opts), name: name, read: read, min: min, max: max}
	w.below = fmt.Sprintf("%s below %v", name, min)
	w.above = fmt.Sprintf("%s above %v", name, max)
	switch {
	case read == nil:
		w.fail(errors.New("Window " + name + ": nil function"))
	case min < 0 || max < 0:
		w.fail(fmt.Errorf("Window %s: negative bound [%v, %v]", name, min, max))
	case max != 0 && min > max:
		w.fail(fmt.Errorf("Window %s: minimum %v above maximum %v", name, min, max))
	}
	return w
}

type window[M any] struct {
	skips
	name         string
	read         func(m *M) time.Duration
	min, max     time.Duration
	below, above string
}

func (w *window[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if check, why, ok := w.settled(st); ok {
		return check, why
	}
	switch v := w.read(m); {
	case w.min != 0 && v < w.min:
		return bt.Fail, w.below
	case w.max != 0 && v > w.max:
		return bt.Fail, w.above
	}
	return bt.Pass, ""
}

// Timeless reports true: a window reads the memory (see traits.Timeless).
func (w *window[M]) Timeless() bool { return true }

func (w *window[M]) String() string {
	upper := "∞"
	if w.max != 0 {
		upper = w.max.String()
	}
	return fmt.Sprintf("%s in [%v, %s]", w.name, w.min, upper)
}
