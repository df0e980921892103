package bt

import (
	"time"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// A Child is a node as its parent sees it: the handle a custom composite
// or decorator drives its children through. Child keeps the life-cycle
// rules for the parent: constraints are checked, a finished child is ended
// before Tick returns, a halted child ends its own running children first,
// and every step is traced.
//
// Each agent has its own instance of a custom node, made by the node's
// factory with handles on that agent's children. A custom composite may
// run several children at once, as a parallel does; the built-in ones
// other than Parallel run one at a time. Keep a Child only inside
// the node it was handed to, and drive it only from the node's Begin and
// Update (Halt also from End), while the agent is being ticked. A child
// ticked from its parent's End or Simulate, or halted from Simulate, is
// refused with a decide.Error: a node ticked from End would be left running
// after a halt, and one ticked from Simulate would act during a Preview.
type Child[M any] struct {
	agent *Agent[M]
	index int32
}

// node returns the child's record.
func (c *Child[M]) node() *node[M] { return &c.agent.tree.nodes[c.index] }

// Path returns the node's path from the root, such as "combat/engage/swing".
func (c *Child[M]) Path() string { return c.agent.tree.pathOf(c.index) }

// Now returns the agent's clock, as the tick (or the tick a Preview plans)
// sees it.
func (c *Child[M]) Now() time.Duration {
	if s := c.agent.run; s != nil {
		return s.clock.Now()
	}
	return c.agent.clock
}

// Running reports whether the node has begun and not yet ended.
func (c *Child[M]) Running() bool { return c.agent.st != nil && c.agent.st[c.index].running() }

// Tick runs the child for one tick: it begins the child when it is not
// running (a child that finished begins afresh) and updates it with dt
// otherwise. A child that finishes is ended before Tick returns.
func (c *Child[M]) Tick(m *M, dt time.Duration) Status {
	s := c.agent.run
	switch {
	case s == nil:
		return Failure // outside a call of the agent: there is nothing to run
	case s.at.within(opEnd):
		return c.misuse(s, "ticked")
	}
	return s.tickNode(c.index, m, dt)
}

// Halt interrupts a running child: its running descendants are ended,
// deepest first, then the child itself, each with End(m, Running). Halting
// a child that is not running does nothing.
func (c *Child[M]) Halt(m *M) {
	s := c.agent.run
	switch {
	case s == nil:
	case s.at.within(opSimulate):
		c.misuse(s, "halted")
	default:
		s.halt1(c.index, m)
	}
}

// misuse reports a parent that drove c from a method that must not: what
// it did is refused, and the child counts as failed.
func (c *Child[M]) misuse(s *scratch[M], what string) Status {
	parent := s.at.node()
	if parent < 0 {
		parent = c.index
	}
	s.invalid(parent, what+" its child "+c.node().name+" from "+opNames[s.at.op()]+
		"; a parent drives its children from Begin and Update only")
	return Failure
}

// Simulate predicts the child's run on the scratch memory m. A constraint
// that fails makes the child Impossible without simulating it; Done judges
// the unchanged memory.
func (c *Child[M]) Simulate(ctx *Sim[M], m *M) heuristic.Verdict {
	s := c.agent.run
	if s == nil {
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "simulated outside a tick"}
	}
	return s.simulate(c.index, nil, m)
}

// Situation returns what the child's constraints are told now: the clock,
// whether it runs, when it last ran, and its roll for the decision under
// way. A decorator that evaluates constraints of its own, such as
// decorators.FakeSim's gate, uses it.
func (c *Child[M]) Situation(simulating bool) Situation {
	if s := c.agent.run; s != nil {
		return s.situation(c.index, simulating)
	}
	st := &c.agent.st[c.index]
	return Situation{Now: c.agent.clock, Simulating: simulating, Running: st.running(),
		hasRun: st.flags&stHasRun != 0, lastEnd: st.lastEnd}
}

