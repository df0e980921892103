package btjson

import (
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A Registry names the game's values that tree files refer to. Fill its
// maps before use, and change them only while no Build, Load, Marshal or
// Schema is under way.
//
// A file loaded through a registry gets the registered values
// themselves, so a tree written in Go with the same values is written
// back under their names: Marshal finds a value's name by identity (the
// same pointer, the same comparable value, the same function value).
// Where one value is registered under several names, the first name in
// sorted order is written.
//
// A subtree's own heuristic is a decorator (decorators.Goal), and is
// registered as one.
type Registry[M any] struct {
	Actions    map[string]bt.Action[M]
	Conditions map[string]func(m *M) bool // condition leaves, if/else choices, selectors' reselectOn
	// Constraints guard nodes. Registered constraints are shared by every
	// node that names them, as in Go: a constraint keeps what it needs of
	// a node in the node's state (bt.Situation), not in itself.
	Constraints map[string]bt.Constraint[M]
	Decorators  map[string]bt.Decorator[M]
	Composites  map[string]bt.CompositeFunc[M]
	Leaves      map[string]bt.Node[M]
	Simulations map[string]func(ctx *sim.Context[M], m *M) heuristic.Verdict

	// Limits bound what a file may hold; the zero Limits are the defaults.
	Limits Limits
}

// Limits bound the files a registry reads, so that a hostile or broken
// file is refused with an error that wraps ErrLimit rather than
// exhausting memory. A zero field takes its default.
type Limits struct {
	Bytes  int // the size of a file: 4 MiB
	Depth  int // how deeply nodes nest, the root being 1: bt.MaxBranchDepth (256)
	Nodes  int // how many nodes a file holds: 100,000
	Errors int // how many errors are reported before the rest are counted: 50
}

// ErrLimit is wrapped by the errors of a file beyond Limits.
var ErrLimit = errors.New("btjson: limit exceeded")

func (l Limits) orDefaults() Limits {
	def := func(v, d int) int {
		if v <= 0 {
			return d
		}
		return v
	}
	return Limits{Bytes: def(l.Bytes, 4<<20), Depth: def(l.Depth, bt.MaxBranchDepth),
		Nodes: def(l.Nodes, 100_000), Errors: def(l.Errors, 50)}
}

// A role is one of the registry's maps, as files and errors name it.
type role string

const (
	roleAction     role = "action"
	roleCondition  role = "condition"
	roleConstraint role = "constraint"
	roleDecorator  role = "decorator"
	roleComposite  role = "composite"
	roleLeaf       role = "leaf"
	roleSimulation role = "simulation"
)

// names returns the registered names of a role, sorted.
func (r *Registry[M]) names(ro role) []string {
	var names []string
	add := func(n string) { names = append(names, n) }
	switch ro {
	case roleAction:
		for n := range r.Actions {
			add(n)
		}
	case roleCondition:
		for n := range r.Conditions {
			add(n)
		}
	case roleConstraint:
		for n := range r.Constraints {
			add(n)
		}
	case roleDecorator:
		for n := range r.Decorators {
			add(n)
		}
	case roleComposite:
		for n := range r.Composites {
			add(n)
		}
	case roleLeaf:
		for n := range r.Leaves {
			add(n)
		}
	case roleSimulation:
		for n := range r.Simulations {
			add(n)
		}
	}
	slices.Sort(names)
	return names
}

// check reports registered entries that cannot be used: a nil value, or
// an empty name.
func (r *Registry[M]) check() error {
	if r == nil {
		return errors.New("btjson: nil Registry")
	}
	var errs []error
	note := func(ro role, name string, isNil bool) {
		switch {
		case name == "":
			errs = append(errs, fmt.Errorf("btjson: registry: a %s with an empty name", ro))
		case isNil:
			errs = append(errs, fmt.Errorf("btjson: registry: %s %q is nil", ro, name))
		}
	}
	for _, n := range r.names(roleAction) {
		note(roleAction, n, r.Actions[n] == nil)
	}
	for _, n := range r.names(roleCondition) {
		note(roleCondition, n, r.Conditions[n] == nil)
	}
	for _, n := range r.names(roleConstraint) {
		note(roleConstraint, n, r.Constraints[n] == nil)
	}
	for _, n := range r.names(roleDecorator) {
		note(roleDecorator, n, r.Decorators[n] == nil)
	}
	for _, n := range r.names(roleComposite) {
		note(roleComposite, n, r.Composites[n] == nil)
	}
	for _, n := range r.names(roleLeaf) {
		note(roleLeaf, n, r.Leaves[n] == nil)
	}
	for _, n := range r.names(roleSimulation) {
		note(roleSimulation, n, r.Simulations[n] == nil)
	}
	return errors.Join(errs...)
}

// An index finds the registered name of a value, by identity.
type index struct {
	values map[role]map[any]string
}

// newIndex indexes the registry's values. Values that cannot be told by
// identity (a struct holding a slice) are left out: they can be loaded,
// and a tree holding them is reported as not serialisable.
func newIndex[M any](r *Registry[M]) *index {
	x := &index{values: map[role]map[any]string{}}
	for _, n := range r.names(roleAction) {
		x.add(roleAction, r.Actions[n], n)
	}
	for _, n := range r.names(roleCondition) {
		x.add(roleCondition, funcID(r.Conditions[n]), n)
	}
	for _, n := range r.names(roleConstraint) {
		x.add(roleConstraint, r.Constraints[n], n)
	}
	for _, n := range r.names(roleDecorator) {
		x.add(roleDecorator, funcID(r.Decorators[n]), n)
	}
	for _, n := range r.names(roleComposite) {
		x.add(roleComposite, funcID(r.Composites[n]), n)
	}
	for _, n := range r.names(roleLeaf) {
		x.add(roleLeaf, r.Leaves[n], n)
	}
	for _, n := range r.names(roleSimulation) {
		x.add(roleSimulation, funcID(r.Simulations[n]), n)
	}
	return x
}

// add indexes v under name unless it has a name already (the names come
// in sorted order, so the first stays).
func (x *index) add(ro role, v any, name string) {
	if x.values[ro] == nil {
		x.values[ro] = map[any]string{}
	}
	_ = tryKey(func() {
		if _, ok := x.values[ro][v]; !ok {
			x.values[ro][v] = name
		}
	})
}

// name returns the name of v, or false.
func (x *index) name(ro role, v any) (name string, ok bool) {
	if tryKey(func() { name, ok = x.values[ro][v] }) != nil {
		return "", false
	}
	return name, ok
}

// tryKey runs f, which uses a value as a map key, and reports the panic
// of a value that cannot be one (an interface holding a slice, say).
func tryKey(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

// funcID returns the identity of a function value: the closure it points
// to. Two function values share one only when one was copied from the
// other (or both name the same top-level function); reflect offers only
// the code pointer, which every closure of one function literal shares,
// and which would give one closure another's name. A nil function has
// no identity.
func funcID[F any](f F) any {
	p := *(*unsafe.Pointer)(unsafe.Pointer(&f))
	if p == nil {
		return nil
	}
	return p
}
