package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A Child is a node as its parent sees it. Composites and decorators drive
// their children only through Child, which keeps the life-cycle rules for
// them: constraints are checked, a finished child is ended before Tick
// returns, a halted child ends its own running children first, and every
// step is traced.
//
// A Child belongs to its parent; keep it only inside the node it was handed
// to, and drive it only from the parent's Begin and Update (Halt also from
// End). A child ticked from its parent's End or Simulate, or halted from
// Simulate, is refused with a NodeError: a node ticked from End would be
// left running after Tree.Halt, and one ticked from Simulate would act
// during a Preview.
type Child[M any] struct {
	tree        *Tree[M]
	parent      *Child[M]
	index       int32  // position in tree.nodes
	key         uint64 // its path hashed, which keys its random numbers
	node        Node[M]
	leaf        *leaf[M]               // set for action leaves, which are called directly
	goal        heuristic.Heuristic[M] // the subtree's own heuristic (GoalNode), or nil
	name        string
	path        string // made on first use: see Path
	kind        string
	detail      string // from Describer: options, for dumps and pictures
	children    []*Child[M]
	constraints []Constraint[M]
	weight      float64

	running     bool
	hasRun      bool
	ended       Status // the status it last ended with
	quarantined bool   // its own code panicked: it no longer runs
	lastEnd     time.Duration
	drawSession uint64 // the call of the tree that draws counts
	draws       uint64 // numbers drawn from sim.Context.Rand in that call
}

// roll returns the node's random number for the decision under way.
func (c *Child[M]) roll() float64 { return unit(keyed(c.tree.key, c.key, streamRoll, 0)) }

// Name returns the node's name.
func (c *Child[M]) Name() string { return c.name }

// Path returns the node's path from the root, such as "combat/engage/swing".
func (c *Child[M]) Path() string {
	if c.path == "" {
		c.path = joinPath(c)
	}
	return c.path
}

// joinPath makes c's path. Paths are made on first use, not at Build: a
// tree of depth d would otherwise hold d²/2 bytes of paths.
func joinPath[M any](c *Child[M]) string {
	n := -1
	for p := c; p != nil; p = p.parent {
		n += len(p.name) + 1
	}
	b := make([]byte, n)
	for p := c; p != nil; p = p.parent {
		n -= len(p.name)
		copy(b[n:], p.name)
		if n > 0 {
			n--
			b[n] = '/'
		}
	}
	return string(b)
}

// Kind returns what sort of node this is, such as "sequence" or "action".
func (c *Child[M]) Kind() string { return c.kind }

// Running reports whether the node has begun and not yet ended.
func (c *Child[M]) Running() bool { return c.running }

// Tick runs the child for one tick: it begins the child when it is not
// running (a child that finished begins afresh) and updates it with dt
// otherwise. A child that finishes is ended before Tick returns.
func (c *Child[M]) Tick(m *M, dt time.Duration) Status {
	if c.tree.at.op() >= opEnd {
		return c.misuse("ticked")
	}
	if c.running {
		return c.update(m, dt)
	}
	return c.begin(m)
}

// Halt interrupts a running child: its running descendants are ended,
// deepest first, then the child itself, each with End(m, Running). Halting
// a child that is not running does nothing.
func (c *Child[M]) Halt(m *M) {
	if c.tree.at.op() >= opSimulate {
		c.misuse("halted")
		return
	}
	if c.running {
		c.finish(m, Running)
	}
}

// misuse reports a parent that drove c from a method that must not: what
// it did is refused, and the child counts as failed.
func (c *Child[M]) misuse(what string) Status {
	t := c.tree
	parent := c
	if i := t.at.node(); i >= 0 && int(i) < len(t.nodes) {
		parent = t.nodes[i]
	}
	t.invalid(parent, what+" its child "+c.name+" from "+opNames[t.at.op()]+"; a parent drives its children from Begin and Update only")
	return Failure
}

// quarantinedVerdict is how a node that panicked simulates from then on.
var quarantinedVerdict = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "quarantined after a panic"}

// Simulate predicts the child's run on the scratch memory m. A constraint
// that fails makes the child Impossible without simulating it; Done judges
// the unchanged memory.
func (c *Child[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	return c.simulate(ctx, nil, m)
}

// simulate is Simulate where the caller may know that m was just copied
// from before: an action leaf then judges against before instead of taking
// a snapshot of its own, which saves a copy per candidate in selectors.
func (c *Child[M]) simulate(ctx *sim.Context[M], before, m *M) heuristic.Verdict {
	if c.goal != nil {
		ctx.PushHeuristic(c.goal)
		v := c.simulateNode(ctx, before, m)
		ctx.PopHeuristic()
		return v
	}
	return c.simulateNode(ctx, before, m)
}

func (c *Child[M]) simulateNode(ctx *sim.Context[M], before, m *M) heuristic.Verdict {
	if len(c.constraints) != 0 || c.quarantined {
		switch check, why := c.check(m, true); check {
		case Fail:
			return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: why}
		case Done:
			return ctx.Judge(m, m)
		}
	}
	t := c.tree
	at := t.enter(c, opSimulate)
	var v heuristic.Verdict
	if c.leaf != nil {
		v = c.leaf.predict(ctx, before, m, c.running)
	} else {
		v = c.node.Simulate(ctx, m)
	}
	t.at = at
	if !v.Outcome.Valid() {
		t.invalid(c, "Simulate returned an invalid outcome")
		v = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "invalid outcome"}
	}
	return v
}

