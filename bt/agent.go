package bt

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

// An Agent is one agent's running state in a Tree: which nodes run, their
// timers, cooldowns and quarantines, its clock, seed, heuristic and
// tracer, and an instance of each of the tree's custom nodes. Tick it once
// per frame with the agent's memory. An Agent is small: the tree it runs
// is shared.
//
// An Agent is not safe for concurrent use: tick each from one goroutine at
// a time (many agents on many goroutines are fine, and a Crowd does it for
// you). Its own Tick, Halt and Preview use scratch memories it makes on
// first use; a Crowd's workers bring their own instead, so that agents
// ticked only by a crowd hold none.
type Agent[M any] struct {
	tree         *Tree[M]
	st           []nodeState
	custom       []Node[M]
	keys         []uint64 // the ReplanOnChange key each such decider saw at its last tick
	handles      []Child[M]
	selves       []Child[M] // the handles nodes with a Bind method got on themselves, one per custom node
	clock        time.Duration
	ticks        uint64
	seed         uint64
	heuristic    heuristic.Heuristic[M] // nil: the tree's
	heuristicGen uint64                 // counts SetHeuristic calls
	tracer       Tracer
	status       Status      // what the root last returned
	sched        schedule    // its place in a crowd's frames: see SetRate, Sleep, Wake
	work         uint32      // the work its last tick did: see Work
	quarantines  int         // how many nodes are quarantined
	own          *scratch[M] // for the agent's own calls; made on first use
	run          *scratch[M] // the scratch ticking it now, or nil
	writer       StateWriter // lent to custom nodes by a save

	// A crowd's frame stamps each agent it is given (frame) before it
	// ticks any, and marks one it finds twice (twice), so that such an
	// agent is ticked at none of its indices.
	frame, twice atomic.Uint64
}

// nodeState is an agent's state of one node.
type nodeState struct {
	lastEnd   time.Duration // when it last ended, with stHasRun
	decidedAt time.Duration // selectors: when they last decided; actions that declare Takes: when they began
	current   int32         // composites: the child running, or next (index into kids); -1 for none
	lastEnded int32         // selectors: the child that ended last, or -1
	flags     uint8
	ended     Status // the status it last ended with
	result    Status // under a parallel: how it finished in the parallel's run, or Running
}

// The flags of a nodeState.
const (
	stRunning     uint8 = 1 << iota // begun and not yet ended
	stHasRun                        // it has ended at least once
	stQuarantined                   // its own code panicked: it no longer runs
)

func (st *nodeState) running() bool { return st.flags&stRunning != 0 }

// NewAgent makes an agent that runs the tree, its random numbers seeded by
// seed: agents of one tree with different seeds decide differently where
// chance plays a part, and the same seed, memory and steps give the same
// decisions. It calls the factory of each of the tree's custom nodes (a
// decorator, a custom composite) to make the agent's instance; an error
// from one is returned with the node's path.
func (t *Tree[M]) NewAgent(seed uint64) (*Agent[M], error) {
	if !t.valid() {
		return nil, ErrNotBuilt
	}
	a := &Agent[M]{tree: t, seed: seed}
	a.st = make([]nodeState, len(t.nodes))
	for i := range a.st {
		a.st[i].current, a.st[i].lastEnded = -1, -1
	}
	if t.watches > 0 {
		a.keys = make([]uint64, t.watches)
	}
	if t.customs > 0 {
		if err := a.makeCustom(); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// makeCustom makes the agent's instances of the tree's custom nodes, each
// with handles on its children.
func (a *Agent[M]) makeCustom() error {
	t := a.tree
	a.custom = make([]Node[M], t.customs)
	a.handles = make([]Child[M], t.handles)
	a.selves = make([]Child[M], t.customs)
	var errs []error
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.kind != kindCustom {
			continue
		}
		kids := make([]*Child[M], len(n.kids))
		for j, k := range n.kids {
			h := &a.handles[int(n.handle)+j]
			h.agent, h.index = a, k
			kids[j] = h
		}
		node, err := makeNode(n.make, kids)
		switch {
		case err != nil:
			errs = append(errs, &decide.Error{Path: t.pathOf(int32(i)), Err: err})
		case nilness.Of(node):
			errs = append(errs, &decide.Error{Path: t.pathOf(int32(i)), Err: errors.New("made a nil node")})
		}
		a.custom[n.custom] = node
		if b, ok := node.(binder[M]); ok {
			self := &a.selves[n.custom]
			self.agent, self.index = a, int32(i)
			b.Bind(self)
		}
	}
	return errors.Join(errs...)
}

// makeNode calls a custom node's factory, turning a panic into an error.
func makeNode[M any](make func([]*Child[M]) (Node[M], error), kids []*Child[M]) (n Node[M], err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = nil, fmt.Errorf("its factory panicked: %v", r)
		}
	}()
	return make(kids)
}

// The accessors below are safe on a nil or zero Agent, which reports
// nothing: zero values and nil.

// Tree returns the tree the agent runs.
func (a *Agent[M]) Tree() *Tree[M] {
	if a == nil {
		return nil
	}
	return a.tree
}

