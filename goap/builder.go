package goap

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/memory"
	"github.com/foresight-bt/foresight/internal/nilness"
)

// DefaultBudget is how many nodes one search may expand when the domain
// sets no Budget.
const DefaultBudget = 4096

// A Builder assembles a Domain with calls that read like the design:
//
//	domain, err := goap.New(func(w *World) Key { return w.Key() }).
//		Action("forage", forage).Constrain(rested).
//		Action("eat", eat).Constrain(hasFood).Cost(travel).
//		Goal("fed", 1, isFed).Estimate(hungerLeft).
//		Build()
//
// Constrain and Cost apply to the action added last, Relevant and
// Estimate to the goal added last. Misuse does not panic: Build reports
// every problem at once, each with the action or goal it concerns.
type Builder[M any, K comparable] struct {
	d    Domain[M, K]
	errs []error
	last int // 1: an action was added last, 2: a goal, 0: neither
}

const (
	lastNone = iota
	lastAction
	lastGoal
)

// New starts a domain whose search tells states apart by key. The key is a
// small comparable projection of the memory that captures everything the
// preconditions, effects, costs, goals and estimates read: two memories
// with the same key are the same state to the planner. Floats and large
// structs make poor keys; small integers, booleans and fixed arrays of them
// make good ones. A key must be hashable at run time (an interface key
// holding a slice panics, and Plan returns the panic as an error), and a
// NaN in a float key never equals itself, so such a state is never known
// again and its search runs to the budget.
func New[M any, K comparable](key func(m *M) K) *Builder[M, K] {
	b := &Builder[M, K]{}
	b.d.key = key
	b.d.budget = DefaultBudget
	if key == nil {
		b.errs = append(b.errs, errors.New("goap: nil key function"))
	}
	return b
}

// Action adds an action of the shared library under name: its Simulate is
// its effect, its constraints (Constrain) its preconditions. Actions are
// tried in the order they are added, which breaks ties between plans of
// equal cost.
func (b *Builder[M, K]) Action(name string, a bt.Action[M]) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	b.last = lastAction
	switch {
	case name == "":
		b.errs = append(b.errs, fmt.Errorf("goap: action %d: empty name", len(b.d.actions)+1))
	case strings.Contains(name, "/"):
		b.errs = append(b.errs, fmt.Errorf("goap: action %q: the name contains '/', which separates path elements", name))
	case nilness.Of(a):
		b.errs = append(b.errs, fmt.Errorf("goap: action %q: nil action", name))
	}
	for _, o := range b.d.actions {
		if o.name == name && name != "" {
			b.errs = append(b.errs, fmt.Errorf("goap: action %q: added twice", name))
			break
		}
	}
	b.d.actions = append(b.d.actions, action[M]{name: name, act: a})
	return b
}

// Constrain adds preconditions to the action added last: the planner
// uses it only from a state where every one of them answers Pass, and the
// runner checks them again before it begins the step. In a tree they are
// the action leaf's constraints, so they also guard it while it runs.
func (b *Builder[M, K]) Constrain(cs ...bt.Constraint[M]) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	a := b.lastAction("Constrain")
	if a == nil {
		return b
	}
	for i, c := range cs {
		if nilness.Of(c) {
			b.errs = append(b.errs, fmt.Errorf("goap: action %q: Constrain: precondition %d is nil", a.name, len(a.pre)+i+1))
			continue
		}
		if v, ok := c.(bt.Validator); ok {
			if err := v.Validate(); err != nil {
				b.errs = append(b.errs, fmt.Errorf("goap: action %q: precondition %d: %w", a.name, len(a.pre)+i+1, err))
			}
		}
	}
	a.pre = append(a.pre, cs...)
	return b
}

// Cost sets the cost of the action added last, as a function of the
// memory before and after its effect. It must not be negative. Without
// one an action costs 1.
func (b *Builder[M, K]) Cost(cost func(before, after *M) float64) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	a := b.lastAction("Cost")
	if a == nil {
		return b
	}
	if cost == nil {
		b.errs = append(b.errs, fmt.Errorf("goap: action %q: nil cost function", a.name))
	}
	a.cost = cost
	return b
}

// Goal adds a goal: a state to reach, satisfied when satisfied reports
// true. Among the goals that are relevant (see Relevant) and not yet
// satisfied, the planner pursues the one of highest priority that has a
// plan; goals of equal priority are tried in the order they are added.
func (b *Builder[M, K]) Goal(name string, priority int, satisfied func(m *M) bool) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	b.last = lastGoal
	switch {
	case name == "":
		b.errs = append(b.errs, fmt.Errorf("goap: goal %d: empty name", len(b.d.goals)+1))
	case satisfied == nil:
		b.errs = append(b.errs, fmt.Errorf("goap: goal %q: nil satisfaction test", name))
	}
	for _, o := range b.d.goals {
		if o.name == name && name != "" {
			b.errs = append(b.errs, fmt.Errorf("goap: goal %q: added twice", name))
			break
		}
	}
	b.d.goals = append(b.d.goals, goal[M]{name: name, priority: priority, satisfied: satisfied})
	return b
}

// Relevant sets when the goal added last is worth pursuing. Without it a
// goal is always relevant.
func (b *Builder[M, K]) Relevant(relevant func(m *M) bool) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if g := b.lastGoal("Relevant"); g != nil {
		if relevant == nil {
			b.errs = append(b.errs, fmt.Errorf("goap: goal %q: nil relevance test", g.name))
		}
		g.relevant = relevant
	}
	return b
}

