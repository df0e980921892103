package btjson

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
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
//
// A game that declares its actions in a catalogue gives it as Catalogue:
// an action node that names one of its entries runs the entry, guarded
// by the entry's preconditions and then the node's own constraints, and
// taking as long as the entry says unless the node says otherwise; a
// node made from an entry (catalogue.Catalogue.Do) is written back by
// the entry's name. Planners (HTN and GOAP domains, state machines) are
// registered under names too, and a file puts one in a tree as a node of
// kind "planner".
type Registry[M any] struct {
	Catalogue  *catalogue.Catalogue[M]
	Planners   map[string]bt.Planner[M]
	Actions    map[string]bt.Action[M]
	Conditions map[string]func(m *M) bool // condition leaves, if/else choices, deciders' replanOn
	// Constraints guard nodes. Registered constraints are shared by every
	// node that names them, as in Go: a constraint keeps what it needs of
	// a node in the node's state (bt.Situation), not in itself.
	Constraints map[string]bt.Constraint[M]
	Decorators  map[string]bt.Decorator[M]
	Composites  map[string]bt.CompositeFunc[M]
	Leaves      map[string]bt.Node[M]
	Simulations map[string]func(ctx *bt.Sim[M], m *M) heuristic.Verdict
	Keys        map[string]func(m *M) uint64 // deciders' replanOnChange keys
	// Inputs are the numbers of the memory that a utility node's
	// considerations read, by name (see utility.Input): a file names an
	// input, and gets the input of that name with this Read function.
	Inputs map[string]func(m *M) float64

	// Factories make actions, decorators and constraints from the
	// arguments a file gives them (see Factory): a node names one as it
	// names a registered value, with its arguments in "args", and a
	// constraint as {"name": ..., "args": {...}}. A name is either
	// registered or a factory's, not both.
	ActionFactories     map[string]Factory[bt.Action[M]]
	DecoratorFactories  map[string]Factory[bt.Decorator[M]]
	ConstraintFactories map[string]Factory[bt.Constraint[M]]

	// Limits bound what a file may hold; the zero Limits are the defaults.
	Limits Limits

	made madeTable // what Load and the Make methods made, for Marshal
}

// Limits bound the files a registry reads, so that a hostile or broken
// file is refused with an error that wraps ErrLimit rather than
// exhausting memory. A zero field takes its default; math.MaxInt sets no
// limit.
type Limits struct {
	Bytes  int // the size of a file: DefaultMaxBytes
	Depth  int // how deeply nodes nest, the root being 1: 256
	Nodes  int // how many nodes a file holds: 100,000
	Errors int // how many errors are reported before the rest are counted: 50
}

// DefaultMaxBytes is the largest file a registry reads unless its
// Limits.Bytes says otherwise: 4 MiB. Programs that read a tree file
// before the registry does (the editor, a game watching its file) read no
// more than this and one byte, so that the registry refuses a larger one.
const DefaultMaxBytes = 4 << 20

// ErrLimit is wrapped by the errors of a file beyond Limits.
var ErrLimit = errors.New("btjson: limit exceeded")

func (l Limits) orDefaults() Limits {
	def := func(v, d int) int {
		if v <= 0 {
			return d
		}
		return v
	}
	return Limits{Bytes: def(l.Bytes, DefaultMaxBytes), Depth: def(l.Depth, 256),
		Nodes: def(l.Nodes, 100_000), Errors: def(l.Errors, 50)}
}

// values returns how deeply values may nest in a node: twice as deep as
// nodes, at most as deep as an int counts.
func (l Limits) values() int { return l.Depth + min(l.Depth, math.MaxInt-l.Depth) }

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
	roleKey        role = "key"
	rolePlanner    role = "planner"
	roleInput      role = "input"
	roleEntry      role = "catalogue entry"
)

// An entry is one registered value.
type entry struct {
	role  role
	name  string
	value any // the value, to check it is not nil
	id    any // what it is known by: the value, or a function's identity
}

// entries lists the registered values, by role and then by name.
func (r *Registry[M]) entries() []entry {
	var out []entry
	addAll(&out, roleAction, r.Actions, func(v bt.Action[M]) any { return v })
	addAll(&out, roleCondition, r.Conditions, funcID)
	addAll(&out, roleConstraint, r.Constraints, func(v bt.Constraint[M]) any { return v })
	addAll(&out, roleDecorator, r.Decorators, funcID)
	addAll(&out, roleComposite, r.Composites, funcID)
	addAll(&out, roleLeaf, r.Leaves, func(v bt.Node[M]) any { return v })
	addAll(&out, roleSimulation, r.Simulations, funcID)
	addAll(&out, roleKey, r.Keys, funcID)
	addAll(&out, rolePlanner, r.Planners, func(v bt.Planner[M]) any { return v })
	addAll(&out, roleInput, r.Inputs, funcID)
	return out
}

