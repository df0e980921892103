package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

type sequenceConfig struct {
	loop         bool
	allowFailure bool
	min          heuristic.Outcome
}

// Loop makes a sequence start over from its first child, on the next
// tick, each time its last child succeeds; it then only ends by failing or
// being halted: a patrol round, kept up until something breaks it. Its
// simulation covers one pass. (decorators.UntilFailure is different: it repeats
// one child until that child fails, and then succeeds, so that what
// follows it can run.)
func Loop() Option { return Option{keyLoop, true} }

// AllowFailure makes a sequence move on past a child that fails instead of
// failing itself. In simulation an Impossible child is skipped.
func AllowFailure() Option { return Option{keyAllowFailure, true} }

// MinOutcome sets the outcome at or below which a sequence stops
// simulating and reports that child's verdict as its own (default
// Impossible). MinOutcome(heuristic.Harmful) rejects any plan in which a
// step hurts.
func MinOutcome(o heuristic.Outcome) Option { return Option{keyMinOutcome, o} }

// A sequence runs its children in order and fails when one fails. A
// reactive one also re-checks, every tick, the conditions among the
// children before the running one, and fails at once, halting the running
// child, when one that held no longer does.

// runSequence runs sequence i from its current child on. Its children
// are run in place where they can be (see runLeaves and step): a sequence
// of leaves that finish at once costs a loop, not a chain of calls.
func (s *scratch[M]) runSequence(i int32, m *M, dt time.Duration) Status {
	at := s.at
	kids := s.hot[i].kids
	c := int(s.st[i].current)
	for c < len(kids) {
		var r Status
		if s.plain {
			c, r = s.runLeaves(kids, c, m)
		}
		switch r {
		case Success:
			continue // done: c is past the last child
		case 0: // a child not run in place: a plain sequence begins here
			if k := &kids[c]; s.plain && k.flags&flagResumable != 0 && s.st[k.node].flags&stRunning == 0 {
				s.st[i].current = int32(c)
				r = s.beginPlainSequence(k.node, m)
				break
			}
			r = s.step(&kids[c], &s.st[i].current, int32(c), m, dt) // or the general way
		}
		switch {
		case r == Running:
			s.st[i].current, s.at = int32(c), at
			return Running
		case r == Failure && s.hot[i].flags&flagAllowFailure == 0:
			s.st[i].current, s.at = int32(c), at
			return Failure
		}
		c++
	}
	s.at = at
	if s.hot[i].flags&flagLoop != 0 {
		s.st[i].current = 0 // start over next tick, so instant children cannot spin
		return Running
	}
	s.st[i].current = int32(c)
	return Success
}

// runLeaves runs the leaves of kids from c on in place, while they
// succeed at once: quiet leaves with one call, plain actions that are not
// running with Begin and, when Begin finishes them, End. It returns the
// position it stopped at and why: Success past the last child, Running or
// Failure for the leaf there, or 0 for a child it does not run in place
// (the caller runs it). It is the innermost loop of a tick: little is
// live across the call of each leaf. The caller has checked s.plain.
func (s *scratch[M]) runLeaves(kids []slot[M], c int, m *M) (int, Status) {
	for ; c < len(kids); c++ {
		k := &kids[c]
		if k.flags&flagQuiet != 0 {
			s.work++ // begun in place, as begin counts a node
			s.at = k.begin
			if !k.run(m) {
				return c, Failure
			}
			continue
		}
		ks := &s.st[k.node]
		if k.action == nil || ks.flags&stRunning != 0 {
			return c, 0
		}
		s.work++
		ks.flags |= stRunning // from here on a panic ends it
		s.at = k.begin
		r := k.action.Begin(m)
		if r != Success {
			return c, s.begun(k, r, m)
		}
		ks.flags = ks.flags&^stRunning | stHasRun
		ks.ended, ks.lastEnd = Success, s.clock.Now()
		s.at = k.begin + location(opEnd-opBegin)
		k.action.End(m, Success)
	}
	return c, Success
}

// beginPlainSequence begins plain sequence k (flagResumable), not
// running, in place: it runs as runPlain would run it.
func (s *scratch[M]) beginPlainSequence(k int32, m *M) Status {
	s.work++
	ks := &s.st[k]
	ks.flags |= stRunning
	ks.current = 0
	s.at = loc(k, opUpdate)
	r := s.runSequence(k, m, 0)
	if r != Running {
		ks.flags &^= stRunning
	}
	return r
}

// begun carries on plain action k whose Begin, run in place, returned r,
// not Success: it is left running, or ended. It returns k's status.
func (s *scratch[M]) begun(k *slot[M], r Status, m *M) Status {
	if r == Running {
		return Running
	}
	if r != Failure {
		r = s.invalidStatus(k.node, "Begin")
	}
	s.finish(k.node, m, r)
	return r
}

