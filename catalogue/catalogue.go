package catalogue

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/paths"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// A Builder declares a game's actions, each once: the zero Builder is
// ready to use, and each call adds to the entry the call before it began:
//
//	var b catalogue.Builder[Guard]
//	b.Action("attack", attack{}, inSight, inReach).
//		Takes(200 * time.Millisecond)
//	b.Action("reload", reload{}).Takes(time.Second).Cost(fixed(2))
//	b.Behaviour("search", t.Sequence("search", ...), heardNoise) // t: a bt.Builder[Guard]
//	actions, err := b.Build()
//
// Build checks every entry and reports every misuse at once, each an
// *decide.Error with the entry's name as its path.
type Builder[M any] struct {
	entries []Entry[M]
	errs    []error
	last    int // the entry the calls that follow add to: an index, or -1
	started bool
}

// An Entry is one action of a catalogue: a value the deciders run, with
// what every decider needs to know of it.
type Entry[M any] struct {
	// Name is how deciders, tree files and traces name it.
	Name string
	// Action is what it does, live and predicted; or, for a behaviour,
	// nil, and Behaviour is the subtree that does it. A leaf's entry
	// (Leaf) has both: Behaviour is the leaf, and Action its prediction
	// only, for the planners that search over actions.
	Action    bt.Action[M]
	Behaviour *bt.Def[M]
	// Pre are its preconditions: a tree checks them before it begins the
	// node and while it runs, a planner before it plans the step.
	Pre []bt.Constraint[M]
	// Cost is what a step of it costs a plan, from the memory before and
	// after its effect (GOAP); nil costs 1.
	Cost func(before, after *M) float64
	// Takes is how long a run of it takes, for predictions that chain it
	// with what follows (plans, sequences); zero leaves it to its
	// Simulate (bt.Sim.Advance).
	Takes time.Duration
	// Expect is what a plan may expect of it beyond its Simulate (see
	// htn); nil for none. It applies in plans, never to the live memory.
	Expect func(m *M)
}

func (b *Builder[M]) init() {
	if !b.started {
		b.started, b.last = true, -1
	}
}

// Action declares an action: what it does (its Begin, Update and End
// live, its Simulate when predicted), and the preconditions under which
// it may begin and go on.
func (b *Builder[M]) Action(name string, a bt.Action[M], pre ...bt.Constraint[M]) *Builder[M] {
	if b == nil {
		return nil
	}
	b.init()
	e := Entry[M]{Name: name, Action: a, Pre: pre}
	if nilness.Of(a) {
		b.fail(b.path(name, len(b.entries)), errors.New("nil action"))
	} else if t, ok := a.(traits.Timed); ok {
		e.Takes = t.Duration() // a bt.Wait says how long it takes
	}
	return b.add(e)
}

// Behaviour declares a behaviour: an entry that is a small subtree, such
// as a sequence of finer actions, run and predicted as the tree runs and
// predicts it. Deciders take it by name as they take an action, so a
// planner's step can be a behaviour of its own (the planner decides what,
// the subtree how). Its root gets the entry's name.
func (b *Builder[M]) Behaviour(name string, tree bt.Def[M], pre ...bt.Constraint[M]) *Builder[M] {
	if b == nil {
		return nil
	}
	b.init()
	if tree.Kind == "" {
		b.fail(b.path(name, len(b.entries)), errors.New("an empty behaviour: give it a subtree"))
	}
	t := tree
	return b.add(Entry[M]{Name: name, Behaviour: &t, Pre: pre})
}

// Leaf declares an entry that is a custom leaf (see bt.Builder.Leaf),
// such as a leaf of package jobs, whose work runs off the tick: deciders
// take it by name as they take an action, and every agent runs an
// instance of its own when the node makes them (bt.Node's NewInstance).
// Its prediction, and the time it takes, are its Simulate's, which
// writes what it predicts into the memory it is given: trees and their
// planners predict it as a node, and a planner that searches over its
// actions (goap, an htn Session) through the entry's Action, which
// predicts as the node does and never runs.
func (b *Builder[M]) Leaf(name string, n bt.Node[M], pre ...bt.Constraint[M]) *Builder[M] {
	if b == nil {
		return nil
	}
	b.init()
	switch v, ok := n.(traits.Validator); {
	case nilness.Of(n):
		b.fail(b.path(name, len(b.entries)), errors.New("nil leaf"))
	case ok:
		if err := v.Validate(); err != nil {
			b.fail(b.path(name, len(b.entries)), err)
		}
	}
	d := bt.Def[M]{Kind: bt.KindLeaf, Name: name, Value: n}
	return b.add(Entry[M]{Name: name, Action: leafPrediction[M]{n}, Behaviour: &d, Pre: pre})
}

// leafPrediction is the Action of a Leaf entry: the leaf's prediction,
// for the planners that search over their actions' Simulate. Trees run
// the leaf itself (Entry.Behaviour), never this.
type leafPrediction[M any] struct{ n bt.Node[M] }

func (leafPrediction[M]) Begin(*M) bt.Status                 { return bt.Failure }
func (leafPrediction[M]) Update(*M, time.Duration) bt.Status { return bt.Failure }
func (leafPrediction[M]) End(*M, bt.Status)                  {}

// Simulate predicts as the leaf does, on m.
func (p leafPrediction[M]) Simulate(ctx *bt.Sim[M], m *M) { p.n.Simulate(ctx, m) }

// path names the entry of that name at index i in errors: its name, or,
// for an entry without one, its place ("entry 3").
func (b *Builder[M]) path(name string, i int) string {
	if name == "" {
		return fmt.Sprintf("entry %d", i+1)
	}
	return name
}

