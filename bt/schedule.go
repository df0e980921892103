package bt

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
	"unsafe"

	"github.com/foresight-bt/foresight/internal/engine/joined"
	"github.com/foresight-bt/foresight/internal/engine/randkey"
)

// A crowd's frame ticks the agents that are due, and only those: an agent
// decides every frame by default, or every Nth (SetRate), sleeps until
// something wakes it (Sleep, Wake), and a crowd's budget (SetBudget) moves
// what does not fit in a frame to the next. An agent not ticked in a frame
// keeps the frame's time, and its next tick takes it all, so its clock
// stays the game's. What is due, and what the budget admits, depends only
// on the agents' states, the steps and the game's priorities, never on
// timing or on the number of workers: the same decisions whoever ticks.

// schedule is what a crowd's frames know of an agent.
type schedule struct {
	every    uint32        // ticked every this many frames; 0: every frame (never 1, so that one rate has one form)
	wait     uint32        // frames before its rate makes it due
	skipped  time.Duration // the time of the frames since its last tick, which its next tick takes
	alarm    time.Duration // asleep: when, on its clock, its timer wakes it; 0: Wake alone
	deferred uint32        // frames in a row a budget deferred it
	work     uint32        // the work its last tick in a crowd's frame did
	peak     uint32        // the most work any of those did
	asleep   bool
	news     bool // woken, or told of news, since its last tick: due at the next frame
}

// maxRate bounds SetRate: an agent ticked less often than every million
// frames (some five hours at 60 a second) sleeps.
const maxRate = 1 << 20

// SetRate has a crowd tick the agent every n frames (1: every frame, the
// default): an agent far from the camera decides less often, and its next
// tick takes the time of the frames in between, while the game goes on
// carrying out, every frame, what its memory says it is doing. Which of
// the n frames it takes is drawn from its seed, so that a crowd's agents
// at one rate spread over the frames; setting the rate it has changes
// nothing. Wake has it ticked at the next frame whatever its rate. n must
// be from 1 to 1<<20. Call it between frames; Agent.Tick itself ticks
// whatever the rate.
func (a *Agent[M]) SetRate(n int) error {
	switch {
	case a == nil || a.st == nil:
		return errNoAgent
	case n < 1 || n > maxRate:
		return fmt.Errorf("bt: a rate of %d frames: want 1 to %d", n, maxRate)
	case n == a.Rate():
		return nil
	case n == 1:
		a.sched.every, a.sched.wait = 0, 0
		return nil
	}
	a.sched.every = uint32(n)
	a.sched.wait = uint32(randkey.Next(a.seed) % uint64(n))
	return nil
}

// Rate returns how many frames apart a crowd ticks the agent (see
// SetRate).
func (a *Agent[M]) Rate() int {
	if a == nil {
		return 0
	}
	return int(max(a.sched.every, 1))
}

// Sleep puts the agent to sleep: a crowd ticks it no more until Wake, or,
// when d > 0, until d of the crowd's frames' time has passed (a guard that
// dozes for a minute). A sleeping agent costs a crowd's frame next to
// nothing, and its next tick takes the time it slept. Call it between
// frames, or from Crowd.RunFrame's function for the agent's own index.
func (a *Agent[M]) Sleep(d time.Duration) {
	if a == nil {
		return
	}
	a.sched.asleep, a.sched.news, a.sched.alarm = true, false, 0
	if d > 0 {
		a.sched.alarm = a.clock + a.sched.skipped + min(d, math.MaxInt64-a.clock-a.sched.skipped)
	}
}

// Wake wakes the agent, and has a crowd tick it at the next frame whatever
// its rate: news for it (a noise, an alarm). A budget may still defer it,
// as it defers any agent due, but it goes first among agents of its
// priority that were not told news, so that the frame it is due it plans
// with the news. Call it between frames, or from Crowd.RunFrame's
// function for the agent's own index.
func (a *Agent[M]) Wake() {
	if a != nil {
		a.sched.asleep, a.sched.alarm, a.sched.news = false, 0, true
	}
}

// Asleep reports whether the agent sleeps (see Sleep).
func (a *Agent[M]) Asleep() bool { return a != nil && a.sched.asleep }

