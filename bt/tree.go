package bt

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// Config sets up a tree. The zero Config is valid for trees without
// simulated selectors.
type Config[M any] struct {
	// Heuristic judges predictions; it is the agents' goal. Required when
	// the tree has a simulated Selector (a RandomSelector can do without).
	// Agent.SetHeuristic replaces it for one agent.
	Heuristic heuristic.Heuristic[M]
	// Copy copies src into dst reusing dst's storage. Nil means plain
	// assignment, which is right for value memories without slices or maps
	// (Build refuses a memory type that plain assignment would share).
	Copy func(dst, src *M)
	// Model advances a memory by simulated time (see Sim.Advance).
	Model func(m *M, dt time.Duration)
	// Terminal reports a memory from which nothing more can happen (the
	// agent died); sequences stop simulating there.
	Terminal func(m *M) bool
}

// A Tree is a built behaviour tree: an immutable definition that any
// number of agents share. It is safe for concurrent use. Each agent keeps
// its own running state in an Agent (see NewAgent); a Crowd ticks many
// agents of one tree per frame across workers.
//
// A tree is laid out as flat records in depth-first order, and its
// built-in composites run as loops over their children: the records are
// read, never written, while agents tick.
type Tree[M any] struct {
	cfg   Config[M]
	hot   []hot[M]                 // what the engine reads to run each node, compact
	slots []slot[M]                // every node's children, each node's together
	root  slot[M]                  // the root, as its caller runs it
	nodes []node[M]                // depth first, root first
	paths []atomic.Pointer[string] // made on first use: see pathOf
	// needsHeuristic names a simulated selector, which cannot do without
	// a heuristic; empty when there is none.
	needsHeuristic string
	customs        int    // nodes an agent holds an instance of
	handles        int    // children of those, which get a Child handle
	selectors      int    // nodes that keep decisions (selectors and priorities)
	candidates     int    // the children of those, for candidate buffers
	watches        int    // deciders with a ReplanOnChange key, for Agent.keys
	fingerprint    uint64 // its shape, hashed: see fingerprintOf
}

// hot is what the engine reads of a node on every visit, packed so that a
// tree's nodes share few cache lines.
type hot[M any] struct {
	kind   kind
	flags  nodeFlags
	kids   []slot[M] // its children, a slice of Tree.slots
	action Action[M] // actions
}

// A slot is a child as its parent runs it: which node, and what the parent
// needs to run a quiet leaf in place without looking further.
type slot[M any] struct {
	run    func(*M) bool // a quiet leaf's function (flagQuiet)
	action Action[M]     // a plain action (flagPlain)
	node   int32
	begin  location // where a panic in its Begin is pinned: loc(node, opBegin)
	flags  nodeFlags
}

// node is one node of a tree's definition. Its fields are set by Build
// and only read afterwards.
type node[M any] struct {
	kind   kind
	flags  nodeFlags
	parent int32
	kids   []int32 // children, by index in Tree.nodes

	// leaves
	action    Action[M]
	run       func(*M) bool // instant actions
	effect    func(*M)
	test      func(*M) bool // conditions
	whenTrue  string
	whenFalse string
	simulate  func(*Sim[M], *M) heuristic.Verdict
	lift      lift
	takes     time.Duration // actions: how long a run takes, when declared (Takes)

	// composites
	seq      sequenceConfig
	sel      selectorConfig
	par      parallelConfig
	cond     func(*M) bool   // if/else
	when     func(*M) bool   // deciders: ReplanOn's test
	watch    func(*M) uint64 // deciders: ReplanOnChange's key
	seen     int32           // deciders with a key: slot in Agent.keys
	weights  []float64       // random selectors: the children's weights
	selector int32           // selectors and priorities: slot in the agent's decision buffers
	passed   string          // children of priorities: the guard that passed, in words (see guardText)

	// custom nodes: an instance per agent
	make   func(kids []*Child[M]) (Node[M], error)
	custom int32 // slot in Agent.custom
	handle int32 // where its children's handles start in Agent.handles
	goal   heuristic.Heuristic[M]
	domain domainDescriber // planners that describe themselves

	constraints []Constraint[M]
	name        string
	kindName    NodeKind
	detail      string
	weight      float64
	key         uint64 // the path hashed: keys the node's random numbers
}

