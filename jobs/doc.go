// Package jobs runs an agent's long work off the tick: a path from the
// pathfinder, a line-of-sight query, a server's reply. Its leaf (New)
// takes a request from the memory when it begins, runs the work on a
// goroutine or on the game's own job system (a System), goes on running
// while the work runs, and puts the answer into the memory at a tick
// boundary:
//
//	find := jobs.New(
//		func(w *Worker) (Trip, error) { return Trip{w.At, w.Goal}, nil },           // on the tick: what the work needs
//		func(ctx context.Context, t Trip) ([]Cell, error) { return path(ctx, t) }, // off the tick
//		func(w *Worker, p []Cell) bool { w.Path = p; return true },                // on the tick: the answer
//	).Effect(func(w *Worker) { w.HasPath = true }).Takes(300 * time.Millisecond)
//	tree, err := bt.Build(cfg, b.Sequence("walk", b.Leaf("find path", find), b.Do("follow", follow)))
//
// Every agent runs an instance of its own, and the leaf keeps bt's life
// cycle: a halt (a higher priority that takes over, a plan replaced, a
// constraint that stops it, Agent.Halt) ends it at once, and cancels the
// work's context. It works under every decider, as any leaf does: a
// selector, a priority, an HTN or GOAP plan (a catalogue entry made with
// catalogue.Builder.Leaf), a state machine's state. Predictions chain it
// with its expected duration (Takes), so a planner plans the wait.
//
// # When the answer comes
//
// An answer reaches the memory only at a tick boundary, in the tick of
// the leaf's Update, and by default at a tick fixed when the leaf began:
// After(n) delivers at the n-th tick after it, whatever the work's timing.
// If the work has not returned by then, that tick waits for it (running
// it on the ticking goroutine if the system has not begun it). So a replay,
// a crowd with any number of workers and a restored save decide the same,
// byte for byte, as everything else in foresight; the price is a declared
// latency, and a tick that waits for work slower than it. Choose n so that
// the work is almost always done by then: a frame or two for a path, more
// for a server. Delivering at the tick after the work is seen to be done
// would be quicker and never wait, but which tick that is depends on the
// goroutines' timing; WhenDone does it, for a game that prefers never
// waiting to deciding the same, or whose system completes its jobs at
// fixed points of the frame (a Queue).
//
// Errors and panics take the same way: the work's error fails the leaf,
// with the error's text as the reason its EventEnd carries, and its panic
// is raised at the tick of delivery (PanicError), where bt quarantines the
// leaf and reports it from Tick.
//
// # Stopping
//
// A halt cancels the work's context, and a job that has not begun never
// does. The leaf ends at once, as every node does (End once per Begin), and
// by default the work stops in its own time and its answer is dropped; a
// run that begins again meanwhile submits a job of its own. With
// AwaitStop the leaf's End waits for the work to return, so the leaf ends
// only once its job has stopped (deterministic too, at the cost of the
// halting tick's time). A job that ignores its context runs to its end
// either way: Goroutines.Wait waits for it.
//
// # Saving a game with jobs under way
//
// A leaf's instance saves its run (see bt.StateWriter): the ticks since it
// began, when it began, and its request, which must be a value that
// encoding/gob and encoding/json can carry. Its job is not saved, nor an
// answer that came before its tick. Restored, a run under way submits its
// request again at its next tick, and delivers at the tick the saved run
// would have: a restored game goes on exactly as the one saved when the
// work's answer depends only on its request. The instance a restore
// replaces has its job cancelled, its answer dropped (bt.Node's Discard).
//
// # Tests
//
// A Queue is the fake job system of tests: its jobs wait until the test
// runs them (Run, RunAll), in the order it says. A leaf on a Queue that
// reaches its tick of delivery first runs the job itself.
package jobs