// Work returns the work the agent's last tick did, as a crowd's budget
// counts it: one for the tick, and one for each node it began or
// simulated (a selector's every candidate, a planner's every step it
// tried), however deep.
func (a *Agent[M]) Work() int {
	if a == nil {
		return 0
	}
	return int(a.work)
}

// worked notes the work of a tick in a crowd's frame, which a budget
// estimates the agent's next by.
func (sc *schedule) worked(work uint32) {
	sc.work, sc.peak = work, max(sc.peak, work)
}

// due reports whether the agent is due in a frame of step dt: awake (its
// timer may wake it now), and told news or at its frame by its rate. It
// counts down its rate's frames, but notes nothing else: see took and
// skip.
func (sc *schedule) due(clock, dt time.Duration) bool {
	if sc.asleep {
		if sc.alarm == 0 || clock+sc.skipped < sc.alarm-dt {
			return false // the frame ends before its alarm
		}
		sc.asleep, sc.alarm, sc.news = false, 0, true // its timer woke it
	}
	if sc.news || sc.wait == 0 {
		return true
	}
	sc.wait--
	return false
}

// took notes that the agent is ticked in this frame.
func (sc *schedule) took() {
	sc.news, sc.deferred = false, 0
	sc.wait = max(sc.every, 1) - 1
}

// skip notes that the agent is not ticked in a frame of step dt: its next
// tick takes the time.
func (sc *schedule) skip(dt time.Duration) {
	sc.skipped = min(sc.skipped+dt, math.MaxInt64-1) // a clock that far is refused anyway
}

// A Budget bounds the work of a crowd's frames (see Crowd.SetBudget).
type Budget struct {
	// Work is the most work a frame's ticks may do together, counted as
	// Agent.Work counts it; 0 sets no budget. It is a count, not a time,
	// so that what a frame admits is the same on every machine and with
	// any number of workers: measure the work your frames do and the time
	// they take (Crowd.Report, bench/crowd), and set the count that fits
	// the time you give AI.
	Work int
	// MaxDelay is the most frames in a row an agent due may be deferred:
	// one deferred that many is ticked at the next frame whatever the
	// budget (0: 4).
	MaxDelay int
	// Priority, if set, orders the agents due when they do not all fit:
	// lower first (the distance to the camera, say). It is called once a
	// frame for each agent due, by index, from the crowd's workers at
	// once: it must only read, and depend only on the game's state. A
	// priority that is not a number ranks last, as +Inf does.
	Priority func(i int) float64
}

// defaultMaxDelay is Budget.MaxDelay's default.
const defaultMaxDelay = 4

// A FrameReport says what a crowd's last frame did (see Crowd.Report).
type FrameReport struct {
	Agents int // given to the frame
	Asleep int // asleep, and not woken by their timers
	Due    int // awake and due: by their rate, or told news
	// Ticked counts the agents ticked: under RunFrame, those called due
	// (the frame cannot see whether f ticked them, as it must).
	Ticked int
	// Forced counts the agents ticked over the budget, having waited
	// MaxDelay frames.
	Forced int
	// Deferred are the indices of the agents due that the budget moved to
	// a later frame, in order. The slice is the crowd's, valid until its
	// next frame.
	Deferred []int
	// Work is the work the frame's ticks did (see Agent.Work).
	Work int64
	// Waves counts the rounds in which the budget admitted agents: each
	// is ticked across the workers, and the work it did decides how many
	// the next admits.
	Waves int
}