// Estimate gives the goal added last an estimate of the cost that remains
// from a memory to the goal, to guide the search. An estimate that never
// exceeds the true remaining cost (admissible) keeps plans cheapest; one
// that may exceed it finds plans faster that may cost more. Without one the
// search is Dijkstra's: cheapest, and slowest. It must not be negative.
func (b *Builder[M, K]) Estimate(estimate func(m *M) float64) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if g := b.lastGoal("Estimate"); g != nil {
		if estimate == nil {
			b.errs = append(b.errs, fmt.Errorf("goap: goal %q: nil estimate", g.name))
		}
		g.estimate = estimate
	}
	return b
}

// Budget sets how many nodes one search for one goal may expand before it
// gives up with ErrOutOfBudget (default DefaultBudget).
func (b *Builder[M, K]) Budget(nodes int) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if nodes < 1 {
		b.errs = append(b.errs, fmt.Errorf("goap: Budget(%d): a search needs at least one node", nodes))
	}
	b.d.budget = nodes
	return b
}

// PerTick spreads planning over ticks: a runner in a tree expands at most
// this many nodes in one tick and goes on in the next (it is Running
// meanwhile). Zero, the default, plans to the end in the tick that asks.
// A Planner's Plan always plans to the end. A planning spread over ticks
// is foreseen as finished: Agent.Preview, and a selector's prediction of
// the runner, show the plan it leads to, not the ticks spent planning
// (so a preview is exact for the tick's decisions only without PerTick).
func (b *Builder[M, K]) PerTick(nodes int) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if nodes < 0 {
		b.errs = append(b.errs, fmt.Errorf("goap: PerTick(%d) is negative", nodes))
	}
	b.d.perTick = nodes
	return b
}

// Replan sets the designer's test for a change of the world that calls for
// a new plan: while a runner carries out a plan, it calls changed with the
// memory the plan was made on (never advanced as the plan goes on) and the
// live one, at most once a tick, before the tick's step (not on a tick
// that is already planning, nor when the goal holds), and plans again
// when it reports true. A test on what the plan itself changes fires on
// every tick after the first step: test what the plan does not change.
// The new plan replaces the running one only if it differs.
func (b *Builder[M, K]) Replan(changed func(planned, now *M) bool) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if changed == nil {
		b.errs = append(b.errs, errors.New("goap: nil Replan test"))
	}
	b.d.changed = changed
	return b
}

// Copy sets how a Planner copies memories outside a tree, reusing the
// destination's storage. Nil means plain assignment, which is right for
// value memories without slices or maps; Build refuses a memory type that
// plain assignment would share. A runner in a tree copies with the tree's
// own (bt.Config.Copy).
func (b *Builder[M, K]) Copy(copy func(dst, src *M)) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	b.d.copy = copy
	return b
}

func (b *Builder[M, K]) lastAction(call string) *action[M] {
	if b.last != lastAction {
		b.errs = append(b.errs, fmt.Errorf("goap: %s must follow an Action", call))
		return nil
	}
	return &b.d.actions[len(b.d.actions)-1]
}

func (b *Builder[M, K]) lastGoal(call string) *goal[M] {
	if b.last != lastGoal {
		b.errs = append(b.errs, fmt.Errorf("goap: %s must follow a Goal", call))
		return nil
	}
	return &b.d.goals[len(b.d.goals)-1]
}

// Build checks the description and returns the domain, or every problem
// found at once.
func (b *Builder[M, K]) Build() (*Domain[M, K], error) {
	if b == nil || b.d.key == nil && len(b.errs) == 0 {
		return nil, errors.New("goap: Build on a nil or zero Builder; use goap.New")
	}
	errs := b.errs
	if len(b.d.actions) == 0 {
		errs = append(errs, errors.New("goap: no actions"))
	}
	if len(b.d.goals) == 0 {
		errs = append(errs, errors.New("goap: no goals"))
	}
	if b.d.copy == nil {
		if err := memory.Check[M](); err != nil {
			errs = append(errs, fmt.Errorf("goap: %v: set Copy (to the tree's bt.Config.Copy)", err))
		}
	}
	for _, a := range b.d.actions {
		if v, ok := a.act.(bt.Validator); ok && !nilness.Of(a.act) {
			if err := v.Validate(); err != nil {
				errs = append(errs, fmt.Errorf("goap: action %q: %w", a.name, err))
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	d := b.d // a copy: the builder can go on without changing this domain
	d.actions = append([]action[M](nil), b.d.actions...)
	d.goals = append([]goal[M](nil), b.d.goals...)
	slot := 0
	for i := range d.actions {
		a := &d.actions[i]
		a.pre = append([]bt.Constraint[M](nil), a.pre...)
		a.slot = slot
		slot += len(a.pre) + 1 // one more: a precondition that answered Done
	}
	d.slots = slot
	d.order = make([]int, len(d.goals))
	for i := range d.order {
		d.order[i] = i
	}
	// highest priority first, in the order added among equals
	for i := 1; i < len(d.order); i++ {
		for j := i; j > 0 && d.goals[d.order[j]].priority > d.goals[d.order[j-1]].priority; j-- {
			d.order[j], d.order[j-1] = d.order[j-1], d.order[j]
		}
	}
	for i := range d.goals {
		g := &d.goals[i]
		g.label = "goal " + g.name
		g.prio = "priority " + strconv.Itoa(g.priority)
	}
	d.stats = newStats(&d)
	return &d, nil
}
