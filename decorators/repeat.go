package decorators

import (
	"fmt"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// maxRepeatPrediction is the most repetitions a Repeat predicts: a
// prediction of Repeat(n) covers the first min(n, 16)
// still to come, so that a decision costs the same whatever n is.
const maxRepeatPrediction = 16

// Repeat runs the child n times in a row. When the child succeeds and
// repetitions remain, Repeat reports Running and begins the child again
// on the next tick, never twice in one tick (like a sequence with
// bt.Loop). It fails as soon as the child fails and succeeds after the
// n-th success.
//
// Simulate predicts the repetitions still to come one after another on
// one memory, at most 16 of them, and judges them as a whole, like a
// sequence; an Impossible repetition makes the whole Impossible. Each
// repetition is predicted the way the child predicts itself now.
func Repeat[M any](n int) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if n < 1 {
			return nil, fmt.Errorf("Repeat: %d repetitions: give at least 1", n)
		}
		return &repeat[M]{child: child, n: n}, nil
	}
}

type repeat[M any] struct {
	child  *bt.Child[M]
	n      int
	done   int
	active bool
}

func (r *repeat[M]) Begin(m *M) bt.Status {
	r.done, r.active = 0, true
	return r.step(r.child.Tick(m, 0))
}

func (r *repeat[M]) Update(m *M, dt time.Duration) bt.Status { return r.step(r.child.Tick(m, dt)) }

func (r *repeat[M]) End(*M, bt.Status) { r.active = false }

// SaveState saves how many repetitions are done (see bt.StateWriter).
func (r *repeat[M]) SaveState(w *bt.StateWriter) {
	w.Int("done", int64(r.done))
	w.Bool("active", r.active)
}

// RestoreState restores what SaveState saved.
func (r *repeat[M]) RestoreState(sr *bt.StateReader) error {
	done, active := sr.Int("done"), sr.Bool("active")
	if sr.Err() == nil && (done < 0 || done > int64(r.n)) {
		return fmt.Errorf("%d repetitions done of %d", done, r.n)
	}
	r.done, r.active = int(done), active
	return sr.Err()
}

func (r *repeat[M]) step(s bt.Status) bt.Status {
	if s != bt.Success {
		return s
	}
	if r.done++; r.done >= r.n {
		return bt.Success
	}
	return bt.Running // the next repetition begins on the next tick
}

func (r *repeat[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	left := r.n
	if r.active {
		left -= r.done
	}
	ch := bt.StartChain(ctx, m)
	for range min(left, maxRepeatPrediction) {
		v, terminal := ch.Step(r.child)
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
		if terminal {
			break
		}
	}
	return ch.Finish()
}

func (r *repeat[M]) Describe() string { return "repeat " + strconv.Itoa(r.n) }

// UntilFailure runs the child again, on the next tick, every time it
// succeeds, until it fails; then it succeeds. (A sequence with bt.Loop
// is different: it starts its children over each time they all succeed,
// and ends only by failing.) "Keep striking until you can't, then taunt"
// is a sequence of an UntilFailure and a taunt.
//
// Simulate predicts one pass of the child. A child predicted Impossible
// ends the loop at once: Irrelevant.
func UntilFailure[M any]() bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		return &loop[M]{child}, nil
	}
}

type loop[M any] struct{ child *bt.Child[M] }

func (l *loop[M]) Begin(m *M) bt.Status                    { return l.step(l.child.Tick(m, 0)) }
func (l *loop[M]) Update(m *M, dt time.Duration) bt.Status { return l.step(l.child.Tick(m, dt)) }
func (l *loop[M]) End(*M, bt.Status)                       {}
func (l *loop[M]) Describe() string                        { return "until failure" }
func (l *loop[M]) SaveState(*bt.StateWriter)               {}
func (l *loop[M]) RestoreState(*bt.StateReader) error      { return nil }

func (l *loop[M]) step(s bt.Status) bt.Status {
	if s == bt.Failure {
		return bt.Success
	}
	return bt.Running // a success starts over on the next tick
}

var loopEnds = heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "loop ends at once"}

func (l *loop[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	if v := l.child.Simulate(ctx, m); v.Outcome != heuristic.Impossible {
		return v
	}
	return loopEnds
}

// Retry gives the child up to n attempts. When an attempt fails and
// attempts remain, Retry reports Running and begins the child again on
// the next tick, never twice in one tick, so each attempt meets a new
// moment: a new world, and a new roll for a Chance on the child. Retry
// fails only when the n-th attempt fails.
//
// Simulate predicts one attempt: a prediction does not change on retry.
func Retry[M any](n int) bt.Decorator[M] {
	return func(child *bt.Child[M]) (bt.Node[M], error) {
		if n < 1 {
			return nil, fmt.Errorf("Retry: %d attempts: give at least 1", n)
		}
		return &retry[M]{through: through[M]{child}, n: n}, nil
	}
}

type retry[M any] struct {
	through[M]
	n, failed int
}

func (r *retry[M]) Begin(m *M) bt.Status {
	r.failed = 0
	return r.step(r.child.Tick(m, 0))
}

func (r *retry[M]) Update(m *M, dt time.Duration) bt.Status { return r.step(r.child.Tick(m, dt)) }

// SaveState saves how many attempts have failed (see bt.StateWriter).
func (r *retry[M]) SaveState(w *bt.StateWriter) { w.Int("failed", int64(r.failed)) }

// RestoreState restores what SaveState saved.
func (r *retry[M]) RestoreState(sr *bt.StateReader) error {
	failed := sr.Int("failed")
	if sr.Err() == nil && (failed < 0 || failed > int64(r.n)) {
		return fmt.Errorf("%d attempts failed of %d", failed, r.n)
	}
	r.failed = int(failed)
	return sr.Err()
}

func (r *retry[M]) step(s bt.Status) bt.Status {
	if s != bt.Failure {
		return s
	}
	if r.failed++; r.failed >= r.n {
		return bt.Failure
	}
	return bt.Running // the next attempt begins on the next tick
}

func (r *retry[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	return r.child.Simulate(ctx, m)
}

func (r *retry[M]) Describe() string { return "retry " + strconv.Itoa(r.n) }
