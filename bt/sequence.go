package bt

import (
	"errors"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
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

// A sequence runs its children in order and fails when one fails. A
// reactive one also re-checks, every tick, the conditions among the
// children before the running one, and fails at once, halting the running
// child, when one that held no longer does.

// runSequence runs sequence i from its current child on. Instant leaves
// are called in place: a sequence of them costs a loop, not a call chain.
func (s *scratch[M]) runSequence(i int32, m *M, dt time.Duration) Status {
	n := &s.nodes[i]
	st := &s.st[i]
	for int(st.current) < len(n.kids) {
		k := n.kids[st.current]
		var r Status
		if kn := &s.nodes[k]; kn.kind == kindInstant && kn.flags&flagGuarded == 0 && s.tracer == nil &&
			s.st[k].flags&stQuarantined == 0 {
			r = s.instant(k, kn, m)
		} else {
			r = s.tickNode(k, m, dt)
		}
		switch r {
		case Running:
			return Running
		case Failure:
			if !n.seq.allowFailure {
				return Failure
			}
		}
		st.current++
	}
	if n.seq.loop {
		st.current = 0 // start over next tick, so instant children cannot spin
		return Running
	}
	return Success
}

// instant runs instant leaf k in place of begin, for a parent that has
// checked that it is unguarded, not quarantined and untraced.
func (s *scratch[M]) instant(k int32, kn *node[M], m *M) Status {
	at := s.at
	s.at = loc(k, opBegin)
	r := Failure
	if kn.run(m) {
		r = Success
	}
	s.at = at
	ks := &s.st[k]
	ks.flags |= stHasRun
	ks.ended = r
	ks.lastEnd = s.clock.Now()
	return r
}

func (s *scratch[M]) updateSequence(i int32, m *M, dt time.Duration) Status {
	if s.nodes[i].is(flagReactive) {
		if k, why := s.broken(i, m); k >= 0 {
			if s.tracer != nil {
				s.trace(EventConstraint, k, 0, Fail, why)
			}
			s.halt1(s.nodes[i].kids[s.st[i].current], m)
			return Failure
		}
	}
	return s.runSequence(i, m, dt)
}

// broken returns the first condition before the running child of reactive
// sequence i that held when the sequence passed it and no longer holds,
// with the reason, or -1. Only a condition's test is asked again: an
// earlier action is done, and constraints guard a node's beginning (a
// cooldown the condition just started), not whether what it tested still
// holds; and a condition that failed, which AllowFailure let the sequence
// pass, has nothing to lose.
func (s *scratch[M]) broken(i int32, m *M) (int32, string) {
	n := &s.nodes[i]
	for _, k := range n.kids[:min(int(s.st[i].current), len(n.kids))] {
		if s.nodes[k].kind != kindCondition || s.st[k].ended != Success {
			continue
		}
		if !s.holds(k, m) {
			return k, s.nodes[k].whenFalse
		}
	}
	return -1, ""
}

// simulateSequence continues from the current child on one shared copy and
// stops early when a step is at or below the minimum outcome.
func (s *scratch[M]) simulateSequence(i int32, m *M) heuristic.Verdict {
	n := &s.nodes[i]
	rest := n.kids
	if st := &s.st[i]; st.running() {
		if n.is(flagReactive) {
			if k, why := s.broken(i, m); k >= 0 {
				return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: why}
			}
		}
		rest = rest[min(int(st.current), len(rest)):]
	}
	ch := s.startChain(m)
	for _, k := range rest {
		v, terminal := ch.step(k)
		switch {
		case v.Outcome == heuristic.Impossible && n.seq.allowFailure:
			// the sequence would move on past this failure
		case v.Outcome <= n.seq.min:
			return ch.stop(v)
		default:
			ch.count(v)
		}
		if terminal {
			break
		}
	}
	return ch.finish()
}

func (c *sequenceConfig) describe(reactive bool) string {
	d := "sequence"
	if reactive {
		d = "reactive sequence"
	}
	if c.loop {
		d += " loop"
	}
	if c.allowFailure {
		d += " allow-failure"
	}
	if c.min != heuristic.Impossible {
		d += " min=" + c.min.String()
	}
	return d
}
