package bt

import (
	"errors"
	"fmt"
	"math/rand/v2"
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
// the agent's memory. A tree is not safe for concurrent use; give every
// agent a tree of its own (building is cheap) and tick each from one
// goroutine at a time.
type Tree[M any] struct {
	root   *Child[M]
	nodes  []*Child[M] // depth first, root first
	ctx    *sim.Context[M]
	clock  sim.Clock
	pcg    rand.PCG
	seed   uint64
	tracer Tracer

	ticks uint64 // Ticks so far
	epoch uint64 // one per decision point (Tick or Preview), for plans
	busy  bool   // inside Tick, Halt or Preview
	errs  []error
	event Event
}

func newTree[M any](cfg Config[M]) *Tree[M] {
	t := &Tree[M]{seed: cfg.Seed, tracer: cfg.Tracer}
	t.pcg.Seed(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)
	t.ctx = sim.New(sim.Config[M]{
		Heuristic: cfg.Heuristic,
		Copy:      cfg.Copy,
		Model:     cfg.Model,
		Terminal:  cfg.Terminal,
		Clock:     &t.clock,
		Rand:      rand.New(&t.pcg),
	})
	return t
}

// Tick advances the tree's clock by dt and runs one tick: the root begins
// if it is not running (a finished tree begins afresh), else it is updated.
// It returns the root's status.
//
// The error reports faults that the tree recovered from during the tick
// (panics in user code, invalid statuses), as *PanicError and *NodeError
// values joined together; the tick still happened. A nil memory, a
// negative dt or a re-entrant call is refused with Failure and
// ErrNilMemory, ErrNegativeStep or ErrReentrant, and changes nothing.
func (t *Tree[M]) Tick(m *M, dt time.Duration) (Status, error) {
	if err := t.enter(m); err != nil {
		return Failure, err
	}
	if dt < 0 {
		t.busy = false
		return Failure, fmt.Errorf("%w: %v", ErrNegativeStep, dt)
	}
	t.clock.Advance(dt)
	t.ticks++
	t.epoch++
	s := t.root.Tick(m, dt)
	return s, t.leave()
}

// Halt interrupts the tree: every running node is ended, deepest first,
// with End(m, Running). The next Tick begins afresh.
func (t *Tree[M]) Halt(m *M) error {
	if err := t.enter(m); err != nil {
		return err
	}
	t.root.Halt(m)
	return t.leave()
}

// Running reports whether the root is running.
func (t *Tree[M]) Running() bool { return t.root.running }

// Now returns the tree's clock: the sum of the time steps it was ticked
// with.
func (t *Tree[M]) Now() time.Duration { return t.clock.Now() }

// Ticks returns how many times the tree has been ticked.
func (t *Tree[M]) Ticks() uint64 { return t.ticks }

// Seed returns the seed the tree was built with.
func (t *Tree[M]) Seed() uint64 { return t.seed }

// Heuristic returns the heuristic in force.
func (t *Tree[M]) Heuristic() heuristic.Heuristic[M] { return t.ctx.Heuristic() }

// SetHeuristic replaces the tree's goal. It takes effect at the next
// simulation, and may be called between ticks or from inside an action.
func (t *Tree[M]) SetHeuristic(h heuristic.Heuristic[M]) { t.ctx.SetHeuristic(h) }

func (t *Tree[M]) enter(m *M) error {
	switch {
	case t.busy:
		return ErrReentrant
	case m == nil:
		return ErrNilMemory
	}
	t.busy = true
	return nil
}

func (t *Tree[M]) leave() error {
	t.busy = false
	if len(t.errs) == 0 {
		return nil
	}
	err := errors.Join(t.errs...)
	t.errs = t.errs[:0]
	return err
}

func (t *Tree[M]) panicked(c *Child[M], method string, value any) {
	err := &PanicError{Path: c.path, Method: method, Value: value}
	t.errs = append(t.errs, err)
	t.traceFault(c, err.Error())
}

func (t *Tree[M]) invalid(c *Child[M], msg string) {
	t.errs = append(t.errs, &NodeError{Path: c.path, Err: errors.New(msg)})
	t.traceFault(c, msg)
}

// The trace methods fill the tree's one Event; they cost a nil check when
// there is no tracer.

func (t *Tree[M]) traceBegin(c *Child[M]) {
	if t.tracer != nil {
		t.emit(Event{Kind: EventBegin, Path: c.path})
	}
}

func (t *Tree[M]) traceEnd(c *Child[M], s Status) {
	if t.tracer != nil {
		t.emit(Event{Kind: EventEnd, Path: c.path, Status: s})
	}
}

func (t *Tree[M]) traceCheck(c *Child[M], check Check, why string) {
	if t.tracer != nil {
		t.emit(Event{Kind: EventConstraint, Path: c.path, Check: check, Reason: why})
	}
}

func (t *Tree[M]) traceDecision(c *Child[M], d *Decision) {
	if t.tracer != nil {
		t.emit(Event{Kind: EventDecision, Path: c.path, Decision: d})
	}
}

func (t *Tree[M]) traceFault(c *Child[M], why string) {
	if t.tracer != nil {
		t.emit(Event{Kind: EventFault, Path: c.path, Reason: why})
	}
}

// emit hands e to the tracer. A tracer that panics is switched off and the
// panic reported, so a broken tool can never break the game.
func (t *Tree[M]) emit(e Event) {
	e.Tick, e.Time = t.ticks, t.clock.Now()
	t.event = e
	defer func() {
		if r := recover(); r != nil {
			t.tracer = nil
			t.errs = append(t.errs, fmt.Errorf("bt: tracer panicked and was switched off: %v", r))
		}
	}()
	t.tracer.Trace(&t.event)
}
