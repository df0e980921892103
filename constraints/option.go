package constraints

import (
	"errors"
	"fmt"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/traits"
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

// WhenFalse gives a constraint the words its failure reads as, where
// "not" and its name would read badly: a constraint named after a verb,
// "sees the player", fails as "does not see the player" rather than "not
// sees the player". Not(c) is named by them, and fails with c's name:
//
//	sees := constraints.Func("sees the player", seesPlayer, constraints.WhenFalse("does not see the player"))
//	unseen := constraints.Not(sees) // "does not see the player"; fails as "sees the player"
//
// Func and From take it; a text of no words, or a second WhenFalse, is
// an error.
func WhenFalse(text string) Option {
	return func(s *skips) {
		switch {
		case strings.TrimSpace(text) == "":
			s.fail(fmt.Errorf("WhenFalse: no words in %q", text))
		case s.whenFalse != "":
			s.fail(fmt.Errorf("WhenFalse given twice (%q, then %q)", s.whenFalse, text))
		}
		s.whenFalse = text
	}
}

// skips is what every constraint here embeds: when to stand aside, the
// words of its failure if it was given them, and a settings error for
// Validate.
type skips struct {
	running, simulating bool
	whenFalse           string
	err                 error
}

// negation returns the constraint's failure in words, given or made
// from its name.
func (s *skips) negation(name string) string {
	if s.whenFalse != "" {
		return s.whenFalse
	}
	return "not " + name
}

// Negation returns what the constraint reads as when it fails: the
// words given with WhenFalse, or "not" and its name.
func (s *skips) Negation() string { return s.whenFalse }

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

// settled returns the answer of a constraint that answers without its
// test in situation st, and whether it does: one whose settings make no
// sense fails (see invalid); one that stands aside passes.
func (s *skips) settled(st bt.Situation) (bt.Check, string, bool) {
	switch {
	case s.err != nil:
		check, why := invalid(s.err)
		return check, why, true
	case s.skip(st):
		return bt.Pass, "", true
	}
	return 0, "", false
}

// invalid is the answer of a constraint whose settings make no sense (a
// nil function, a nil member, a negative duration), in every situation:
// Fail, with its settings error as the reason. Build refuses such a
// constraint; one evaluated outside a tree fails rather than panic, and a
// constraint made of it (Not, All, Any, Skipping) fails too.
func invalid(err error) (bt.Check, string) { return bt.Fail, err.Error() }

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
	} else if err := validate(c); err != nil {
		s.fail(err)
	}
	return s
}

type skipping[M any] struct {
	skips
	inner bt.Constraint[M]
}

func (s *skipping[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if check, why, ok := s.settled(st); ok {
		return check, why
	}
	return s.inner.Evaluate(st, m)
}

func (s *skipping[M]) String() string { return describe(s.inner) }

// Negation returns the failure's words of the constraint skipped, or its
// own if it was given them (see WhenFalse).
func (s *skipping[M]) Negation() string {
	if s.whenFalse != "" {
		return s.whenFalse
	}
	return negate(s.inner)
}

// Timeless reports whether the constraint skipped is (see traits.Timeless).
func (s *skipping[M]) Timeless() bool { return traits.IsTimeless(s.inner) }

// validate returns the settings error of c, if it can tell.
func validate(c any) error {
	if v, ok := c.(traits.Validator); ok {
		return v.Validate()
	}
	return nil
}

// negate names what holds when c fails: the words c gives for its
// failure (a Negation method, such as Func's with WhenFalse), or "not"
// and its description.
func negate(c any) string {
	if n, ok := c.(interface{ Negation() string }); ok {
		if s := n.Negation(); s != "" {
			return s
		}
	}
	return "not " + describe(c)
}

// describe names a constraint for reasons and dumps: its String if it has
// one, else "constraint".
func describe(c any) string {
	if s, ok := c.(interface{ String() string }); ok {
		return s.String()
	}
	return "constraint"
}
