package goap

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/decider"
	"github.com/foresight-bt/foresight/internal/engine/memory"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/paths"
	"github.com/foresight-bt/foresight/internal/engine/traits"
	"github.com/foresight-bt/foresight/utility"
)

// A Builder assembles a Domain with calls that read like the design:
//
//	domain, err := goap.New(actions, func(w *World) Key { return w.Key() }).
//		Do("forage").Do("eat").Do("sleep", tired).
//		Goal("fed", 2, isFed).Relevant(hungry).
//		Goal("stocked", 1, stocked).Estimate(foodMissing).
//		Build()
//
// Do takes an action of the catalogue, with its preconditions, cost and
// duration, and preconditions of this domain's own after its name; Cost
// replaces its cost and Variants makes it a family. Goal adds a goal with
// its utility; Relevant, Utility and Estimate apply to the goal added
// last. Misuse does not panic: Build reports every problem at once, each
// a *decide.Error with its path ("actions/eat", "goals/fed"). The zero
// Builder is ready to use, but for the catalogue and the key, which Build
// asks for.
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

// New starts a domain over the actions of a catalogue, whose search tells
// states apart by key. The key is a small comparable projection of the
// memory that captures everything the preconditions, effects, costs,
// goals and estimates read: two memories with the same key are the same
// state to the planner. Floats and large structs make poor keys; small
// integers, booleans and fixed arrays of them make good ones. A key must
// be hashable at run time (an interface key holding a slice panics, and
// Plan returns the panic as an error), and a NaN in a float key never
// equals itself, so such a state is never known again and its search
// runs to the budget. Time is not in the key: where two ways to one
// state differ in what they leave cooling down, and it matters, put what
// tells them apart in the key.
func New[M any, K comparable](actions *catalogue.Catalogue[M], key func(m *M) K) *Builder[M, K] {
	b := &Builder[M, K]{}
	b.d.catalogue, b.d.key, b.d.choice = actions, key, decide.ByUtility
	if actions == nil {
		b.errs = append(b.errs, decider.Errorf("domain", "a nil catalogue: build one with catalogue.Builder"))
	}
	if key == nil {
		b.errs = append(b.errs, decider.Errorf("domain", "nil key function"))
	}
	return b
}

// Do adds the catalogue's action of that name to the actions the planner
// may use: its Simulate is its effect, its preconditions those of the
// catalogue and pre, this domain's own beyond them, its cost the
// catalogue's (or what Cost says), its duration the catalogue's. Actions
// are tried in the order they are added, which breaks ties between plans
// of equal cost.
//
// The planner uses an action only from a state where every precondition
// answers Pass, and the runner checks them again before it begins the
// step. In a tree they are the action leaf's constraints, so they also
// guard it while it runs.
func (b *Builder[M, K]) Do(name string, pre ...bt.Constraint[M]) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	b.last = lastAction
	path := "actions/" + name
	e, err := b.d.catalogue.Lookup(name)
	if b.d.catalogue != nil && err != nil {
		b.errs = append(b.errs, decider.At(path, err))
	}
	for _, o := range b.d.actions {
		if o.name == name {
			b.errs = append(b.errs, decider.Errorf(path, "added twice"))
			break
		}
	}
	if e.Behaviour != nil && e.Action == nil { // a leaf's entry predicts through its Action
		b.errs = append(b.errs, decider.Errorf(path, "a behaviour: a goal-driven planner searches over actions' Simulate; give it an action"))
	}
	b.d.actions = append(b.d.actions, action[M]{name: name, act: e.Action, pre: slices.Clip(e.Pre),
		cost: e.Cost, takes: e.Takes, entry: e})
	b.constrain(&b.d.actions[len(b.d.actions)-1], pre)
	return b
}

// constrain adds preconditions of the domain's own to action a.
func (b *Builder[M, K]) constrain(a *action[M], pre []bt.Constraint[M]) {
	for i, c := range pre {
		at := len(a.pre) + i + 1
		if nilness.Of(c) {
			b.errs = append(b.errs, decider.Errorf("actions/"+a.name, "precondition %d is nil", at))
			continue
		}
		if v, ok := c.(traits.Validator); ok {
			if err := v.Validate(); err != nil {
				b.errs = append(b.errs, decider.Errorf("actions/"+a.name, "precondition %d: %w", at, err))
			}
		}
	}
	a.pre = append(a.pre[:len(a.pre):len(a.pre)], pre...)
}

