package decide

import (
	"fmt"
	"strconv"
)

// A Budget bounds one planning: whatever the domain and the world, a
// planning that would pass a bound stops, and ends with ErrOutOfBudget
// (OutOfBudget in reports), naming the bound; never with a plan cut
// short. A zero field takes its default.
type Budget struct {
	// Steps bounds how many steps one plan may hold (default 256).
	Steps int
	// Tries bounds the search of one planning: the methods an HTN tries,
	// backtracking included, or the nodes A* expands, for every goal
	// together (default 10,000).
	Tries int
	// PerTick spreads a planning over ticks: a planner node spends at most
	// this many tries in one tick and goes on in the next, running
	// nothing meanwhile. Zero, the default, plans to the end in the tick
	// that asks. Planning outside a tree always plans to the end.
	PerTick int
}

// The defaults of a zero Budget's fields.
const (
	DefaultSteps = 256
	DefaultTries = 10_000
)

// Validate reports a bound that is negative.
func (b Budget) Validate() error {
	if b.Steps < 0 || b.Tries < 0 || b.PerTick < 0 {
		return fmt.Errorf("budget %+v: a bound cannot be negative", b)
	}
	return nil
}

// WithDefaults returns b with its zero fields set to their defaults
// (PerTick stays zero: no spreading).
func (b Budget) WithDefaults() Budget {
	if b.Steps == 0 {
		b.Steps = DefaultSteps
	}
	if b.Tries == 0 {
		b.Tries = DefaultTries
	}
	return b
}

// Spent returns the error of a planning that ran out of bound ("Steps"
// or "Tries"): ErrOutOfBudget, naming the bound and its value.
func (b Budget) Spent(bound string) error {
	v := b.Tries
	if bound == "Steps" {
		v = b.Steps
	}
	return fmt.Errorf("%w: more than Budget.%s (%s) needed", ErrOutOfBudget, bound, strconv.Itoa(v))
}