// step runs child k, at position c of its parent, for one tick: in place
// when it can, and otherwise, and whenever the agent is traced or has a
// node quarantined, the general way. The parent's position is first
// recorded in *current, for a halt to find.
//
// In place, a quiet leaf is one call with no state; a plain action is
// begun or updated directly, and a plain composite without the checks,
// traces and bookkeeping no one needs of it (see runPlain). It leaves s.at
// on the node: a caller that goes on to call user code says whose it is,
// and a composite restores its own when it returns.
func (s *scratch[M]) step(k *slot[M], current *int32, c int32, m *M, dt time.Duration) Status {
	*current = c
	switch {
	case !s.plain:
	case k.flags&flagQuiet != 0:
		s.work++ // begun in place, as begin counts a node
		s.at = k.begin
		if k.run(m) {
			return Success
		}
		return Failure
	case k.action != nil:
		ks := &s.st[k.node]
		var r Status
		if ks.flags&stRunning != 0 {
			s.at = loc(k.node, opUpdate)
			r = k.action.Update(m, dt)
		} else {
			s.work++
			ks.flags |= stRunning
			s.at = loc(k.node, opBegin)
			r = k.action.Begin(m)
		}
		if r != Running {
			if !r.valid() {
				r = s.invalidStatus(k.node, opNames[s.at.op()]) // as the general path names it
			}
			s.finish(k.node, m, r)
		}
		return r
	case k.flags&flagPlain != 0:
		return s.runPlain(k.node, m, dt)
	}
	return s.tickNode(k.node, m, dt)
}

// runPlain runs plain composite k (flagPlain): a sequence, a priority or
// a parallel, begun or updated in place. One that finishes stops running;
// a sequence or priority that finishes has no running child and nothing
// to call at its end, and a parallel's running children are halted.
func (s *scratch[M]) runPlain(k int32, m *M, dt time.Duration) Status {
	ks := &s.st[k]
	kh := &s.hot[k]
	var r Status
	switch kh.kind {
	case kindSequence:
		switch {
		case ks.flags&stRunning == 0:
			s.work++ // begun in place, as begin counts a node
			ks.flags |= stRunning
			ks.current = 0
		case kh.flags&flagReactive != 0:
			return s.updateSequenceInPlace(k, ks, m, dt)
		default:
			// The steady state of a running tree: the sequence's current
			// child is an action under way. Update it here, and go the
			// sequence's way only when it finishes.
			if c := &kh.kids[ks.current]; c.action != nil && s.st[c.node].flags&stRunning != 0 {
				s.at = loc(c.node, opUpdate)
				if r = c.action.Update(m, dt); r == Running {
					return Running
				}
				if !r.valid() {
					r = s.invalidStatus(c.node, "Update")
				}
				s.finish(c.node, m, r)
				if r == Failure && kh.flags&flagAllowFailure == 0 {
					ks.flags &^= stRunning
					return Failure
				}
				ks.current++
			}
		}
		s.at = loc(k, opUpdate)
		r = s.runSequence(k, m, dt)
	case kindParallel:
		if ks.flags&stRunning == 0 {
			s.work++
			ks.flags |= stRunning
			s.at = loc(k, opBegin)
			r = s.beginParallel(k, m)
		} else {
			s.at = loc(k, opUpdate)
			r = s.updateParallel(k, m, dt)
		}
		if r != Running {
			s.finish(k, m, r) // children still running are halted
		}
		return r
	default: // kindPriority
		if ks.flags&stRunning == 0 {
			s.work++
			ks.flags |= stRunning
			ks.current = 0
			s.at = loc(k, opBegin)
			r = s.runPriority(k, m, 0)
		} else {
			s.at = loc(k, opUpdate)
			r = s.updatePriority(k, m, dt)
		}
	}
	if r != Running {
		ks.flags &^= stRunning
	}
	return r
}

// resumed carries child k of a parallel on after the action it updated
// in place returned r, a finished action's status: the action is ended,
// and a sequence whose action it was goes its way. It returns k's status.
func (s *scratch[M]) resumed(k *slot[M], ks *nodeState, r Status, m *M, dt time.Duration) Status {
	node := k.node
	if k.action == nil { // a sequence: its current child finished
		node = s.hot[k.node].kids[ks.current].node
	}
	if !r.valid() {
		r = s.invalidStatus(node, "Update")
	}
	s.finish(node, m, r)
	if k.action != nil {
		return r
	}
	if r == Failure && s.hot[k.node].flags&flagAllowFailure == 0 {
		ks.flags &^= stRunning
		return Failure
	}
	ks.current++
	s.at = loc(k.node, opUpdate)
	if r = s.runSequence(k.node, m, dt); r != Running {
		ks.flags &^= stRunning
	}
	return r
}

// updateSequenceInPlace updates a running plain reactive sequence.
func (s *scratch[M]) updateSequenceInPlace(k int32, ks *nodeState, m *M, dt time.Duration) Status {
	at := s.at
	s.at = loc(k, opUpdate)
	r := s.updateSequence(k, m, dt)
	s.at = at
	if r != Running {
		ks.flags &^= stRunning
	}
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
func (s *scratch[M]) simulateSequence(i int32, before, m *M) heuristic.Verdict {
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
	ch := s.startChain(before, m)
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
	d := string(KindSequence)
	if reactive {
		d = string(KindReactiveSequence)
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
