// Package kinds is the one table of a tree's kinds of node: how many
// children each takes, and which fields and options (by the names tree
// files give them) each accepts. bt's Build refuses what a kind does not
// take from it; btjson's loader, schema and writer, and the editor's
// forms, read the same table, so they cannot disagree with Build.
//
// It is an engine helper: it imports nothing of the project, and any
// package of the library may import it.
package kinds

import "slices"

// The kinds of node, as bt.NodeKind names them.
const (
	Sequence         = "sequence"
	ReactiveSequence = "reactive-sequence"
	Selector         = "selector"
	Random           = "random"
	Parallel         = "parallel"
	Priority         = "priority"
	ReactivePriority = "reactive-priority"
	IfElse           = "ifelse"
	Decorator        = "decorator"
	Composite        = "composite"
	Action           = "action"
	Condition        = "condition"
	Leaf             = "leaf"
	Planner          = "planner"
	Utility          = "utility"
)

// All lists every kind, in the order they are declared.
var All = []string{Sequence, ReactiveSequence, Selector, Random, Parallel, Priority, ReactivePriority,
	IfElse, Decorator, Composite, Action, Condition, Leaf, Planner, Utility}

// Children returns how many children a node of kind k takes, at least
// and at most (-1: any number), and false for an unknown kind.
func Children(k string) (least, most int, ok bool) {
	switch k {
	case Sequence, ReactiveSequence, Selector, Random, Parallel, Priority, ReactivePriority, Composite, Utility:
		return 1, -1, true
	case IfElse:
		return 1, 2, true
	case Decorator:
		return 1, 1, true
	case Action, Condition, Leaf, Planner: // a planner's children are its planner's steps
		return 0, 0, true
	}
	return 0, 0, false
}

var (
	sequences = []string{Sequence, ReactiveSequence}
	selectors = []string{Selector, Random}
	deciders  = []string{Selector, Random, Planner, Utility}
	leaves    = []string{Action, Condition}
)

// fields lists the kinds that take each field and option that not every
// kind takes (children aside: Children says which take them).
var fields = map[string][]string{
	"action": {Action}, "test": {Condition, IfElse}, "leaf": {Leaf},
	"decorator": {Decorator}, "composite": {Composite}, "planner": {Planner}, "utility": {Utility},
	"loop": sequences, "allowFailure": sequences, "minOutcome": sequences,
	"replan": deciders, "replanOn": deciders, "replanOnChange": deciders,
	"allowNegative": selectors, "preferFirst": {Selector}, "debounce": selectors, // a random selector keeps its running child
	"succeedOnOne": {Parallel}, "failOnOne": {Parallel},
	"cosmetic": leaves, "cosmeticWhileRunning": leaves, "simulate": leaves,
	"takes": {Action},
	// A utility node's settings (its utility.Selector, in a file).
	"random": {Utility}, "within": {Utility}, "bonus": {Utility}, "margin": {Utility}, "minimum": {Utility},
	"foresee": {Utility}, "byOutcome": {Utility},
}

// Takes reports whether a node of kind k takes the field or option named
// key, as tree files name it ("loop", "test", "children"). Those that
// every kind takes ("name", "constraints", and "weight", for a child of
// a random selector) are taken by every kind; an unknown kind takes
// nothing.
func Takes(k, key string) bool {
	_, most, known := Children(k)
	switch kinds, some := fields[key]; {
	case !known:
		return false
	case key == "children":
		return most != 0
	case some:
		return slices.Contains(kinds, k)
	}
	return true
}
