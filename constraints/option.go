package constraints

import (
	"errors"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/nilness"
)

// An Option adjusts when a constraint applies.
type Option func(*skips)

// SkipWhileRunning makes a constraint pass while its node is running,
// including when the rest of a running node is simulated: it guards the
// start only.
func SkipWhileRunning() Option { return func(s *skips) { s.running = true } }

// SkipWhileSimulating makes a constraint pass while simulating: it guards
// the live run only.
func SkipWhileSimulating() Option { return func(s *skips) { s.simulating = true } }

// skips is what every constraint here embeds: when to stand aside, and a
// settings error for Validate.
type skips struct {
	running, simulating bool
	err                 error
}

// newSkips applies opts; a nil option is an error.
func newSkips(opts []Option) skips {
	var s skips
	for _, o := range opts {
		if o == nil {
			s.err = errors.New("nil constraint option")
			continue
		}
		o(&s)
	}
	return s
}

// skip reports whether the constraint stands aside in situation st.
func (s *skips) skip(st bt.Situation) bool {
	return s.running && st.Running || s.simulating && st.Simulating
}

// fail records the first settings error.
func (s *skips) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// Validate reports the constraint's settings error, if any.
func (s *skips) Validate() error { return s.err }

// Skipping adds options to any constraint, such as a domain one:
//
//	constraints.Skipping(jedi.InRange(5), constraints.SkipWhileRunning())
func Skipping[M any](c bt.Constraint[M], opts ...Option) bt.Constraint[M] {
	s := &skipping[M]{skips: newSkips(opts), inner: c}
	if nilness.Of(c) {
		s.fail(errors.New("Skipping: nil constraint"))
	}
	return s
}

type skipping[M any] struct {
	skips
	inner bt.Constraint[M]
}

func (s *skipping[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if s.skip(st) {
		return bt.Pass, ""
	}
	return s.inner.Evaluate(st, m)
}

func (s *skipping[M]) Validate() error {
	if s.err != nil {
		return s.err
	}
	return validate(s.inner)
}

func (s *skipping[M]) String() string { return describe(s.inner) }

// Timeless reports whether the constraint skipped is (see bt.Timeless).
func (s *skipping[M]) Timeless() bool { return bt.IsTimeless(s.inner) }

// validate returns the settings error of c, if it can tell.
func validate(c any) error {
	if v, ok := c.(bt.Validator); ok {
		return v.Validate()
	}
	return nil
}

// describe names a constraint for reasons and dumps: its String if it has
// one, else "constraint".
func describe(c any) string {
	if s, ok := c.(interface{ String() string }); ok {
		return s.String()
	}
	return "constraint"
}
