package bt

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/foresight-bt/foresight/sim"
)

// A Builder assembles a tree with calls that read like the tree itself:
//
//	tree, err := bt.New(bt.Config[World]{Heuristic: goal}).
//		Selector("guard", bt.Reselect(0)).
//			Do("attack", attack).
//			Do("chase", chase).
//			Do("patrol", patrol, bt.Cosmetic()).
//		End().
//		Build()
//
// A composite or decorator opens a scope that End closes. Misuse does not
// panic: the builder notes it against the node's path and Build reports
// every problem at once, as in "guard/attack: nil action".
type Builder[M any] struct {
	tree  *Tree[M]
	top   spec[M]    // holds the root as its only child
	open  []*spec[M] // open scopes, innermost last; open[0] is &top
	last  *spec[M]   // the node the previous call added or closed
	errs  []error
	built bool
	// simulated records a selector that needs a heuristic
	simulated string
}

// A Branch adds a subtree to a builder. Write one as a function to reuse a
// piece of behaviour in many trees:
//
//	func flee(b *bt.Builder[World]) {
//		b.Sequence("flee").Do("turn", turn).Do("run", run).End()
//	}
type Branch[M any] func(b *Builder[M])

// A Decorator makes the node that wraps a single child. Build calls it
// once with the tree's simulation context (for the clock, the random source
// and scratch memories) and the child.
type Decorator[M any] func(ctx *sim.Context[M], child *Child[M]) (Node[M], error)

// A CompositeFunc makes a custom composite from its children, for
// Builder.Composite.
type CompositeFunc[M any] func(ctx *sim.Context[M], children []*Child[M]) (Node[M], error)

// spec describes a node until Build makes it.
type spec[M any] struct {
	name, path  string
	kind        string
	parent      *spec[M]
	children    []*spec[M]
	constraints []Constraint[M]
	weight      float64
	minKids     int // children a composite needs; 0 for leaves
	maxKids     int // -1 for any number
	make        func(self *Child[M], kids []*Child[M]) (Node[M], error)
	errs        []error
}

// New starts a builder for a tree with the given configuration.
func New[M any](cfg Config[M]) *Builder[M] {
	b := &Builder[M]{tree: newTree(cfg)}
	b.top.maxKids = -1
	b.open = []*spec[M]{&b.top}
	return b
}

// Sequence opens a sequence: children run in order, and it fails as soon
// as one fails.
func (b *Builder[M]) Sequence(name string, opts ...SequenceOption) *Builder[M] {
	var cfg sequenceConfig
	s := b.openScope(name, "sequence", 1, -1)
	b.apply(s, len(opts), func(i int) error { return callOption(opts[i], &cfg) })
	s.make = func(_ *Child[M], kids []*Child[M]) (Node[M], error) {
		return &sequence[M]{sequenceConfig: cfg, children: kids}, nil
	}
	return b
}

// Selector opens a simulated selector: it simulates every child, asks the
// heuristic how good each prediction is, and runs the best.
func (b *Builder[M]) Selector(name string, opts ...SelectorOption) *Builder[M] {
	return b.selector(name, "selector", selectorConfig{interval: -1, preferCurrent: true}, opts)
}

// RandomSelector opens a random selector: like Selector, but among the
// children tied for the best it draws by weight (see Weight) from the
// tree's seeded random source. Children of weight zero are never simulated.
func (b *Builder[M]) RandomSelector(name string, opts ...SelectorOption) *Builder[M] {
	return b.selector(name, "random", selectorConfig{interval: -1, preferCurrent: true, random: true}, opts)
}

func (b *Builder[M]) selector(name, kind string, cfg selectorConfig, opts []SelectorOption) *Builder[M] {
	s := b.openScope(name, kind, 1, -1)
	b.apply(s, len(opts), func(i int) error { return callOption(opts[i], &cfg) })
	if !cfg.random && b.simulated == "" {
		b.simulated = s.path
	}
	t := b.tree
	s.make = func(self *Child[M], kids []*Child[M]) (Node[M], error) {
		return newSelector(t, self, kids, cfg), nil
	}
	return b
}

