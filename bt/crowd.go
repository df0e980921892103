package bt

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// A Crowd ticks many agents of one tree per frame, sequentially or across
// a fixed number of workers. Each worker brings its own scratch memories,
// so agents ticked only by a crowd hold none, and the work is cut into
// fixed chunks, one per worker, so that what every agent decides is the
// same whatever the number of workers: an agent's tick depends only on the
// tree, its own state, its memory and the step.
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
// the agent's memory is in cache, with Run. A Crowd is not safe for
// concurrent use: one frame at a time.
type Crowd[M any] struct {
	workers []*Worker[M] // each knows the tree through its scratch

	// The frame Tick runs, and the function that ticks one of its
	// agents, made once so that a frame allocates nothing.
	agents   []*Agent[M]
	memories []M
	dt       time.Duration
	tickOne  func(w *Worker[M], i int) error
}

// A Worker ticks agents with its own scratch memories. A Crowd hands one
// to each call of the function given to Run.
type Worker[M any] struct {
	s        *scratch[M]
	errs     []error // the faults of its chunk in the frame under way
	panicked any     // what f panicked with on the worker's goroutine
}

// NewCrowd returns a crowd for the agents of tree t, with the given number
// of workers (at least 1). A crowd of a nil or unbuilt tree, like a zero
// Crowd, has no workers: its Tick and Run return ErrNotBuilt.
func NewCrowd[M any](t *Tree[M], workers int) *Crowd[M] {
	c := &Crowd[M]{}
	if !t.valid() {
		return c
	}
	for range max(workers, 1) {
		c.workers = append(c.workers, &Worker[M]{s: newScratch(t)})
	}
	c.tickOne = func(w *Worker[M], i int) error {
		_, err := w.Tick(c.agents[i], &c.memories[i], c.dt)
		return err
	}
	return c
}

// Workers returns the number of workers.
func (c *Crowd[M]) Workers() int {
	if c == nil {
		return 0
	}
	return len(c.workers)
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

// Tick ticks agents[i] with &memories[i] and step dt, for every i. It
// returns the agents' faults as *AgentError values joined together, in
// agent order. Each agent's status is its Status.
func (c *Crowd[M]) Tick(agents []*Agent[M], memories []M, dt time.Duration) error {
	switch {
	case c.Workers() == 0:
		return ErrNotBuilt
	case len(agents) != len(memories):
		return fmt.Errorf("bt: %d agents and %d memories", len(agents), len(memories))
	}
	c.agents, c.memories, c.dt = agents, memories, dt
	err := c.Run(len(agents), c.tickOne)
	c.agents, c.memories = nil, nil // held no longer than the frame
	return err
}

// Run calls f(w, i) for every i in [0, n), where w is the worker that runs
// it. The indices are cut into one fixed chunk per worker, in order, and
// each worker runs its chunk in order on its own goroutine (the first on
// the caller's); Run returns when all are done. f must touch only what
// belongs to agent i and read what is shared. The errors f returns come
// back as *AgentError values joined together, in index order. A panic in
// f (the tree's own faults are errors, never panics) reaches the caller's
// goroutine once every worker is done, as it would with one worker.
func (c *Crowd[M]) Run(n int, f func(w *Worker[M], i int) error) error {
	switch {
	case c.Workers() == 0:
		return ErrNotBuilt
	case n <= 0:
		return nil
	case f == nil:
		return errors.New("bt: Run with a nil function")
	}
	workers := c.workers[:min(len(c.workers), n)]
	chunk := (n + len(workers) - 1) / len(workers)
	if len(workers) == 1 {
		workers[0].run(0, n, f)
	} else {
		var wg sync.WaitGroup
		for k, w := range workers[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.guard((k+1)*chunk, min((k+2)*chunk, n), f)
			}()
		}
		workers[0].guard(0, chunk, f)
		wg.Wait()
		for _, w := range workers {
			if w.panicked != nil {
				panic(w.panicked) // on the caller's goroutine, as with one worker
			}
		}
	}
	var all []error
	for _, w := range workers {
		all = append(all, w.errs...)
	}
	return errors.Join(all...)
}

// guard runs the chunk [lo, hi) and keeps what f panicked with, so that
// no worker is still at work when the panic goes on.
func (w *Worker[M]) guard(lo, hi int, f func(w *Worker[M], i int) error) {
	w.panicked = nil
	defer func() { w.panicked = recover() }()
	w.run(lo, hi, f)
}

// run calls f(w, i) for i in [lo, hi), keeping the faults.
func (w *Worker[M]) run(lo, hi int, f func(w *Worker[M], i int) error) {
	w.errs = w.errs[:0]
	for i := lo; i < hi; i++ {
		if err := f(w, i); err != nil {
			w.errs = append(w.errs, &AgentError{Index: i, Err: err})
		}
	}
}

// Tick ticks agent a with memory m and step dt, as Agent.Tick does, with
// the worker's scratch memories. The agent must be of the crowd's tree.
func (w *Worker[M]) Tick(a *Agent[M], m *M, dt time.Duration) (Status, error) {
	if err := w.check(a); err != nil {
		return Failure, err
	}
	return w.s.tick(a, m, dt)
}

// Halt halts agent a, as Agent.Halt does.
func (w *Worker[M]) Halt(a *Agent[M], m *M) error {
	if err := w.check(a); err != nil {
		return err
	}
	return w.s.halt(a, m)
}

// Preview previews agent a's next tick, as Agent.Preview does.
func (w *Worker[M]) Preview(a *Agent[M], m *M, dt time.Duration) (Preview, error) {
	if err := w.check(a); err != nil {
		return Preview{}, err
	}
	return w.s.preview(a, m, dt)
}

func (w *Worker[M]) check(a *Agent[M]) error {
	switch {
	case w == nil || w.s == nil || a == nil || a.st == nil:
		return ErrNotBuilt
	case a.tree != w.s.tree:
		return errors.New("bt: the agent runs another tree than the crowd's")
	}
	return nil
}