// addAll appends the entries of one of the registry's maps, sorted by
// name.
func addAll[V any](out *[]entry, ro role, m map[string]V, id func(V) any) {
	for _, name := range slices.Sorted(maps.Keys(m)) {
		*out = append(*out, entry{role: ro, name: name, value: m[name], id: id(m[name])})
	}
}

// names returns the registered names of a role, sorted: an action node's
// names are the catalogue's entries and the actions registered; and the
// factories' of the role.
func (r *Registry[M]) names(ro role) []string {
	var names []string
	if ro == roleAction {
		names = append(names, r.Catalogue.Names()...)
	}
	names = append(names, r.factoryNames(ro)...)
	for _, e := range r.entries() {
		if e.role == ro {
			names = append(names, e.name)
		}
	}
	slices.Sort(names)
	return names
}

// check reports registered entries that cannot be used: a nil value, an
// empty name, or one that is not UTF-8.
func (r *Registry[M]) check() error {
	if r == nil {
		return errors.New("btjson: nil Registry")
	}
	var errs []error
	for _, name := range r.Catalogue.Names() {
		if _, ok := r.Actions[name]; ok {
			errs = append(errs, fmt.Errorf("btjson: registry: action %q is both in Actions and in the Catalogue: name it once", name))
		}
	}
	errs = append(errs, checkFactories(r, roleAction, r.ActionFactories, r.Actions)...)
	errs = append(errs, checkFactories(r, roleDecorator, r.DecoratorFactories, r.Decorators)...)
	errs = append(errs, checkFactories(r, roleConstraint, r.ConstraintFactories, r.Constraints)...)
	for _, e := range r.entries() {
		switch {
		case e.name == "":
			errs = append(errs, fmt.Errorf("btjson: registry: a %s with an empty name", e.role))
		case !utf8.ValidString(e.name):
			errs = append(errs, fmt.Errorf("btjson: registry: %s %q is not UTF-8: a tree file holds only UTF-8 text", e.role, e.name))
		case nilness.Of(e.value):
			errs = append(errs, fmt.Errorf("btjson: registry: %s %q is nil", e.role, e.name))
		}
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
	for _, e := range r.entries() {
		x.add(e.role, e.id, e.name)
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

// factoryNames returns the names of the factories of a role, sorted.
func (r *Registry[M]) factoryNames(ro role) []string {
	switch ro {
	case roleAction:
		return slices.Sorted(maps.Keys(r.ActionFactories))
	case roleDecorator:
		return slices.Sorted(maps.Keys(r.DecoratorFactories))
	case roleConstraint:
		return slices.Sorted(maps.Keys(r.ConstraintFactories))
	}
	return nil
}

// factoryParams returns the parameters of the factory of a role and
// name, and whether there is one.
func (r *Registry[M]) factoryParams(ro role, name string) ([]Param, bool) {
	switch ro {
	case roleAction:
		f, ok := r.ActionFactories[name]
		return f.Params, ok
	case roleDecorator:
		f, ok := r.DecoratorFactories[name]
		return f.Params, ok
	case roleConstraint:
		f, ok := r.ConstraintFactories[name]
		return f.Params, ok
	}
	return nil, false
}

// checkFactories reports the factories of a role that cannot be used:
// declared badly, or under a name registered as a value too (or, for
// actions, in the catalogue).
func checkFactories[M, V, W any](r *Registry[M], ro role, fs map[string]Factory[V], values map[string]W) []error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(fs)) {
		f := fs[name]
		if name == "" || !utf8.ValidString(name) {
			errs = append(errs, fmt.Errorf("btjson: registry: a %s factory named %q: give it a name of UTF-8 text", ro, name))
		}
		if _, both := values[name]; both {
			errs = append(errs, fmt.Errorf("btjson: registry: %s %q is both registered and a factory: name it once", ro, name))
		}
		if _, entry := r.Catalogue.Entry(name); ro == roleAction && entry {
			errs = append(errs, fmt.Errorf("btjson: registry: action %q is both in the Catalogue and a factory: name it once", name))
		}
		errs = append(errs, checkFactory(ro, name, f.Make != nil, f.Params)...)
	}
	return errs
}