// Parallel opens a parallel: all children begin in the same tick.
func (b *Builder[M]) Parallel(name string, opts ...ParallelOption) *Builder[M] {
	cfg := parallelConfig{succeed: RequireAll, fail: RequireAll}
	s := b.openScope(name, "parallel", 1, -1)
	b.apply(s, len(opts), func(i int) error { return callOption(opts[i], &cfg) })
	s.make = func(_ *Child[M], kids []*Child[M]) (Node[M], error) {
		return &parallel[M]{parallelConfig: cfg, children: kids, results: make([]Status, len(kids))}, nil
	}
	return b
}

// Priority opens a classic fallback: children run in order until one does
// not fail. It chooses without simulating.
func (b *Builder[M]) Priority(name string) *Builder[M] {
	s := b.openScope(name, "priority", 1, -1)
	s.make = func(_ *Child[M], kids []*Child[M]) (Node[M], error) {
		return &priority[M]{children: kids}, nil
	}
	return b
}

// IfElse opens a binary choice: its first child runs when cond holds at
// Begin, its second (optional) otherwise; without a second child it fails
// when cond does not hold.
func (b *Builder[M]) IfElse(name string, cond func(m *M) bool) *Builder[M] {
	s := b.openScope(name, "ifelse", 1, 2)
	if cond == nil {
		s.errs = append(s.errs, errors.New("nil condition: IfElse needs the function that picks the branch"))
	}
	s.make = func(_ *Child[M], kids []*Child[M]) (Node[M], error) {
		n := &ifElse[M]{cond: cond, then: kids[0], whenFalse: verdictFalse(s.name)}
		if len(kids) == 2 {
			n.otherwise = kids[1]
		}
		return n, nil
	}
	return b
}

// Decorate opens a decorator, which must get exactly one child.
func (b *Builder[M]) Decorate(name string, d Decorator[M]) *Builder[M] {
	s := b.openScope(name, "decorator", 1, 1)
	if d == nil {
		s.errs = append(s.errs, errors.New("nil decorator"))
		return b
	}
	ctx := b.tree.ctx
	s.make = func(_ *Child[M], kids []*Child[M]) (Node[M], error) { return d(ctx, kids[0]) }
	return b
}

// Composite opens a custom composite made by f from its children.
func (b *Builder[M]) Composite(name string, f CompositeFunc[M]) *Builder[M] {
	s := b.openScope(name, "composite", 1, -1)
	if f == nil {
		s.errs = append(s.errs, errors.New("nil composite function"))
		return b
	}
	ctx := b.tree.ctx
	s.make = func(_ *Child[M], kids []*Child[M]) (Node[M], error) { return f(ctx, kids) }
	return b
}

// End closes the innermost open composite or decorator.
func (b *Builder[M]) End() *Builder[M] {
	if len(b.open) == 1 {
		b.errs = append(b.errs, errors.New("End with nothing open"))
		return b
	}
	b.last = b.open[len(b.open)-1]
	b.open = b.open[:len(b.open)-1]
	return b
}

// Do adds a leaf that runs action.
func (b *Builder[M]) Do(name string, action Action[M], opts ...LeafOption) *Builder[M] {
	s := b.add(name, "action")
	l := &leaf[M]{action: action}
	if action == nil {
		s.errs = append(s.errs, errors.New("nil action"))
	} else {
		s.validate(action)
	}
	for _, o := range opts {
		switch o := o.(type) {
		case liftOption:
			l.lift = lift(o)
		case simulateOption[M]:
			l.simulate = o
		default:
			s.errs = append(s.errs, fmt.Errorf("option %T is not a leaf option for this memory type", o))
		}
	}
	s.make = func(self *Child[M], _ []*Child[M]) (Node[M], error) {
		l.self, self.leaf = self, l
		return l, nil
	}
	return b
}

// Condition adds a leaf that succeeds when test holds and fails otherwise.
// It simulates as Irrelevant when test holds on the scratch memory and
// Impossible when not, unless given SimulateWith.
func (b *Builder[M]) Condition(name string, test func(m *M) bool, opts ...LeafOption) *Builder[M] {
	s := b.add(name, "condition")
	c := &condition[M]{
		test:      test,
		whenTrue:  name,
		whenFalse: verdictFalse(name).Reason,
	}
	if test == nil {
		s.errs = append(s.errs, errors.New("nil condition function"))
	}
	for _, o := range opts {
		switch o := o.(type) {
		case liftOption:
			c.lift = lift(o)
		case simulateOption[M]:
			c.simulate = o
		default:
			s.errs = append(s.errs, fmt.Errorf("option %T is not a leaf option for this memory type", o))
		}
	}
	s.make = func(*Child[M], []*Child[M]) (Node[M], error) { return c, nil }
	return b
}

