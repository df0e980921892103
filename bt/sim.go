package bt

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// noHeuristic is the reason given by a Sim that has no heuristic.
const noHeuristic = "no heuristic"

// An explainer is a heuristic that can also say why it judged as it did
// (see heuristic.Heuristic): a Sim prefers Explain when the heuristic has
// it, so traces name the rule.
type explainer[M any] interface {
	Explain(before, after *M) heuristic.Verdict
}

// A callback names one of the functions a Sim calls on behalf of the
// whole tree (Config.Copy, Config.Model, Config.Terminal and the heuristic
// in force), as opposed to a node's own code.
type callback uint8

// The callbacks.
const (
	noCallback callback = iota
	callCopy
	callModel
	callTerminal
	callHeuristic
)

var callbackNames = [...]string{"", "Copy", "Model", "Terminal", "heuristic"}

// String returns "Copy", "Model", "Terminal", "heuristic", or "" for
// noCallback.
func (c callback) String() string {
	if int(c) < len(callbackNames) {
		return callbackNames[c]
	}
	return "Callback(?)"
}

// A Sim is what a node sees while it simulates: the judge, the scratch
// stack, the clock of the prediction and the random numbers. A tree owns
// one Sim and passes it to every Simulate; a Sim is not safe for
// concurrent use.
//
// Simulation predicts; it never acts. A node's Simulate receives a
// scratch copy of the agent's memory, changes that copy to what it
// expects the world to look like when it has finished, and the tree
// judges the change. An action needs little of its Sim: Advance, when it
// takes time; Running, to predict only what remains of a run; Rand. A
// decider of your own (a composite, a planner) predicts on the scratch
// copies of its stack:
//
//	before := s.Push(m) // a copy of m, one level deeper
//	applyEffects(m)
//	v := s.Judge(before, m)
//	s.Pop()
//
// Every Push is matched by a Pop. Scratch memories are made on first use
// and reused ever after, so once a tree has simulated each of its
// depths, a simulation allocates nothing.
type Sim[M any] struct {
	base      heuristic.Heuristic[M]   // the tree's own goal
	goals     []heuristic.Heuristic[M] // subtree goals in force, innermost last
	heuristic heuristic.Heuristic[M]   // the one in force: the innermost goal, or base
	explainer explainer[M]
	copy      func(dst, src *M) // nil: plain assignment, done inline
	model     func(m *M, dt time.Duration)
	terminal  func(m *M) bool
	clock     *clock
	rand      *rand.Rand
	calling   callback // the callback running now, for blaming panics
	running   bool     // the node being simulated is running

	// where the prediction under way stands: see Moment
	elapsed time.Duration
	ran     int32   // the newest entry of history, or -1
	history []event // what finished in predictions, linked newest first

	stack []*M // scratch memories; stack[:depth] are in use
	depth int
}

// NewSim returns a Sim of the given configuration, with a clock of its
// own at zero and random numbers seeded with zero: what a session that
// plans outside a tree (an htn or goap Session) predicts with, and what
// a test of a Simulate method can give it.
func NewSim[M any](cfg Config[M]) *Sim[M] { return newSim(cfg, nil, nil) }

// newSim returns a Sim that reads the agent's clock and random numbers;
// nil gives its own.
func newSim[M any](cfg Config[M], clk *clock, r *rand.Rand) *Sim[M] {
	c := &Sim[M]{copy: cfg.Copy, model: cfg.Model, terminal: cfg.Terminal, clock: clk, rand: r}
	if c.clock == nil {
		c.clock = new(clock)
	}
	if c.rand == nil {
		c.rand = rand.New(rand.NewPCG(0, 0))
	}
	c.ran = -1
	c.setHeuristic(cfg.Heuristic)
	return c
}

// setHeuristic replaces the tree's own heuristic, which is in force
// wherever no subtree has a goal of its own.
func (c *Sim[M]) setHeuristic(h heuristic.Heuristic[M]) {
	c.base = h
	if len(c.goals) == 0 {
		c.use(h)
	}
}

// pushHeuristic puts h in force for a subtree until the matching
// popHeuristic. A decorator that gives its subtree a goal of its own
// pushes it around every call into the subtree, live and simulated alike,
// so that the subtree decides by the same goal whether it plans or acts.
func (c *Sim[M]) pushHeuristic(h heuristic.Heuristic[M]) {
	c.goals = append(c.goals, h)
	c.use(h)
}

