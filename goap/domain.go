package goap

import (
	"errors"

	"github.com/foresight-bt/foresight/bt"
)

// A Domain is what a goal-driven agent knows: its actions with their
// preconditions, effects and costs, and its goals. It is built once, by
// New and Build, and shared by every agent and goroutine; each agent plans
// with a state of its own (a Planner, or the runner a tree makes for it
// from Branch).
type Domain[M any, K comparable] struct {
	key     func(m *M) K
	copy    func(dst, src *M)
	changed func(planned, now *M) bool
	actions []action[M]
	goals   []goal[M]
	order   []int // goals, highest priority first
	slots   int   // precondition slots of all actions, for tallies
	budget  int
	perTick int
	stats   *stats
}

// usable reports whether d was made by Build: a nil or zero Domain plans
// nothing and counts nothing.
func (d *Domain[M, K]) usable() bool { return d != nil && d.key != nil && d.stats != nil }

type action[M any] struct {
	name string
	act  bt.Action[M]
	pre  []bt.Constraint[M]
	cost func(before, after *M) float64
	slot int // first tally slot: one per precondition, then one for Done
}

type goal[M any] struct {
	name      string
	label     string // "goal name", as reports name it
	prio      string // "priority n"
	priority  int
	relevant  func(m *M) bool
	satisfied func(m *M) bool
	estimate  func(m *M) float64
}

// The ways planning can fail. Planning for several goals fails with
// ErrOutOfBudget when some goal ran out of budget and none found a plan.
var (
	// ErrNoPlan: no sequence of actions reaches any relevant goal.
	ErrNoPlan = errors.New("goap: no plan reaches a relevant goal")
	// ErrOutOfBudget: the search ran out of its node budget before it found
	// a plan or proved there is none. It never comes with a partial plan.
	ErrOutOfBudget = errors.New("goap: out of budget before a plan was found")
	// ErrNoGoal: every goal is irrelevant or already satisfied.
	ErrNoGoal = errors.New("goap: no goal is relevant and unsatisfied")
	// ErrNoDomain: the planner has no domain (a zero Planner, or one of a
	// nil Domain).
	ErrNoDomain = errors.New("goap: a planner with no domain")

	errNilMemory = errors.New("goap: Plan of a nil memory")
)

// Actions returns the names of the domain's actions, in the order added.
func (d *Domain[M, K]) Actions() []string {
	if d == nil {
		return nil
	}
	names := make([]string, len(d.actions))
	for i, a := range d.actions {
		names[i] = a.name
	}
	return names
}

// Goals returns the names of the domain's goals, highest priority first.
func (d *Domain[M, K]) Goals() []string {
	if d == nil {
		return nil
	}
	names := make([]string, len(d.order))
	for i, g := range d.order {
		names[i] = d.goals[g].name
	}
	return names
}