// SetBudget sets the work a crowd's frames may do, and how what does not
// fit waits (see Budget); the zero Budget, the default, sets none.
//
// The agents due in a frame are admitted in waves, in order: those that
// waited MaxDelay frames first, then by the game's Priority, then those
// told news (Wake), then those that waited longest, then by index. The
// first wave takes each agent to cost the most work any agent due has
// done in a tick of a crowd's frame (a planning spike comes to many at
// once: every agent alerted), and admits agents until half the budget
// is spoken for; each later wave takes each agent to cost the work its
// last such tick did, scaled by how much more or less the agents ticked
// so far did than theirs (a spike, seen in the first wave), or, for an
// agent deferred before, at no less than the most it has done (what
// deferred it is still to come), and admits what the budget has left, until it is spent, four waves have run, or no
// agent is left. Those left are deferred to the next frame, keeping the
// frame's time for their next tick, and reported (Report). A frame whose
// agents due all fit in the first wave runs as one, as without a budget.
//
// Every admission depends on counts of work, the same on every machine
// and with any number of workers, and on the priorities the game gives:
// the same decisions whoever ticks, and a restored crowd (the counts are
// saved with the agents) admits as the one saved. A frame keeps to the
// budget to within what one wave's agents do beyond their estimate: the
// first spike of a crowd's life, which no agent's past foretells, can
// exceed it once. Called from inside one of the crowd's own calls, it
// returns ErrReentrant.
func (c *Crowd[M]) SetBudget(b Budget) error {
	switch {
	case c == nil || len(c.workers) == 0:
		return ErrNotBuilt
	case b.Work < 0 || b.MaxDelay < 0:
		return fmt.Errorf("bt: a budget of %d work and a delay of %d frames: want 0 or more", b.Work, b.MaxDelay)
	}
	if err := c.enter(); err != nil {
		return err // a frame under way reads the budget
	}
	defer c.leave()
	if b.MaxDelay == 0 {
		b.MaxDelay = defaultMaxDelay
	}
	c.budget = b
	return nil
}

// Report returns what the crowd's last frame did (Tick or RunFrame). It is
// the crowd's, overwritten by its next frame.
func (c *Crowd[M]) Report() *FrameReport {
	if c == nil {
		return &FrameReport{}
	}
	return &c.report
}

// RunFrame runs a frame of agents under their rates and sleep and the
// crowd's budget (see SetRate, Sleep, SetBudget): it calls f(w, i, due)
// for every i, on the worker w that runs it, where due says whether
// agents[i] is ticked in this frame. f ticks it then (w.Tick, with dt),
// and not otherwise, and senses and acts for the agent either way, so
// that an agent that decides every Nth frame still acts every frame; the
// time of a frame in which an agent is not ticked is kept for its next
// tick. With a budget, the agents not due are called first, as the frame
// finds them, then the agents ticked wave by wave, then those deferred.
// As with Run, f must touch only what belongs to agent i; the faults of
// the frame come back as *AgentError values, by index.
// An agent given at two indices is called at neither: each gets
// ErrGivenTwice. Called from inside one of the crowd's own calls (by f),
// it returns ErrReentrant.
func (c *Crowd[M]) RunFrame(agents []*Agent[M], dt time.Duration, f func(w *Worker[M], i int, due bool) error) error {
	switch {
	case c == nil || len(c.workers) == 0:
		return ErrNotBuilt
	case f == nil:
		return errors.New("bt: RunFrame with a nil function")
	case dt < 0:
		return fmt.Errorf("%w: %v", ErrNegativeStep, dt)
	}
	if err := c.enter(); err != nil {
		return err
	}
	c.agents, c.dt, c.each, c.all = agents, dt, f, true
	defer func() { c.agents, c.each = nil, nil; c.leave() }()
	return c.runFrame()
}

// frameOf is what a frame does with one agent, for Tick: tick it when it
// is due.
func (c *Crowd[M]) frameOf(w *Worker[M], i int, due bool) error {
	if !due {
		return nil
	}
	_, err := w.Tick(c.agents[i], &c.memories[i], c.dt)
	return err
}

// runFrame runs the frame set up in c: its agents, step and function.
func (c *Crowd[M]) runFrame() error {
	n := len(c.agents)
	c.frame = frames.Add(1)
	c.report = FrameReport{Agents: n, Deferred: c.report.Deferred[:0]}
	c.failed = c.failed[:0]
	if !c.sameAgents(c.agents) {
		c.distinct = c.distinct[:0]
		if c.run(n, c.stampOne, false) == nil { // none found twice
			for _, a := range c.agents {
				c.distinct = append(c.distinct, uintptr(unsafe.Pointer(a)))
			}
		}
	}
	if c.budget.Work == 0 {
		c.gather(c.run(n, c.plainPass, true))
	} else {
		c.budgeted(n)
	}
	for _, w := range c.workers {
		if w != nil {
			c.report.Asleep += w.asleep
			c.report.Due += w.due
			c.report.Ticked += w.ticked
			c.report.Work += w.did
			w.asleep, w.due, w.ticked, w.did = 0, 0, 0, 0
		}
	}
	if len(c.failed) == 0 {
		return nil
	}
	slices.SortFunc(c.failed, func(a, b error) int { return cmp.Compare(a.(*AgentError).Index, b.(*AgentError).Index) })
	return errors.Join(c.failed...)
}