// Now returns the agent's clock: the sum of the time steps it was ticked
// with, each with the time of the frames a crowd passed it over in before
// it (SetRate, Sleep, a budget). The frames passed over since its last
// tick count from its next tick (or Preview), which takes them.
func (a *Agent[M]) Now() time.Duration {
	if a == nil {
		return 0
	}
	return a.clock
}

// Ticks returns how many times the agent has been ticked.
func (a *Agent[M]) Ticks() uint64 {
	if a == nil {
		return 0
	}
	return a.ticks
}

// Running reports whether the root is running.
func (a *Agent[M]) Running() bool { return a != nil && a.st != nil && a.st[0].running() }

// SetTracer replaces the agent's tracer (nil: none) from the next event
// on. Call it between ticks: tracing changes nothing the agent does, so it
// may be switched on, off or swapped at any time. A tracer that panics is
// switched off, and the panic reported by the call (Tick, Halt) as a
// plain error: a broken tool never breaks the game. It does nothing on a
// nil Agent.
func (a *Agent[M]) SetTracer(tr Tracer) {
	if a != nil {
		a.tracer = tr
	}
}

// goal returns the heuristic the agent judges by: its own, or the
// tree's (subtrees under a decorators.Goal judge by theirs).
func (a *Agent[M]) goal() heuristic.Heuristic[M] {
	switch {
	case a == nil:
		return nil
	case a.heuristic != nil:
		return a.heuristic
	}
	return a.tree.goal()
}

// SetHeuristic gives the agent a goal of its own in place of the tree's
// (a defensive mode); nil goes back to the tree's. It takes effect at the
// next judgement, and may be called between ticks or from inside an
// action. A typed nil (a nil heuristic.Func) is refused. (Going back to
// the tree's is always safe: Build refuses a tree whose simulated
// selectors have no heuristic to judge by.)
func (a *Agent[M]) SetHeuristic(h heuristic.Heuristic[M]) error {
	if a == nil || a.st == nil {
		return errNoAgent
	}
	if h != nil && nilness.Of(h) {
		return fmt.Errorf("bt: the heuristic is a nil %T", h)
	}
	a.heuristic = h
	a.heuristicGen++
	if a.run != nil {
		a.run.ctx.setHeuristic(a.goal())
	}
	return nil
}

// Quarantined returns the paths of the nodes quarantined after a panic in
// their own code, in tree order.
func (a *Agent[M]) Quarantined() []string {
	if a == nil {
		return nil
	}
	var out []string
	for i := range a.st {
		if a.st[i].flags&stQuarantined != 0 {
			out = append(out, a.tree.pathOf(int32(i)))
		}
	}
	return out
}

// LiftQuarantine lets the node at path run again, once the game has dealt
// with what made it panic. Lifting the quarantine of a node that is not
// quarantined does nothing; an unknown path is an error.
func (a *Agent[M]) LiftQuarantine(path string) error {
	if a == nil || a.st == nil {
		return errNoAgent
	}
	i := a.tree.find(path)
	if i < 0 {
		return fmt.Errorf("bt: no node %q in the tree", path)
	}
	if a.st[i].flags&stQuarantined != 0 {
		a.st[i].flags &^= stQuarantined
		a.quarantines--
	}
	return nil
}

// Tick advances the agent's clock by dt (and by the time of the crowd
// frames that passed it over since its last tick) and runs one tick: the
// root begins
// if it is not running (a finished tree begins afresh), else it is
// updated. It returns the root's status.
//
// The error reports faults in user code, as *PanicError and *decide.Error
// values joined together. A node returning an invalid status or outcome
// fails and the tick goes on. A panic abandons the tick, as a panic must:
//
//   - when a node's own code panicked (its Begin, Update, End, Simulate or
//     a constraint on it), that node is ended with Failure and
//     quarantined: from then on it fails at Begin and simulates as
//     Impossible, so the agent works around it, until LiftQuarantine;
//   - when a callback of the whole tree panicked (Config.Copy, Model,
//     Terminal, or the heuristic in force), no node is to blame and none
//     is quarantined;
//   - either way every node still running is halted, deepest first, Tick
//     returns Failure and a *PanicError, and the next Tick begins afresh.
//
// A step of zero is a tick in which no time passes; a huge step is taken
// as it comes. A nil memory, a negative dt, a step that would overflow the
// clock, or a re-entrant call is refused with Failure and ErrNilMemory,
// ErrNegativeStep, ErrClockOverflow or ErrReentrant, and changes nothing.
//
// A tick whose selectors all find their options unacceptable returns
// Failure with a nil error: that is a decision, not a fault; the traced
// decision says why (see Why NothingAcceptable).
func (a *Agent[M]) Tick(m *M, dt time.Duration) (Status, error) {
	if a == nil || a.st == nil {
		return Failure, errNoAgent
	}
	return a.scratch().tick(a, m, dt)
}

// Halt interrupts the agent: every running node is ended, deepest first,
// with End(m, Running). The next Tick begins afresh. A panic in an End is
// reported and handled as in Tick; the other nodes are still ended.
func (a *Agent[M]) Halt(m *M) error {
	if a == nil || a.st == nil {
		return errNoAgent
	}
	return a.scratch().halt(a, m)
}

// scratch returns the agent's own scratch, made on first use.
func (a *Agent[M]) scratch() *scratch[M] {
	if a.own == nil {
		a.own = newScratch(a.tree)
	}
	return a.own
}
