package decide

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Change says what a planner did with its plan when it planned live.
type Change uint8

// What a planner did with its plan.
const (
	// Made: no plan was running, and the planner made one. A state
	// machine reports the state it begins in as Made.
	Made Change = iota + 1
	// Kept: the planner planned again beside the running plan and kept
	// it: what it found does not outrank it (HTN), is the same plan, or
	// no goal above the running one has a plan (GOAP). Reason says which.
	Kept
	// Replaced: a new plan replaced the running one, which it outranked,
	// or which failed, stopped holding or lost its goal (it is dropped;
	// Reason says which). A state machine reports each transition as
	// Replaced: Reason is the transition, Goal the state it enters.
	Replaced
	// None: no plan exists from the memory planned on.
	None
	// OutOfBudget: the planner ran out of its Budget before it found a
	// plan or proved there is none. It is never a partial plan.
	OutOfBudget
)

var changeNames = [...]string{"", "made", "kept", "replaced", "none", "out of budget"}

// String returns a short phrase such as "replaced", as JSON traces write it.
func (c Change) String() string {
	if int(c) < len(changeNames) && c != 0 {
		return changeNames[c]
	}
	return "Change(" + strconv.Itoa(int(c)) + ")"
}

// A Record is an HTN plan's method traversal record: the method taken at
// each decomposition, in the order the planner made them, counting the
// methods passed over. Plans rank by record, lexicographically: at the
// first decomposition where two differ, the earlier method ranks higher;
// a record that is a prefix of the other (a plan that stopped at a pause
// point) ranks with it, neither above.
type Record []int

// Outranks reports whether r ranks above o: at the first decomposition
// where they differ, r took an earlier method. A record that extends the
// other, or equals it, does not outrank it.
func (r Record) Outranks(o Record) bool {
	for i := 0; i < len(r) && i < len(o); i++ {
		if r[i] != o[i] {
			return r[i] < o[i]
		}
	}
	return false
}

// A Rejection is an alternative a planner turned down on the way to its
// plan: a method, a goal or an action, and why.
type Rejection struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// A Plan is what a planner decided, in the same shape from every planner,
// inside a tree and outside one: what it planned for, the steps, and what
// it turned down on the way.
type Plan struct {
	// Goal is what the plan is for: an HTN domain's root task, a GOAP
	// goal.
	Goal string
	// Utility is how much the goal mattered when it was chosen (GOAP);
	// zero for planners without goals.
	Utility float64
	// Steps are the names of the plan's steps, in order: the actions of
	// the catalogue, or the tree nodes, the plan runs.
	Steps []string
	// Cost is the plan's cost, for planners that count one.
	Cost float64
	// Record ranks an HTN plan, and Methods says it in words: the name of
	// the method taken at each decomposition, as "Task/method". Both are
	// nil for planners that do not plan by method.
	Record  Record
	Methods []string
	// Expanded is how much search planning took: methods tried for an
	// HTN, nodes expanded for A*.
	Expanded int
	// Rejected are the alternatives turned down on the way, in the order
	// they were tried, each with its reason.
	Rejected []Rejection
	// Trials are what the planner tried on the way, in the order tried,
	// as a tree (each trial names its parent): an HTN's decomposition
	// log (each compound task, each method tried and what became of it,
	// each step planned or refused), a GOAP planner's search (each goal,
	// each branch with its cost). Planners keep them for debugging tools
	// and pictures (draw.Search) only while someone reads them: a runner
	// while its tree traces, a session always (htn) or when asked (goap's
	// Session.Watch).
	Trials []Trial
	// Tallies count, for each of the planner's steps (an action, a
	// primitive task), what became of it in the planning: how often it
	// was considered, refused by its preconditions, and admitted, for
	// statistics such as which actions are never planned and which
	// preconditions refuse most (package stats). Kept, as Trials are,
	// while someone reads them.
	Tallies []Tally
	// Scores are what the alternatives were worth to a decider that
	// weighs them by utility, in the order written, each with how it was
	// reckoned: a utility selector's options (package utility), the
	// methods of an HTN task and the goals of a GOAP domain chosen by
	// utility. Nil for deciders that do not score.
	Scores []Score
}

// A Score is what one alternative was worth when a decider weighed it:
// its utility, what counted beside its considerations (its weight, a
// bonus for running), and, for a utility written with considerations
// (package utility), each consideration's part. A utility written as a
// plain function has no Terms.
type Score struct {
	Name    string  `json:"name"`
	Utility float64 `json:"utility"`
	// Note says what else counted, in a short phrase ("running +0.1",
	// "below the minimum 0.2"; for a decider that scores predictions, the
	// verdict on the alternative's, "Beneficial (victim damaged)"), or
	// why the alternative was not weighed ("refused: out of reach").
	Note  string `json:"note,omitempty"`
	Terms []Term `json:"terms,omitempty"`
}

