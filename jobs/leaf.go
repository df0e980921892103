package jobs

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// A Leaf is a leaf of a tree whose work runs off the tick (see the
// package doc): New makes one, its methods set how it runs, and
// bt.Builder.Leaf (or a catalogue's Leaf entry) puts it in a tree, where
// every agent runs an instance of its own. Set it up before a tree is
// built with it; it is then read, never written, and may be shared by
// any number of trees.
//
// Q is the job's request, what the work needs from the memory, and A
// its answer.
type Leaf[M, Q, A any] struct {
	spec *spec[M, Q, A]

	// An agent's instance: the run under way.
	self    *bt.Child[M]
	running bool
	call    *call[A] // the job under way; nil before it is submitted again after a restore
	req     Q
	ticks   int           // the ticks it has been updated since it began
	began   time.Duration // the agent's clock when it began
}

// spec is what a Leaf and its instances share.
type spec[M, Q, A any] struct {
	request func(m *M) (Q, error)
	work    func(ctx context.Context, q Q) (A, error)
	deliver func(m *M, a A) bool
	effect  func(m *M)
	takes   time.Duration
	after   int // ticks from its beginning to its delivery; whenDone for none
	system  System
	await   bool
	errs    []error
}

// whenDone is spec.after for a leaf that delivers once its job is done.
const whenDone = -1

// New returns a leaf that, when it begins, takes the job's request from
// the memory (request, on the tick), runs work off the tick with the
// request and a context cancelled when the leaf is halted, and delivers
// the answer into the memory at a tick boundary (deliver, on the tick),
// where it succeeds when deliver reports true and fails otherwise.
//
// The request is the work's own: copy into it what the work needs (a
// start and a goal, not a pointer into the memory, which goes on
// changing). An error from request fails the leaf at once, and one from
// work fails it when the answer is due, each with the error's text as its
// reason (the tracer's EventEnd); a panic in work reaches the tick that
// delivers it (see PanicError).
//
// By default the answer is delivered one tick after the leaf began (see
// After), the work runs on a goroutine of its own (see On), a halt
// abandons the work (see AwaitStop), and a prediction changes nothing
// and takes no time (see Effect and Takes).
func New[M, Q, A any](request func(m *M) (Q, error), work func(ctx context.Context, q Q) (A, error),
	deliver func(m *M, answer A) bool) *Leaf[M, Q, A] {
	return &Leaf[M, Q, A]{spec: &spec[M, Q, A]{request: request, work: work, deliver: deliver, after: 1, system: &goroutines}}
}

// Effect sets the leaf's predicted effect: what its run does to a
// scratch memory, for selectors and planners to judge (a path found and
// walked: the agent at its goal). It returns l.
func (l *Leaf[M, Q, A]) Effect(effect func(m *M)) *Leaf[M, Q, A] {
	l.spec.effect = effect
	return l
}

// Takes declares how long the leaf's run is expected to take, from its
// beginning to its delivery: a prediction that chains it (a sequence, a
// planner's plan) moves its clock on by d, and by what remains of d
// once it has begun, as for an action's bt.Takes. It returns l.
func (l *Leaf[M, Q, A]) Takes(d time.Duration) *Leaf[M, Q, A] {
	if d < 0 {
		l.fail(fmt.Errorf("Takes: negative duration %v", d))
	}
	l.spec.takes = d
	return l
}

// After sets the tick at which the answer is delivered: ticks after the
// one in which the leaf began (0: in that very tick). If the work has not
// returned by then, that tick waits for it, running it on the ticking
// goroutine if the system has not begun it. The answer then reaches the
// memory at the same tick of the agent whatever the work's timing: the
// default, After(1), is deterministic. It returns l.
func (l *Leaf[M, Q, A]) After(ticks int) *Leaf[M, Q, A] {
	if ticks < 0 {
		l.fail(fmt.Errorf("After: %d ticks: want 0 or more", ticks))
	}
	l.spec.after = ticks
	return l
}

// WhenDone has the answer delivered at the first tick that finds the
// work done, never waiting for it. Which tick that is depends on the
// work's timing unless the system's does not (a Queue run at fixed
// points of the frame): a replay or a crowd with another number of
// workers may then decide otherwise. It returns l.
func (l *Leaf[M, Q, A]) WhenDone() *Leaf[M, Q, A] {
	l.spec.after = whenDone
	return l
}

