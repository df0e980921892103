package bt

import (
	"errors"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A Def is the plain description of a node and its subtree: what Build
// compiles into a Tree. There are three ways to write one, and all three
// reach Build the same way:
//
//   - nested calls of the functions of For, which gofmt keeps indented
//     the way the tree branches;
//   - the fluent Builder, whose Build makes a Def and builds it;
//   - a data file, read by package btjson with a registry that names the
//     game's actions, constraints and the like.
//
// A Def holds values, not behaviour: which kind of node, its name, the
// game's values it runs, its settings, constraints and children. Build
// checks all of it and reports every problem at once, each with the path
// of the node it concerns.
type Def[M any] struct {
	Kind NodeKind
	Name string

	// What the node runs: the field of its kind, and no other.
	Action    Action[M]        // KindAction
	Test      func(m *M) bool  // KindCondition; KindIfElse's choice of branch
	Leaf      Node[M]          // KindLeaf
	Decorator Decorator[M]     // KindDecorator
	Composite CompositeFunc[M] // KindComposite
	Planner   Planner[M]       // KindPlanner

	// Settings are the node's options, as data. The options of the Builder
	// and of For (Replan, Loop, Cosmetic, ...) set them.
	Settings Settings
	// ReplanOn is a decider's test of when to plan again at once: a
	// selector's or a planner's (see the ReplanOn option).
	ReplanOn func(m *M) bool
	// Simulate replaces a leaf's simulation (see SimulateWith).
	Simulate func(ctx *sim.Context[M], m *M) heuristic.Verdict

	Constraints []Constraint[M]
	// Weighted gives a child of a random selector the odds Weight instead
	// of the default 1 (see Builder.Weight).
	Weighted bool
	Weight   float64

	Children []Def[M]

	// Entry names the catalogue entry the node was made from (package
	// catalogue), if any: tree files write the node back by that name.
	// Build does not read it.
	Entry string

	// errs is the misuse noted while the Def was made (an option of the
	// wrong type), which Build reports with the node's path.
	errs []error
}

// Settings are a node's options, as plain data. The zero value of every
// field is the default, and each field applies only to the kinds it
// names: Build refuses a setting on a node of another kind.
type Settings struct {
	// Sequences (Loop, AllowFailure and MinOutcome options).
	Loop         bool
	AllowFailure bool
	MinOutcome   heuristic.Outcome // zero: Impossible

	// Deciders: selectors, random selectors and planners (the Replan
	// option). Replan makes a running decider plan again every Interval
	// (0: every tick); without it, it commits to its choice or plan until
	// that ends (see Replanning).
	Replan   bool
	Interval time.Duration

	// Selectors and random selectors (AllowNegative, PreferCurrent and
	// Debounce options).
	AllowNegative bool
	PreferFirst   bool // ties at re-selection go to the first child, not the running one: PreferCurrent(false)
	Debounce      bool

	// Parallels (SucceedOn and FailOn options); zero is RequireAll.
	SucceedOn Policy
	FailOn    Policy

	// Actions and conditions (Cosmetic and CosmeticWhileRunning options).
	Cosmetic             bool
	CosmeticWhileRunning bool

	// Actions (the Takes option): how long a run of the action takes,
	// declared, for predictions that chain it with what follows (a
	// sequence, a plan): they judge the next step at the time this one
	// ends. Zero leaves it to the action's Simulate (sim.Context.Advance).
	Takes time.Duration

	// when is what a ReplanOn option gave, until the Def takes it.
	when any
}

// WithErr returns d with err noted as a misuse of d itself, which Build
// reports with the node's path: the way for a package that makes Defs
// (a catalogue asked for an entry it lacks, say) to refuse one.
func (d Def[M]) WithErr(err error) Def[M] {
	if err != nil {
		d.errs = append(d.errs[:len(d.errs):len(d.errs)], err)
	}
	return d
}

// An Option sets some of a node's Settings: the options of sequences
// (Loop, AllowFailure, MinOutcome), of selectors (AllowNegative,
// PreferCurrent, Debounce), of parallels (SucceedOn, FailOn), and of every
// decider (Replan, ReplanOn). Build refuses an option on a node of a kind
// that does not take it, with the node's path.
type Option func(*Settings) error

func (Option) part() {}

// Err returns the misuse noted while d itself was made (an option of the
// wrong type given to a function of For, say), which Build reports with
// the node's path, or nil. Its children's are their own.
func (d Def[M]) Err() error { return errors.Join(d.errs...) }

// A Part is what the composites of For take after the name: children
// (Defs) and the composite's options, in any order.
type Part interface{ part() }

func (Def[M]) part() {}

// Constrain returns d with constraints cs added: the way to guard a node
// written with the functions of For.
func (d Def[M]) Constrain(cs ...Constraint[M]) Def[M] {
	d.Constraints = append(d.Constraints[:len(d.Constraints):len(d.Constraints)], cs...)
	return d
}

// Odds returns d with the weight w, for a child of a random selector (see
// Builder.Weight). Weights are relative (default 1); zero means never.
func (d Def[M]) Odds(w float64) Def[M] {
	d.Weighted, d.Weight = true, w
	return d
}

// For returns the functions that write a tree as nested calls, bound to
// the memory type M so that a tree names it once:
//
//	n := bt.For[World]()
//	tree, err := bt.Build(bt.Config[World]{Heuristic: goal},
//		n.Selector("guard", bt.Replan(0),
//			n.Do("attack", attack).Constrain(inReach),
//			n.Do("chase", chase).Constrain(seen),
//			n.Do("patrol", patrol, bt.Cosmetic()),
//		),
//	)
//
// gofmt keeps each child indented under its parent, and the closing
// parentheses close the composites, so the code reads like the tree.
// Each function documents the node it makes under the Builder method of
// the same name.
func For[M any]() Forms[M] { return Forms[M]{} }

// Forms holds the functions of For, bound to a memory type.
type Forms[M any] struct{}

// Sequence describes a sequence (see Builder.Sequence) of the children
// and SequenceOptions among parts.
func (Forms[M]) Sequence(name string, parts ...Part) Def[M] {
	return composite[M](KindSequence, name, parts)
}

// ReactiveSequence describes a reactive sequence (see
// Builder.ReactiveSequence).
func (Forms[M]) ReactiveSequence(name string, parts ...Part) Def[M] {
	return composite[M](KindReactiveSequence, name, parts)
}

// Selector describes a simulated selector (see Builder.Selector) of the
// children and SelectorOptions among parts.
func (Forms[M]) Selector(name string, parts ...Part) Def[M] {
	return composite[M](KindSelector, name, parts)
}

// RandomSelector describes a random selector (see Builder.RandomSelector).
func (Forms[M]) RandomSelector(name string, parts ...Part) Def[M] {
	return composite[M](KindRandom, name, parts)
}

// Parallel describes a parallel (see Builder.Parallel) of the children and
// ParallelOptions among parts.
func (Forms[M]) Parallel(name string, parts ...Part) Def[M] {
	return composite[M](KindParallel, name, parts)
}

// Priority describes a classic fallback (see Builder.Priority).
func (Forms[M]) Priority(name string, children ...Def[M]) Def[M] {
	return Def[M]{Kind: KindPriority, Name: name, Children: children}
}

// ReactivePriority describes a reactive fallback (see
// Builder.ReactivePriority).
func (Forms[M]) ReactivePriority(name string, children ...Def[M]) Def[M] {
	return Def[M]{Kind: KindReactivePriority, Name: name, Children: children}
}

// IfElse describes a binary choice (see Builder.IfElse): then runs when
// cond holds at Begin, and the optional other child otherwise.
func (Forms[M]) IfElse(name string, cond func(m *M) bool, then Def[M], otherwise ...Def[M]) Def[M] {
	return Def[M]{Kind: KindIfElse, Name: name, Test: cond, Children: append([]Def[M]{then}, otherwise...)}
}

// Decorate describes a decorator over child (see Builder.Decorate).
func (Forms[M]) Decorate(name string, d Decorator[M], child Def[M]) Def[M] {
	return Def[M]{Kind: KindDecorator, Name: name, Decorator: d, Children: []Def[M]{child}}
}

// Composite describes a custom composite (see Builder.Composite).
func (Forms[M]) Composite(name string, f CompositeFunc[M], children ...Def[M]) Def[M] {
	return Def[M]{Kind: KindComposite, Name: name, Composite: f, Children: children}
}

// Do describes an action leaf (see Builder.Do).
func (Forms[M]) Do(name string, action Action[M], opts ...LeafOption) Def[M] {
	d := Def[M]{Kind: KindAction, Name: name, Action: action}
	d.leafOptions(opts)
	return d
}

// Condition describes a condition leaf (see Builder.Condition).
func (Forms[M]) Condition(name string, test func(m *M) bool, opts ...LeafOption) Def[M] {
	d := Def[M]{Kind: KindCondition, Name: name, Test: test}
	d.leafOptions(opts)
	return d
}

// Plan describes a planner node (see Builder.Plan): the runner of
// planner p, such as an htn or goap domain, with the Replan and ReplanOn
// options among opts.
func (Forms[M]) Plan(name string, p Planner[M], opts ...Option) Def[M] {
	d := Def[M]{Kind: KindPlanner, Name: name, Planner: p}
	for _, o := range opts {
		d.option(o)
	}
	return d
}

// Leaf describes a custom node with no children (see Builder.Leaf).
func (Forms[M]) Leaf(name string, n Node[M]) Def[M] {
	return Def[M]{Kind: KindLeaf, Name: name, Leaf: n}
}

// composite describes a composite of the given kind from its parts: the
// children in order, and the options of its kind.
func composite[M any](kind NodeKind, name string, parts []Part) Def[M] {
	d := Def[M]{Kind: kind, Name: name}
	for _, p := range parts {
		switch p := p.(type) {
		case Def[M]:
			d.Children = append(d.Children, p)
		case Option:
			d.option(p) // Build refuses a setting of another kind
		default:
			d.errs = append(d.errs, partError(kind, p))
		}
	}
	return d
}

// option applies opt to d when it is an option of d's kind (fits).
func (d *Def[M]) option(opt Option) {
	switch {
	case opt == nil:
		d.errs = append(d.errs, errors.New("nil option"))
	default:
		if err := opt(&d.Settings); err != nil {
			d.errs = append(d.errs, err)
		}
		d.takeWhen()
	}
}

// takeWhen moves a ReplanOn option's test from the settings to the Def.
func (d *Def[M]) takeWhen() {
	if d.Settings.when == nil {
		return
	}
	if when, ok := d.Settings.when.(func(*M) bool); ok {
		d.ReplanOn = when
	} else {
		d.errs = append(d.errs, fmt.Errorf("ReplanOn: a test of %T, not of this tree's memory", d.Settings.when))
	}
	d.Settings.when = nil
}

// leafOptions applies the options of a leaf.
func (d *Def[M]) leafOptions(opts []LeafOption) {
	for _, o := range opts {
		switch o := o.(type) {
		case liftOption:
			d.Settings.Cosmetic = lift(o) == liftAlways
			d.Settings.CosmeticWhileRunning = lift(o) == liftWhileRunning
		case takesOption:
			d.Settings.Takes = time.Duration(o)
		case simulateOption[M]:
			if o == nil {
				d.errs = append(d.errs, errors.New("SimulateWith(nil): give it the function that predicts"))
			}
			d.Simulate = o
		default:
			d.errs = append(d.errs, fmt.Errorf("option %T is not a leaf option for this memory type", o))
		}
	}
}

// partError describes a part that a composite of kind cannot take.
func partError(kind NodeKind, p any) error {
	if p == nil {
		return fmt.Errorf("a nil part: give a %s its children and options", kind)
	}
	return fmt.Errorf("%T is neither a child of this tree's memory type nor an option of a %s", p, kind)
}