// add appends e after checking what every entry needs.
func (b *Builder[M]) add(e Entry[M]) *Builder[M] {
	path := b.path(e.Name, len(b.entries))
	if bad := paths.CheckName("an entry", e.Name); bad != nil {
		b.fail(path, bad)
	}
	for _, o := range b.entries {
		if o.Name == e.Name && e.Name != "" {
			b.fail(path, errors.New("declared twice"))
			break
		}
	}
	for i, c := range e.Pre {
		if nilness.Of(c) {
			b.fail(path, fmt.Errorf("precondition %d is nil", i+1))
		} else if v, ok := c.(traits.Validator); ok {
			if err := v.Validate(); err != nil {
				b.fail(path, fmt.Errorf("precondition %d: %w", i+1, err))
			}
		}
	}
	if v, ok := e.Action.(traits.Validator); ok && !nilness.Of(e.Action) {
		if err := v.Validate(); err != nil {
			b.fail(path, err)
		}
	}
	e.Pre = slices.Clip(e.Pre)
	b.entries = append(b.entries, e)
	b.last = len(b.entries) - 1
	return b
}

// Takes declares how long a run of the entry just added takes, for
// predictions that chain it with what follows: a planner judges the next
// step at the time this one ends, so that a cooldown this one starts
// holds in the plan as it will live. An action that declares its own
// duration, with a method Duration() time.Duration (a bt.Wait has one),
// takes it unless told otherwise.
func (b *Builder[M]) Takes(d time.Duration) *Builder[M] {
	if e := b.current("Takes"); e != nil {
		if d < 0 {
			b.fail(b.path(e.Name, b.last), fmt.Errorf("Takes: negative duration %v", d))
		}
		e.Takes = d
	}
	return b
}

// Cost declares what a step of the entry just added costs a plan, from
// the memory before and after its effect: a goal-driven planner (goap)
// finds the cheapest plan. It must not be negative. Without one a step
// costs 1.
func (b *Builder[M]) Cost(cost func(before, after *M) float64) *Builder[M] {
	if e := b.current("Cost"); e != nil {
		if cost == nil {
			b.fail(b.path(e.Name, b.last), errors.New("nil cost function"))
		}
		e.Cost = cost
	}
	return b
}

// Expect declares what a plan may expect of the entry just added beyond
// what its Simulate predicts, such as seeing the enemy on reaching where
// it was last seen, so that a step that needs sight can follow it in a
// plan. It applies while planning and checking plans, never to the live
// memory.
func (b *Builder[M]) Expect(effect func(m *M)) *Builder[M] {
	if e := b.current("Expect"); e != nil {
		switch {
		case effect == nil:
			b.fail(b.path(e.Name, b.last), errors.New("nil expected effect"))
		case e.Expect != nil:
			b.fail(b.path(e.Name, b.last), errors.New("a second expected effect"))
		}
		e.Expect = effect
	}
	return b
}

// current returns the entry the call adds to, or notes the misuse.
func (b *Builder[M]) current(call string) *Entry[M] {
	if b == nil {
		return nil
	}
	b.init()
	if b.last < 0 {
		b.errs = append(b.errs, fmt.Errorf("catalogue: %s must follow Action or Behaviour", call))
		return nil
	}
	return &b.entries[b.last]
}

func (b *Builder[M]) fail(path string, err error) {
	b.errs = append(b.errs, &decide.Error{Path: path, Err: err})
}

// Build checks the catalogue and returns it, or every misuse at once.
// Each entry is checked as its node in a tree is, whatever the tree: an
// action declared to take other than it says it takes (a bt.Wait of 1s
// declared Takes(2s)), or a behaviour whose subtree does not build (an
// empty sequence), is refused with its path. Every decider (a tree, htn,
// goap, fsm) takes its entries from a built catalogue, so none plans with
// one a tree would refuse. The catalogue is immutable: share it between any number of deciders, trees
// and goroutines. Build may be called again, after more calls, for a
// catalogue with them.
func (b *Builder[M]) Build() (*Catalogue[M], error) {
	if b == nil {
		return nil, errors.New("catalogue: Build on a nil Builder")
	}
	b.init()
	if len(b.entries) == 0 {
		return nil, errors.Join(append(slices.Clip(b.errs), errors.New("catalogue: no entries"))...)
	}
	if err := errors.Join(b.errs...); err != nil {
		return nil, err
	}
	var errs []error
	for _, e := range b.entries {
		errs = append(errs, e.check())
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	c := &Catalogue[M]{entries: slices.Clone(b.entries), byName: make(map[string]int, len(b.entries))}
	for i := range c.entries {
		c.byName[c.entries[i].Name] = i
	}
	return c, nil
}

// check reports what a tree would refuse in the entry's node, whatever
// the tree, by the tree's own check (bt.Build, of the node alone, with a
// configuration that asks nothing of it): an action declared to take
// other than it says it takes, zero included; a behaviour whose subtree
// does not build. Each error is a *decide.Error at the entry's name, or
// below it. Every decider takes its entries from a built catalogue, so
// none plans with an entry a tree would refuse.
func (e Entry[M]) check() error {
	d := e.Def(e.Name)
	if e.Behaviour == nil {
		d = e.Def(e.Name, bt.Takes(e.Takes)) // as declared, zero included
	}
	_, err := bt.Build(bt.Config[M]{
		Heuristic: heuristic.Func[M](func(_, _ *M) heuristic.Outcome { return heuristic.Irrelevant }),
		Copy:      func(dst, src *M) { *dst = *src },
	}, d)
	return err
}

// New returns a Builder for a catalogue of actions over memory M: the
// same as a zero Builder, for when M must be named.
func New[M any]() *Builder[M] { return &Builder[M]{} }