// kind says how the engine runs a node.
type kind uint8

const (
	kindAction    kind = iota // an Action value
	kindInstant               // bt.Instant: its functions, called directly
	kindCondition             // Builder.Condition
	kindSequence
	kindSelector
	kindParallel
	kindPriority
	kindIfElse
	kindCustom // a Node of the user's: a decorator, a composite or a leaf
	kindWait   // bt.Wait: an action whose time the engine counts
)

// nodeFlags are a node's static properties.
type nodeFlags uint16

const (
	flagGuarded  nodeFlags = 1 << iota // it has constraints
	flagReactive                       // a reactive sequence or priority
	flagRandom                         // a random selector
	flagRouter                         // a custom node that routes previews
	flagGoal                           // a custom node with a goal of its own
	// flagQuiet marks an instant action or a condition that is unguarded
	// and whose parent is built in and not reactive: nothing reads its
	// state, and it has no End, so its parent runs it in place, with one
	// call (hot.run).
	flagQuiet
	// flagPlain marks an unguarded action, sequence, priority or parallel
	// whose parent (if any) is built in: nothing needs its state but
	// whether it runs, so its parent runs it in place (see runPlain).
	flagPlain
	flagLoop         // a sequence that loops
	flagAllowFailure // a sequence that allows failure
	// flagResumable marks a plain sequence that is not reactive: when it
	// runs an action under way, a parent updates the action in place.
	flagResumable
	// flagWatched marks a node whose Situation someone may read in time
	// (it has constraints that read time, or a custom node holds its
	// handle): a prediction notes when it finishes (Sim.Ran), so
	// that the node's constraints judged later in the prediction know it
	// ran.
	flagWatched
	// flagTimeless marks a node whose constraints are all timeless (see
	// Constraint and traits.Timeless): a prediction checks them as it
	// would now.
	flagTimeless
)

func (n *node[M]) is(f nodeFlags) bool { return n.flags&f != 0 }

// pathOf returns the path of node i, made on first use: a tree of depth d
// would otherwise hold d²/2 bytes of paths. Safe for concurrent use.
func (t *Tree[M]) pathOf(i int32) string {
	if p := t.paths[i].Load(); p != nil {
		return *p
	}
	size := -1
	for j := i; j >= 0; j = t.nodes[j].parent {
		size += len(t.nodes[j].name) + 1
	}
	b := make([]byte, size)
	for j := i; j >= 0; j = t.nodes[j].parent {
		size -= len(t.nodes[j].name)
		copy(b[size:], t.nodes[j].name)
		if size > 0 {
			size--
			b[size] = '/'
		}
	}
	p := string(b)
	t.paths[i].CompareAndSwap(nil, &p)
	return *t.paths[i].Load()
}

// find returns the index of the node at path, or -1.
func (t *Tree[M]) find(path string) int32 {
	if t == nil || len(t.nodes) == 0 {
		return -1
	}
	name, rest, more := strings.Cut(path, "/")
	if t.nodes[0].name != name {
		return -1
	}
	i := int32(0)
	for more {
		name, rest, more = strings.Cut(rest, "/")
		next := int32(-1)
		for _, k := range t.nodes[i].kids {
			if t.nodes[k].name == name {
				next = k
				break
			}
		}
		if next < 0 {
			return -1
		}
		i = next
	}
	return i
}

// goal returns the tree's heuristic, the one its agents judge by unless
// one was given its own.
func (t *Tree[M]) goal() heuristic.Heuristic[M] {
	if t == nil {
		return nil
	}
	return t.cfg.Heuristic
}

// valid reports whether t was made by Build.
func (t *Tree[M]) valid() bool { return t != nil && len(t.nodes) > 0 }

// String is implemented in dump.go; fmt verbs use it.
var _ fmt.Stringer = (*Tree[int])(nil)
