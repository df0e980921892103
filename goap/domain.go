package goap

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/traits"
	"github.com/foresight-bt/foresight/utility"
)

// A Domain is what a goal-driven agent knows: its actions, taken from a
// catalogue with their preconditions, effects, costs and durations, and
// its goals. It is built once, by New and Build, and shared by every
// agent and goroutine: nothing in it changes as agents plan. Each agent
// plans with a state of its own: a Session, or the runner a tree makes
// for it (a Domain is a bt.Planner: put it in a tree with
// bt.Builder.Plan).
type Domain[M any, K comparable] struct {
	catalogue *catalogue.Catalogue[M]
	key       func(m *M) K
	copy      func(dst, src *M)
	actions   []action[M]
	goals     []goal[M]
	choice    decide.Choice
	backoff   backoff
	slots     int  // precondition slots of all actions, for tallies
	timed     bool // some action's preconditions read time
	// indices index the actions by what they need (Index, Needs); always
	// are the actions no index holds, in the order added.
	indices []actionIndex[M]
	always  []int32
	// checks are what the search needs of each action's preconditions,
	// in a small array of their own: it reads them all at every state.
	checks []check[M]
	budget decide.Budget
	// outOfSteps and outOfTries are the errors of a planning that ran out
	// of a bound, made once so that planning allocates nothing.
	outOfSteps, outOfTries error
}

// usable reports whether d was made by Build: a nil or zero Domain plans
// nothing.
func (d *Domain[M, K]) usable() bool { return d != nil && d.key != nil && len(d.goals) > 0 }

type action[M any] struct {
	name  string
	act   bt.Action[M]
	pre   []bt.Constraint[M]
	tests []func(m *M) bool // the preconditions' tests of the memory alone (traits.Test); nil where one has none
	quick bool              // every precondition has a test
	cost  func(before, after *M) float64
	takes time.Duration
	entry catalogue.Entry[M]
	slot  int  // first tally slot: one per precondition, then one for Done
	timed bool // a precondition reads time (traits.Timeless): judge it at the planned time
	// variants and bind make the action a family (Variants): a variant per
	// target the memory offers, bound into the memory before the action.
	variants func(m *M) int
	bind     func(m *M, i int)
}

// A step of a plan is an action and its variant, in one number: the
// action in the low 16 bits, the variant above.
type step = int32

func stepOf(action int32, variant int) step { return action | int32(variant)<<16 }
func actionOf(s step) int32                 { return s & 0xffff }
func variantOf(s step) int                  { return int(s >> 16) }

// A check is how the search checks an action's preconditions: with none
// to check, with the one test of the memory they are (traits.Test), or
// through passes.
type check[M any] struct {
	test    func(m *M) bool
	failure string // why the test fails
	slot    int32
	how     uint8
}

const (
	checkNone uint8 = iota
	checkTest
	checkAll
	checkVariants // bind each variant, then check as checkAll
)

// An actionIndex indexes actions by a number a state has (traits.Indexed):
// by value, the actions whose preconditions need it, in the order added.
type actionIndex[M any] struct {
	key     any
	of      func(m *M) int
	byValue [][]int32
}

type goal[M any] struct {
	name      string
	label     string // "goal name", as reports name it
	utility   float64
	weight    func(m *M) float64  // Builder.Utility: the utility, computed from the memory
	measure   *utility.Measure[M] // Builder.Consider: the utility's considerations
	terms     []decide.Term       // and their terms, named, for a report
	relevant  func(m *M) bool
	satisfied func(m *M) bool
	estimate  func(m *M) float64
	// from the start: the tests of a goal computed from the memory a plan
	// starts from (GoalFrom, EstimateFrom), in place of satisfied and
	// estimate
	satisfiedFrom func(start, m *M) bool
	estimateFrom  func(start, m *M) float64
}

// holds reports whether the goal holds on m, for a plan that started
// from start.
func (g *goal[M]) holds(start, m *M) bool {
	if g.satisfiedFrom != nil {
		return g.satisfiedFrom(start, m)
	}
	return g.satisfied(m)
}

// The ways a planning can end without a plan, beyond the contract's
// decide.ErrNoPlan and decide.ErrOutOfBudget, which the errors of a
// planning wrap.
var (
	// ErrNoGoal: every goal is irrelevant or already satisfied. It wraps
	// decide.ErrNoPlan.
	ErrNoGoal = fmt.Errorf("goap: %w: no goal is relevant and unsatisfied", decide.ErrNoPlan)
	// errNoDomain: the session has no domain (a zero Session, or one of a
	// nil Domain).
	errNoDomain = errors.New("goap: a planner with no domain")

	errNoPlan    = fmt.Errorf("goap: %w: no plan reaches a relevant goal", decide.ErrNoPlan)
	errNilMemory = errors.New("goap: Plan of a nil memory")
)

