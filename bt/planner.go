package bt

import (
	"errors"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

// A Planner is the domain of a decider that is not a built-in composite:
// what a planner node (KindPlanner) plans with. The domains of packages
// htn and goap, and the state machines of package fsm, are Planners; put
// one in a tree with Builder.Plan, or in a tree file (package btjson).
//
// Build makes the planner node's children from Steps: the nodes its
// plans are made of, each with its preconditions as constraints, so that
// the tree's machinery runs them (their life cycle, tracing, panics and
// quarantine). Each agent then gets a runner of its own from Runner.
// Package bttest checks a Planner you wrote against the contract every
// decider keeps (bttest.TestDecider).
//
// A Planner that describes its domain has a method Nodes() []NodeInfo,
// as the domains of htn and goap and the machines of fsm do: a tree of
// NodeInfo records (an HTN domain's tasks and methods, a GOAP domain's
// goals and actions, a machine's states and transitions), which
// Tree.Nodes gives as the planner node's NodeInfo.Domain, for the
// inspector to show a planner's structure beside the steps it runs. A
// Planner that can check itself has a method Validate() error, which
// Build calls.
type Planner[M any] interface {
	// Steps returns the nodes the planner's plans are made of: the
	// actions it takes from its catalogue, with their preconditions, or
	// small subtrees. Build makes them the planner node's children, in
	// this order, under the names they have.
	Steps() []Def[M]
	// Runner makes one agent's runner: the node that plans, runs its
	// plans through steps (the handles on the children Steps described,
	// in that order), and plans again beside a running plan as replan
	// says. Build calls it once to check the domain, and once per agent.
	Runner(steps []*Child[M], replan Replanning[M]) (Node[M], error)
}

// Replanning says when a running decider plans again beside what it runs:
// the Replan and ReplanOn options of its node. Its zero value never does:
// the decider commits to its choice, plan or state until that ends, fails
// or stops holding.
type Replanning[M any] struct {
	// Periodic: plan again every Interval of the agent's clock (0: every
	// tick), counted from the last time it planned.
	Periodic bool
	Interval time.Duration
	// On, when set, plans again on every tick in which it reports true:
	// news that matters. It must only read m. With ReplanOnChange, it
	// also reports a change of the key since the node's last tick (each
	// agent's runner gets an On of its own).
	On func(m *M) bool
}

// Replan sets how often a running decider plans again beside what it
// runs: every interval of the agent's clock, every tick for 0, and never
// for a negative interval (the default: it commits to its choice, plan or
// state until that ends, fails or stops holding). Selectors, random
// selectors and planners take it. A selector that chooses another child
// ends the old one before the new one begins; a planner replaces its
// plan only with a better one, by its own rule.
func Replan(interval time.Duration) Option { return Option{keyReplan, interval} }

// ReplanOn makes a running decider also plan again in any tick in which
// when holds of the memory, whatever its interval: "every half second, and
// at once when a new threat appears". when is a level, not news: a test
// that holds ("is a raider near?") plans again in every tick it holds,
// for as long as it holds. For news, once, use ReplanOnChange (or a test
// of something the game raises for one frame only). when must only read
// m; it is asked while planning and while acting alike, so previews agree
// with ticks.
func ReplanOn[M any](when func(m *M) bool) Option { return Option{keyReplanOn, when} }

// ReplanOnChange makes a running decider also plan again in the tick in
// which key(m) differs from what it was at the decider's last tick: news,
// once. The key is anything of the memory that changes when there is
// something new to plan for: the nearest raider's id, a count of alarms
// the game raises, a hash of the threats seen. Unlike a ReplanOn test,
// which plans again every tick it holds, a key that stays the same, at
// any value, plans nothing. The key the decider last saw is part of its
// agent's state, saved with it; key must only read m, and is asked while
// planning and while acting alike, so previews agree with ticks.
func ReplanOnChange[M any](key func(m *M) uint64) Option { return Option{keyReplanOnChange, key} }

// plannerSteps asks p for its steps, turning a panic into an error.
func plannerSteps[M any](p Planner[M]) (steps []Def[M], err error) {
	defer func() {
		if r := recover(); r != nil {
			steps, err = nil, fmt.Errorf("its Steps panicked: %v", r)
		}
	}()
	steps = p.Steps()
	if len(steps) == 0 {
		return nil, errors.New("a planner with no steps")
	}
	return steps, nil
}

// plannerFill checks a planner node's Def and sets what its record makes.
func plannerFill[M any](rec *node[M], d *Def[M], replan Replanning[M], watched bool) []error {
	p, err := valueOf[M, Planner[M]](d, "a Planner")
	if err != nil {
		return []error{err}
	}
	if nilness.Of(p) {
		return []error{errors.New("nil planner")}
	}
	var errs []error
	if len(d.Children) > 0 {
		errs = append(errs, errors.New("a planner's children are its steps: give it none"))
	}
	if dd, ok := p.(domainDescriber); ok {
		rec.domain = dd
	}
	rec.make = func(kids []*Child[M]) (Node[M], error) {
		if watched && len(kids) > 0 {
			return p.Runner(kids, replan.watching(kids[0]))
		}
		return p.Runner(kids, replan)
	}
	return errs
}

// watching returns r for the agent of step, the first step of a planner
// node with a ReplanOnChange key: its On also reports a change of the
// key since the node's last tick, which the agent keeps. The step's
// handle follows the agent through restores.
func (r Replanning[M]) watching(step *Child[M]) Replanning[M] {
	user := r.On
	r.On = func(m *M) bool {
		if user != nil && user(m) {
			return true
		}
		a := step.agent
		n := &a.tree.nodes[a.tree.nodes[step.index].parent]
		return n.watch(m) != a.keys[n.seen]
	}
	return r
}
