package sim

import (
	"math/rand/v2"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// Config describes what a Context sees. Every field may be left zero.
type Config[M any] struct {
	// Heuristic judges predictions. Without one, every judgement is
	// Irrelevant with reason NoHeuristic.
	Heuristic heuristic.Heuristic[M]
	// Copy copies src into dst, reusing dst's storage. Nil means plain
	// assignment, which is right for memories without slices or maps.
	Copy func(dst, src *M)
	// Model advances a memory by a span of simulated time: how the world
	// moves on while an action waits. Nil means time changes nothing.
	Model func(m *M, dt time.Duration)
	// Terminal reports a memory from which nothing more can happen (the
	// agent died, or lost control); composites stop simulating there.
	// Nil means no memory is terminal.
	Terminal func(m *M) bool
	// Clock is the clock of the agent being ticked; nil gives a clock of
	// its own at zero.
	Clock *Clock
	// Rand is the agent's seeded random source; nil gives a source seeded
	// with zero.
	Rand *rand.Rand
}

// NoHeuristic is the reason given by a Context that has no heuristic.
const NoHeuristic = "no heuristic"

// A Callback names one of the functions a Context calls on behalf of the
// whole tree (Config.Copy, Config.Model, Config.Terminal and the heuristic
// in force), as opposed to a node's own code.
type Callback uint8

// The callbacks.
const (
	NoCallback Callback = iota
	CallCopy
	CallModel
	CallTerminal
	CallHeuristic
)

var callbackNames = [...]string{"", "Copy", "Model", "Terminal", "heuristic"}

// String returns "Copy", "Model", "Terminal", "heuristic", or "" for
// NoCallback.
func (c Callback) String() string {
	if int(c) < len(callbackNames) {
		return callbackNames[c]
	}
	return "Callback(?)"
}

// A Context is what a node sees while it simulates: the judge, the scratch
// stack, the clock and the random numbers. A tree owns one Context and
// passes it to every Simulate; a Context is not safe for concurrent use.
type Context[M any] struct {
	base      heuristic.Heuristic[M]   // the tree's own goal
	goals     []heuristic.Heuristic[M] // subtree goals in force, innermost last
	heuristic heuristic.Heuristic[M]   // the one in force: the innermost goal, or base
	explainer heuristic.Explainer[M]
	copy      func(dst, src *M) // nil: plain assignment, done inline
	model     func(m *M, dt time.Duration)
	terminal  func(m *M) bool
	clock     *Clock
	rand      *rand.Rand
	calling   Callback // the callback running now, for blaming panics
	running   bool     // the node being simulated is running

	// where the prediction under way stands: see Moment
	elapsed time.Duration
	ran     int32   // the newest entry of history, or -1
	history []event // what finished in predictions, linked newest first

	stack []*M // scratch memories; stack[:depth] are in use
	depth int
}

// New returns a Context for the given configuration.
func New[M any](cfg Config[M]) *Context[M] {
	c := &Context[M]{
		copy:     cfg.Copy,
		model:    cfg.Model,
		terminal: cfg.Terminal,
		clock:    cfg.Clock,
		rand:     cfg.Rand,
	}
	if c.clock == nil {
		c.clock = new(Clock)
	}
	if c.rand == nil {
		c.rand = rand.New(rand.NewPCG(0, 0))
	}
	c.ran = -1
	c.SetHeuristic(cfg.Heuristic)
	return c
}

// Heuristic returns the heuristic in force: the goal of the innermost
// subtree that set one with PushHeuristic, or else the tree's own.
func (c *Context[M]) Heuristic() heuristic.Heuristic[M] { return c.heuristic }

// SetHeuristic replaces the tree's own heuristic, which is in force
// wherever no subtree has a goal of its own.
func (c *Context[M]) SetHeuristic(h heuristic.Heuristic[M]) {
	c.base = h
	if len(c.goals) == 0 {
		c.use(h)
	}
}

// PushHeuristic puts h in force for a subtree until the matching
// PopHeuristic. A decorator that gives its subtree a goal of its own
// pushes it around every call into the subtree, live and simulated alike,
// so that the subtree decides by the same goal whether it plans or acts.
func (c *Context[M]) PushHeuristic(h heuristic.Heuristic[M]) {
	c.goals = append(c.goals, h)
	c.use(h)
}

// PopHeuristic ends the innermost subtree goal.
func (c *Context[M]) PopHeuristic() {
	if n := len(c.goals); n > 0 {
		c.goals = c.goals[:n-1]
	}
	if n := len(c.goals); n > 0 {
		c.use(c.goals[n-1])
	} else {
		c.use(c.base)
	}
}

func (c *Context[M]) use(h heuristic.Heuristic[M]) {
	c.heuristic = h
	c.explainer, _ = h.(heuristic.Explainer[M])
}

// Reset releases every scratch memory, ends every subtree goal and
// forgets every prediction (back to the zero Moment). A tree calls it at
// the start of each call of an agent, and when a panic cut a simulation
// short.
func (c *Context[M]) Reset() {
	c.Return(Moment{})
	c.history = c.history[:0]
	c.depth = 0
	c.running = false
	if len(c.goals) > 0 { // with none, the heuristic in force is base
		c.goals = c.goals[:0]
		c.use(c.base)
	}
	c.calling = NoCallback
}

// Calling returns the callback running now, or NoCallback. A tree that
// recovers from a panic asks it, to blame the callback rather than the
// node that happened to call it.
func (c *Context[M]) Calling() Callback { return c.calling }

// Judge returns the heuristic's verdict on the change from before to after,
// with the rule that fired when the heuristic can explain itself.
func (c *Context[M]) Judge(before, after *M) heuristic.Verdict {
	var v heuristic.Verdict
	switch {
	case c.explainer != nil:
		c.calling = CallHeuristic
		v = c.explainer.Explain(before, after)
	case c.heuristic != nil:
		c.calling = CallHeuristic
		v = heuristic.Verdict{Outcome: c.heuristic.Judge(before, after)}
	default:
		return heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: NoHeuristic}
	}
	c.calling = NoCallback
	return v
}

