package bt

// A Decorator makes the node that wraps a single child: the agent's
// instance of it, with a handle on the agent's child. It is called once at
// Build, to check its settings (an error is reported with the node's
// path), and once for every agent the tree makes.
type Decorator[M any] func(child *Child[M]) (Node[M], error)

// A CompositeFunc makes a custom composite from its children, for
// Builder.Composite: like a Decorator, once at Build and once per agent.
type CompositeFunc[M any] func(children []*Child[M]) (Node[M], error)

// A Builder writes a tree as nested calls, each of which describes a
// node and returns its Def. gofmt keeps each child indented under its
// parent, and the closing parentheses close the composites, so the code
// reads like the tree:
//
//	b := bt.New[World]()
//	tree, err := bt.Build(bt.Config[World]{Heuristic: goal},
//		b.Selector("guard", bt.Replan(0),
//			b.Do("attack", attack).Constrain(inReach),
//			b.Do("chase", chase).Constrain(seen),
//			b.Do("patrol", patrol, bt.Cosmetic()),
//		),
//	)
//
// A composite takes its children and its options (Replan, Loop, ...) in
// any order after its name; a leaf takes its options after its value;
// Def.Constrain adds a node's constraints, and Def.With options to a node
// whose method takes none. A piece of behaviour used in many trees is a
// function that returns a Def. A Builder holds nothing: its zero value is
// ready, and it is bound to the memory type M only so that a tree names M
// once. Misuse does not panic: Build reports every problem at once, each
// with the path of its node, as in "guard/attack: nil action".
type Builder[M any] struct{}

// New returns a Builder of trees over the memory type M.
func New[M any]() Builder[M] { return Builder[M]{} }

// Sequence describes a sequence: children run in order, and it fails as soon
// as one fails.
func (Builder[M]) Sequence(name string, parts ...Part) Def[M] {
	return composite[M](KindSequence, name, parts)
}

// ReactiveSequence describes a sequence that re-checks, every tick before it
// updates its running child, the conditions (Condition leaves, its direct
// children) that held when it passed them: their tests, not their
// constraints. When one no longer holds, the running child is halted (End
// with Running) and the sequence fails in that tick: "while the enemy is
// in sight, aim, then fire" stops firing the moment the enemy is lost.
// Other earlier children are not re-run or re-checked: to watch a nested
// condition, make it a constraint of the running child.
// Simulated, it is a Sequence that is Impossible while such a condition
// fails.
func (Builder[M]) ReactiveSequence(name string, parts ...Part) Def[M] {
	return composite[M](KindReactiveSequence, name, parts)
}

// Selector describes a simulated selector: it simulates every child, asks the
// heuristic how good each prediction is, and runs the best.
//
// It runs only a child predicted better than Irrelevant. When every child
// is Irrelevant or worse it chooses nothing and fails, with a nil error
// from Tick (a decision, not a fault: the traced decision's Why is
// NothingAcceptable, and trace.Timeline writes "chose nothing" with the
// verdicts that kept each child out). If doing something pointless beats
// doing nothing, give it AllowNegative, or a last child that is Cosmetic
// (an idle, given the Cosmetic option).
func (Builder[M]) Selector(name string, parts ...Part) Def[M] {
	return composite[M](KindSelector, name, parts)
}

// RandomSelector describes a random selector: like Selector, but among the
// children tied for the best it draws by weight (see Weight) from the
// agent's seeded random numbers, and it accepts Irrelevant children.
// Children of weight zero are never simulated. It needs no heuristic:
// without one every child is Irrelevant, and the draw is by weight alone.
func (Builder[M]) RandomSelector(name string, parts ...Part) Def[M] {
	return composite[M](KindRandom, name, parts)
}

// Parallel describes a parallel: all children begin in the same tick, and
// those still running are updated every tick until the parallel decides,
// which it does as soon as the result is certain. With n children, S
// successes required (1 with SucceedOnOne, n by default) and F failures
// required (1 with FailOnOne, n by default), it checks after every tick, in this order:
//
//	failed >= F                       Failure
//	succeeded >= S                    Success
//	succeeded + still running < S     Failure (success is out of reach)
//	otherwise                         Running
//
// so by default it succeeds when all succeed and fails as soon as one
// fails; SucceedOnOne succeeds when one succeeds and fails when
// all fail. Children still running when it decides are halted.
func (Builder[M]) Parallel(name string, parts ...Part) Def[M] {
	return composite[M](KindParallel, name, parts)
}

// Priority describes a classic fallback: children run in order until one does
// not fail. It chooses without simulating, and sticks with the running
// child until it finishes.
func (Builder[M]) Priority(name string, children ...Def[M]) Def[M] {
	return Def[M]{Kind: KindPriority, Name: name, Children: children}
}

// ReactivePriority describes a fallback that re-checks, every tick before it
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
func (Builder[M]) ReactivePriority(name string, children ...Def[M]) Def[M] {
	return Def[M]{Kind: KindReactivePriority, Name: name, Children: children}
}

// IfElse describes a binary choice: its first child runs when cond holds at
// Begin, its second (optional) otherwise; without a second child it fails
// when cond does not hold.
func (Builder[M]) IfElse(name string, cond func(m *M) bool, then Def[M], otherwise ...Def[M]) Def[M] {
	return Def[M]{Kind: KindIfElse, Name: name, Value: cond, Children: append([]Def[M]{then}, otherwise...)}
}

// Decorate describes a decorator, which must get exactly one child.
func (Builder[M]) Decorate(name string, d Decorator[M], child Def[M]) Def[M] {
	return Def[M]{Kind: KindDecorator, Name: name, Value: d, Children: []Def[M]{child}}
}

// Composite describes a custom composite made by f from its children, once for
// each agent. The node drives its children through their Child handles,
// which keep the life cycle. A composite that picks among its children
// should also have a Route method (see Node), so that Agent.Preview follows the child a tick
// would run rather than its first.
func (Builder[M]) Composite(name string, f CompositeFunc[M], children ...Def[M]) Def[M] {
	return Def[M]{Kind: KindComposite, Name: name, Value: f, Children: children}
}

// Do describes a leaf that runs action.
func (Builder[M]) Do(name string, action Action[M], opts ...Option) Def[M] {
	return Def[M]{Kind: KindAction, Name: name, Value: action, Options: opts}
}

// Condition describes a leaf that succeeds when test holds and fails otherwise.
// It simulates as Irrelevant when test holds on the scratch memory and
// Impossible when not, unless given SimulateWith.
func (Builder[M]) Condition(name string, test func(m *M) bool, opts ...Option) Def[M] {
	return Def[M]{Kind: KindCondition, Name: name, Value: test, Options: opts}
}

// Plan describes a planner node, which runs the plans of p: an htn or
// goap domain, or an fsm machine. Its children are the steps p plans
// with (see Planner). Give it Replan or ReplanOn for it to plan again
// beside a running plan; without them it commits to its plan until it
// ends, fails or stops holding.
func (Builder[M]) Plan(name string, p Planner[M], opts ...Option) Def[M] {
	return Def[M]{Kind: KindPlanner, Name: name, Value: p, Options: opts}
}

// Leaf describes a custom node with no children. Every agent of the tree runs
// the same n, keeping what its run needs in the memory, unless n has a
// method NewInstance() (Node[M], error) (see Node): then each agent runs
// an instance of its own, which may keep that agent's state (and save it:
// see StateWriter).
func (Builder[M]) Leaf(name string, n Node[M]) Def[M] {
	return Def[M]{Kind: KindLeaf, Name: name, Value: n}
}
