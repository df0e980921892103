package decorators

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// For returns the constructors of the catalogue whose arguments do not
// name the memory type, bound to M, so that a tree spells the type once:
//
//	d := decorators.For[Memory]()
//	b.Decorate("patient", d.Timeout(5*time.Second)).Do("wait", wait).End()
//
// FakeSim and Goal infer M from their arguments.
func For[M any]() Catalogue[M] { return Catalogue[M]{} }

// A Catalogue holds the constructors of For, bound to a memory type.
type Catalogue[M any] struct{}

// Cooldown is Cooldown for memory type M.
func (Catalogue[M]) Cooldown(d time.Duration) bt.Decorator[M] { return Cooldown[M](d) }

// Delay is Delay for memory type M.
func (Catalogue[M]) Delay(d time.Duration) bt.Decorator[M] { return Delay[M](d) }

// Floor is Floor for memory type M.
func (Catalogue[M]) Floor(o heuristic.Outcome) bt.Decorator[M] { return Floor[M](o) }

// ForceFailure is ForceFailure for memory type M.
func (Catalogue[M]) ForceFailure() bt.Decorator[M] { return ForceFailure[M]() }

// ForceSuccess is ForceSuccess for memory type M.
func (Catalogue[M]) ForceSuccess() bt.Decorator[M] { return ForceSuccess[M]() }

// Invert is Invert for memory type M.
func (Catalogue[M]) Invert() bt.Decorator[M] { return Invert[M]() }

// Loop is Loop for memory type M.
func (Catalogue[M]) Loop() bt.Decorator[M] { return Loop[M]() }

// Repeat is Repeat for memory type M.
func (Catalogue[M]) Repeat(n int) bt.Decorator[M] { return Repeat[M](n) }

// Retry is Retry for memory type M.
func (Catalogue[M]) Retry(n int) bt.Decorator[M] { return Retry[M](n) }

// Timeout is Timeout for memory type M.
func (Catalogue[M]) Timeout(d time.Duration) bt.Decorator[M] { return Timeout[M](d) }