// Cost sets the cost of the action added last in this domain, as a
// function of the memory before and after its effect, in place of the
// catalogue's. It must not be negative. Without either an action costs
// 1.
func (b *Builder[M, K]) Cost(cost func(before, after *M) float64) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	a := b.lastAction("Cost")
	if a == nil {
		return b
	}
	if cost == nil {
		b.errs = append(b.errs, decider.Errorf("actions/"+a.name, "nil cost function"))
	}
	a.cost = cost
	return b
}

// maxVariants bounds the variants of an action (Variants) tried from one
// state.
const maxVariants = 1<<15 - 1

// Variants makes the action added last a family of variants, one per
// target the memory offers where the planner considers it, as ReGoap's
// parameterised actions: count says how many there are on a memory
// (chase each intruder in sight, pick up each item in reach), and bind
// binds variant i into a memory, such as setting the target the action
// reads. The planner binds each variant into a copy of the memory before
// it checks the action's preconditions and predicts its effect, so each
// variant is planned as an action of its own; a runner binds the
// variant its plan holds into the live memory just before it begins the
// step. What bind writes must be in the domain's key. A variant is
// reported by the action's name, as a step of the tree; a count above
// 32,767 is cut to it.
func (b *Builder[M, K]) Variants(count func(m *M) int, bind func(m *M, i int)) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	a := b.lastAction("Variants")
	if a == nil {
		return b
	}
	switch {
	case count == nil || bind == nil:
		b.errs = append(b.errs, decider.Errorf("actions/"+a.name, "Variants: nil count or bind function"))
	case a.variants != nil:
		b.errs = append(b.errs, decider.Errorf("actions/"+a.name, "Variants: a second time"))
	}
	a.variants, a.bind = count, bind
	return b
}

// Backoff makes the domain's runners remember the steps that fail: a
// step that fails live, or cannot begin when its plan reaches it, is left
// out of the runner's plans for first, then, if it fails again when it is
// next tried, for twice as long, and so on up to most; once it succeeds,
// its failures are forgotten. A door that jams is not tried every tick.
// A variant (Variants) is remembered apart from the others of its
// action. Without Backoff, a runner plans again at once, with every
// action.
func (b *Builder[M, K]) Backoff(first, most time.Duration) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if first <= 0 || most < first {
		b.errs = append(b.errs, decider.Errorf("domain", "Backoff(%v, %v): want 0 < first <= most", first, most))
	}
	b.d.backoff = backoff{first: first, most: most}
	return b
}

// GoalFrom adds a goal whose satisfaction is computed from the memory a
// plan starts from, such as "one more sword than now": satisfied tells
// whether memory m reaches it from start. A runner checks it on the live
// memory against the memory its plan started from, and keeps that start
// while the plan runs: planning again beside it (bt.Replan, a changed
// world) does not move the goal on, so a plan for it from the memory now
// does not replace the running one; a goal that outranks it still does.
// A plan that fails or ends short starts the goal afresh from the memory
// then. Otherwise it is a
// goal like those of Goal; EstimateFrom gives it an estimate that reads
// the start too.
func (b *Builder[M, K]) GoalFrom(name string, utility float64, satisfied func(start, m *M) bool) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	var test func(*M) bool
	if satisfied != nil {
		test = func(*M) bool { return false } // never called: holds reads satisfiedFrom
	}
	b.Goal(name, utility, test)
	b.d.goals[len(b.d.goals)-1].satisfiedFrom = satisfied
	return b
}

// EstimateFrom is Estimate for a goal computed from the start: estimate
// reads the memory the plan starts from, and the memory reached.
func (b *Builder[M, K]) EstimateFrom(estimate func(start, m *M) float64) *Builder[M, K] {
	if g := b.lastGoal("EstimateFrom", estimate == nil, "nil estimate"); g != nil {
		g.estimateFrom = estimate
	}
	return b
}

// Goal adds a goal: a state to reach, satisfied when satisfied reports
// true, and how much it matters: its utility, a number (or what Utility
// computes from the memory). Among the goals that are relevant (see
// Relevant) and not yet satisfied, the planner pursues the one the
// domain's Choose says: by default, the one of highest utility that has a
// plan; goals of equal utility in the order they are added.
func (b *Builder[M, K]) Goal(name string, utility float64, satisfied func(m *M) bool) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	b.last = lastGoal
	path := "goals/" + name
	if name == "" {
		path = fmt.Sprintf("goals/%d", len(b.d.goals)+1)
	}
	switch bad := paths.CheckName("a goal", name); {
	case bad != nil:
		b.errs = append(b.errs, &decide.Error{Path: path, Err: bad})
	case satisfied == nil:
		b.errs = append(b.errs, decider.Errorf(path, "nil satisfaction test"))
	case math.IsNaN(utility) || math.IsInf(utility, 0):
		b.errs = append(b.errs, decider.Errorf(path, "utility %v is not a number", utility))
	}
	for _, o := range b.d.goals {
		if o.name == name && name != "" {
			b.errs = append(b.errs, decider.Errorf(path, "added twice"))
			break
		}
	}
	b.d.goals = append(b.d.goals, goal[M]{name: name, utility: utility, satisfied: satisfied})
	return b
}

