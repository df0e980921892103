package bt

import (
	"errors"
	"fmt"
)

// A Def is the plain description of a node and its subtree: what Build
// compiles into a Tree. A Builder writes one as nested calls, and package
// btjson reads one from a file, with a registry that names the game's
// actions, constraints and the like; a program of your own may make one
// from any format, field by field.
//
// A Def holds values, not behaviour: which kind of node, its name, the
// game's value it runs, its options, constraints and children. Build
// checks all of it and reports every problem at once, each with the path
// of the node it concerns.
type Def[M any] struct {
	Kind NodeKind
	Name string

	// Value is what the node runs, of the type its kind says: an
	// Action[M] for KindAction; a test of the memory, func(m *M) bool, for
	// KindCondition and KindIfElse (its choice of branch); a Node[M] for
	// KindLeaf; a Decorator[M] for KindDecorator; a CompositeFunc[M] for
	// KindComposite; a Planner[M] for KindPlanner; for KindUtility, what
	// package utility's Select makes (a utility selector: how it scores
	// its children and picks among them); nil for the other composites.
	Value any

	// Options are the node's settings (Replan, Loop, Cosmetic, Weight, ...),
	// each at most once, each of a kind that takes it (see Option).
	Options     []Option
	Constraints []Constraint[M]
	Children    []Def[M]

	// Entry names the catalogue entry the node was made from (package
	// catalogue), if any: tree files write the node back by that name.
	// Build does not read it.
	Entry string

	// errs is the misuse noted while the Def was made (a part of the
	// wrong type), which Build reports with the node's path.
	errs []error
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

// Err returns the misuse noted while d itself was made (a part of the
// wrong type given to a Builder's composite, say), which Build reports
// with the node's path, or nil. Its children's are their own.
func (d Def[M]) Err() error { return errors.Join(d.errs...) }

// A Part is what a Builder's composites take after the name: children
// (Defs) and options, in any order.
type Part interface{ part() }

func (Def[M]) part() {}

// Constrain returns d with constraints cs added: the preconditions of the
// node (see Constraint).
func (d Def[M]) Constrain(cs ...Constraint[M]) Def[M] {
	d.Constraints = append(d.Constraints[:len(d.Constraints):len(d.Constraints)], cs...)
	return d
}

// With returns d with opts added to its options: the way to give an
// option to a node whose Builder function takes none (a Weight, say).
func (d Def[M]) With(opts ...Option) Def[M] {
	d.Options = append(d.Options[:len(d.Options):len(d.Options)], opts...)
	return d
}

// composite describes a composite of the given kind from its parts: the
// children in order, and its options.
func composite[M any](kind NodeKind, name string, parts []Part) Def[M] {
	d := Def[M]{Kind: kind, Name: name}
	for _, p := range parts {
		switch p := p.(type) {
		case Def[M]:
			d.Children = append(d.Children, p)
		case Option:
			d.Options = append(d.Options, p) // Build refuses a setting of another kind
		default:
			d.errs = append(d.errs, partError(kind, p))
		}
	}
	return d
}

// partError describes a part that a composite of kind cannot take.
func partError(kind NodeKind, p any) error {
	if p == nil {
		return fmt.Errorf("a nil part: give a %s its children and options", kind)
	}
	return fmt.Errorf("%T is neither a child of this tree's memory type nor an option of a %s", p, kind)
}