func (c *Child[M]) begin(m *M) Status {
	if len(c.constraints) != 0 || c.quarantined {
		if s, stopped := c.admit(m); stopped {
			return s
		}
	}
	t := c.tree
	c.running = true
	if t.tracer != nil {
		t.trace(EventBegin, c.Path(), 0, 0, "")
	}
	at := t.enter(c, opBegin)
	var s Status
	switch {
	case c.leaf != nil:
		s = c.leaf.action.Begin(m)
	case c.goal != nil:
		t.ctx.PushHeuristic(c.goal)
		s = c.node.Begin(m)
		t.ctx.PopHeuristic()
	default:
		s = c.node.Begin(m)
	}
	t.at = at
	if s != Running {
		if !s.Valid() {
			s = c.invalidStatus("Begin")
		}
		c.finish(m, s)
	}
	return s
}

func (c *Child[M]) update(m *M, dt time.Duration) Status {
	if len(c.constraints) != 0 {
		if s, stopped := c.admit(m); stopped {
			return s
		}
	}
	t := c.tree
	at := t.enter(c, opUpdate)
	var s Status
	switch {
	case c.leaf != nil:
		s = c.leaf.action.Update(m, dt)
	case c.goal != nil:
		t.ctx.PushHeuristic(c.goal)
		s = c.node.Update(m, dt)
		t.ctx.PopHeuristic()
	default:
		s = c.node.Update(m, dt)
	}
	t.at = at
	if s != Running {
		if !s.Valid() {
			s = c.invalidStatus("Update")
		}
		c.finish(m, s)
	}
	return s
}

// admit checks the constraints of a live node. When one stops the node it
// reports the status its parent sees: Failure for Fail, Success for Done.
// A running node stopped this way was interrupted, not finished, so it is
// ended with Running, as when its parent or Tree.Halt interrupts it.
func (c *Child[M]) admit(m *M) (Status, bool) {
	check, why := c.check(m, false)
	if check == Pass {
		return Running, false
	}
	c.tree.traceCheck(c, check, why)
	if c.running {
		c.finish(m, Running)
	}
	if check == Done {
		return Success, true
	}
	return Failure, true
}

// invalidStatus reports a node that returned an invalid status, which
// counts as Failure.
func (c *Child[M]) invalidStatus(method string) Status {
	c.tree.invalid(c, method+" returned an invalid status")
	return Failure
}

// finish ends a running node: running children first, deepest first, then
// the node itself with its final status (Running when interrupted). The
// node counts as ended, and its end is traced, before End is called, so a
// panic in End leaves no node running and no begin without its end.
func (c *Child[M]) finish(m *M, s Status) {
	for _, k := range c.children {
		k.Halt(m)
	}
	t := c.tree
	c.running = false
	c.hasRun = true
	c.ended = s
	c.lastEnd = t.clock.Now()
	if t.tracer != nil {
		t.trace(EventEnd, c.Path(), s, 0, "")
	}
	at := t.enter(c, opEnd)
	if c.leaf != nil {
		c.leaf.action.End(m, s)
	} else {
		c.node.End(m, s)
	}
	t.at = at
}

// check evaluates the constraints: any Fail wins, then any Done. A
// quarantined node always fails.
func (c *Child[M]) check(m *M, simulating bool) (Check, string) {
	if c.quarantined {
		return Fail, quarantinedVerdict.Reason
	}
	t := c.tree
	s := c.Situation(simulating)
	at := t.enter(c, opConstraint)
	check, why := c.evaluate(s, m)
	t.at = at
	return check, why
}

// guarded reports whether the node has a guard a reactive parent can
// check without beginning it: constraints, the test of a condition, or the
// conditions a sequence begins with.
func (c *Child[M]) guarded() bool {
	_, isCondition := c.node.(*condition[M])
	return len(c.constraints) != 0 || c.quarantined || isCondition || len(c.leadingConditions()) > 0
}

// leadingConditions returns the Condition children a sequence begins
// with, before its first other child; nil for any other node.
func (c *Child[M]) leadingConditions() []*Child[M] {
	if _, ok := c.node.(*sequence[M]); !ok {
		return nil
	}
	n := 0
	for _, k := range c.children {
		if _, ok := k.node.(*condition[M]); !ok {
			break
		}
		n++
	}
	return c.children[:n]
}

// guard checks whether the node could begin now without beginning it: its
// constraints; for a condition leaf, its test; for a sequence, the guards
// of the conditions it begins with (the classic "condition, then action").
func (c *Child[M]) guard(m *M, simulating bool) (Check, string) {
	check, why := Pass, ""
	if len(c.constraints) != 0 || c.quarantined {
		if check, why = c.check(m, simulating); check == Fail {
			return check, why
		}
	}
	if cond, ok := c.node.(*condition[M]); ok {
		t := c.tree
		at := t.enter(c, opConstraint)
		holds := cond.test(m)
		t.at = at
		if !holds {
			return Fail, cond.whenFalse
		}
	}
	for _, k := range c.leadingConditions() {
		if kc, kwhy := k.guard(m, simulating); kc == Fail {
			return kc, kwhy
		}
	}
	return check, why
}

// Situation returns what the child's constraints are told now: the clock,
// whether it runs, when it last ran, and its roll for the decision under
// way. A decorator that evaluates constraints of its own, such as a
// FakeSim's gate, uses it.
func (c *Child[M]) Situation(simulating bool) Situation {
	t := c.tree
	return Situation{
		Now:        t.clock.Now(),
		Simulating: simulating,
		Running:    c.running,
		HasRun:     c.hasRun,
		LastEnd:    c.lastEnd,
		Rand:       t.ctx.Rand(),
		roller:     c,
	}
}

func (c *Child[M]) evaluate(s Situation, m *M) (Check, string) {
	check, why := Pass, ""
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
			c.tree.invalid(c, "a constraint returned an invalid check")
			return Fail, "invalid check"
		}
	}
	return check, why
}