// Relevant sets when the goal added last is worth pursuing. Without it a
// goal is always relevant. A runner whose goal stops being relevant drops
// its plan and plans afresh, saying why: a flight goes no further once
// the threat is gone.
func (b *Builder[M, K]) Relevant(relevant func(m *M) bool) *Builder[M, K] {
	if g := b.lastGoal("Relevant", relevant == nil, "nil relevance test"); g != nil {
		g.relevant = relevant
	}
	return b
}

// Utility makes the utility of the goal added last what utility reports
// of the memory planned from, in place of the number Goal gave, as
// F.E.A.R.'s goals compute their relevance each time (hunger that grows,
// a threat that nears). A utility that is not a finite number is an
// error of the planning.
func (b *Builder[M, K]) Utility(utility func(m *M) float64) *Builder[M, K] {
	if g := b.lastGoal("Utility", utility == nil, "nil utility"); g != nil {
		g.weight, g.measure = utility, nil
	}
	return b
}

// Consider makes the utility of the goal added last the considerations
// cs (package utility) on the memory planned from, times the number Goal
// gave: their product, compensated for their number, as a utility
// node's options are scored, in place of that number alone. It is a
// Utility whose breakdown a report of the planning shows (decide.Plan's
// Scores: each goal weighed, with each consideration's part). The last
// of Utility and Consider given is the goal's.
func (b *Builder[M, K]) Consider(cs ...utility.Consideration[M]) *Builder[M, K] {
	if g := b.lastGoal("Consider", false, ""); g != nil {
		g.measure = &utility.Measure[M]{Weight: g.utility, Considerations: slices.Clone(cs)}
		g.weight = g.measure.Of
		b.errs = append(b.errs, decider.AtEach("goals/"+g.name, g.measure.Validate())...)
	}
	return b
}

// Estimate gives the goal added last an estimate of the cost that remains
// from a memory to the goal, to guide the search. An estimate that never
// exceeds the true remaining cost (admissible) keeps plans cheapest; one
// that may exceed it finds plans faster that may cost more. Without one the
// search is Dijkstra's: cheapest, and slowest. It must not be negative.
func (b *Builder[M, K]) Estimate(estimate func(m *M) float64) *Builder[M, K] {
	if g := b.lastGoal("Estimate", estimate == nil, "nil estimate"); g != nil {
		g.estimate = estimate
	}
	return b
}

// Choose sets how the planner chooses among the relevant goals: by
// default the one of highest utility that has a plan (decide.ByUtility);
// the one with the cheapest plan (decide.ByCost); the one whose utility
// less its plan's cost is highest (decide.ByUtilityLessCost); or drawn at
// random in proportion to utility (decide.AtRandom). A runner draws each
// time it plans afresh; planning again beside a running plan (Replan,
// ReplanOn), it tries the running goal first, so that a new draw does not
// drop a plan that still holds.
func (b *Builder[M, K]) Choose(c decide.Choice) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	switch c {
	case decide.ByUtility, decide.ByCost, decide.ByUtilityLessCost, decide.AtRandom:
	default:
		b.errs = append(b.errs, decider.Errorf("domain", "Choose: a GOAP domain chooses its goals by utility, by cost, by utility less cost or at random, not %v", c))
	}
	b.d.choice = c
	return b
}

// Budget bounds every planning of the domain (see decide.Budget): Tries,
// the nodes one planning may expand over every goal it tries, and with
// them the states a search keeps (Tries × actions, and 32,767 variants
// besides: variants cannot fill memory); Steps, the
// steps one plan may hold; PerTick, the nodes a runner expands in one
// tick, going on in the next (it is Running meanwhile). Agent.Preview
// shows what the tick does: nothing begins while the planning goes on,
// and the plan's first step in the tick it ends; a selector's prediction
// of the runner foresees the plan the planning leads to. A Session's
// Plan always plans to the end.
func (b *Builder[M, K]) Budget(budget decide.Budget) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	if err := decider.CheckBudget(budget); err != nil {
		b.errs = append(b.errs, decider.At("budget", err))
	}
	b.d.budget = budget
	return b
}