// popHeuristic ends the innermost subtree goal.
func (c *Sim[M]) popHeuristic() {
	if n := len(c.goals); n > 0 {
		c.goals = c.goals[:n-1]
	}
	if n := len(c.goals); n > 0 {
		c.use(c.goals[n-1])
	} else {
		c.use(c.base)
	}
}

func (c *Sim[M]) use(h heuristic.Heuristic[M]) {
	c.heuristic = h
	c.explainer, _ = h.(explainer[M])
}

// Reset releases every scratch memory, ends every subtree goal and
// forgets every prediction (back to the zero Moment). A tree calls it at
// the start of each call of an agent, and when a panic cut a simulation
// short.
func (c *Sim[M]) Reset() {
	c.Return(Moment{})
	c.history = c.history[:0]
	c.depth = 0
	c.running = false
	if len(c.goals) > 0 { // with none, the heuristic in force is base
		c.goals = c.goals[:0]
		c.use(c.base)
	}
	c.calling = noCallback
}

// calls returns the callback running now, or noCallback. A tree that
// recovers from a panic asks it, to blame the callback rather than the
// node that happened to call it.
func (c *Sim[M]) calls() callback { return c.calling }

// Judge returns the heuristic's verdict on the change from before to after,
// with the rule that fired when the heuristic can explain itself.
func (c *Sim[M]) Judge(before, after *M) heuristic.Verdict {
	var v heuristic.Verdict
	switch {
	case c.explainer != nil:
		c.calling = callHeuristic
		v = c.explainer.Explain(before, after)
	case c.heuristic != nil:
		c.calling = callHeuristic
		v = heuristic.Verdict{Outcome: c.heuristic.Judge(before, after)}
	default:
		return heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: noHeuristic}
	}
	c.calling = noCallback
	return v
}

// Push copies m into the next scratch memory of the stack and returns it.
// The copy stays valid until the matching Pop.
func (c *Sim[M]) Push(m *M) *M {
	s := c.reserve()
	c.Copy(s, m)
	return s
}

