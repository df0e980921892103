// Package decider holds what the deciders built on package decide share
// and no user needs: errors placed at a path, a budget's accounting, and
// a moment later on an agent's clock. htn, goap and fsm use it, so that
// each reports and counts the same way.
//
// It is a deciders' helper: it imports decide, engine helpers and nothing
// else of the project, and only the library's deciders (and their tests)
// import it.
package decider

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/joined"
)

// At returns err placed at path, as a *decide.Error.
func At(path string, err error) error {
	if err == nil {
		return nil
	}
	return &decide.Error{Path: path, Err: err}
}

// AtEach returns err as *decide.Errors at path, one for each error a
// joined err holds (errors.Join), so that each problem is a line of its
// own; nil for nil.
func AtEach(path string, err error) []error {
	if err == nil {
		return nil
	}
	errs := slices.Clone(joined.Split(err))
	for i, e := range errs {
		errs[i] = At(path, e)
	}
	return errs
}

// Errorf returns a *decide.Error at path with the message format makes.
func Errorf(path, format string, args ...any) error {
	return &decide.Error{Path: path, Err: fmt.Errorf(format, args...)}
}

// CheckBudget reports a bound of b that is negative.
func CheckBudget(b decide.Budget) error {
	if b.Steps < 0 || b.Tries < 0 || b.PerTick < 0 {
		return fmt.Errorf("budget %+v: a bound cannot be negative", b)
	}
	return nil
}

// WithDefaults returns b with its zero fields set to their defaults
// (PerTick stays zero: no spreading).
func WithDefaults(b decide.Budget) decide.Budget {
	if b.Steps == 0 {
		b.Steps = decide.DefaultSteps
	}
	if b.Tries == 0 {
		b.Tries = decide.DefaultTries
	}
	return b
}

// Spent returns the error of a planning that ran out of b's bound
// ("Steps" or "Tries"): decide.ErrOutOfBudget, naming the bound and its
// value.
func Spent(b decide.Budget, bound string) error {
	v := b.Tries
	if bound == "Steps" {
		v = b.Steps
	}
	return fmt.Errorf("%w: more than Budget.%s (%s) needed", decide.ErrOutOfBudget, bound, strconv.Itoa(v))
}

// Later returns the moment d after now on an agent's clock, for a
// non-negative d: saturating at the largest duration, so that a wait of
// "forever" (math.MaxInt64) is never due rather than due at once.
func Later(now, d time.Duration) time.Duration {
	if d > math.MaxInt64-now {
		return math.MaxInt64
	}
	return now + d
}