// Leaf adds a custom node with no children.
func (b *Builder[M]) Leaf(name string, n Node[M]) *Builder[M] {
	s := b.add(name, "leaf")
	if n == nil {
		s.errs = append(s.errs, errors.New("nil node"))
	} else {
		s.validate(n)
	}
	s.make = func(*Child[M], []*Child[M]) (Node[M], error) { return n, nil }
	return b
}

// Branch adds the subtree that br builds.
func (b *Builder[M]) Branch(br Branch[M]) *Builder[M] {
	if br == nil {
		if s := b.open[len(b.open)-1]; s != &b.top {
			s.errs = append(s.errs, errors.New("nil branch"))
		} else {
			b.errs = append(b.errs, errors.New("nil branch"))
		}
		return b
	}
	br(b)
	return b
}

// Constrain attaches constraints to the node the previous call added (a
// leaf, or a composite just opened or just closed).
func (b *Builder[M]) Constrain(cs ...Constraint[M]) *Builder[M] {
	s := b.target("Constrain")
	if s == nil {
		return b
	}
	for i, c := range cs {
		if c == nil {
			s.errs = append(s.errs, fmt.Errorf("Constrain: constraint %d is nil", i+1))
			continue
		}
		s.validate(c)
		s.constraints = append(s.constraints, c)
	}
	return b
}

// Weight sets the odds of the node the previous call added, which must be
// a child of a RandomSelector. Weights are relative (default 1); zero
// means never.
func (b *Builder[M]) Weight(w float64) *Builder[M] {
	s := b.target("Weight")
	switch {
	case s == nil:
	case s.parent.kind != "random":
		s.errs = append(s.errs, errors.New("Weight: only children of a RandomSelector have weights"))
	case math.IsNaN(w) || math.IsInf(w, 0) || w < 0:
		s.errs = append(s.errs, fmt.Errorf("Weight: %v is not a finite weight >= 0", w))
	default:
		s.weight = w
	}
	return b
}

// target returns the node the previous call added, or records that there
// is none.
func (b *Builder[M]) target(call string) *spec[M] {
	if b.last == nil {
		b.errs = append(b.errs, fmt.Errorf("%s before any node was added", call))
	}
	return b.last
}

// add records a node in the innermost open scope.
func (b *Builder[M]) add(name, kind string) *spec[M] {
	parent := b.open[len(b.open)-1]
	s := &spec[M]{name: name, kind: kind, parent: parent, weight: 1}
	label := name
	switch {
	case name == "":
		label = fmt.Sprintf("#%d", len(parent.children)+1)
		s.errs = append(s.errs, errors.New("node has no name"))
	case strings.Contains(name, "/"):
		s.errs = append(s.errs, fmt.Errorf("name %q contains '/', which separates path elements", name))
	}
	for _, sib := range parent.children {
		if sib.name == name && name != "" {
			s.errs = append(s.errs, fmt.Errorf("duplicate name %q among its siblings: paths must be unique", name))
			break
		}
	}
	s.path = label
	if parent != &b.top {
		s.path = parent.path + "/" + label
	}
	parent.children = append(parent.children, s)
	b.last = s
	return s
}

// validate records the error of a value that can check its settings.
func (s *spec[M]) validate(v any) {
	if v, ok := v.(Validator); ok {
		if err := v.Validate(); err != nil {
			s.errs = append(s.errs, err)
		}
	}
}

// openScope records a composite and makes it the innermost open scope.
func (b *Builder[M]) openScope(name, kind string, minKids, maxKids int) *spec[M] {
	s := b.add(name, kind)
	s.minKids, s.maxKids = minKids, maxKids
	b.open = append(b.open, s)
	return s
}

