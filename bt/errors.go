package bt

import (
	"errors"
	"fmt"
)

// Errors returned by Tree methods for input they refuse. The tree is left
// exactly as it was.
var (
	// ErrReentrant: the tree was ticked, halted or previewed from inside
	// one of its own calls (an action ticking its own tree).
	ErrReentrant = errors.New("bt: tree called from inside its own Tick, Halt or Preview")
	// ErrNegativeStep: a negative time step; time only moves forward.
	ErrNegativeStep = errors.New("bt: negative time step")
	// ErrNilMemory: a nil memory pointer.
	ErrNilMemory = errors.New("bt: nil memory")
	// ErrClockOverflow: a time step that would carry the tree's clock past
	// the largest time.Duration (some 292 years of game time).
	ErrClockOverflow = errors.New("bt: time step would overflow the tree's clock")
)

// A NodeError is an error that belongs to one node of a tree: a misuse
// found by Build, or a fault found while running, such as an action that
// returned an invalid status.
type NodeError struct {
	Path string // the node's path, such as "combat/engage/swing"
	Err  error
}

// Error returns "path: message".
func (e *NodeError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *NodeError) Unwrap() error { return e.Err }

// A PanicError reports a panic in user code (an action, a constraint, a
// heuristic, a custom node) that the tree recovered from. The node that
// panicked failed and was ended; the rest of the tree went on.
type PanicError struct {
	Path   string // the node that panicked
	Method string // "Begin", "Update", "End", "Simulate" or "constraint"
	Value  any    // what was passed to panic
}

// Error describes the panic.
func (e *PanicError) Error() string {
	return fmt.Sprintf("%s: panic in %s: %v", e.Path, e.Method, e.Value)
}
