package bt

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// Config sets up a tree. The zero Config is valid for trees without
// simulated selectors.
type Config[M any] struct {
	// Heuristic judges predictions; it is the agent's goal. Required when
	// the tree has a simulated Selector. SetHeuristic replaces it later.
	Heuristic heuristic.Heuristic[M]
	// Copy copies src into dst reusing dst's storage. Nil means plain
	// assignment, which is right for value memories without slices or maps.
	Copy func(dst, src *M)
	// Model advances a memory by simulated time (see sim.Context.Advance).
	Model func(m *M, dt time.Duration)
	// Terminal reports a memory from which nothing more can happen (the
	// agent died); sequences stop simulating there.
	Terminal func(m *M) bool
	// Seed seeds the tree's random source. Same tree, same seed, same
	// inputs: the same decisions.
	Seed uint64
	// Tracer, when set, receives the tree's events.
	Tracer Tracer
}

// A Tree runs a behaviour tree for one agent: Tick it once per frame with
// the agent's memory. A tree is not safe for concurrent use: ticking one
// tree from two goroutines at once is a data race. Give every agent a tree
// of its own (building is cheap) and tick each from one goroutine at a
// time; many trees on many goroutines are fine. Its shape cannot change
// once built: only the heuristic and the tracer can be replaced.
//
// The zero Tree is not usable: its methods return ErrNotBuilt. Make trees
// with a Builder.
type Tree[M any] struct {
	root   *Child[M]
	nodes  []*Child[M] // depth first, root first
	ctx    *sim.Context[M]
	clock  sim.Clock
	seed   uint64
	tracer Tracer
	goal   heuristic.Heuristic[M] // the tree's own heuristic

	// needsHeuristic names a simulated selector, which cannot do without
	// a heuristic; empty when there is none.
	needsHeuristic string

	ticks   uint64 // Ticks so far
	session uint64 // one per call of Tick, Halt or Preview
	key     uint64 // the decision key of the call under way (see rand.go)
	draws   uint64 // numbers drawn outside any node in this call
	busy    bool   // inside Tick, Halt or Preview
	errs    []error
	event   Event

	// at says which node's code is running and what it is doing, so a
	// panic can be pinned on it without a deferred recover in every node.
	// It packs the node's index and an op into an integer: storing it costs
	// no write barrier on the hot path.
	at location
}

// A location is a node index and an op, packed; zero means no node.
type location uint32

func (l location) node() int32 { return int32(l>>3) - 1 }
func (l location) op() op      { return op(l & 7) }

// op is what a node is doing when it is called. The order matters: a
// child may be ticked only from ops before opEnd, and halted only from
// ops before opSimulate.
type op uint8

const (
	opNone op = iota
	opBegin
	opUpdate
	opEnd
	opSimulate
	opConstraint
)

var opNames = [...]string{"", "Begin", "Update", "End", "Simulate", "constraint"}

// enter records that c is about to run o and returns where the tree was,
// for the caller to restore.
func (t *Tree[M]) enter(c *Child[M], o op) location {
	prev := t.at
	t.at = location(c.index+1)<<3 | location(o)
	return prev
}

func newTree[M any](cfg Config[M]) *Tree[M] {
	t := &Tree[M]{seed: cfg.Seed, tracer: cfg.Tracer, goal: cfg.Heuristic}
	t.ctx = sim.New(sim.Config[M]{
		Heuristic: cfg.Heuristic,
		Copy:      cfg.Copy,
		Model:     cfg.Model,
		Terminal:  cfg.Terminal,
		Clock:     &t.clock,
		Rand:      rand.New(source[M]{t}),
	})
	return t
}

// Tick advances the tree's clock by dt and runs one tick: the root begins
// if it is not running (a finished tree begins afresh), else it is updated.
// It returns the root's status.
//
// The error reports faults in user code, as *PanicError and *NodeError
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
// A Tick whose tree has nothing to decide but selectors that all find
// their options unacceptable returns Failure with a nil error: that is a
// decision, not a fault (see Selector, and EventDecision for why).
func (t *Tree[M]) Tick(m *M, dt time.Duration) (status Status, err error) {
	if err := t.open(m); err != nil {
		return Failure, err
	}
	if err := t.step(dt); err != nil {
		t.busy = false
		return Failure, err
	}
	t.clock.Advance(dt)
	t.ticks++
	t.key = decisionKey(t.seed, t.ticks)
	defer func() {
		if r := recover(); r != nil {
			t.recoverLive(r, debug.Stack(), m)
			status = Failure
		}
		err = t.leave()
	}()
	return t.root.Tick(m, dt), nil
}