// gather keeps the faults a run of the frame returned, one by one.
func (c *Crowd[M]) gather(err error) {
	c.failed = append(c.failed, joined.Split(err)...)
}

// plainOne is a frame without a budget, for agent i: called when due, and
// otherwise noted skipped (and called, with RunFrame).
func (c *Crowd[M]) plainOne(w *Worker[M], i int) error {
	a := c.agents[i]
	if a == nil || a.st == nil {
		return c.each(w, i, true) // Worker.Tick says what is wrong with it
	}
	if a.twice.Load() == c.frame {
		return ErrGivenTwice
	}
	sc := &a.sched
	if sc.asleep && sc.alarm == 0 { // the commonest case of a sleeper: nothing to look at
		w.asleep++
		sc.skip(c.dt)
		return c.idle(w, i)
	}
	due := sc.due(a.clock, c.dt)
	switch {
	case due:
		w.due++
		w.ticked++
		sc.took()
		err := c.each(w, i, true)
		sc.worked(a.work) // for a budget set later
		w.did += int64(a.work)
		return err
	case sc.asleep:
		w.asleep++
	}
	sc.skip(c.dt)
	return c.idle(w, i)
}

// idle calls a frame's function for agent i, not due, if it calls every
// agent (RunFrame).
func (c *Crowd[M]) idle(w *Worker[M], i int) error {
	if !c.all {
		return nil
	}
	return c.each(w, i, false)
}

// A candidate is an agent due in a frame with a budget, as the admission
// weighs it.
type candidate struct {
	priority float64
	index    int32
	peak     uint32 // the most work a tick of it did, at least 1
	last     uint32 // the work its last tick did, at least 1
	waited   uint32 // frames it was deferred in a row
	forced   bool   // it waited MaxDelay frames
	news     bool
}

// maxWaves bounds the waves of a frame with a budget: each costs the
// workers a meeting.
const maxWaves = 4

// budgeted runs a frame of n agents under the crowd's budget: a survey of
// who is due (the others are noted skipped, and called), the admission in
// waves, and the agents left deferred.
func (c *Crowd[M]) budgeted(n int) {
	c.marks = grow(c.marks, n)
	c.cands = grow(c.cands, n)
	c.gather(c.run(n, c.surveyPass, true))
	due := c.due[:0]
	for i, m := range c.marks {
		if m == markDue {
			due = append(due, c.cands[i])
		}
	}
	c.due = due
	c.report.Due = len(due) // the workers counted none
	if len(due) == 0 {
		return
	}
	// The first wave estimates every agent at the most work any agent
	// due has done in a tick (a spike comes to many at once); the later
	// ones estimate each by its last tick, scaled as the waves before did
	// more or less than theirs, and an agent deferred at no less than the
	// most it has done.
	var peak int64
	forced := false
	for _, d := range due {
		peak = max(peak, int64(d.peak))
		forced = forced || d.forced
	}
	work := int64(c.budget.Work)
	if forced || int64(len(due))*peak > work/2 {
		slices.SortFunc(due, c.before)
	}
	next := 0
	var spent, lasts int64 // the work done, and what the agents ticked did at their last ticks
	for wave := 0; wave < maxWaves && next < len(due) && spent < work; wave++ {
		c.wave = c.wave[:0]
		var sum, waveLasts int64
		for ; next < len(due); next++ {
			d := &due[next]
			cost, limit := peak, work/2
			if wave > 0 {
				cost, limit = (int64(d.last)*spent+lasts-1)/lasts, work-spent
				if d.waited > 0 {
					// What deferred it is still to come (the spike it
					// was deferred in): its last tick, calm, says nothing
					// of it, so it is taken at the most it has done.
					cost = max(cost, int64(d.peak))
				}
			}
			if sum+cost > limit && !d.forced && (wave > 0 || len(c.wave) > 0) {
				break // the first agent of the first wave goes whatever its cost
			}
			if d.forced && sum+cost > limit {
				c.report.Forced++
			}
			c.wave = append(c.wave, d.index)
			c.marks[d.index] = markTicked
			sum += cost
			waveLasts += int64(d.last)
		}
		if len(c.wave) == 0 {
			break
		}
		before := c.workWhile()
		c.gather(c.runIDs(c.wave, c.wavePass))
		spent += c.workWhile() - before
		lasts += waveLasts
		c.report.Waves++
	}
	c.report.Ticked = next
	for _, d := range due[next:] {
		c.marks[d.index] = markDeferred
	}
	c.later = c.later[:0]
	for i, m := range c.marks {
		if m == markDeferred {
			c.report.Deferred = append(c.report.Deferred, i)
			c.later = append(c.later, int32(i))
		}
	}
	c.gather(c.runIDs(c.later, c.restPass))
}

