package decorators

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// Timeout gives the child d of tree time to finish. The tick that reaches
// the limit gives the child its last update with only the time left, so
// the result does not depend on the frame step: a child that finishes
// within d succeeds or fails as it would without the timeout, and one
// still running at the limit is halted and the timeout fails. (This holds
// for children that count the steps they are given; one that reads the
// agent's clock, as Delay does, sees the whole step.)
//
// Simulate predicts the child: a prediction runs to completion.
func Timeout[M any](d time.Duration) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if d <= 0 {
			return nil, fmt.Errorf("Timeout: duration %v: give a positive one", d)
		}
		return &timeout[M]{through: through[M]{child}, limit: d}, nil
	}
}

type timeout[M any] struct {
	through[M]
	limit, elapsed time.Duration
}

func (t *timeout[M]) Begin(m *M) bt.Status {
	t.elapsed = 0
	return t.child.Tick(m, 0)
}

func (t *timeout[M]) Update(m *M, dt time.Duration) bt.Status {
	left := t.limit - t.elapsed
	if dt < left {
		t.elapsed += dt
		return t.child.Tick(m, dt)
	}
	t.elapsed = t.limit
	if s := t.child.Tick(m, left); s != bt.Running {
		return s
	}
	t.child.Halt(m)
	return bt.Failure
}

// SaveState saves how much of the time is spent (see bt.StateWriter).
func (t *timeout[M]) SaveState(w *bt.StateWriter) { w.Int("elapsed", int64(t.elapsed)) }

// RestoreState restores what SaveState saved.
func (t *timeout[M]) RestoreState(r *bt.StateReader) error {
	elapsed := time.Duration(r.Int("elapsed"))
	if r.Err() == nil && (elapsed < 0 || elapsed > t.limit) {
		return fmt.Errorf("%v spent of %v", elapsed, t.limit)
	}
	t.elapsed = elapsed
	return r.Err()
}

func (t *timeout[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	return t.child.Simulate(ctx, m)
}

func (t *timeout[M]) Describe() string { return "timeout " + t.limit.String() }

// Delay waits d of tree time, Running, before it begins the child, in the
// first tick at or after d since the delay began.
//
// Simulate lets the rest of the wait pass on the memory (all of it when
// the delay is not running), through the tree's Model, then predicts the
// child, and judges the whole: what the world does during the wait counts.
// An Impossible child stands, and if the whole is Irrelevant the child's
// verdict stands for it.
func Delay[M any](d time.Duration) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if d < 0 {
			return nil, fmt.Errorf("Delay: negative duration %v", d)
		}
		return &delay[M]{through: through[M]{child}, wait: d}, nil
	}
}

type delay[M any] struct {
	through[M]
	wait    time.Duration
	began   time.Duration // when the delay began
	active  bool
	started bool // the child has begun in this run of the delay
}

func (d *delay[M]) Begin(m *M) bt.Status {
	d.began, d.active, d.started = d.child.Now(), true, false
	return d.Update(m, 0)
}

func (d *delay[M]) Update(m *M, dt time.Duration) bt.Status {
	if !d.started {
		if d.left() > 0 {
			return bt.Running
		}
		d.started = true
		return d.child.Tick(m, 0)
	}
	return d.child.Tick(m, dt)
}

func (d *delay[M]) End(*M, bt.Status) { d.active, d.started = false, false }

// SaveState saves when the wait began and whether the child has begun
// (see bt.StateWriter).
func (d *delay[M]) SaveState(w *bt.StateWriter) {
	w.Int("began", int64(d.began))
	w.Bool("active", d.active)
	w.Bool("started", d.started)
}

// RestoreState restores what SaveState saved.
func (d *delay[M]) RestoreState(r *bt.StateReader) error {
	began, active, started := time.Duration(r.Int("began")), r.Bool("active"), r.Bool("started")
	if r.Err() == nil && (began < 0 || started && !active) {
		return fmt.Errorf("a wait begun at %v, active %v, its child begun %v", began, active, started)
	}
	d.began, d.active, d.started = began, active, started
	return r.Err()
}

// Route says that the child runs once the wait is over.
func (d *delay[M]) Route(*M) int {
	if d.started || d.left() == 0 {
		return 0
	}
	return -1
}

// left returns the wait still to come.
func (d *delay[M]) left() time.Duration {
	if !d.active {
		return d.wait
	}
	return max(0, d.wait-(d.child.Now()-d.began))
}

func (d *delay[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	left := d.left()
	if d.started || left == 0 {
		return d.child.Simulate(ctx, m)
	}
	before := ctx.Push(m)
	ctx.Advance(m, left)
	v := d.child.Simulate(ctx, m)
	if v.Outcome == heuristic.Impossible {
		ctx.Pop()
		return v
	}
	j := ctx.Judge(before, m)
	ctx.Pop()
	if j.Outcome == heuristic.Irrelevant {
		j = v
	}
	return j
}

func (d *delay[M]) Describe() string { return "delay " + d.wait.String() }