// step checks a time step.
func (t *Tree[M]) step(dt time.Duration) error {
	switch {
	case dt < 0:
		return fmt.Errorf("%w: %v", ErrNegativeStep, dt)
	case dt > math.MaxInt64-t.clock.Now():
		return fmt.Errorf("%w: %v after %v", ErrClockOverflow, dt, t.clock.Now())
	}
	return nil
}

// Halt interrupts the tree: every running node is ended, deepest first,
// with End(m, Running). The next Tick begins afresh. A panic in an End is
// reported and handled as in Tick; the other nodes are still ended.
func (t *Tree[M]) Halt(m *M) (err error) {
	if err := t.open(m); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			t.recoverLive(r, debug.Stack(), m)
		}
		err = t.leave()
	}()
	t.root.Halt(m)
	return nil
}

// recoverLive handles a panic that escaped user code during Tick or Halt.
func (t *Tree[M]) recoverLive(r any, stack []byte, m *M) {
	bad := t.fault(r, stack, true)
	for range t.nodes { // each failed attempt ends at least one more node
		if t.cleanUp(m, bad) {
			return
		}
		bad = nil
	}
}

// fault records the panic r against whatever was running and returns the
// node to blame, if any. The scratch stack and subtree goals are reset;
// with quarantine, a node whose own code panicked never runs again.
func (t *Tree[M]) fault(r any, stack []byte, quarantine bool) *Child[M] {
	var c *Child[M]
	if i := t.at.node(); i >= 0 && int(i) < len(t.nodes) {
		c = t.nodes[i]
	}
	o, callback := t.at.op(), t.ctx.Calling()
	t.at = 0
	t.ctx.Reset()
	err := &PanicError{Path: "(tree)", Method: opNames[o], Value: r, Stack: stack}
	if callback != sim.NoCallback {
		err.Callback = callback.String()
	}
	if c != nil {
		err.Path = c.Path()
	}
	t.errs = append(t.errs, err)
	t.traceFault(err.Path, err.Error())
	if callback != sim.NoCallback {
		return nil // a callback of the whole tree: no node is to blame
	}
	if c != nil && quarantine {
		c.quarantined = true
	}
	return c
}

// cleanUp ends the node that panicked with Failure and halts every other
// running node. It reports false if an End panicked on the way; that node
// already counts as ended, so trying again progresses.
func (t *Tree[M]) cleanUp(m *M, bad *Child[M]) (done bool) {
	defer func() {
		if r := recover(); r != nil {
			t.fault(r, debug.Stack(), true)
			done = false
		}
	}()
	if bad != nil && bad.running {
		bad.finish(m, Failure)
	}
	t.root.Halt(m)
	return true
}

// Quarantined returns the paths of the nodes quarantined after a panic in
// their own code, in tree order.
func (t *Tree[M]) Quarantined() []string {
	if t == nil {
		return nil
	}
	var out []string
	for _, c := range t.nodes {
		if c.quarantined {
			out = append(out, c.Path())
		}
	}
	return out
}

// LiftQuarantine lets the node at path run again, once the game has dealt
// with what made it panic. Lifting the quarantine of a node that is not
// quarantined does nothing; an unknown path is an error.
func (t *Tree[M]) LiftQuarantine(path string) error {
	if t == nil || t.root == nil {
		return ErrNotBuilt
	}
	c := t.find(path)
	if c == nil {
		return fmt.Errorf("bt: no node %q in the tree", path)
	}
	c.quarantined = false
	return nil
}