// workWhile returns the work the workers have counted in the frame so far.
func (c *Crowd[M]) workWhile() int64 {
	var sum int64
	for _, w := range c.workers {
		if w != nil {
			sum += w.did
		}
	}
	return sum
}

// before orders the candidates of a frame: the forced first, then by the
// game's priority, those told news, those that waited longest, and index.
func (c *Crowd[M]) before(a, b candidate) int {
	switch {
	case a.forced != b.forced:
		return trueFirst(a.forced)
	case a.priority != b.priority:
		return cmp.Compare(a.priority, b.priority)
	case a.news != b.news:
		return trueFirst(a.news)
	case a.waited != b.waited:
		return cmp.Compare(b.waited, a.waited)
	}
	return cmp.Compare(a.index, b.index)
}

// trueFirst orders two truth values that differ, the true one first:
// -1 when the first, a, is true.
func trueFirst(a bool) int {
	if a {
		return -1
	}
	return 1
}

// What a frame with a budget knows of each agent.
const (
	markIdle     uint8 = iota // not due: skipped, and called
	markDue                   // due, not yet admitted
	markTicked                // admitted, and called in its wave
	markDeferred              // due and not admitted: skipped, and called
	markOut                   // not an agent the frame can tick: called once, in the survey
)

// surveyOne is the survey of a frame with a budget, for agent i: an agent
// due is a candidate; the others are noted skipped, and called.
func (c *Crowd[M]) surveyOne(w *Worker[M], i int) error {
	a := c.agents[i]
	switch {
	case a == nil || a.st == nil:
		c.marks[i] = markOut
		return c.each(w, i, true) // Worker.Tick says what is wrong with it
	case a.twice.Load() == c.frame:
		c.marks[i] = markOut
		return ErrGivenTwice
	}
	sc := &a.sched
	if !sc.due(a.clock, c.dt) {
		c.marks[i] = markIdle
		if sc.asleep {
			w.asleep++
		}
		sc.skip(c.dt)
		return c.idle(w, i)
	}
	c.marks[i] = markDue
	d := candidate{index: int32(i), peak: max(sc.peak, sc.work, 1), last: max(sc.work, 1), waited: sc.deferred,
		forced: int(sc.deferred) >= c.budget.MaxDelay, news: sc.news}
	if c.budget.Priority != nil {
		if d.priority = c.budget.Priority(i); math.IsNaN(d.priority) {
			d.priority = math.Inf(1) // NaN: last (see Budget.Priority)
		}
	}
	c.cands[i] = d
	return nil
}

// waveOne ticks agent i, admitted in a wave.
func (c *Crowd[M]) waveOne(w *Worker[M], i int) error {
	a := c.agents[i]
	a.sched.took()
	err := c.each(w, i, true)
	a.sched.worked(a.work)
	w.did += int64(a.work)
	return err
}

// restOne ends a frame with a budget for agent i, deferred: it is noted
// so, and called.
func (c *Crowd[M]) restOne(w *Worker[M], i int) error {
	sc := &c.agents[i].sched
	sc.deferred++
	sc.skip(c.dt)
	return c.idle(w, i)
}