// apply runs n options against s, recording their errors and any nil one.
func (b *Builder[M]) apply(s *spec[M], n int, call func(i int) error) {
	for i := 0; i < n; i++ {
		if err := call(i); err != nil {
			s.errs = append(s.errs, err)
		}
	}
}

func callOption[C any](opt func(*C) error, cfg *C) error {
	if opt == nil {
		return errors.New("nil option")
	}
	return opt(cfg)
}

// Build checks the whole description and makes the tree. It reports every
// misuse at once, each naming the offending node's path. A Builder builds
// one tree; start a new one for the next. Calls made on it after Build
// change nothing in the tree it built.
func (b *Builder[M]) Build() (*Tree[M], error) {
	if b.built {
		return nil, errors.New("bt: Build called twice: start a new builder for each tree")
	}
	b.built = true
	errs := b.errs
	for len(b.open) > 1 {
		s := b.open[len(b.open)-1]
		errs = append(errs, &NodeError{Path: s.path, Err: errors.New("not closed: add End()")})
		b.open = b.open[:len(b.open)-1]
	}
	switch len(b.top.children) {
	case 0:
		errs = append(errs, errors.New("empty tree: add a root node"))
	case 1:
	default:
		errs = append(errs, &NodeError{Path: b.top.children[1].path,
			Err: errors.New("a second root: a tree has one root; put these nodes under a composite")})
	}
	if b.simulated != "" && b.tree.ctx.Heuristic() == nil {
		errs = append(errs, &NodeError{Path: b.simulated,
			Err: errors.New("a simulated selector needs a heuristic: set Config.Heuristic")})
	}
	var root *Child[M]
	if len(b.top.children) > 0 {
		root = b.make(b.top.children[0], &errs)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	t := b.tree
	t.root = root
	t.nodes = appendNodes(t.nodes, root)
	for i, c := range t.nodes {
		c.index = int32(i)
	}
	return t, nil
}

// make turns a spec and its descendants into nodes, collecting errors.
func (b *Builder[M]) make(s *spec[M], errs *[]error) *Child[M] {
	before := len(*errs)
	for _, err := range s.errs {
		*errs = append(*errs, &NodeError{Path: s.path, Err: err})
	}
	switch n := len(s.children); {
	case s.maxKids == 1 && n != 1:
		*errs = append(*errs, &NodeError{Path: s.path, Err: fmt.Errorf("a %s needs exactly one child, has %d", s.kind, n)})
	case n < s.minKids:
		*errs = append(*errs, &NodeError{Path: s.path, Err: fmt.Errorf("empty %s: give it children or remove it", s.kind)})
	case s.maxKids >= 0 && n > s.maxKids:
		*errs = append(*errs, &NodeError{Path: s.path, Err: fmt.Errorf("takes at most %d children, has %d", s.maxKids, n)})
	}
	kids := make([]*Child[M], 0, len(s.children))
	for _, k := range s.children {
		kids = append(kids, b.make(k, errs))
	}
	c := &Child[M]{
		tree:        b.tree,
		name:        s.name,
		path:        s.path,
		kind:        s.kind,
		children:    kids,
		constraints: slices.Clip(s.constraints), // a later Constrain cannot reach the tree
		weight:      s.weight,
	}
	if len(*errs) > before || s.make == nil {
		return c // the tree will not be returned; skip making nodes
	}
	n, err := s.make(c, kids)
	switch {
	case err != nil:
		*errs = append(*errs, &NodeError{Path: s.path, Err: err})
	case n == nil:
		*errs = append(*errs, &NodeError{Path: s.path, Err: errors.New("made a nil node")})
	case s.kind == "decorator" || s.kind == "composite":
		// Nodes made by user factories check their settings here; leaves
		// were checked when added.
		if v, ok := n.(Validator); ok {
			if err := v.Validate(); err != nil {
				*errs = append(*errs, &NodeError{Path: s.path, Err: err})
			}
		}
	}
	c.node = n
	if d, ok := n.(Describer); ok {
		c.detail = d.Describe()
	}
	return c
}

func appendNodes[M any](dst []*Child[M], c *Child[M]) []*Child[M] {
	dst = append(dst, c)
	for _, k := range c.children {
		dst = appendNodes(dst, k)
	}
	return dst
}
