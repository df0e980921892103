package jobs

import (
	"slices"
	"sync"
	"sync/atomic"
)

// A System runs jobs off the tick: Goroutines runs each on a goroutine of
// its own, Queue holds them until told to run them, and a game may put
// them on its own job system. It is the one thing a game implements:
//
//	type pool struct{ work chan *jobs.Job } // the game's workers call Run
//
//	func (p pool) Submit(j *jobs.Job) { p.work <- j }
//
// Submit must not wait for the job, and must not run it on the caller's
// goroutine, which is ticking an agent; it may be called from any of a
// crowd's workers at once.
type System interface {
	Submit(j *Job)
}

// A Job is one piece of work a leaf submitted to a System: the system
// calls Run, once, on any goroutine. A job may also be run by the tick
// that needs its answer before the system got to it (see Leaf.After),
// or dropped by the halt of its leaf before it began: then Run returns
// at once.
type Job struct {
	state atomic.Int32
	work  func()
	done  chan struct{}
}

// The states of a Job.
const (
	jobWaiting int32 = iota // submitted, not begun
	jobRunning
	jobDone // its work returned, or it was dropped before it began
)

func newJob(work func()) *Job { return &Job{work: work, done: make(chan struct{})} }

// Run does the job's work and returns when it has, unless the job began
// elsewhere or was dropped: then it returns at once.
func (j *Job) Run() {
	if j == nil || j.work == nil {
		return // not a leaf's job: nothing to run, on any goroutine
	}
	if j.state.CompareAndSwap(jobWaiting, jobRunning) {
		j.work()
		j.finish()
	}
}

// Started reports whether the job has begun, here or elsewhere, or was
// dropped: a system that holds jobs in a queue may skip one that has. A
// nil or zero Job, which no leaf made, counts as begun, and its Run does
// nothing.
func (j *Job) Started() bool { return j == nil || j.work == nil || j.state.Load() != jobWaiting }

func (j *Job) finish() {
	j.state.Store(jobDone)
	close(j.done)
}

// drop keeps the job from beginning, and reports whether it had not.
func (j *Job) drop() bool {
	if j.state.CompareAndSwap(jobWaiting, jobDone) {
		close(j.done)
		return true
	}
	return false
}

// ready reports whether the job's work has returned (or it was dropped).
func (j *Job) ready() bool { return j.state.Load() == jobDone }

// wait returns once the job's work has returned: at once if it has, by
// running it on the caller's goroutine if it has not begun, and
// otherwise by waiting for the goroutine that runs it.
func (j *Job) wait() {
	j.Run()
	<-j.done
}

// Goroutines is a System that runs each job on a goroutine of its own.
// Its zero value is ready; a leaf without a system of its own uses a
// Goroutines of the package's. Wait lets a game (at its end) and a test
// wait for every job it ran to return.
type Goroutines struct {
	running sync.WaitGroup
}

// Submit runs j on a new goroutine.
func (g *Goroutines) Submit(j *Job) {
	g.running.Add(1)
	go func() {
		defer g.running.Done()
		j.Run()
	}()
}

// Wait returns once every job submitted so far has returned. A job that
// ignores its context's cancellation is waited for to its end.
func (g *Goroutines) Wait() { g.running.Wait() }

// goroutines is the system of a leaf not given one.
var goroutines Goroutines

// A Queue is a System that holds its jobs until told to run them, on the
// caller's goroutine: the fake job system of a test, which answers when
// the test says so (and in the order it says), and the job system of a
// game that runs its jobs at a point of its frame of its own choosing.
// Its zero value is ready; it is safe for concurrent use.
type Queue struct {
	mu   sync.Mutex
	jobs []*Job
}

// Submit holds j until Run or RunAll runs it.
func (q *Queue) Submit(j *Job) {
	q.mu.Lock()
	q.jobs = append(q.jobs, j)
	q.mu.Unlock()
}

// Len returns how many jobs wait: submitted, and not yet begun (here, or
// by a tick that needed the answer) or dropped (by a halt).
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.prune()
	return len(q.jobs)
}

// Run runs the job waiting at index i (0 is the one submitted first) on
// the caller's goroutine, and reports whether there was one.
func (q *Queue) Run(i int) bool {
	q.mu.Lock()
	q.prune()
	if i < 0 || i >= len(q.jobs) {
		q.mu.Unlock()
		return false
	}
	j := q.jobs[i]
	q.jobs = append(q.jobs[:i], q.jobs[i+1:]...)
	q.mu.Unlock()
	j.Run()
	return true
}

// RunAll runs every job waiting, the first submitted first, on the
// caller's goroutine, and returns how many it ran. Jobs submitted while
// it runs wait for the next call.
func (q *Queue) RunAll() int {
	q.mu.Lock()
	q.prune()
	jobs := q.jobs
	q.jobs = nil
	q.mu.Unlock()
	for _, j := range jobs {
		j.Run()
	}
	return len(jobs)
}

// prune forgets the jobs begun or dropped elsewhere.
func (q *Queue) prune() { q.jobs = slices.DeleteFunc(q.jobs, (*Job).Started) }
