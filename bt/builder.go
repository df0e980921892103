package bt

import (
	"errors"
	"fmt"
	"slices"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

// A Builder assembles a tree with calls that read like the tree itself:
//
//	tree, err := bt.New(bt.Config[World]{Heuristic: goal}).
//		Selector("guard", bt.Replan(0)).
//			Do("attack", attack).
//			Do("chase", chase).
//			Do("patrol", patrol, bt.Cosmetic()).
//		End().
//		Build()
//
// A composite or decorator opens a scope that End closes. Misuse does not
// panic: the builder notes it against the node's path and Build reports
// every problem at once, as in "guard/attack: nil action".
//
// gofmt flattens the indentation of a chain of calls; For writes the same
// tree as nested calls, which it keeps. Both make a Def, the description
// that Build compiles: Builder.Def returns the builder's.
//
// The zero Builder is ready to use, as New with a zero Config.
type Builder[M any] struct {
	cfg      Config[M]
	ready1   bool
	top      draft[M]    // holds the root as its only child
	open     []*draft[M] // open scopes, innermost last; open[0] is &top
	last     *draft[M]   // the node the previous call added or closed
	errs     []error
	branches int // Branch calls under way, one inside another
}

// MaxBranchDepth is how deeply Branch calls may nest, one inside another.
// A branch that adds itself with no end would otherwise recurse until the
// program runs out of stack, a crash no recover can catch.
const MaxBranchDepth = 256

// A Branch adds a subtree to a builder. Write one as a function to reuse a
// piece of behaviour in many trees:
//
//	func flee(b *bt.Builder[World]) {
//		b.Sequence("flee").Do("turn", turn).Do("run", run).End()
//	}
type Branch[M any] func(b *Builder[M])

// A Decorator makes the node that wraps a single child: the agent's
// instance of it, with a handle on the agent's child. It is called once at
// Build, to check its settings (an error is reported with the node's
// path), and once for every agent the tree makes.
type Decorator[M any] func(child *Child[M]) (Node[M], error)

// A CompositeFunc makes a custom composite from its children, for
// Builder.Composite: like a Decorator, once at Build and once per agent.
type CompositeFunc[M any] func(children []*Child[M]) (Node[M], error)

// draft is a node being described: its Def, children aside, which are
// drafts until Build.
type draft[M any] struct {
	def      Def[M]
	parent   *draft[M]
	children []*draft[M]
}

// New starts a builder for a tree with the given configuration.
func New[M any](cfg Config[M]) *Builder[M] {
	b := &Builder[M]{}
	b.init(cfg)
	return b
}

func (b *Builder[M]) init(cfg Config[M]) {
	b.cfg, b.ready1 = cfg, true
	b.open = []*draft[M]{&b.top}
	b.errs = configErrors(cfg)
}

// ready makes a zero Builder usable. It reports false for a nil one.
func (b *Builder[M]) ready() bool {
	if b == nil {
		return false
	}
	if !b.ready1 {
		b.init(Config[M]{})
	}
	return true
}

// Sequence opens a sequence: children run in order, and it fails as soon
// as one fails.
func (b *Builder[M]) Sequence(name string, opts ...Option) *Builder[M] {
	if !b.ready() {
		return b
	}
	s := b.openScope(name, KindSequence)
	for _, o := range opts {
		s.def.option(o)
	}
	return b
}

// ReactiveSequence opens a sequence that re-checks, every tick before it
// updates its running child, the conditions (Condition leaves, its direct
// children) that held when it passed them: their tests, not their
// constraints. When one no longer holds, the running child is halted (End
// with Running) and the sequence fails in that tick: "while the enemy is
// in sight, aim, then fire" stops firing the moment the enemy is lost.
// Other earlier children are not re-run or re-checked: to watch a nested
// condition, make it a constraint of the running child.
// Simulated, it is a Sequence that is Impossible while such a condition
// fails.
func (b *Builder[M]) ReactiveSequence(name string, opts ...Option) *Builder[M] {
	if !b.ready() {
		return b
	}
	s := b.openScope(name, KindReactiveSequence)
	for _, o := range opts {
		s.def.option(o)
	}
	return b
}

// Selector opens a simulated selector: it simulates every child, asks the
// heuristic how good each prediction is, and runs the best.
//
// It runs only a child predicted better than Irrelevant. When every child
// is Irrelevant or worse it chooses nothing and fails, with a nil error
// from Tick (a decision, not a fault: the traced decision's Why is
// NothingAcceptable, and trace.Timeline writes "chose nothing" with the
// verdicts that kept each child out). If doing something pointless beats
// doing nothing, give it AllowNegative, or a last child that is Cosmetic
// (an idle, with the Cosmetic leaf option).
func (b *Builder[M]) Selector(name string, opts ...Option) *Builder[M] {
	if !b.ready() {
		return b
	}
	return b.selector(name, KindSelector, opts)
}

// RandomSelector opens a random selector: like Selector, but among the
// children tied for the best it draws by weight (see Weight) from the
// agent's seeded random numbers, and it accepts Irrelevant children.
// Children of weight zero are never simulated. It needs no heuristic:
// without one every child is Irrelevant, and the draw is by weight alone.
func (b *Builder[M]) RandomSelector(name string, opts ...Option) *Builder[M] {
	if !b.ready() {
		return b
	}
	return b.selector(name, KindRandom, opts)
}

func (b *Builder[M]) selector(name string, kind NodeKind, opts []Option) *Builder[M] {
	s := b.openScope(name, kind)
	for _, o := range opts {
		s.def.option(o)
	}
	return b
}

// Parallel opens a parallel: all children begin in the same tick, and
// those still running are updated every tick until the parallel decides,
// which it does as soon as the result is certain. With n children, S
// successes required (1 for SucceedOn(RequireOne), n for RequireAll, the
// default) and F failures required (1 for FailOn(RequireOne), n for
// RequireAll, the default), it checks after every tick, in this order:
//
//	failed >= F                       Failure
//	succeeded >= S                    Success
//	succeeded + still running < S     Failure (success is out of reach)
//	otherwise                         Running
//
// so by default it succeeds when all succeed and fails as soon as one
// fails; SucceedOn(RequireOne) succeeds when one succeeds and fails when
// all fail. Children still running when it decides are halted.
func (b *Builder[M]) Parallel(name string, opts ...Option) *Builder[M] {
	if !b.ready() {
		return b
	}
	s := b.openScope(name, KindParallel)
	for _, o := range opts {
		s.def.option(o)
	}
	return b
}

// Priority opens a classic fallback: children run in order until one does
// not fail. It chooses without simulating, and sticks with the running
// child until it finishes.
func (b *Builder[M]) Priority(name string) *Builder[M] {
	if b.ready() {
		b.openScope(name, KindPriority)
	}
	return b
}

// ReactivePriority opens a fallback that re-checks, every tick before it
// updates its running child, the guards of the children before it: their
// constraints, the test of a Condition leaf, and the Condition leaves a
// sequence begins with (the classic "condition, then action"). The first
// whose guard passes takes over in that tick: the running child is halted
// (End with Running), then that child begins. A child without a guard
// never takes over, since nothing says when it could; a child whose guard
// passes but that then fails at once lets the fallback move on down,
// beginning the interrupted child afresh, so give such children guards
// that say truly when they can run.
//
// Use it for the classic reactivity of behaviour trees, with no
// heuristic: "attack when the enemy is seen, else patrol", where attack
// is guarded by "enemy seen". A Selector with Replan(0) gets the same
// reactivity by planning: it simulates every option each tick and runs
// the best, at the cost of the simulations. Simulated, a reactive
// priority predicts the child a tick would run: the first whose guard
// passes, and otherwise as Priority.
func (b *Builder[M]) ReactivePriority(name string) *Builder[M] {
	if b.ready() {
		b.openScope(name, KindReactivePriority)
	}
	return b
}

// IfElse opens a binary choice: its first child runs when cond holds at
// Begin, its second (optional) otherwise; without a second child it fails
// when cond does not hold.
func (b *Builder[M]) IfElse(name string, cond func(m *M) bool) *Builder[M] {
	if b.ready() {
		b.openScope(name, KindIfElse).def.Test = cond
	}
	return b
}

// Decorate opens a decorator, which must get exactly one child.
func (b *Builder[M]) Decorate(name string, d Decorator[M]) *Builder[M] {
	if b.ready() {
		b.openScope(name, KindDecorator).def.Decorator = d
	}
	return b
}

// Composite opens a custom composite made by f from its children, once for
// each agent. The node drives its children through their Child handles,
// which keep the life cycle. A composite that picks among its children
// should also be a Router, so that Agent.Preview follows the child a tick
// would run rather than its first.
func (b *Builder[M]) Composite(name string, f CompositeFunc[M]) *Builder[M] {
	if b.ready() {
		b.openScope(name, KindComposite).def.Composite = f
	}
	return b
}

// End closes the innermost open composite or decorator.
func (b *Builder[M]) End() *Builder[M] {
	if !b.ready() {
		return b
	}
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
	if b.ready() {
		s := b.add(name, KindAction)
		s.def.Action = action
		s.def.leafOptions(opts)
	}
	return b
}

// Condition adds a leaf that succeeds when test holds and fails otherwise.
// It simulates as Irrelevant when test holds on the scratch memory and
// Impossible when not, unless given SimulateWith.
func (b *Builder[M]) Condition(name string, test func(m *M) bool, opts ...LeafOption) *Builder[M] {
	if b.ready() {
		s := b.add(name, KindCondition)
		s.def.Test = test
		s.def.leafOptions(opts)
	}
	return b
}

// Leaf adds a custom node with no children. Every agent of the tree runs
// the same n: keep what an agent's run of it needs in the memory, or make
// it a Composite, whose factory makes an instance per agent.
func (b *Builder[M]) Leaf(name string, n Node[M]) *Builder[M] {
	if b.ready() {
		b.add(name, KindLeaf).def.Leaf = n
	}
	return b
}

// Plan adds a planner node: the runner of p, such as an htn or goap
// domain, whose children are the steps p plans with. Give it Replan or
// ReplanOn for it to plan again beside a running plan; without them it
// commits to its plan until it ends, fails or stops holding.
func (b *Builder[M]) Plan(name string, p Planner[M], opts ...Option) *Builder[M] {
	if b.ready() {
		s := b.add(name, KindPlanner)
		s.def.Planner = p
		for _, o := range opts {
			s.def.option(o)
		}
	}
	return b
}

// Add adds the subtree d describes, written with the functions of For:
// the way to mix the two forms.
func (b *Builder[M]) Add(d Def[M]) *Builder[M] {
	if b.ready() {
		s := b.add(d.Name, d.Kind)
		s.def = d
	}
	return b
}

// Branch adds the subtree that br builds. Branches may add branches, up
// to MaxBranchDepth deep: a branch that adds itself with no end is
// reported, with the path where it was cut off.
func (b *Builder[M]) Branch(br Branch[M]) *Builder[M] {
	if !b.ready() {
		return b
	}
	switch {
	case br == nil:
		b.scopeError(errors.New("nil branch"))
	case b.branches >= MaxBranchDepth:
		b.scopeError(fmt.Errorf("branches nested more than %d deep: does a branch add itself with no end?", MaxBranchDepth))
	default:
		b.branches++
		br(b)
		b.branches--
	}
	return b
}

// scopeError notes err against the innermost open scope, or the builder.
func (b *Builder[M]) scopeError(err error) {
	if s := b.open[len(b.open)-1]; s != &b.top {
		s.def.errs = append(s.def.errs, err)
	} else {
		b.errs = append(b.errs, err)
	}
}

// nilError describes a nil value that was given for what.
func nilError(what string, v any) error {
	if v == nil {
		return errors.New("nil " + what)
	}
	return fmt.Errorf("nil %s (a nil %T)", what, v)
}

// Constrain attaches constraints to the node the previous call added (a
// leaf, or a composite just opened or just closed).
func (b *Builder[M]) Constrain(cs ...Constraint[M]) *Builder[M] {
	if !b.ready() {
		return b
	}
	if s := b.target("Constrain"); s != nil {
		s.def = s.def.Constrain(cs...)
	}
	return b
}

// Weight sets the odds of the node the previous call added, which must be
// a child of a RandomSelector. Weights are relative (default 1); zero
// means never.
func (b *Builder[M]) Weight(w float64) *Builder[M] {
	if !b.ready() {
		return b
	}
	if s := b.target("Weight"); s != nil {
		s.def = s.def.Odds(w)
	}
	return b
}

// target returns the node the previous call added, or records that there
// is none.
func (b *Builder[M]) target(call string) *draft[M] {
	if b.last == nil {
		b.errs = append(b.errs, fmt.Errorf("%s before any node was added", call))
	}
	return b.last
}

// add records a node in the innermost open scope.
func (b *Builder[M]) add(name string, kind NodeKind) *draft[M] {
	parent := b.open[len(b.open)-1]
	s := &draft[M]{def: Def[M]{Kind: kind, Name: name}, parent: parent}
	parent.children = append(parent.children, s)
	b.last = s
	return s
}

// path returns the node's path, for the errors only a builder finds.
func (s *draft[M]) path() string {
	var at *where
	var chain []*draft[M]
	for p := s; p != nil && p.parent != nil; p = p.parent {
		chain = append(chain, p)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		at = &where{parent: at, label: label(p.def.Name, slices.Index(p.parent.children, p))}
	}
	return at.path()
}

// openScope records a composite and makes it the innermost open scope.
func (b *Builder[M]) openScope(name string, kind NodeKind) *draft[M] {
	s := b.add(name, kind)
	b.open = append(b.open, s)
	return s
}

// Def returns the description the builder holds so far, with the scopes
// still open closed. It is a copy: calls on the builder afterwards change
// nothing in it.
func (b *Builder[M]) Def() Def[M] {
	if !b.ready() || len(b.top.children) == 0 {
		return Def[M]{}
	}
	return b.top.children[0].make()
}

// make returns the Def of the draft and its children.
func (s *draft[M]) make() Def[M] {
	d := s.def
	d.Constraints = slices.Clip(d.Constraints) // a later Constrain cannot reach the copy
	d.errs = slices.Clip(d.errs)
	if len(s.children) > 0 {
		d.Children = make([]Def[M], 0, len(d.Children)+len(s.children))
		d.Children = append(d.Children, s.def.Children...)
		for _, k := range s.children {
			d.Children = append(d.Children, k.make())
		}
	}
	return d
}

// Build checks the whole description and makes the tree. It reports every
// misuse at once, each naming the offending node's path. Calls made on
// the builder afterwards change nothing in the tree it built; Build may
// be called again, after more calls, for a tree with them.
func (b *Builder[M]) Build() (*Tree[M], error) {
	if !b.ready() {
		return nil, errors.New("bt: Build on a nil Builder: start one with New")
	}
	errs := slices.Clip(b.errs)
	for i := len(b.open) - 1; i > 0; i-- {
		errs = append(errs, &decide.Error{Path: b.open[i].path(), Err: errors.New("not closed: add End()")})
	}
	if len(b.top.children) > 1 {
		errs = append(errs, &decide.Error{Path: b.top.children[1].path(),
			Err: errors.New("a second root: a tree has one root; put these nodes under a composite")})
	}
	if len(b.top.children) == 0 {
		return build[M](b.cfg, nil, errs)
	}
	root := b.top.children[0].make()
	return build(b.cfg, &root, errs)
}

// compile lays out what the engine reads on every visit: the hot records
// and the children, each node's together.
func (t *Tree[M]) compile() {
	t.hot = make([]hot[M], len(t.nodes))
	for i := range t.nodes {
		n := &t.nodes[i]
		h := &t.hot[i]
		// A node is run in place when nothing needs its state but whether it
		// runs: it has no constraints, and its parent (if any) is built in.
		// An action that declares how long it takes keeps when it began.
		custody := n.parent >= 0 && t.nodes[n.parent].kind == kindCustom
		inPlace := !n.is(flagGuarded) && !custody && n.takes == 0
		if n.is(flagGuarded) && !n.is(flagTimeless) || custody {
			n.flags |= flagWatched
		}
		reactiveParent := n.parent >= 0 && t.nodes[n.parent].is(flagReactive)
		switch {
		case !inPlace:
		case n.kind == kindInstant, n.kind == kindCondition && !reactiveParent:
			if n.parent >= 0 {
				n.flags |= flagQuiet
			}
		case n.kind == kindAction, n.kind == kindSequence, n.kind == kindPriority, n.kind == kindParallel:
			n.flags |= flagPlain
			if n.kind == kindSequence && !n.is(flagReactive) {
				n.flags |= flagResumable
			}
		}
		if n.seq.loop {
			n.flags |= flagLoop
		}
		if n.seq.allowFailure {
			n.flags |= flagAllowFailure
		}
		h.kind, h.flags, h.action = n.kind, n.flags, n.action
		if n.parent >= 0 && t.nodes[n.parent].kind == kindPriority {
			n.passed = t.guardText(int32(i))
		}
	}
	first := make([]int, len(t.nodes))
	for i := range t.nodes { // each node's children, together in t.slots
		first[i] = len(t.slots)
		for _, k := range t.nodes[i].kids {
			t.slots = append(t.slots, t.slotOf(k))
		}
	}
	t.root = t.slotOf(0)
	for i := range t.nodes {
		n := len(t.nodes[i].kids)
		t.hot[i].kids = t.slots[first[i] : first[i]+n : first[i]+n]
	}
}

// slotOf returns node k as its parent runs it.
func (t *Tree[M]) slotOf(k int32) slot[M] {
	kn := &t.nodes[k]
	o := slot[M]{node: k, begin: loc(k, opBegin), flags: kn.flags}
	switch kn.kind {
	case kindInstant:
		o.run = kn.run
	case kindCondition:
		o.run = kn.test
	case kindAction:
		if kn.is(flagPlain) {
			o.action = kn.action
		}
	}
	return o
}

// learn reads from the custom nodes made for a prototype agent what the
// tree needs to know of them: their settings' errors, their goals, whether
// they route previews, their descriptions.
func (t *Tree[M]) learn(proto *Agent[M], errs *[]error) {
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.kind != kindCustom {
			continue
		}
		fail := func(err error) { *errs = append(*errs, &decide.Error{Path: t.pathOf(int32(i)), Err: err}) }
		made := proto.custom[n.custom]
		if v, ok := made.(Validator); ok && len(n.kids) > 0 { // leaves were checked when added
			if err := v.Validate(); err != nil {
				fail(err)
			}
		}
		if g, ok := made.(GoalNode[M]); ok {
			if n.goal = g.Goal(); nilness.Of(n.goal) {
				fail(errors.New("a nil goal: give the subtree a heuristic"))
			}
			n.flags |= flagGoal
		}
		if _, ok := made.(Router[M]); ok {
			n.flags |= flagRouter
		}
		if d, ok := made.(Describer); ok {
			n.detail = d.Describe()
		}
	}
}
