package bench

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	gbt "github.com/joeycumines/go-behaviortree"
)

// World is the memory every contender's leaves work on.
type World struct {
	Work int64 // every leaf adds one
	Pad  [30]int64
}

// A Spec describes a node of a shape, once, for every contender to build:
// a composite with its children, or a leaf.
type Spec struct {
	Kind Kind
	Kids []Spec
}

// Kind is what a Spec node is.
type Kind uint8

// The kinds of node a shape is made of.
const (
	Sequence Kind = iota // runs its children in order until one fails
	Priority             // runs its children in order until one does not fail
	Parallel             // runs all its children each tick, running while any runs
	Succeed              // a leaf that works and succeeds at once
	Fail                 // a leaf that works and fails at once
	Busy                 // a leaf that works and runs forever
)

// A Shape is a tree and its name.
type Shape struct {
	Name string
	// Nodes is how many nodes a steady tick visits.
	Nodes int
	Root  Spec
}

// Shapes are the four shapes of bt's BenchmarkTick.
var Shapes = []Shape{
	{Name: "sequence10", Nodes: 11, Root: node(Sequence, leaves(10, Succeed)...)},
	{Name: "priority3x10", Nodes: 34, Root: node(Priority,
		node(Sequence, append(leaves(9, Succeed), node(Fail))...),
		node(Sequence, append(leaves(9, Succeed), node(Fail))...),
		node(Sequence, leaves(10, Succeed)...),
	)},
	{Name: "tree100depth4", Nodes: 100, Root: repeat(Sequence, 3, repeat(Sequence, 4, node(Sequence, leaves(7, Succeed)...)))},
	{Name: "running10x2", Nodes: 21, Root: repeat(Parallel, 10, node(Sequence, node(Busy), node(Busy)))},
}

func node(k Kind, kids ...Spec) Spec { return Spec{Kind: k, Kids: kids} }

func leaves(n int, k Kind) []Spec {
	out := make([]Spec, n)
	for i := range out {
		out[i] = node(k)
	}
	return out
}

func repeat(k Kind, n int, kid Spec) Spec {
	kids := make([]Spec, n)
	for i := range kids {
		kids[i] = kid
	}
	return node(k, kids...)
}

// Leaves are the actions foresight's leaves run: user-written structs, or
// bt.Instant's functions (which the engine calls directly, skipping End).
type Leaves struct {
	Name                string
	Succeed, Fail, Busy bt.Action[World]
}

// StructLeaves are actions written as the README's tour writes them: a
// struct with Begin, Update, End and Simulate.
var StructLeaves = Leaves{Name: "struct", Succeed: succeedAction{}, Fail: failAction{}, Busy: busyAction{}}

// InstantLeaves are bt.Instant actions, foresight's fastest leaves, for
// the leaves that finish at once; a running leaf has to be a struct.
var InstantLeaves = Leaves{Name: "instant", Succeed: bt.Instant(succeed, nil), Fail: bt.Instant(fail, nil), Busy: busyAction{}}

func succeed(w *World) bool { w.Work++; return true }
func fail(w *World) bool    { w.Work++; return false }

type succeedAction struct{}

func (succeedAction) Begin(w *World) bt.Status               { w.Work++; return bt.Success }
func (succeedAction) Update(*World, time.Duration) bt.Status { return bt.Success }
func (succeedAction) End(*World, bt.Status)                  {}
func (succeedAction) Simulate(*bt.Sim[World], *World)        {}

type failAction struct{}

func (failAction) Begin(w *World) bt.Status               { w.Work++; return bt.Failure }
func (failAction) Update(*World, time.Duration) bt.Status { return bt.Failure }
func (failAction) End(*World, bt.Status)                  {}
func (failAction) Simulate(*bt.Sim[World], *World)        {}

// busyAction stays Running, updated each tick.
type busyAction struct{}

func (busyAction) Begin(w *World) bt.Status                   { w.Work++; return bt.Running }
func (busyAction) Update(w *World, _ time.Duration) bt.Status { w.Work++; return bt.Running }
func (busyAction) End(*World, bt.Status)                      {}
func (busyAction) Simulate(*bt.Sim[World], *World)            {}

// Foresight builds the shape as a foresight tree with the given leaves.
func (s Shape) Foresight(l Leaves) (*bt.Tree[World], error) {
	return bt.Build(bt.Config[World]{}, specDef(s.Root, l, "root"))
}

// specDef describes the node s, called name, with the given leaves.
func specDef(s Spec, l Leaves, name string) bt.Def[World] {
	var b bt.Builder[World]
	switch s.Kind {
	case Succeed:
		return b.Do(name, l.Succeed)
	case Fail:
		return b.Do(name, l.Fail)
	case Busy:
		return b.Do(name, l.Busy)
	}
	kids := make([]bt.Def[World], len(s.Kids))
	for i, k := range s.Kids {
		kids[i] = specDef(k, l, string(rune('a'+i)))
	}
	switch s.Kind {
	case Sequence:
		return b.Sequence(name, parts(kids)...)
	case Priority:
		return b.Priority(name, kids...)
	default: // Parallel
		return b.Parallel(name, parts(kids)...)
	}
}

// parts returns kids as the parts of a composite.
func parts(kids []bt.Def[World]) []bt.Part {
	out := make([]bt.Part, len(kids))
	for i, k := range kids {
		out[i] = k
	}
	return out
}

// GoBehaviorTree builds the shape in go-behaviortree over w. That library
// keeps no running state: a sequence ticks its first child again each
// tick. Its parallel (Fork) runs each child on a goroutine, and All stops
// at the first running child, so Parallel is a plain tick function that
// visits them all.
func (s Shape) GoBehaviorTree(w *World) gbt.Node {
	return gbtNode(s.Root, w)
}

func gbtNode(s Spec, w *World) gbt.Node {
	switch s.Kind {
	case Succeed, Fail, Busy:
		status := map[Kind]gbt.Status{Succeed: gbt.Success, Fail: gbt.Failure, Busy: gbt.Running}[s.Kind]
		return gbt.New(func([]gbt.Node) (gbt.Status, error) { w.Work++; return status, nil })
	}
	kids := make([]gbt.Node, len(s.Kids))
	for i, k := range s.Kids {
		kids[i] = gbtNode(k, w)
	}
	tick := map[Kind]gbt.Tick{Sequence: gbt.Sequence, Priority: gbt.Selector, Parallel: gbtParallel}[s.Kind]
	return gbt.New(tick, kids...)
}

// gbtParallel is a go-behaviortree tick that ticks every child and runs
// while any runs.
func gbtParallel(children []gbt.Node) (gbt.Status, error) {
	status := gbt.Success
	for _, c := range children {
		s, err := c.Tick()
		switch {
		case err != nil:
			return gbt.Failure, err
		case s == gbt.Running:
			status = gbt.Running
		case s == gbt.Failure && status != gbt.Running:
			status = gbt.Failure
		}
	}
	return status, nil
}
