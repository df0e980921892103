package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A Child is a node as its parent sees it. Composites and decorators drive
// their children only through Child, which keeps the life-cycle rules for
// them: constraints are checked, a finished child is ended before Tick
// returns, a halted child ends its own running children first, panics in
// user code fail the node instead of the game, and every step is traced.
//
// A Child belongs to its parent; keep it only inside the node it was handed
// to.
type Child[M any] struct {
	tree        *Tree[M]
	node        Node[M]
	name        string
	path        string
	kind        string
	detail      string // from Describer: options, for dumps and pictures
	children    []*Child[M]
	constraints []Constraint[M]
	weight      float64

	running bool
	hasRun  bool
	lastEnd time.Duration
}

// Name returns the node's name.
func (c *Child[M]) Name() string { return c.name }

// Path returns the node's path from the root, such as "combat/engage/swing".
func (c *Child[M]) Path() string { return c.path }

// Kind returns what sort of node this is, such as "sequence" or "action".
func (c *Child[M]) Kind() string { return c.kind }

// Running reports whether the node has begun and not yet ended.
func (c *Child[M]) Running() bool { return c.running }

// Tick runs the child for one tick: it begins the child when it is not
// running (a child that finished begins afresh) and updates it with dt
// otherwise. A child that finishes is ended before Tick returns.
func (c *Child[M]) Tick(m *M, dt time.Duration) Status {
	if !c.running {
		return c.begin(m)
	}
	return c.update(m, dt)
}

// Halt interrupts a running child: its running descendants are ended,
// deepest first, then the child itself, each with End(m, Running). Halting
// a child that is not running does nothing.
func (c *Child[M]) Halt(m *M) {
	if c.running {
		c.finish(m, Running)
	}
}

// Simulate predicts the child's run on the scratch memory m. A constraint
// that fails makes the child Impossible without simulating it; Done judges
// the unchanged memory. A panic in the child's simulation gives Impossible
// and is reported by the tree.
func (c *Child[M]) Simulate(ctx *sim.Context[M], m *M) (v heuristic.Verdict) {
	depth := ctx.Depth()
	defer func() {
		if r := recover(); r != nil {
			ctx.Unwind(depth)
			c.tree.panicked(c, "Simulate", r)
			v = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "panic"}
		}
	}()
	switch check, why := c.check(m, true); check {
	case Fail:
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: why}
	case Done:
		return ctx.Judge(m, m)
	}
	v = c.node.Simulate(ctx, m)
	if !v.Outcome.Valid() {
		c.tree.invalid(c, "Simulate returned an invalid outcome")
		v = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "invalid outcome"}
	}
	return v
}

func (c *Child[M]) begin(m *M) Status {
	if check, why := c.check(m, false); check != Pass {
		c.tree.traceCheck(c, check, why)
		if check == Done {
			return Success
		}
		return Failure
	}
	c.running = true
	c.tree.traceBegin(c)
	s := c.callBegin(m)
	if s != Running {
		c.finish(m, s)
	}
	return s
}

func (c *Child[M]) update(m *M, dt time.Duration) Status {
	if check, why := c.check(m, false); check != Pass {
		c.tree.traceCheck(c, check, why)
		s := Failure
		if check == Done {
			s = Success
		}
		c.finish(m, s)
		return s
	}
	s := c.callUpdate(m, dt)
	if s != Running {
		c.finish(m, s)
	}
	return s
}

// finish ends a running node: running children first, deepest first, then
// the node itself with its final status (Running when interrupted).
func (c *Child[M]) finish(m *M, s Status) {
	for _, k := range c.children {
		k.Halt(m)
	}
	c.callEnd(m, s)
	c.running = false
	c.hasRun = true
	c.lastEnd = c.tree.clock.Now()
	c.tree.traceEnd(c, s)
}

// check evaluates the constraints: any Fail wins, then any Done.
func (c *Child[M]) check(m *M, simulating bool) (check Check, why string) {
	if len(c.constraints) == 0 {
		return Pass, ""
	}
	defer func() {
		if r := recover(); r != nil {
			c.tree.panicked(c, "constraint", r)
			check, why = Fail, "panic"
		}
	}()
	s := Situation{
		Now:        c.tree.clock.Now(),
		Simulating: simulating,
		Running:    c.running,
		HasRun:     c.hasRun,
		LastEnd:    c.lastEnd,
		Rand:       c.tree.ctx.Rand(),
	}
	check = Pass
	for _, k := range c.constraints {
		switch got, reason := k.Evaluate(s, m); got {
		case Pass:
		case Done:
			if check == Pass {
				check, why = Done, reason
			}
		case Fail:
			return Fail, reason
		default:
			c.tree.invalid(c, "constraint returned an invalid check")
			return Fail, "invalid check"
		}
	}
	return check, why
}

func (c *Child[M]) callBegin(m *M) (s Status) {
	defer func() {
		if r := recover(); r != nil {
			c.tree.panicked(c, "Begin", r)
			s = Failure
		}
	}()
	s = c.node.Begin(m)
	if !s.Valid() {
		c.tree.invalid(c, "Begin returned an invalid status")
		s = Failure
	}
	return s
}

func (c *Child[M]) callUpdate(m *M, dt time.Duration) (s Status) {
	defer func() {
		if r := recover(); r != nil {
			c.tree.panicked(c, "Update", r)
			s = Failure
		}
	}()
	s = c.node.Update(m, dt)
	if !s.Valid() {
		c.tree.invalid(c, "Update returned an invalid status")
		s = Failure
	}
	return s
}

func (c *Child[M]) callEnd(m *M, s Status) {
	defer func() {
		if r := recover(); r != nil {
			c.tree.panicked(c, "End", r)
		}
	}()
	c.node.End(m, s)
}
