package bt

import (
	"math"
	"strconv"
	"time"
)

// Check is a constraint's answer.
type Check uint8

// The answers a constraint can give.
const (
	// Pass: the node may begin, or go on.
	Pass Check = iota
	// Done: what the node would do is already done, so it finishes with
	// Success at once. In simulation the unchanged memory is judged.
	Done
	// Fail: the node may not run. It fails at Begin, is ended while
	// running, and simulates as Impossible.
	Fail
)

// String returns "Pass", "Done", "Fail", or "Check(n)".
func (c Check) String() string {
	switch c {
	case Pass:
		return "Pass"
	case Done:
		return "Done"
	case Fail:
		return "Fail"
	}
	return "Check(" + strconv.Itoa(int(c)) + ")"
}

// A Situation tells a constraint where and when it is being checked.
type Situation struct {
	// Now is the agent's clock.
	Now time.Duration
	// Simulating is true when the check is part of a prediction.
	Simulating bool
	// Running is true when the node is running: the check guards an
	// Update, or the prediction of what remains of a run.
	Running bool
	// hasRun reports whether the node has ever ended, and lastEnd when:
	// see SinceLastRun.
	hasRun  bool
	lastEnd time.Duration

	seed, tick, node uint64        // what keys the node's roll; zero outside a tree
	step             time.Duration // the time step of the tick under way
}

// Roll returns a number in [0, 1) drawn from the agent's seeded numbers
// once per node and decision: every check of this node's constraints while
// the agent plans a tick, and again when the node begins in that tick, sees
// the same roll. A chance taken while planning is thus the chance that
// holds. Outside a tree (a Situation made by hand) it is 0.
func (s Situation) Roll() float64 {
	if s.node == 0 {
		return 0
	}
	return unit(keyed(decisionKey(s.seed, s.tick), s.node, streamRoll, 0))
}

// Later returns the situation d later, as a plan expects it: the clock
// on by d, and the roll of the tick that will see that time, if ticks
// keep the step of the tick under way. A decider that judges a step it
// plans for later (a sequence's prediction, a planner's plan) judges it
// so; the tree does it for every node it simulates, from what the
// prediction under way did (Sim.Moment).
func (s Situation) Later(d time.Duration) Situation {
	if d <= 0 {
		return s
	}
	if s.Now > math.MaxInt64-d {
		s.Now = math.MaxInt64 // saturating, as the clock's whole does
	} else {
		s.Now += d
	}
	if s.step > 0 {
		s.tick += uint64(stepsIn(d, s.step))
	}
	return s
}

// After returns the situation of a node that a prediction has run to its
// end at time end (on the agent's clock): it has run, then, and does not
// run.
func (s Situation) After(end time.Duration) Situation {
	s.hasRun, s.lastEnd, s.Running = true, end, false
	return s
}

// SinceLastRun returns the time since the node last ended, and false when
// it never ran.
func (s Situation) SinceLastRun() (time.Duration, bool) {
	if !s.hasRun {
		return 0, false
	}
	return s.Now - s.lastEnd, true
}

// A Constraint guards a node. Evaluate checks a memory and returns its
// answer and a short reason for traces, such as "out of range". It must
// only read the memory: even while simulating (Situation.Simulating) it
// may be given the live one, since a choice checks each candidate's
// constraints on its own memory before paying for a copy. Any number of
// constraints can be attached to a node with Def.Constrain; Fail from
// any of them wins, then Done. Package constraints has the common ones
// (a cooldown, a chance, a window, tests of the memory).
//
// A constraint may have more methods, which Build and the deciders look
// for: String() string describes it in dumps, pictures and a priority's
// traces; Validate() error checks its settings at Build; Timeless() bool
// reports true when its answer depends on the memory alone, not on the
// time or history its Situation tells, so that a decider judging a step
// planned for later need not move the situation on to that time (a
// constraint without it is taken to read time). Two more spare a
// planner's search work, which checks thousands of constraints on
// memories it made: Test() (func(m *M) bool, string) returns a test of
// the memory alone and its reason to fail, which the search calls in
// place of Evaluate (nil when the constraint reads its situation after
// all); Index() (key any, of func(m *M) int, values []int) says the
// constraint passes only where the number that of reads is one of
// values (key names that number, the same for every constraint on it),
// and a GOAP search then tries from a state only the actions that need
// the value the state has. Package
// constraints' Func has Test, and what constraints.Field's Is makes has
// both.
type Constraint[M any] interface {
	Evaluate(s Situation, m *M) (Check, string)
}
