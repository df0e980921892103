package constraints

import (
	"errors"
	"fmt"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// Not returns a constraint that passes when c fails and fails when c
// passes, with c's description as the reason ("shield up"). Done passes
// through unchanged. It is named by c's failure: the words c was given
// with WhenFalse ("does not see the player"), or "not" and c's name.
func Not[M any](c bt.Constraint[M], opts ...Option) bt.Constraint[M] {
	n := &not[M]{skips: newSkips(opts), inner: c}
	if nilness.Of(c) {
		n.fail(errors.New("Not: nil constraint"))
		return n
	}
	n.holds, n.name = describe(c), negate(c)
	n.fail(validate(c))
	return n
}

type not[M any] struct {
	skips
	inner       bt.Constraint[M]
	holds, name string
}

func (n *not[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if check, why, ok := n.settled(st); ok {
		return check, why
	}
	switch check, why := n.inner.Evaluate(st, m); check {
	case bt.Pass:
		return bt.Fail, n.holds
	case bt.Fail:
		return bt.Pass, ""
	default:
		return check, why
	}
}

func (n *not[M]) String() string { return n.name }

// Negation returns what the negated constraint is named, so that Not(Not(c))
// reads as c.
func (n *not[M]) Negation() string {
	if n.whenFalse != "" {
		return n.whenFalse
	}
	return n.holds
}

// Timeless reports whether the constraint negated is (see traits.Timeless).
func (n *not[M]) Timeless() bool { return traits.IsTimeless(n.inner) }

// All returns a constraint that passes when every one of cs passes. Any
// Fail wins, with its reason; otherwise any Done. An invalid answer from
// one of cs is passed on, for the tree to report as it reports any
// constraint's.
func All[M any](cs ...bt.Constraint[M]) bt.Constraint[M] {
	return &all[M]{group: newGroup("All", cs)}
}

type all[M any] struct{ group[M] }

func (a *all[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if a.err != nil {
		return invalid(a.err)
	}
	result, reason := bt.Pass, ""
	for _, c := range a.cs {
		switch check, why := c.Evaluate(st, m); check {
		case bt.Pass:
		case bt.Done:
			if result == bt.Pass {
				result, reason = bt.Done, why
			}
		default: // Fail, or an invalid answer the tree reports as a fault
			return check, why
		}
	}
	return result, reason
}

func (a *all[M]) String() string { return "all(" + a.names + ")" }

// Any returns a constraint that passes when at least one of cs passes.
// When none does, it is Done if one of them is, and fails otherwise with
// the reason "none of (a, b)". An invalid answer from one of cs is passed
// on, for the tree to report as it reports any constraint's.
func Any[M any](cs ...bt.Constraint[M]) bt.Constraint[M] {
	a := &anyOf[M]{group: newGroup("Any", cs)}
	a.failure = "none of (" + a.names + ")"
	return a
}

type anyOf[M any] struct {
	group[M]
	failure string
}

func (a *anyOf[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if a.err != nil {
		return invalid(a.err)
	}
	done, reason := false, ""
	for _, c := range a.cs {
		switch check, why := c.Evaluate(st, m); check {
		case bt.Pass:
			return bt.Pass, ""
		case bt.Done:
			if !done {
				done, reason = true, why
			}
		case bt.Fail:
		default: // an invalid answer, which the tree reports as a fault
			return check, why
		}
	}
	if done {
		return bt.Done, reason
	}
	return bt.Fail, a.failure
}

func (a *anyOf[M]) String() string { return "any(" + a.names + ")" }

// group is what All and Any share: the members, their names, and the
// settings error.
type group[M any] struct {
	cs    []bt.Constraint[M]
	names string
	err   error
}

func newGroup[M any](op string, cs []bt.Constraint[M]) group[M] {
	g := group[M]{cs: append([]bt.Constraint[M](nil), cs...)}
	names := make([]string, 0, len(cs))
	var errs []error
	if len(cs) == 0 {
		errs = append(errs, fmt.Errorf("%s: no constraints", op))
	}
	for i, c := range cs {
		if nilness.Of(c) {
			errs = append(errs, fmt.Errorf("%s: constraint %d is nil", op, i+1))
			continue
		}
		names = append(names, describe(c))
		errs = append(errs, validate(c))
	}
	g.names = strings.Join(names, ", ")
	g.err = errors.Join(errs...)
	return g
}

func (g *group[M]) Validate() error { return g.err }

// Timeless reports whether every member is (see traits.Timeless).
func (g *group[M]) Timeless() bool {
	for _, c := range g.cs {
		if !traits.IsTimeless(c) {
			return false
		}
	}
	return true
}
