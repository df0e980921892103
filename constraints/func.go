package constraints

import (
	"errors"

	"github.com/foresight-bt/foresight/bt"
)

// Func returns a constraint that passes when pass reports true of the
// memory. name says what must hold ("in reach"); a failure is reported as
// "not in reach", or in the words given with WhenFalse.
func Func[M any](name string, pass func(m *M) bool, opts ...Option) bt.Constraint[M] {
	c := &predicate[M]{skips: newSkips(opts), name: name, pass: pass}
	c.failure = c.negation(name)
	if pass == nil {
		c.fail(errors.New("Func " + name + ": nil function"))
	}
	if name == "" {
		c.fail(errors.New("Func: empty name"))
	}
	return c
}

type predicate[M any] struct {
	skips
	name, failure string
	pass          func(m *M) bool
}

func (c *predicate[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if check, why, ok := c.settled(st); ok {
		return check, why
	}
	if c.pass(m) {
		return bt.Pass, ""
	}
	return bt.Fail, c.failure
}

func (c *predicate[M]) String() string { return c.name }

// Timeless reports true: a predicate reads the memory (see traits.Timeless).
func (c *predicate[M]) Timeless() bool { return true }

// Test returns the predicate's function, which decides its answer in
// every situation, unless an option makes it stand aside in some, or its
// settings make no sense (see traits.Test).
func (c *predicate[M]) Test() (func(m *M) bool, string) {
	if c.running || c.simulating || c.err != nil {
		return nil, ""
	}
	return c.pass, c.failure
}

// From returns a constraint from a function that answers for itself, with
// the full situation: use it when a constraint can say Done, or needs the
// clock. name describes it in tree dumps; its reasons are evaluate's own
// (WhenFalse names it for Not).
func From[M any](name string, evaluate func(s bt.Situation, m *M) (bt.Check, string), opts ...Option) bt.Constraint[M] {
	c := &custom[M]{skips: newSkips(opts), name: name, evaluate: evaluate}
	if evaluate == nil {
		c.fail(errors.New("From " + name + ": nil function"))
	}
	return c
}

type custom[M any] struct {
	skips
	name     string
	evaluate func(s bt.Situation, m *M) (bt.Check, string)
}

func (c *custom[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if check, why, ok := c.settled(st); ok {
		return check, why
	}
	return c.evaluate(st, m)
}

func (c *custom[M]) String() string { return c.name }
