package bt

import (
	"errors"
	"fmt"
)

// Errors returned by Tree methods for input they refuse. The tree is left
// exactly as it was.
var (
	// ErrReentrant: the tree was ticked, halted or previewed from inside
	// one of its own calls (an action ticking its own tree), or a crowd
	// was called from inside one of its own calls (an action of a frame
	// calling its crowd's Tick).
	ErrReentrant = errors.New("bt: called from inside one of its own calls (a tree's Tick, Halt or Preview, a crowd's frame, save or load)")
	// ErrNegativeStep: a negative time step; time only moves forward.
	ErrNegativeStep = errors.New("bt: negative time step")
	// ErrNilMemory: a nil memory pointer.
	ErrNilMemory = errors.New("bt: nil memory")
	// ErrClockOverflow: a time step that would carry the agent's clock past
	// the largest time.Duration (some 292 years of game time).
	ErrClockOverflow = errors.New("bt: time step would overflow the agent's clock")
	// ErrNotBuilt: a Tree that Build did not make (a zero or nil Tree),
	// or an Agent that Tree.NewAgent did not (a nil or zero Agent, whose
	// error says so and matches ErrNotBuilt with errors.Is).
	ErrNotBuilt = errors.New("bt: tree not built: make trees with Build")
)

// errNoAgent is ErrNotBuilt said of an agent: a nil *Agent, or a zero
// one, where an agent was wanted.
var errNoAgent error = noAgentError{}

// noAgentError is the type of errNoAgent.
type noAgentError struct{}

func (noAgentError) Error() string {
	return "bt: a nil agent, or a zero one: make agents with Tree.NewAgent"
}

// Is makes errors.Is(err, ErrNotBuilt) hold, as it did before an agent's
// error said it was the agent.
func (noAgentError) Is(target error) bool { return target == ErrNotBuilt }

// A PanicError reports a panic in user code that the tree recovered from.
// The tick was abandoned and every running node halted (see Agent.Tick).
//
// Path and Method say which node's code was running; Callback is set when
// the panic came from a callback of the whole tree that this node called
// (Config.Copy, Model, Terminal, or the heuristic in force), in which case
// no node was blamed and none quarantined. Otherwise the node's own code
// panicked, and the node was ended with Failure and quarantined.
type PanicError struct {
	Path     string // the node whose code was running, or empty
	Method   string // "Begin", "Update", "End", "Simulate" or "constraint"
	Callback string // "Copy", "Model", "Terminal", "heuristic", or empty
	Value    any    // what was passed to panic
	Stack    []byte // the goroutine's stack where it panicked
}

// Error describes the panic, as "combat/swing: panic in Begin: boom" or
// "combat/swing: panic in the heuristic (called from Simulate): boom".
func (e *PanicError) Error() string {
	where := e.Path
	if where == "" {
		where = "bt"
	}
	switch {
	case e.Callback != "" && e.Method != "":
		return fmt.Sprintf("%s: panic in the %s callback (called from %s): %v", where, e.Callback, e.Method, e.Value)
	case e.Callback != "":
		return fmt.Sprintf("%s: panic in the %s callback: %v", where, e.Callback, e.Value)
	case e.Method != "":
		return fmt.Sprintf("%s: panic in %s: %v", where, e.Method, e.Value)
	}
	return fmt.Sprintf("%s: panic: %v", where, e.Value)
}

// Unwrap returns the panic value when it is an error, so errors.Is and
// errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