// reserve pushes a scratch memory without filling it: its contents are
// whatever an earlier simulation left there. A selector reserves the slot
// that will keep its best candidate.
func (c *Sim[M]) reserve() *M {
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
func (c *Sim[M]) grow() { c.stack = append(c.stack, new(M)) }

// Pop releases the newest scratch memory.
func (c *Sim[M]) Pop() {
	if c.depth > 0 {
		c.depth--
	}
}

// swap exchanges the two newest scratch memories, so a candidate that just
// won can be kept one level down while the next one is tried on top,
// without copying either.
func (c *Sim[M]) swap() {
	if c.depth >= 2 {
		s := c.stack
		s[c.depth-1], s[c.depth-2] = s[c.depth-2], s[c.depth-1]
	}
}

// depthNow returns the number of scratch memories in use.
func (c *Sim[M]) depthNow() int { return c.depth }

// unwind pops scratch memories until d are in use.
func (c *Sim[M]) unwind(d int) {
	if d >= 0 && d < c.depth {
		c.depth = d
	}
}

// Copy copies src into dst with the tree's copy function.
func (c *Sim[M]) Copy(dst, src *M) {
	if c.copy == nil {
		*dst = *src
		return
	}
	c.calling = callCopy
	c.copy(dst, src)
	c.calling = noCallback
}

// Advance lets dt of simulated time pass on m: the tree's model of the
// world moves m on (without a model, m stays as it is), and the
// prediction's clock moves on by dt (see Elapsed). An action whose
// Simulate calls it says how long it takes; a planner then judges the
// steps after it at the time it ends.
//
// Predicting a tick, a Sim counts time as the ticks will: live, what
// takes dt is over at the first tick that sees dt pass, so dt is rounded
// up to a whole number of the tick's steps (two steps of 1s at 60 Hz end
// 122 ticks on, not 121). A chain of steps thus reaches the tick each
// step will begin at, and the roll that tick will draw, when ticks keep
// their step. A Sim of no tree (NewSim) counts dt as it is.
func (c *Sim[M]) Advance(m *M, dt time.Duration) {
	if dt <= 0 {
		return
	}
	dt = c.clock.whole(dt)
	c.elapsed += dt
	if c.model != nil {
		c.calling = callModel
		c.model(m, dt)
		c.calling = noCallback
	}
}

// terminalAt reports whether nothing more can happen from m.
func (c *Sim[M]) terminalAt(m *M) bool {
	if c.terminal == nil {
		return false
	}
	c.calling = callTerminal
	t := c.terminal(m)
	c.calling = noCallback
	return t
}

// Running reports whether the node being simulated runs: it has begun and
// not yet ended, so that its prediction covers only what remains of its
// run (the rest of a swing, the time left to wait). The tree sets it
// before it asks an action to simulate, whoever asked (a selector, or a
// planner node's runner through Child.Simulate).
func (c *Sim[M]) Running() bool { return c.running }

// setRunning says whether the node about to be simulated runs; see
// Running. The engine calls it; actions only read it.
func (c *Sim[M]) setRunning(running bool) { c.running = running }

// now returns the clock of the agent being ticked. It stands still while a
// decision is being simulated: the time that passes inside a prediction
// is Elapsed, and what it does to the world belongs in the memory (see
// Advance).
func (c *Sim[M]) now() time.Duration { return c.clock.now }

// Rand returns the agent's seeded random source. A tree keys the numbers it
// gives by decision and by node, so what one node draws never shifts what
// another sees: the same seed and inputs always give the same choices,
// and a node simulated while planning draws what it draws when the tree
// then acts in the same tick.
func (c *Sim[M]) Rand() *rand.Rand { return c.rand }

// A Moment is where a prediction stands: how much simulated time has
// passed in it (Elapsed), and what has finished in it (Ran). A decider
// that predicts several ways from one point, as a selector weighs its
// options or a planner backtracks, takes the Moment before each way and
// returns to it with Return; a chain of steps (a sequence, a plan) lets
// it run on, so that each step is judged at the time the ones before it
// end, knowing what they did. The zero Moment is the start of a
// prediction from the live memory, now.
type Moment struct {
	elapsed time.Duration
	ran     int32 // history index + 1; 0: nothing
}

// Elapsed returns the simulated time that had passed at the moment.
func (m Moment) Elapsed() time.Duration { return m.elapsed }

// An event of history: id finished at elapsed, after the event prev.
type event struct {
	id      int32
	prev    int32
	elapsed time.Duration
}

// Moment returns where the prediction under way stands.
func (c *Sim[M]) Moment() Moment { return Moment{elapsed: c.elapsed, ran: c.ran + 1} }

// Return goes back to moment at, taken with Moment in the prediction
// under way, to predict another way from there. The zero Moment is the
// start: a prediction from the live memory, now.
func (c *Sim[M]) Return(at Moment) { c.elapsed, c.ran = at.elapsed, at.ran-1 }

// Elapsed returns the simulated time that has passed in the prediction
// under way: what Advance added since its start.
func (c *Sim[M]) Elapsed() time.Duration { return c.elapsed }

// Ran notes that what id names (a node of a tree, an action of a
// planner: the decider's own numbering) finished in the prediction under
// way, now (at Elapsed). Deciders call it after each step they predict,
// so that the steps after it are judged knowing it ran: a cooldown it
// started, say.
func (c *Sim[M]) Ran(id int32) {
	c.history = append(c.history, event{id: id, prev: c.ran, elapsed: c.elapsed})
	c.ran = int32(len(c.history) - 1)
}

// LastRan returns when id last finished in the prediction under way, as
// the time elapsed in it then, and false when it has not finished in it.
func (c *Sim[M]) LastRan(id int32) (time.Duration, bool) {
	for e := c.ran; e >= 0; {
		ev := &c.history[e]
		if ev.id == id {
			return ev.elapsed, true
		}
		e = ev.prev
	}
	return 0, false
}

// A clock is an agent's time: the sum of the time steps it has been
// ticked with. Integer time keeps simulations and replays exactly reproducible.
// The zero clock reads zero.
type clock struct {
	now  time.Duration
	step time.Duration // the step of the tick under way; 0 in any other call
}

// Now returns the time on the clock.
func (c *clock) Now() time.Duration { return c.now }

// Advance moves the clock forward by dt, which the caller has checked to be
// non-negative.
func (c *clock) Advance(dt time.Duration) { c.now += dt }

// whole returns the time the ticks take to see d pass, if they keep the
// step of the tick under way: d rounded up to a whole number of steps,
// saturating. Outside a tick it is d.
func (c *clock) whole(d time.Duration) time.Duration {
	if c.step <= 0 || d <= 0 {
		return d
	}
	n := stepsIn(d, c.step)
	if n > math.MaxInt64/c.step {
		return math.MaxInt64
	}
	return n * c.step
}

// stepsIn returns how many ticks of step it takes to see d pass: d / step
// rounded up, for a positive d and step (written so that it cannot
// overflow, as d + step - 1 would).
func stepsIn(d, step time.Duration) time.Duration {
	n := d / step
	if d%step != 0 {
		n++
	}
	return n
}
