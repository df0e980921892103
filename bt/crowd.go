package bt

import (
	"cmp"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// A Crowd ticks many agents of one tree per frame, sequentially or across
// a fixed number of workers. Each worker brings its own scratch memories,
// so agents ticked only by a crowd hold none. What every agent decides is
// the same whatever the number of workers, and whichever worker ticks it:
// an agent's tick depends only on the tree, its own state, its memory and
// the step.
//
// A game calls a crowd once per frame, between sensing and acting:
//
//	crowd := bt.NewCrowd(tree, runtime.GOMAXPROCS(0))
//	for frame := range frames {
//		sense(memories)                       // the game writes what each agent knows
//		err := crowd.Tick(agents, memories, dt) // each agent decides and acts on its memory
//		apply(memories)                       // the game carries out what they ordered
//	}
//
// or, to sense, decide and act agent by agent on the same worker while
// the agent's memory is in cache, with Run or RunFrame.
//
// An agent may decide less often than every frame (Agent.SetRate), or
// sleep until something wakes it (Agent.Sleep, Agent.Wake), and a crowd
// may keep its frames to a budget of work (SetBudget), moving what does
// not fit to the next frames; Tick and RunFrame honour them, and Report
// says what a frame did. An agent not ticked in a frame keeps the frame's
// time for its next tick.
//
// The workers are goroutines that live as long as the crowd: they are
// started by the first frame that needs them, wait between frames, and
// end once the crowd is no longer reachable. Each worker first runs its
// own chunk of the agents, a fixed run of consecutive indices, the same
// every frame, so that an agent is usually ticked where it was ticked the
// frame before and its state is still in that core's cache; a worker done
// with its chunk takes small blocks from the far end of another's still
// at work, so that no core idles while one is behind. After its first few
// frames a crowd's frame allocates nothing, with any number of workers. A
// Crowd is not safe for concurrent use: one frame at a time.
type Crowd[M any] struct {
	tree    *Tree[M]
	busy    atomic.Bool  // a frame, Run, Save or Load under way: see enter
	workers []*Worker[M] // made as a frame first needs them
	team    *team[M]     // the goroutines of workers 1 on, once started
	blocks  *blocks      // how the frame under way is cut

	// The frame Tick runs, and the function that ticks one of its
	// agents, made once so that a frame allocates nothing.
	agents   []*Agent[M]
	memories []M
	dt       time.Duration
	frame    uint64 // the stamp of the frame Tick runs: see Agent.frame
	stampOne func(w *Worker[M], i int) error
	errs     []error
	// distinct holds the addresses of the agents of the last frame found
	// to hold none twice: a frame of the same agents needs no stamping.
	// Addresses, not pointers, so that the crowd keeps no agent alive; an
	// address reused by a new agent still says the agents are distinct.
	distinct []uintptr

	// A frame under the agents' schedules (see schedule.go): the function
	// it calls for each agent, and whether for every agent or only those
	// ticked; the functions that run its passes, made once; its budget
	// and report, its faults, and what a budget's admission keeps.
	each                            func(w *Worker[M], i int, due bool) error
	all                             bool
	tickEach                        func(w *Worker[M], i int, due bool) error
	plainPass, surveyPass, wavePass func(w *Worker[M], i int) error
	restPass                        func(w *Worker[M], i int) error
	budget                          Budget
	report                          FrameReport
	failed                          []error
	marks                           []uint8
	cands, due                      []candidate
	wave, later                     []int32

	// Save and Load: the functions that save and load one agent, where
	// each agent's state lies, the save being loaded and the agents made
	// from it.
	saveOne, loadOne func(w *Worker[M], i int) error
	spans            []span
	loading          []byte
	fresh            []*Agent[M]
}

// MaxWorkers is the most workers a crowd has: NewCrowd asked for more
// makes this many. Workers beyond the machine's cores only add overhead;
// the cap keeps a mistaken count (the number of agents, say) from costing
// a goroutine and a set of scratch memories each.
const MaxWorkers = 256

// A Worker ticks agents with its own scratch memories. A Crowd hands one
// to each call of the function given to Run.
type Worker[M any] struct {
	tree     *Tree[M]
	s        *scratch[M] // made on first use
	errs     []error     // the faults of the frame under way
	panicked any         // what f panicked with on the worker's goroutine

	// the job of the frame under way
	f      func(w *Worker[M], i int) error
	blocks *blocks
	own    int     // its own range in blocks
	ids    []int32 // the agents the indices stand for, if not themselves (a wave of a frame)

	// what it counted in the frame under way (see FrameReport)
	asleep, due, ticked int
	did                 int64 // work

	saved []byte // the states it saved in the save under way (Crowd.Save)
}

// NewCrowd returns a crowd for the agents of tree t, with the given number
// of workers, at least 1 and at most MaxWorkers. A worker's scratch
// memories and goroutine are made by the first frame that gives it work,
// so a crowd costs nothing up front. A crowd of a nil or unbuilt tree,
// like a zero Crowd, has no workers: its Tick and Run return ErrNotBuilt.
func NewCrowd[M any](t *Tree[M], workers int) *Crowd[M] {
	c := &Crowd[M]{}
	if !t.valid() {
		return c
	}
	c.tree, c.blocks = t, &blocks{}
	c.workers = make([]*Worker[M], min(max(workers, 1), MaxWorkers))
	c.tickEach = c.frameOf
	c.plainPass, c.surveyPass, c.wavePass, c.restPass = c.plainOne, c.surveyOne, c.waveOne, c.restOne
	c.stampOne = func(_ *Worker[M], i int) error {
		if a := c.agents[i]; a != nil && a.frame.Swap(c.frame) == c.frame {
			a.twice.Store(c.frame)
			return ErrGivenTwice
		}
		return nil
	}
	return c
}

// An AgentError is a fault in one agent's tick during a crowd's frame.
type AgentError struct {
	Index int // the agent's index in the frame
	Err   error
}

// Error returns "agent 12: " and the fault.
func (e *AgentError) Error() string { return fmt.Sprintf("agent %d: %v", e.Index, e.Err) }

// Unwrap returns the fault.
func (e *AgentError) Unwrap() error { return e.Err }

// ErrGivenTwice reports an agent given to Crowd.Tick (or RunFrame, Save
// or Load) at more than one index: it is ticked at none of them, since
// which of its memories it should decide on is the caller's mistake, and
// ticking it twice would let two workers run it at once; a save or load
// of it is refused whole.
var ErrGivenTwice = errors.New("bt: the agent is given more than once in the frame")

// frames stamps crowd frames: each Tick takes the next, so no two frames
// of any crowds share a stamp.
var frames atomic.Uint64

// enter marks a call of the crowd under way, or returns ErrReentrant when
// one already is: an action that calls its own crowd's Tick (or Run, Save
// or Load) from inside a frame would reuse the workers, their scratch
// memories and the frame's agents while the frame still runs them, from
// whichever worker's goroutine ticks that action. Atomic, since that may
// be any of them. A call that enters must leave.
func (c *Crowd[M]) enter() error {
	if !c.busy.CompareAndSwap(false, true) {
		return ErrReentrant
	}
	return nil
}

// leave ends the call that entered.
func (c *Crowd[M]) leave() { c.busy.Store(false) }

// Tick ticks agents[i] with &memories[i] and step dt, for every i whose
// agent is due in this frame: every agent, unless some decide every Nth
// frame (Agent.SetRate) or sleep (Agent.Sleep), or the crowd has a budget
// (SetBudget); an agent not ticked keeps the frame's time for its next
// tick. It returns the agents' faults as *AgentError values joined
// together, in agent order. Each agent's status is its Status; Report
// says what the frame did. An agent given at more than one index is
// ticked at none: each of its indices gets ErrGivenTwice. Called from
// inside one of the crowd's own calls (by an action of a frame under
// way), it returns ErrReentrant, and that call goes on.
func (c *Crowd[M]) Tick(agents []*Agent[M], memories []M, dt time.Duration) error {
	switch {
	case c == nil || len(c.workers) == 0:
		return ErrNotBuilt
	case len(agents) != len(memories):
		return fmt.Errorf("bt: %d agents and %d memories", len(agents), len(memories))
	}
	if err := c.enter(); err != nil {
		return err
	}
	c.agents, c.memories, c.dt, c.each, c.all = agents, memories, dt, c.tickEach, false
	defer func() { c.agents, c.memories, c.each = nil, nil, nil; c.leave() }() // held no longer than the frame
	return c.runFrame()
}

// sameAgents reports whether agents are those of the last frame found to
// hold none twice, in the same order. Comparing is a read of two arrays,
// much cheaper than stamping each agent, which has to fetch it.
func (c *Crowd[M]) sameAgents(agents []*Agent[M]) bool {
	if len(agents) != len(c.distinct) {
		return false
	}
	for i, a := range agents {
		if uintptr(unsafe.Pointer(a)) != c.distinct[i] {
			return false
		}
	}
	return true
}

// Run calls f(w, i) for every i in [0, n), where w is the worker that runs
// it, and returns when all are done. Each worker runs its own chunk of
// the indices in order, then helps the others (see Crowd); the first
// worker is the caller's goroutine. f must touch only what belongs to
// agent i (an agent ticked from two indices is a data race) and read what
// is shared. The errors f returns come back as *AgentError values joined
// together, in index order. A panic in f (the tree's own faults are
// errors, never panics) reaches the caller's goroutine once every worker
// is done, as it would with one worker. Run calls f for every index
// whatever the agents' schedules and the crowd's budget: RunFrame
// honours them. Called from inside one of the crowd's own calls (by f),
// it returns ErrReentrant.
func (c *Crowd[M]) Run(n int, f func(w *Worker[M], i int) error) error {
	switch {
	case c == nil || len(c.workers) == 0:
		return ErrNotBuilt
	case n <= 0:
		return nil
	case f == nil:
		return errors.New("bt: Run with a nil function")
	}
	if err := c.enter(); err != nil {
		return err
	}
	defer c.leave()
	return c.run(n, f, true)
}

// run calls f for every index in [0, n), with stealing or with each
// worker keeping to its own chunk.
func (c *Crowd[M]) run(n int, f func(w *Worker[M], i int) error, steal bool) error {
	return c.runOver(n, nil, f, steal)
}

// runIDs calls f for every agent index in ids, with stealing; its faults
// are by agent index.
func (c *Crowd[M]) runIDs(ids []int32, f func(w *Worker[M], i int) error) error {
	return c.runOver(len(ids), ids, f, true)
}

// runOver calls f for every index in [0, n), or, with ids, for the agent
// index each stands for.
func (c *Crowd[M]) runOver(n int, ids []int32, f func(w *Worker[M], i int) error, steal bool) error {
	if n <= 0 {
		return nil
	}
	workers := c.workers[:min(len(c.workers), n)]
	c.blocks.cut(n, len(workers), steal)
	for k, w := range workers {
		if w == nil {
			w = &Worker[M]{tree: c.tree, blocks: c.blocks, own: k}
			workers[k] = w
		}
		w.f, w.ids, w.errs = f, ids, w.errs[:0]
	}
	if len(workers) == 1 {
		workers[0].work()
	} else {
		if c.team == nil {
			c.team = newTeam(c)
		}
		c.team.run(workers)
	}
	for _, w := range workers {
		w.f, w.ids = nil, nil // the function may hold the crowd: workers wait without it
	}
	for _, w := range workers {
		if w.panicked != nil {
			panic(w.panicked) // on the caller's goroutine, as with one worker
		}
	}
	return c.collect(workers)
}

// collect joins the workers' faults in index order.
func (c *Crowd[M]) collect(workers []*Worker[M]) error {
	c.errs = c.errs[:0]
	for _, w := range workers {
		c.errs = append(c.errs, w.errs...)
	}
	if len(c.errs) == 0 {
		return nil
	}
	slices.SortFunc(c.errs, func(a, b error) int { return cmp.Compare(a.(*AgentError).Index, b.(*AgentError).Index) })
	return errors.Join(c.errs...)
}

// A team is the goroutines of a crowd's workers past the first, each
// waiting on its own channel for the next frame, started as a frame first
// needs it. It holds no reference to the crowd, so that the crowd can
// become unreachable; then the channels are closed and the goroutines
// end.
type team[M any] struct {
	wake []chan *Worker[M]
	done sync.WaitGroup
}

func newTeam[M any](c *Crowd[M]) *team[M] {
	t := &team[M]{}
	runtime.AddCleanup(c, (*team[M]).stop, t)
	return t
}

// stop ends the team's goroutines.
func (t *team[M]) stop() {
	for _, ch := range t.wake {
		close(ch)
	}
}

// run has workers[1:] work on the team's goroutines and workers[0] on the
// caller's, and returns once all are done.
func (t *team[M]) run(workers []*Worker[M]) {
	for len(t.wake) < len(workers)-1 {
		ch := make(chan *Worker[M], 1)
		t.wake = append(t.wake, ch)
		go func() {
			for w := range ch {
				w.work()
				t.done.Done()
			}
		}()
	}
	t.done.Add(len(workers) - 1)
	for k, w := range workers[1:] {
		t.wake[k] <- w
	}
	workers[0].work()
	t.done.Wait()
}

// work runs the worker's own chunk, then what it can take of the others',
// and keeps what f panicked with, so that no worker is still at work when
// the panic goes on.
func (w *Worker[M]) work() {
	w.panicked = nil
	defer func() { w.panicked = recover() }()
	b := w.blocks
	for {
		lo, hi, ok := b.take(w.own)
		if !ok {
			break
		}
		w.run(lo, hi)
	}
	for k := 1; k < b.ranges; k++ {
		victim := (w.own + k) % b.ranges
		for {
			lo, hi, ok := b.steal(victim)
			if !ok {
				break
			}
			w.run(lo, hi)
		}
	}
}

// run calls f(w, i) for i in [lo, hi), or for the agents those stand
// for, keeping the faults.
func (w *Worker[M]) run(lo, hi int) {
	for k := lo; k < hi; k++ {
		i := k
		if w.ids != nil {
			i = int(w.ids[k])
		}
		if err := w.f(w, i); err != nil {
			w.errs = append(w.errs, &AgentError{Index: i, Err: err})
		}
	}
}

// blocks cuts the indices of a frame into one chunk per worker, each a
// run of blocks that its worker takes from the front and others may steal
// from the back.
type blocks struct {
	n, size, ranges int
	stealing        bool
	// next and end of each chunk, in blocks, packed in one word so that
	// taking and stealing are one compare-and-swap.
	chunks []atomic.Uint64
}

// A block is this many agents at most: few enough that one stolen at the
// end of a frame is a small part of it, many enough that taking it costs
// little beside them.
const blockSize = 32

// cut cuts [0, n) into workers chunks. Without stealing each chunk is one
// block.
func (b *blocks) cut(n, workers int, steal bool) {
	b.n, b.ranges, b.stealing = n, workers, steal
	chunk := (n + workers - 1) / workers
	b.size = chunk
	if steal {
		b.size = min(chunk, max(1, min(blockSize, chunk/16)))
	}
	if cap(b.chunks) < workers {
		b.chunks = make([]atomic.Uint64, workers)
	}
	b.chunks = b.chunks[:workers]
	perChunk := (chunk + b.size - 1) / b.size
	for k := range b.chunks {
		lo := min(k*perChunk, b.blocks())
		hi := min((k+1)*perChunk, b.blocks())
		b.chunks[k].Store(uint64(lo)<<32 | uint64(hi))
	}
}

func (b *blocks) blocks() int { return (b.n + b.size - 1) / b.size }

// take takes the next block of chunk k from its front.
func (b *blocks) take(k int) (lo, hi int, ok bool) {
	for {
		old := b.chunks[k].Load()
		next, end := old>>32, old&(1<<32-1)
		if next >= end {
			return 0, 0, false
		}
		if b.chunks[k].CompareAndSwap(old, (next+1)<<32|end) {
			return b.span(int(next))
		}
	}
}

// steal takes the last block of chunk k, if stealing is allowed.
func (b *blocks) steal(k int) (lo, hi int, ok bool) {
	if !b.stealing {
		return 0, 0, false
	}
	for {
		old := b.chunks[k].Load()
		next, end := old>>32, old&(1<<32-1)
		if next >= end {
			return 0, 0, false
		}
		if b.chunks[k].CompareAndSwap(old, next<<32|(end-1)) {
			return b.span(int(end - 1))
		}
	}
}

// span returns the indices of block i.
func (b *blocks) span(i int) (lo, hi int, ok bool) {
	return i * b.size, min((i+1)*b.size, b.n), true
}

// Halt halts agent a, as Agent.Halt does, with the worker's scratch
// memories.
func (w *Worker[M]) Halt(a *Agent[M], m *M) error {
	if err := w.check(a); err != nil {
		return err
	}
	return w.s.halt(a, m)
}

// Tick ticks agent a with memory m and step dt, as Agent.Tick does, with
// the worker's scratch memories. The agent must be of the crowd's tree.
func (w *Worker[M]) Tick(a *Agent[M], m *M, dt time.Duration) (Status, error) {
	if err := w.check(a); err != nil {
		return Failure, err
	}
	return w.s.tick(a, m, dt)
}

// check checks that the worker can tick a, and makes its scratch
// memories on first use.
func (w *Worker[M]) check(a *Agent[M]) error {
	switch {
	case w == nil || w.tree == nil:
		return ErrNotBuilt
	case a == nil || a.st == nil:
		return errNoAgent
	case a.tree != w.tree:
		return errors.New("bt: the agent runs another tree than the crowd's")
	case w.s == nil:
		w.s = newScratch(w.tree)
	}
	return nil
}
