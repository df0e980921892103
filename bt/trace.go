package bt

import (
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of events a tree reports to its Tracer.
const (
	// EventBegin: a node began (Path).
	EventBegin EventKind = iota + 1
	// EventEnd: a node ended (Path) with Status; Running means it was
	// interrupted. Reason is why, when the node said (Child.SetReason):
	// a job's error, say.
	EventEnd
	// EventConstraint: a constraint stopped a live node (Path), or a
	// reactive sequence found a condition it had passed (Path) no longer
	// holds: Check is Fail or Done and Reason says why. AtBegin tells a
	// node checked as it was to begin, which never began (refused, or
	// done without running), from one stopped while it ran. Constraints
	// that fail while simulating show up as Impossible candidates instead.
	EventConstraint
	// EventDecision: a selector decided, or a priority picked a child,
	// live (Path, Decision).
	EventDecision
	// EventFault: user code panicked or broke the node contract (Path,
	// Reason). A broken contract fails the node and the tick goes on; a
	// panic abandons the tick (see Agent.Tick).
	EventFault
	// EventPlan: a planner node (Path) planned live, and made, kept,
	// replaced or dropped a plan, or found none (Plan). Planner nodes,
	// such as the htn and goap packages', report it through Child.Report.
	EventPlan
)

var eventKindNames = [...]string{"", "begin", "end", "constraint", "decision", "fault", "plan"}

// String returns the kind's lower-case name, as used in JSON traces.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && k != 0 {
		return eventKindNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// An Event is one thing that happened in a tree. The tree reuses a single
// Event for all its reports: a Tracer must copy what it keeps.
type Event struct {
	Kind     EventKind
	Tick     uint64         // the tree's tick count when it happened
	Time     time.Duration  // the agent's clock
	Path     string         // the node concerned
	Status   Status         // EventEnd: the final status
	Check    Check          // EventConstraint: Fail or Done
	AtBegin  bool           // EventConstraint: the node was checked as it was to begin, and did not begin
	Reason   string         // EventConstraint, EventFault, and EventEnd when the node said: why
	Decision *Decision      // EventDecision: what was decided
	Plan     *decide.Report // EventPlan: what was planned, and why
}

// A Tracer receives an agent's events as they happen. Trace must not call
// back into the agent. Without a tracer an agent does no tracing work at
// all. A tracer that panics is switched off, and the call that traced
// (Tick, Halt) reports it as a plain error: a broken tool never breaks
// the game.
type Tracer interface {
	Trace(e *Event)
}

// TracerFunc adapts a function to the Tracer interface.
type TracerFunc func(e *Event)

// Trace calls f(e).
func (f TracerFunc) Trace(e *Event) { f(e) }

// Why says how a selector came to its choice.
type Why uint8

// The reasons for a selector's choice.
const (
	// BestOutcome: the chosen child's outcome beat every other; among
	// equals, the first in designer order.
	BestOutcome Why = iota + 1
	// KeptCurrent: the running child tied for the best and was kept.
	KeptCurrent
	// RandomDraw: several children tied for the best and a weighted draw
	// from the tree's random source picked one.
	RandomDraw
	// SoleOption: the child that just ended was picked again because
	// nothing else was acceptable (debounce).
	SoleOption
	// Debounced: the child that just ended had the best outcome, and was
	// passed over (Debounce); the chosen child is the best of the others.
	Debounced
	// NothingAcceptable: no child's outcome was acceptable; the selector
	// chose nothing and fails. A plain Selector accepts only outcomes
	// better than Irrelevant: give it AllowNegative, or a Cosmetic child
	// (an idle), if doing something pointless beats doing nothing.
	NothingAcceptable
	// FirstInOrder: a priority's choice, the first child in order whose
	// guard passed (the children before it failed theirs, or began and
	// failed).
	FirstInOrder
	// TookOver: a reactive priority's choice, a child before the running
	// one whose guard now passes, which halted the running one.
	TookOver
)

var whyNames = [...]string{"", "best outcome", "kept current", "random draw", "sole option", "debounced", "nothing acceptable",
	"first in order", "took over"}

// Ordered reports whether the choice was a priority's, made by the order
// of its children and their guards rather than by judging outcomes.
func (w Why) Ordered() bool { return w == FirstInOrder || w == TookOver }

// String returns a short phrase such as "kept current".
func (w Why) String() string {
	if int(w) < len(whyNames) && w != 0 {
		return whyNames[w]
	}
	return "Why(" + strconv.Itoa(int(w)) + ")"
}

// A Candidate is one child as a selector saw it: its name and the verdict
// on its simulation.
type Candidate struct {
	Name    string
	Verdict heuristic.Verdict
}

// A Decision is a selector's choice: the verdict on every child, which one
// won (-1 for none) and why.
//
// A priority (Priority, ReactivePriority) decides too, each time it
// begins a child, and a tracer is told in the same form: it judges no
// outcome, so its Candidates are the children it tried, in order, up to
// the one it picked: those passed over are Impossible, with the reason
// their guard failed (or "began and failed"), and the one picked is
// Irrelevant (not judged) with the guard that passed as its reason ("no
// guard" for a child without one); Why is FirstInOrder or TookOver.
type Decision struct {
	Selector   string // the selector's path
	Candidates []Candidate
	Chosen     int
	Why        Why
}

// Choice returns the chosen candidate, and false when nothing was chosen.
func (d Decision) Choice() (Candidate, bool) {
	if d.Chosen < 0 || d.Chosen >= len(d.Candidates) {
		return Candidate{}, false
	}
	return d.Candidates[d.Chosen], true
}