// AwaitStop has a halt of the leaf wait for its work to stop: its
// context is cancelled, and the leaf's End returns once the work has
// returned, so that the leaf ends only when its job has stopped (one
// that holds what the next run needs, say). By default a halt cancels
// the context and ends the leaf at once, and the work stops in its own
// time, its answer dropped. Either way a job that has not begun never
// does. It returns l.
func (l *Leaf[M, Q, A]) AwaitStop() *Leaf[M, Q, A] {
	l.spec.await = true
	return l
}

// On sets the system the work runs on (by default, a goroutine of its own
// for each job). It returns l.
func (l *Leaf[M, Q, A]) On(s System) *Leaf[M, Q, A] {
	if s == nil {
		l.fail(errors.New("On: a nil system"))
	}
	l.spec.system = s
	return l
}

func (l *Leaf[M, Q, A]) fail(err error) { l.spec.errs = append(l.spec.errs, err) }

// Validate reports a leaf made without its functions, or set up wrong,
// in one line; bt.Build reports it with the node's path.
func (l *Leaf[M, Q, A]) Validate() error {
	s := l.spec
	var missing, wrong []string
	for _, f := range []struct {
		missing bool
		name    string
	}{{s.request == nil, "request"}, {s.work == nil, "work"}, {s.deliver == nil, "deliver"}} {
		if f.missing {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		wrong = append(wrong, "nil "+strings.Join(missing, ", ")+": give New the leaf's three functions")
	}
	for _, err := range s.errs {
		wrong = append(wrong, err.Error())
	}
	if len(wrong) == 0 {
		return nil
	}
	return errors.New(strings.Join(wrong, "; "))
}

// Describe summarises the leaf for dumps and pictures: "job after 1 tick
// takes=2s".
func (l *Leaf[M, Q, A]) Describe() string {
	s := l.spec
	d := "job when done"
	switch s.after {
	case whenDone:
	case 1:
		d = "job after 1 tick"
	default:
		d = "job after " + strconv.Itoa(s.after) + " ticks"
	}
	if s.takes > 0 {
		d += " takes=" + s.takes.String()
	}
	if s.await {
		d += " await-stop"
	}
	return d
}

// NewInstance makes an agent's instance of the leaf, which keeps the job
// the agent's run has under way.
func (l *Leaf[M, Q, A]) NewInstance() (bt.Node[M], error) {
	return &Leaf[M, Q, A]{spec: l.spec}, nil
}

// Bind keeps the instance's handle on itself, for its clock and its
// reasons.
func (l *Leaf[M, Q, A]) Bind(self *bt.Child[M]) { l.self = self }

// Begin takes the request from the memory and submits the job; with
// After(0), it delivers the answer at once.
func (l *Leaf[M, Q, A]) Begin(m *M) bt.Status {
	req, err := l.spec.request(m)
	if err != nil {
		l.reason(err)
		return bt.Failure
	}
	l.req, l.ticks, l.began, l.running = req, 0, l.now(), true
	l.submit()
	if l.spec.after == 0 {
		return l.deliver(m)
	}
	return bt.Running
}

// Update delivers the answer when it is due: at the tick After says, or
// the first that finds the work done. A leaf restored with its job under
// way submits it again first (see the package doc).
func (l *Leaf[M, Q, A]) Update(m *M, _ time.Duration) bt.Status {
	l.ticks++
	if l.call == nil {
		l.submit()
	}
	if after := l.spec.after; after == whenDone && l.call.job.ready() || after != whenDone && l.ticks >= after {
		return l.deliver(m)
	}
	return bt.Running
}

// End stops the job under way, if the leaf was halted with one: its
// context is cancelled, and with AwaitStop End waits for it to return.
func (l *Leaf[M, Q, A]) End(*M, bt.Status) {
	l.running = false
	var zero Q
	l.req = zero // the request may hold much: it is not kept past the run
	if c := l.call; c != nil {
		l.call = nil
		c.stop(l.spec.await)
	}
}

// Discard cancels the job under way of an instance that a restore or a
// reload replaced (see bt.Node): its run is not ended, and its answer,
// when it comes, is dropped.
func (l *Leaf[M, Q, A]) Discard() {
	if c := l.call; c != nil {
		l.call = nil
		c.stop(false)
	}
}

// Simulate predicts the leaf's run: its effect, and the time it is
// expected to take, or what remains of it once it has begun.
func (l *Leaf[M, Q, A]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	s := l.spec
	remaining := s.takes
	if l.self != nil && l.self.Running() && ctx.Moment() == (bt.Moment{}) {
		remaining = max(0, remaining-(l.now()-l.began))
	}
	before := ctx.Push(m)
	if s.effect != nil {
		s.effect(m)
	}
	ctx.Advance(m, remaining)
	v := ctx.Judge(before, m)
	ctx.Pop()
	return v
}

// SaveState saves the run under way (see bt.StateWriter): the ticks since
// it began, when it began, and its job's request, which must be a value
// that encoding/gob and encoding/json can carry (of an interface type,
// the binary form keeps its concrete type, which gob must know
// (gob.Register), and the JSON form does not: a number comes back a
// float64). The job itself, and an
// answer that came before its tick, are not saved: a restored run submits
// its request again, and delivers at the tick the saved one would have.
func (l *Leaf[M, Q, A]) SaveState(w *bt.StateWriter) {
	w.Int("ticks", int64(l.ticks))
	w.Int("began", int64(l.began))
	if l.running {
		// A pointer, so that gob writes the request as a Q: of an
		// interface type, its concrete type too, which it reads back.
		w.Value("request", &l.req)
	}
}

// RestoreState restores what SaveState saved.
func (l *Leaf[M, Q, A]) RestoreState(r *bt.StateReader) error {
	ticks, began := r.Int("ticks"), r.Int("began")
	var req Q
	if r.Running() {
		r.Value("request", &req)
	}
	if err := r.Err(); err != nil {
		return err
	}
	if ticks < 0 || ticks > 1<<40 || began < 0 {
		return fmt.Errorf("a run of %d ticks begun at %v", ticks, time.Duration(began))
	}
	l.ticks, l.began, l.req, l.running, l.call = int(ticks), time.Duration(began), req, r.Running(), nil
	return nil
}

// submit submits the job of the request l holds.
func (l *Leaf[M, Q, A]) submit() {
	ctx, cancel := context.WithCancel(context.Background())
	c := &call[A]{cancel: cancel}
	work, req := l.spec.work, l.req
	c.job = newJob(func() { c.do(func() (A, error) { return work(ctx, req) }) })
	l.call = c
	l.spec.system.Submit(c.job)
}

// deliver waits for the job under way if need be, and puts its answer
// into m.
func (l *Leaf[M, Q, A]) deliver(m *M) bt.Status {
	c := l.call
	l.call = nil
	c.job.wait()
	c.cancel() // the work is done: this releases the context
	switch {
	case c.panicked != nil:
		panic(c.panicked)
	case c.err != nil:
		l.reason(c.err)
		return bt.Failure
	case l.spec.deliver(m, c.answer):
		return bt.Success
	}
	return bt.Failure
}

func (l *Leaf[M, Q, A]) reason(err error) {
	if l.self != nil {
		l.self.SetReason(err.Error())
	}
}

func (l *Leaf[M, Q, A]) now() time.Duration {
	if l.self == nil {
		return 0
	}
	return l.self.Now()
}

// A call is one job of a leaf, and what its work returned.
type call[A any] struct {
	job      *Job
	cancel   context.CancelFunc
	answer   A
	err      error
	panicked *PanicError
}

// do runs the work, keeping its answer, its error or its panic.
func (c *call[A]) do(work func() (A, error)) {
	defer func() {
		if r := recover(); r != nil {
			c.panicked = &PanicError{Value: r, Stack: debug.Stack()}
		}
	}()
	c.answer, c.err = work()
}

// stop cancels the job and keeps it from beginning if it has not; with
// await, it waits for one under way to return.
func (c *call[A]) stop(await bool) {
	c.cancel()
	if !c.job.drop() && await {
		<-c.job.done
	}
}

// A PanicError is what a job's work panicked with. It reaches the agent
// at the tick that delivers the job's answer, where the leaf panics with
// it: the tick returns it in a *bt.PanicError (errors.As finds it) and
// quarantines the leaf, as for a panic in the leaf's own code.
type PanicError struct {
	Value any    // what was passed to panic
	Stack []byte // the stack of the goroutine the work ran on
}

// Error returns "the job panicked: " and the value.
func (e *PanicError) Error() string { return fmt.Sprintf("the job panicked: %v", e.Value) }

// Unwrap returns the value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