// find returns the node at path, or nil.
func (t *Tree[M]) find(path string) *Child[M] {
	name, rest, more := strings.Cut(path, "/")
	c := t.root
	if c.name != name {
		return nil
	}
	for more {
		name, rest, more = strings.Cut(rest, "/")
		var next *Child[M]
		for _, k := range c.children {
			if k.name == name {
				next = k
				break
			}
		}
		if next == nil {
			return nil
		}
		c = next
	}
	return c
}

// Running reports whether the root is running.
func (t *Tree[M]) Running() bool { return t != nil && t.root != nil && t.root.running }

// Now returns the tree's clock: the sum of the time steps it was ticked
// with.
func (t *Tree[M]) Now() time.Duration { return t.clock.Now() }

// Ticks returns how many times the tree has been ticked.
func (t *Tree[M]) Ticks() uint64 { return t.ticks }

// Seed returns the seed the tree was built with.
func (t *Tree[M]) Seed() uint64 { return t.seed }

// SetTracer replaces the tracer (nil: none) from the next event on. Call it
// between ticks: tracing changes nothing the tree does, so it may be
// switched on, off or swapped at any time, as when a tool needs the built
// tree's Nodes before it can follow it.
func (t *Tree[M]) SetTracer(tr Tracer) { t.tracer = tr }

// Heuristic returns the tree's own heuristic (subtrees under a
// decorators.Goal judge by theirs).
func (t *Tree[M]) Heuristic() heuristic.Heuristic[M] { return t.goal }

// SetHeuristic replaces the tree's goal. It takes effect at the next
// judgement, and may be called between ticks or from inside an action.
// A nil heuristic (or a typed nil, such as a nil heuristic.Func) is
// refused when the tree has a simulated selector, which cannot choose
// without one.
func (t *Tree[M]) SetHeuristic(h heuristic.Heuristic[M]) error {
	if t == nil || t.root == nil {
		return ErrNotBuilt
	}
	if err := checkHeuristic(h, t.needsHeuristic); err != nil {
		return err
	}
	t.goal = h
	t.ctx.SetHeuristic(h)
	return nil
}

// open starts a call from outside: Tick, Halt or Preview.
func (t *Tree[M]) open(m *M) error {
	switch {
	case t == nil || t.root == nil:
		return ErrNotBuilt
	case t.busy:
		return ErrReentrant
	case m == nil:
		return ErrNilMemory
	}
	t.busy = true
	t.session++
	t.draws = 0
	return nil
}

func (t *Tree[M]) leave() error {
	t.busy, t.at = false, 0
	if len(t.errs) == 0 {
		return nil
	}
	err := errors.Join(t.errs...)
	t.errs = t.errs[:0]
	return err
}

func (t *Tree[M]) invalid(c *Child[M], msg string) {
	t.errs = append(t.errs, &NodeError{Path: c.Path(), Err: errors.New(msg)})
	t.traceFault(c.Path(), msg)
}

// The trace methods report events. Callers on the hot path test t.tracer
// themselves and call trace, which is kept out of line so that a tree
// without a tracer pays one comparison per event and nothing else.

func (t *Tree[M]) traceCheck(c *Child[M], check Check, why string) {
	if t.tracer != nil {
		t.trace(EventConstraint, c.Path(), 0, check, why)
	}
}

func (t *Tree[M]) traceDecision(c *Child[M], d *Decision) {
	if t.tracer != nil {
		t.event = Event{Kind: EventDecision, Path: c.Path(), Decision: d}
		t.emit()
	}
}

func (t *Tree[M]) traceFault(path, why string) {
	if t.tracer != nil {
		t.trace(EventFault, path, 0, 0, why)
	}
}

//go:noinline
func (t *Tree[M]) trace(kind EventKind, path string, s Status, check Check, reason string) {
	t.event = Event{Kind: kind, Path: path, Status: s, Check: check, Reason: reason}
	t.emit()
}

// emit hands t.event to the tracer. A tracer that panics is switched off
// and the panic reported, so a broken tool can never break the game.
func (t *Tree[M]) emit() {
	t.event.Tick, t.event.Time = t.ticks, t.clock.Now()
	defer func() {
		if r := recover(); r != nil {
			t.tracer = nil
			t.errs = append(t.errs, fmt.Errorf("bt: tracer panicked and was switched off: %v", r))
		}
	}()
	t.tracer.Trace(&t.event)
}