// Context returns the simulation context of the call under way (a tick,
// a halt, a preview), or nil outside one. A node that plans from Begin,
// Update or Route, as a planner does, takes its scratch memories from it
// (Push and Pop, which copy with the tree's copy function) and passes it
// to its children's Simulate; in Simulate, use the context given.
func (c *Child[M]) Context() *Sim[M] {
	if s := c.agent.run; s != nil {
		return s.ctx
	}
	return nil
}

// Check checks the node's constraints on m as the tree does before it
// begins the node: Fail (with the reason) when one fails or the node is
// quarantined, else Done when one says so, else Pass. A constraint that
// panics or answers an invalid check is the node's fault, as when the
// tree checks it. A planner that chose the node calls it from its Begin,
// Update or Route, to see that the node can begin now; outside a call of
// the agent it answers Fail.
func (c *Child[M]) Check(m *M) (Check, string) {
	s := c.agent.run
	if s == nil {
		return Fail, "checked outside a call of the agent"
	}
	return s.check(c.index, m, false)
}

// Quarantined reports whether the node is quarantined: its own code
// panicked, and it fails at Begin and simulates as Impossible until
// Agent.LiftQuarantine. A planner that checks its steps itself, rather
// than through Simulate, leaves such a step out of its plans.
func (c *Child[M]) Quarantined() bool {
	return c.agent.st != nil && c.agent.st[c.index].flags&stQuarantined != 0
}

// Tracing reports whether a report (Report) would be read now: the agent
// has a tracer, or a Preview asks the node's Route. A node that reports
// can skip preparing what no one will read.
func (c *Child[M]) Tracing() bool {
	s := c.agent.run
	return s != nil && (s.tracer != nil || s.previewing && s.at.op() == opRoute)
}

// Report traces p as an EventPlan of this node: a planner node reports
// through the handle its Bind received, from its live Begin and Update,
// when the agent has a tracer (Tracing). From its Route, asked by a
// Preview, it reports what the tick would report: a copy of p goes into
// the preview's Plans. Predictions plan without reporting, as selectors
// decide without reporting. The tracer sees p itself: Report does not
// copy it.
func (c *Child[M]) Report(p *decide.Report) {
	s := c.agent.run
	if s == nil || p == nil {
		return
	}
	switch op := s.at.op(); {
	case op == opRoute && s.previewing:
		s.foreseen = append(s.foreseen, *p.Clone())
		s.foreseenBy = append(s.foreseenBy, c.index)
		return
	case s.tracer == nil || op != opBegin && op != opUpdate:
		return // a prediction, or an End: nothing was decided
	}
	s.event = Event{Kind: EventPlan, Path: c.Path(), Plan: p}
	s.emit()
}

// SetReason gives the reason for the status the node is about to return
// from its Begin or Update, such as why it failed: the tracer's EventEnd
// for the node carries it as its Reason. A node reports through the
// handle its Bind received (package jobs's leaf says why its job
// failed). It does nothing when no tracer would read it, or outside a
// call of the agent.
func (c *Child[M]) SetReason(why string) {
	if s := c.agent.run; s != nil && s.tracer != nil {
		s.why, s.whyFor = why, c.index+1
	}
}

// customBegin begins custom node i, with its goal in force.
func (s *scratch[M]) customBegin(i int32, m *M) Status {
	n := &s.nodes[i]
	if n.flags&flagGoal == 0 {
		return s.a.custom[n.custom].Begin(m)
	}
	s.ctx.pushHeuristic(n.goal)
	r := s.a.custom[n.custom].Begin(m)
	s.ctx.popHeuristic()
	return r
}

// customUpdate updates custom node i, with its goal in force.
func (s *scratch[M]) customUpdate(i int32, m *M, dt time.Duration) Status {
	n := &s.nodes[i]
	if n.flags&flagGoal == 0 {
		return s.a.custom[n.custom].Update(m, dt)
	}
	s.ctx.pushHeuristic(n.goal)
	r := s.a.custom[n.custom].Update(m, dt)
	s.ctx.popHeuristic()
	return r
}
