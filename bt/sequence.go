package bt

import (
	"errors"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A SequenceOption configures a sequence.
type SequenceOption func(*sequenceConfig) error

type sequenceConfig struct {
	loop         bool
	allowFailure bool
	min          heuristic.Outcome
}

// Loop makes a sequence start over from its first child, on the next
// tick, each time its last child succeeds; it then only ends by failing or
// being halted. Its simulation covers one pass.
func Loop() SequenceOption {
	return func(c *sequenceConfig) error { c.loop = true; return nil }
}

// AllowFailure makes a sequence move on past a child that fails instead of
// failing itself. In simulation an Impossible child is skipped.
func AllowFailure() SequenceOption {
	return func(c *sequenceConfig) error { c.allowFailure = true; return nil }
}

// MinOutcome sets the outcome at or below which a sequence stops
// simulating and reports that child's verdict as its own (default
// Impossible). MinOutcome(heuristic.Harmful) rejects any plan in which a
// step hurts.
func MinOutcome(o heuristic.Outcome) SequenceOption {
	return func(c *sequenceConfig) error {
		if !o.Valid() {
			return errors.New("MinOutcome: invalid outcome " + o.String())
		}
		c.min = o
		return nil
	}
}

// sequence runs its children in order and fails when one fails. A
// reactive one also re-checks, every tick, the conditions among the
// children before the running one, and fails at once, halting the running
// child, when one no longer holds.
type sequence[M any] struct {
	sequenceConfig
	tree     *Tree[M]
	children []*Child[M]
	reactive bool
	current  int
	active   bool
}

func (s *sequence[M]) Begin(m *M) Status {
	s.active, s.current = true, 0
	return s.run(m, 0)
}

func (s *sequence[M]) Update(m *M, dt time.Duration) Status {
	if s.reactive {
		if i, why := s.broken(m); i >= 0 {
			s.tree.traceCheck(s.children[i], Fail, why)
			s.children[s.current].Halt(m)
			return Failure
		}
	}
	return s.run(m, dt)
}

// broken returns the first condition before the running child that held
// when the sequence passed it and no longer holds, with the reason, or -1.
// Only a condition's test is asked again: an earlier action is done, and
// constraints guard a node's beginning (a cooldown the condition just
// started), not whether what it tested still holds; and a condition that
// failed, which AllowFailure let the sequence pass, has nothing to lose.
func (s *sequence[M]) broken(m *M) (int, string) {
	for i, c := range s.children[:min(s.current, len(s.children))] {
		cond, ok := c.node.(*condition[M])
		if !ok || c.ended != Success {
			continue
		}
		t := c.tree
		at := t.enter(c, opConstraint)
		holds := cond.test(m)
		t.at = at
		if !holds {
			return i, cond.whenFalse
		}
	}
	return -1, ""
}

func (s *sequence[M]) End(*M, Status) { s.active = false }

func (s *sequence[M]) run(m *M, dt time.Duration) Status {
	for s.current < len(s.children) {
		switch s.children[s.current].Tick(m, dt) {
		case Running:
			return Running
		case Failure:
			if !s.allowFailure {
				return Failure
			}
		}
		s.current++
	}
	if s.loop {
		s.current = 0 // start over next tick, so instant children cannot spin
		return Running
	}
	return Success
}

// Simulate continues from the current child on one shared copy and stops
// early when a step is at or below the minimum outcome.
func (s *sequence[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	rest := s.children
	if s.active {
		if s.reactive {
			if i, why := s.broken(m); i >= 0 {
				return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: why}
			}
		}
		rest = rest[s.current:]
	}
	ch := StartChain(ctx, m)
	for _, c := range rest {
		v, terminal := ch.Step(c)
		switch {
		case v.Outcome == heuristic.Impossible && s.allowFailure:
			// the sequence would move on past this failure
		case v.Outcome <= s.min:
			return ch.Stop(v)
		default:
			ch.Count(v)
		}
		if terminal {
			break
		}
	}
	return ch.Finish()
}

func (s *sequence[M]) Describe() string {
	d := "sequence"
	if s.reactive {
		d = "reactive sequence"
	}
	if s.loop {
		d += " loop"
	}
	if s.allowFailure {
		d += " allow-failure"
	}
	if s.min != heuristic.Impossible {
		d += " min=" + s.min.String()
	}
	return d
}
