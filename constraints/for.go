package constraints

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// For returns the constructors of the catalogue whose arguments do not
// name the memory type, bound to M, so that a tree spells the type once:
//
//	c := constraints.For[Memory]()
//	b.Do("kick", kick).Constrain(c.Cooldown(3*time.Second), c.Chance(0.5))
//
// The others (Func, From, Window, Not, All, Any, Skipping) infer M from
// their arguments.
func For[M any]() Catalogue[M] { return Catalogue[M]{} }

// A Catalogue holds the constructors of For, bound to a memory type.
type Catalogue[M any] struct{}

// Cooldown is Cooldown for memory type M.
func (Catalogue[M]) Cooldown(d time.Duration, opts ...Option) bt.Constraint[M] {
	return Cooldown[M](d, opts...)
}

// Chance is Chance for memory type M.
func (Catalogue[M]) Chance(p float64, opts ...Option) bt.Constraint[M] {
	return Chance[M](p, opts...)
}