// Copy sets how planning outside a tree (a Session) copies memories,
// reusing the destination's storage. Nil means plain assignment, which is
// right for value memories without slices or maps; Build refuses a memory
// type that plain assignment would share. A runner in a tree copies with
// the tree's own (bt.Config.Copy).
func (b *Builder[M, K]) Copy(copy func(dst, src *M)) *Builder[M, K] {
	if b == nil {
		return b // Build reports it
	}
	b.d.copy = copy
	return b
}

// lastAction returns the action added last, for call to set, or reports
// that call did not follow a Do.
func (b *Builder[M, K]) lastAction(call string) *action[M] {
	if b.last != lastAction {
		b.errs = append(b.errs, decider.Errorf("domain", "%s must follow a Do", call))
		return nil
	}
	return &b.d.actions[len(b.d.actions)-1]
}

// lastGoal returns the goal added last, for call to set, or reports that
// call did not follow a Goal. It also reports a missing setting, whose
// message is missing, on the goal: a goal setter checks its argument and
// sets it in one call.
func (b *Builder[M, K]) lastGoal(call string, isMissing bool, missing string) *goal[M] {
	if b == nil {
		return nil // Build reports it
	}
	if b.last != lastGoal {
		b.errs = append(b.errs, decider.Errorf("domain", "%s must follow a Goal", call))
		return nil
	}
	g := &b.d.goals[len(b.d.goals)-1]
	if isMissing {
		b.errs = append(b.errs, decider.Errorf("goals/"+g.name, "%s", missing))
	}
	return g
}

// Build checks the description and returns the domain, or every problem
// found at once. The domain is immutable: share it between any number of
// trees, agents and goroutines. Build may be called again, after more
// calls, for a domain with them.
func (b *Builder[M, K]) Build() (*Domain[M, K], error) {
	if b == nil {
		return nil, errors.New("goap: Build on a nil Builder; use goap.New")
	}
	errs := slices.Clip(b.errs)
	if b.d.catalogue == nil && b.d.key == nil && len(errs) == 0 {
		errs = append(errs, decider.Errorf("domain", "no catalogue and no key: make the builder with goap.New(actions, key)"))
	}
	if len(b.d.actions) == 0 {
		errs = append(errs, decider.Errorf("domain", "no actions"))
	}
	if len(b.d.goals) == 0 {
		errs = append(errs, decider.Errorf("domain", "no goals"))
	}
	if b.d.copy == nil {
		if err := memory.Check[M](); err != nil {
			errs = append(errs, decider.Errorf("domain", "%v: set Copy (to the tree's bt.Config.Copy)", err))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	d := b.d // a copy: the builder can go on without changing this domain
	d.budget = decider.WithDefaults(d.budget)
	d.outOfSteps = fmt.Errorf("goap: %w", decider.Spent(d.budget, "Steps"))
	d.outOfTries = fmt.Errorf("goap: %w", decider.Spent(d.budget, "Tries"))
	d.actions = slices.Clone(b.d.actions)
	d.goals = slices.Clone(b.d.goals)
	d.checks = nil
	slot := 0
	for i := range d.actions {
		a := &d.actions[i]
		a.pre = slices.Clip(a.pre)
		for _, c := range a.pre {
			a.timed = a.timed || !traits.IsTimeless(c)
		}
		d.timed = d.timed || a.timed
		a.slot = slot
		slot += len(a.pre) + 1 // one more: a precondition that answered Done
		a.tests, a.quick = make([]func(m *M) bool, len(a.pre)), true
		var failure string
		for ci, c := range a.pre {
			a.tests[ci], failure = traits.TestOf[M](c)
			a.quick = a.quick && a.tests[ci] != nil
		}
		ck := check[M]{slot: int32(a.slot), how: checkAll}
		switch {
		case a.variants != nil:
			ck.how = checkVariants
		case len(a.pre) == 0:
			ck.how = checkNone
		case len(a.pre) == 1 && a.quick:
			ck.test, ck.failure, ck.how = a.tests[0], failure, checkTest
		}
		d.checks = append(d.checks, ck)
	}
	d.slots = slot
	d.index()
	for i := range d.goals {
		g := &d.goals[i]
		g.label = "goal " + g.name
		if g.measure != nil {
			g.terms = g.measure.Terms()
		}
		if g.satisfiedFrom != nil {
			g.satisfied = nil // only holds may say whether it is satisfied
		}
	}
	if len(d.actions) > 0xffff {
		return nil, decider.Errorf("domain", "%d actions: a domain holds at most 65535", len(d.actions))
	}
	return &d, nil
}
