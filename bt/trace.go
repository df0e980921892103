package bt

import (
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of events a tree reports to its Tracer.
const (
	// EventBegin: a node began (Path).
	EventBegin EventKind = iota + 1
	// EventEnd: a node ended (Path) with Status; Running means it was
	// interrupted.
	EventEnd
	// EventConstraint: a constraint stopped a live node (Path), or a
	// reactive sequence found a condition it had passed (Path) no longer
	// holds: Check is Fail or Done and Reason says why. Constraints that
	// fail while simulating show up as Impossible candidates instead.
	EventConstraint
	// EventDecision: a selector decided live (Path, Decision).
	EventDecision
	// EventFault: user code panicked or broke the node contract (Path,
	// Reason). A broken contract fails the node and the tick goes on; a
	// panic abandons the tick (see Agent.Tick).
	EventFault
	// EventPlan: a planner node (Path) planned live, and made, kept or
	// replaced a plan, or found none (Planning). Planner nodes such as
	// the htn and goap packages' runners report it through Child.Report.
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
	Tick     uint64        // the tree's tick count when it happened
	Time     time.Duration // the agent's clock
	Path     string        // the node concerned
	Status   Status        // EventEnd: the final status
	Check    Check         // EventConstraint: Fail or Done
	Reason   string        // EventConstraint, EventFault: why
	Decision *Decision     // EventDecision: what was decided
	Planning *Planning     // EventPlan: what was planned, and why
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
	// better than Irrelevant: give it AllowNegative, or a Cosmetic option
	// (an idle), if doing something pointless beats doing nothing.
	NothingAcceptable
)

var whyNames = [...]string{"", "best outcome", "kept current", "random draw", "sole option", "debounced", "nothing acceptable"}

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

// PlanChange says what a planner did with its plan when it planned.
type PlanChange uint8

// What a planner did with its plan.
const (
	// PlanMade: no plan was running, and the planner made one.
	PlanMade PlanChange = iota + 1
	// PlanKept: the planner kept the running plan: the other plan it
	// found does not outrank it (HTN); or no goal above the running one
	// has a plan within the budget, or planning again on a change of the
	// world found the running plan again (GOAP).
	PlanKept
	// PlanReplaced: a new plan replaced the running one, which it
	// outranked, or which had failed or become invalid (Reason says
	// which).
	PlanReplaced
	// PlanNone: no plan exists from the memory planned on (for GOAP, also:
	// no goal is relevant and unsatisfied).
	PlanNone
	// PlanOutOfBudget: the planner ran out of its budget before it found
	// a plan or proved there is none. It is never a partial plan.
	PlanOutOfBudget
)

var planChangeNames = [...]string{"", "made", "kept", "replaced", "none", "out of budget"}

// String returns a short phrase such as "replaced", as used in JSON traces.
func (c PlanChange) String() string {
	if int(c) < len(planChangeNames) && c != 0 {
		return planChangeNames[c]
	}
	return "PlanChange(" + strconv.Itoa(int(c)) + ")"
}

// Planning is what a planner node reports when it plans: what it planned
// for, what it did with its plan and why, the plan, and what it tried on
// the way. Planners reuse one Planning for their reports, as the tree
// reuses its Event: a Tracer must copy what it keeps (Clone).
type Planning struct {
	Goal   string     // what was planned for: a root task, a goal
	Change PlanChange // what became of the plan
	Reason string     // why, in a short phrase
	// Steps are the names of the plan's tasks, in order: the new plan
	// when one was made or replaced the running one, the running plan's
	// remaining steps when it was kept, none otherwise.
	Steps []string
	// Record ranks an HTN plan. Nil for planners that do not rank by
	// method.
	Record Record
	// Cost is the plan's cost, for planners that count one.
	Cost float64
	// Expanded is how much search the planning took: decompositions for
	// an HTN, nodes expanded for A*.
	Expanded int
	// Rejected are the options turned down on the way, in the order they
	// were tried, each with the reason: the condition that failed, or
	// the planner's own ("failed in this tick", "what followed could not
	// be planned" for an HTN method whose subtasks led nowhere).
	Rejected []Rejection
}

// A Record is an HTN plan's method traversal record: the method taken at
// each decomposition, in the order the planner made them, counting the
// methods passed over. Plans rank by record, lexicographically: at the
// first decomposition where two differ, the earlier method ranks higher;
// a record that is a prefix of the other (a plan that stopped at a pause
// point) ranks with it, neither above.
type Record []int

// String formats the record as "[0 2 1]".
func (r Record) String() string {
	b := make([]byte, 0, 2+2*len(r))
	b = append(b, '[')
	for i, k := range r {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(k), 10)
	}
	return string(append(b, ']'))
}

// A Rejection is an option a planner turned down: a method, a goal or an
// action, and why.
type Rejection struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Clone returns a deep copy of p, for tracers that keep what they are
// given.
func (p *Planning) Clone() *Planning {
	if p == nil {
		return nil
	}
	c := *p
	c.Steps = append([]string(nil), p.Steps...)
	c.Record = append(Record(nil), p.Record...)
	c.Rejected = append([]Rejection(nil), p.Rejected...)
	return &c
}
