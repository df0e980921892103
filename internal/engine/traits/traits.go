// Package traits names the optional methods that the engine and the
// deciders look for on the game's values (constraints, above all), so
// that bt, the deciders, catalogue and constraints agree on them without
// exporting them from the library: a constraint of package constraints
// has them, and a planner's search calls them to spare work. The
// documentation users read names them where they matter (bt.Constraint,
// bt.Planner, catalogue.Builder.Takes).
//
// It is an engine helper: it imports nothing of the project, and any
// package of the library may import it.
package traits

import (
	"fmt"
	"time"
)

// A Validator can check its own settings: an action, a constraint, a
// custom node or a planner with a method Validate() error, which Build
// (and a catalogue, a domain) calls, reporting an error with the path of
// what has it, so bad settings (a negative duration, a probability above
// 1) are caught before anything runs.
type Validator interface {
	Validate() error
}

// A Timed action declares how long a run of it takes, with a method
// Duration() time.Duration: Build, and a catalogue entry, take it as the
// action's duration when none is given (bt.Takes), so that predictions
// and plans that chain it know the time it spends (a bt.Wait does).
type Timed interface {
	Duration() time.Duration
}

// A Timeless constraint says whether its answer depends only on the
// memory and on whether the node is simulated or runs: not on the time
// or the history its Situation tells (Now, SinceLastRun, Roll). A
// decider judges a timeless constraint of a step it plans for later
// without moving its situation on to the planned time, which saves it
// work; a constraint that does not implement Timeless is taken to read
// time. Package constraints' Func and Window are timeless; Cooldown and
// Chance are not; Not, All, Any and Skipping are when what they hold is.
type Timeless interface {
	Timeless() bool
}

// IsTimeless reports whether c says it is timeless (see Timeless).
func IsTimeless(c any) bool {
	t, ok := c.(Timeless)
	return ok && t.Timeless()
}

// A Test is a constraint that is a test of the memory alone: in every
// situation it answers Pass when the function Test returns reports true
// of the memory, and Fail otherwise, always with the reason Test returns.
// A decider that checks many constraints in a row on memories it made,
// such as a planner's search, calls the function instead of Evaluate,
// sparing the situation, and counts the failures instead of asking each
// why. Test returns a nil function when the constraint reads its
// situation after all (constraints.Func with an option that skips it,
// say).
type Test[M any] interface {
	Test() (test func(m *M) bool, failure string)
}

// An Indexed constraint passes only where a number the memory holds has
// one of a few values. Index returns what tells the number apart from
// others (the same key for every constraint on the same number), the
// function that reads it, and the values; nil when the constraint is not
// so after all. A planner that tries many actions from each state, as a
// GOAP search does, indexes them by it and tries from a state only those
// that need the value it has. constraints.Field's Is makes them.
type Indexed[M any] interface {
	Index() (key any, of func(m *M) int, values []int)
}

// TestOf returns c's test of the memory and its reason to fail (see
// Test), or a nil test when it has none.
func TestOf[M any](c any) (test func(m *M) bool, failure string) {
	if t, ok := c.(Test[M]); ok {
		return t.Test()
	}
	return nil, ""
}

// Describe describes a value of the game's for a tree's description (a
// constraint, a guard): its String, or its type.
func Describe(c any) string {
	if s, ok := c.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", c)
}