// A Term is one consideration's part in a Score: the input it read from
// the memory, by name, and what it read; that value normalised over the
// consideration's range, X; and the answer of the consideration's
// response curve, Y, both from 0 to 1. Curve describes the curve, as
// "logistic(steepness 10, midpoint 0.5)" (package utility's Curve.String),
// so that tools can draw it with X marked.
type Term struct {
	Input string  `json:"input"`
	Value float64 `json:"value"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Curve string  `json:"curve"`
}

// A Tally counts what became of one step of a planner in a planning:
// Considered, the times the planner considered it (a GOAP search at a
// state, an HTN decomposition where it is a subtask); Discarded, the
// times its preconditions discarded it; Admitted, the times they let it into a
// plan being made (a GOAP search's successor, an HTN's planned step,
// backtracking or not).
type Tally struct {
	Name       string `json:"name"`
	Considered int    `json:"considered"`
	Discarded  int    `json:"discarded"`
	Admitted   int    `json:"admitted"`
}

// A Trial is one thing a planner tried while it planned: a task, a
// method, a step, a goal, a state of a search.
type Trial struct {
	// Parent is the index, in the plan's Trials, of the trial this one
	// was tried under; -1 for the planning's first trials.
	Parent int `json:"parent"`
	// Name is what was tried: "Task", "Task/method", an action's name,
	// "goal fed".
	Name string `json:"name"`
	// Outcome is what became of it, in a word or two ("taken",
	// "rejected", "backtracked", "expanded", "known"), and Reason why.
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
	// Planned reports whether it is part of the plan made.
	Planned bool `json:"planned,omitempty"`
	// Cost and Estimate are a search's: the cost from the start to the
	// state, and the estimate of the cost still to go (GOAP).
	Cost     float64 `json:"cost,omitempty"`
	Estimate float64 `json:"estimate,omitempty"`
}

// Path returns the plan's methods as "[attack/slam]", the record in
// words, or the record in numbers where methods have no names; "" for a
// plan without a record.
func (p *Plan) Path() string {
	if p.Record == nil {
		return ""
	}
	if len(p.Methods) != len(p.Record) {
		return fmt.Sprint([]int(p.Record))
	}
	var b strings.Builder
	b.WriteByte('[')
	for i, m := range p.Methods {
		if i > 0 {
			b.WriteByte('/')
		}
		if j := strings.LastIndexByte(m, '/'); j >= 0 {
			m = m[j+1:]
		}
		b.WriteString(m)
	}
	b.WriteByte(']')
	return b.String()
}

// clone returns a deep copy of p.
func (p Plan) clone() Plan {
	p.Steps = clip(p.Steps)
	p.Record = Record(clip([]int(p.Record)))
	p.Methods = clip(p.Methods)
	p.Rejected = clip(p.Rejected)
	p.Trials = clip(p.Trials)
	p.Tallies = clip(p.Tallies)
	p.Scores = clip(p.Scores)
	for i := range p.Scores {
		p.Scores[i].Terms = clip(p.Scores[i].Terms)
	}
	return p
}

func clip[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append([]T{}, s...)
}

// A Report is what a planner node reports to its tree's tracer each time
// it plans live (bt.EventPlan): what became of its plan, why, and the
// plan (for Kept, the running plan's remaining steps; for None and
// OutOfBudget, no steps). Planners reuse one Report for their reports: a
// tracer must copy what it keeps (Clone).
type Report struct {
	Change Change
	Reason string // why, in a short phrase
	Plan
}

// Clone returns a deep copy of r, for tracers that keep what they are
// given.
func (r *Report) Clone() *Report {
	if r == nil {
		return nil
	}
	c := *r
	c.Plan = r.Plan.clone()
	return &c
}

// The two ways a planning ends without a plan. Planners return errors
// that wrap them (errors.Is), and report them as None and OutOfBudget.
var (
	// ErrNoPlan: no plan exists from the memory planned on.
	ErrNoPlan = errors.New("no plan")
	// ErrOutOfBudget: the planning ran out of its Budget before it found
	// a plan or proved there is none; it never comes with a partial plan.
	// The error says which bound ran out.
	ErrOutOfBudget = errors.New("out of budget")
)

// An Error is a misuse found in a description, at a place in it: a node
// of a tree ("guard/attack"), an entry of a catalogue, a task or method
// of an HTN domain ("AttackEnemy/slam"), an action or goal of a GOAP
// domain ("goals/fed"), a state of a machine. Every Build reports every
// misuse it finds at once, each an *Error, joined with errors.Join, so
// errors.As finds the first and each carries its path; Err may wrap a
// sentinel of the package that found it.
//
// A tree also reports a node that breaks its contract while it runs (a
// status that is not one) as an *Error.
type Error struct {
	Path string
	Err  error
}

// Error returns "path: message".
func (e *Error) Error() string {
	if e.Path == "" {
		return e.Err.Error()
	}
	return e.Path + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