// Validate reports a nil or zero Domain, which a tree cannot run.
func (d *Domain[M, K]) Validate() error {
	if !d.usable() {
		return errors.New("goap: a nil or zero Domain; build one with goap.New(actions, key)...Build()")
	}
	return nil
}

// Steps returns the domain's actions as nodes, in the order added: each
// the catalogue's action with its preconditions and this domain's. A
// planner node (bt.KindPlanner) makes them its children.
func (d *Domain[M, K]) Steps() []bt.Def[M] {
	if !d.usable() {
		return nil
	}
	steps := make([]bt.Def[M], len(d.actions))
	for i := range d.actions {
		a := &d.actions[i]
		steps[i] = a.entry.Def(a.name)
		steps[i].Constraints = a.pre
	}
	return steps
}

// Nodes describes the domain as a tree, for pictures and tools: under a
// root, its goals (each with its utility, or that it computes it from the
// memory) and its actions with their preconditions. The root says when
// the key is slow (see the package's doc).
func (d *Domain[M, K]) Nodes() []bt.NodeInfo {
	if !d.usable() {
		return nil
	}
	out := []bt.NodeInfo{
		{Path: "domain", Name: "domain", Kind: kindDomain, Children: 2,
			Detail: fmt.Sprintf("goap: %d goals, %d actions, %v", len(d.goals), len(d.actions), d.choice) + slowKey[K]()},
		{Path: "domain/goals", Name: "goals", Kind: kindGoals, Detail: "goals", Depth: 1, Parent: "domain", Children: len(d.goals)},
	}
	for _, g := range d.goals {
		detail := fmt.Sprintf("utility %g", g.utility)
		switch {
		case g.measure != nil:
			detail = fmt.Sprintf("utility %g × %d considerations", g.utility, len(g.measure.Considerations))
		case g.weight != nil:
			detail = "utility computed from the memory"
		}
		out = append(out, bt.NodeInfo{Path: "domain/goals/" + g.name, Name: g.name, Kind: kindGoal, Detail: detail,
			Depth: 2, Parent: "domain/goals"})
	}
	out = append(out, bt.NodeInfo{Path: "domain/actions", Name: "actions", Kind: kindActions, Detail: "actions",
		Depth: 1, Parent: "domain", Children: len(d.actions)})
	for _, a := range d.actions {
		info := bt.NodeInfo{Path: "domain/actions/" + a.name, Name: a.name, Kind: bt.KindAction, Detail: "action",
			Depth: 2, Parent: "domain/actions"}
		for _, c := range a.pre {
			info.Constraints = append(info.Constraints, traits.Describe(c))
		}
		out = append(out, info)
	}
	return out
}

// index builds the domain's indices of actions by what their
// preconditions need (traits.Indexed): each action is indexed by the first
// of its preconditions that is indexed, and those with none are tried
// from every state.
func (d *Domain[M, K]) index() {
	d.indices, d.always = nil, nil
	for ai := range d.actions {
		a := &d.actions[ai]
		var key any
		var of func(m *M) int
		var values []int
		for _, c := range a.pre {
			if x, ok := c.(traits.Indexed[M]); ok {
				if key, of, values = x.Index(); key != nil && of != nil && len(values) > 0 {
					break
				}
				key = nil
			}
		}
		if key == nil || a.variants != nil { // a variant's memory is not the state's
			d.always = append(d.always, int32(ai))
			continue
		}
		x := slices.IndexFunc(d.indices, func(x actionIndex[M]) bool { return x.key == key })
		if x < 0 {
			d.indices = append(d.indices, actionIndex[M]{key: key, of: of})
			x = len(d.indices) - 1
		}
		idx := &d.indices[x]
		for _, v := range values {
			for len(idx.byValue) <= v {
				idx.byValue = append(idx.byValue, nil)
			}
			if l := idx.byValue[v]; len(l) == 0 || l[len(l)-1] != int32(ai) {
				idx.byValue[v] = append(l, int32(ai))
			}
		}
	}
}

// The kinds of node in a domain's description (Domain.Nodes).
const (
	kindDomain  bt.NodeKind = "goap"
	kindGoals   bt.NodeKind = "goals"
	kindGoal    bt.NodeKind = "goal"
	kindActions bt.NodeKind = "actions"
)