// Push copies m into the next scratch memory of the stack and returns it.
// The copy stays valid until the matching Pop.
func (c *Context[M]) Push(m *M) *M {
	s := c.Reserve()
	c.Copy(s, m)
	return s
}

// Reserve pushes a scratch memory without filling it: its contents are
// whatever an earlier simulation left there. A selector reserves the slot
// that will keep its best candidate.
func (c *Context[M]) Reserve() *M {
	if c.depth == len(c.stack) {
		c.grow()
	}
	s := c.stack[c.depth]
	c.depth++
	return s
}

// grow adds a scratch memory; it happens once per depth, so it is kept out
// of line, off the hot path.
//
//go:noinline
func (c *Context[M]) grow() { c.stack = append(c.stack, new(M)) }

// Pop releases the newest scratch memory.
func (c *Context[M]) Pop() {
	if c.depth > 0 {
		c.depth--
	}
}

// Swap exchanges the two newest scratch memories, so a candidate that just
// won can be kept one level down while the next one is tried on top,
// without copying either.
func (c *Context[M]) Swap() {
	if c.depth >= 2 {
		s := c.stack
		s[c.depth-1], s[c.depth-2] = s[c.depth-2], s[c.depth-1]
	}
}

// Depth returns the number of scratch memories in use.
func (c *Context[M]) Depth() int { return c.depth }

// Unwind pops scratch memories until Depth is d.
func (c *Context[M]) Unwind(d int) {
	if d >= 0 && d < c.depth {
		c.depth = d
	}
}

// Copy copies src into dst with the tree's copy function.
func (c *Context[M]) Copy(dst, src *M) {
	if c.copy == nil {
		*dst = *src
		return
	}
	c.calling = CallCopy
	c.copy(dst, src)
	c.calling = NoCallback
}

// Advance lets dt of simulated time pass on m: the tree's model of the
// world moves m on (without a model, m stays as it is), and the
// prediction's clock moves on by dt (see Elapsed). An action whose
// Simulate calls it says how long it takes; a planner then judges the
// steps after it at the time it ends.
func (c *Context[M]) Advance(m *M, dt time.Duration) {
	if dt <= 0 {
		return
	}
	c.elapsed += dt
	if c.model != nil {
		c.calling = CallModel
		c.model(m, dt)
		c.calling = NoCallback
	}
}

// Terminal reports whether nothing more can happen from m.
func (c *Context[M]) Terminal(m *M) bool {
	if c.terminal == nil {
		return false
	}
	c.calling = CallTerminal
	t := c.terminal(m)
	c.calling = NoCallback
	return t
}

// Running reports whether the node being simulated runs: it has begun and
// not yet ended, so that its prediction covers only what remains of its
// run (the rest of a swing, the time left to wait). A decider (a tree, a
// planner) sets it before it asks an action to simulate.
func (c *Context[M]) Running() bool { return c.running }

// SetRunning says whether the node about to be simulated runs; see
// Running. Deciders call it; actions only read it.
func (c *Context[M]) SetRunning(running bool) { c.running = running }

// Now returns the clock of the agent being ticked. It stands still while a
// decision is being simulated: the time that passes inside a prediction
// is Elapsed, and what it does to the world belongs in the memory (see
// Advance).
func (c *Context[M]) Now() time.Duration { return c.clock.Now() }

// Rand returns the agent's seeded random source. A tree keys the numbers it
// gives by decision and by node, so what one node draws never shifts what
// another sees: the same seed and inputs always give the same choices,
// and a node simulated while planning draws what it draws when the tree
// then acts in the same tick.
func (c *Context[M]) Rand() *rand.Rand { return c.rand }
