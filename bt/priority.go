package bt

import (
	"strings"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// A priority is the classic fallback: it runs its children in order until
// one does not fail, with no simulation to choose. A reactive one also
// re-checks, every tick, the guards of the children before the running
// one, and lets the first that passes take over at once.

func (s *scratch[M]) runPriority(i int32, m *M, dt time.Duration) Status {
	return s.runPriorityFrom(i, m, dt, FirstInOrder)
}

// runPriorityFrom runs priority i from its current child on; a tracer is
// told of each child it begins, as a decision that says why (see
// tracePick).
func (s *scratch[M]) runPriorityFrom(i int32, m *M, dt time.Duration, why Why) Status {
	kids := s.hot[i].kids
	if s.tracer != nil && why != TookOver { // a take-over has noted them as they are
		s.passedOver(i)
	}
	for c := s.st[i].current; int(c) < len(kids); c++ {
		picked, ran := false, s.st[kids[c].node].running()
		if s.tracer != nil && !ran {
			if _, picked = s.pickInOrder(i, c, m, why); picked {
				s.traceDecision(&s.bufs[s.nodes[i].selector].tried)
			}
		}
		if r := s.step(&kids[c], &s.st[i].current, c, m, dt); r != Failure {
			return r
		}
		// It failed, and the next one is tried: the decision that follows
		// says so of it, not what was said when it was picked, which may
		// have been in a tick long gone.
		switch {
		case picked:
			s.bufs[s.nodes[i].selector].live.Candidates[c].Verdict = ranAndFailed
		case ran && s.tracer != nil:
			s.bufs[s.nodes[i].selector].live.Candidates[c].Verdict = failedRunning
		}
		why = FirstInOrder
	}
	s.st[i].current = int32(len(kids))
	return Failure
}

func (s *scratch[M]) updatePriority(i int32, m *M, dt time.Duration) Status {
	if s.nodes[i].is(flagReactive) {
		if k := s.preempting(i, m, s.tracer != nil); k >= 0 {
			st := &s.st[i]
			s.halt1(s.nodes[i].kids[st.current], m)
			st.current = k
			return s.runPriorityFrom(i, m, 0, TookOver)
		}
	}
	return s.runPriority(i, m, dt)
}

// A priority judges no outcomes: the verdicts of its decisions say which
// guards failed and which passed.
var (
	ranAndFailed   = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "began and failed"}
	failedRunning  = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "failed as it ran"}
	passedOver     = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "passed over earlier in this run"}
	cannotTakeOver = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "no guard to take over by"}
	unguarded      = heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "no guard"}
)

// pickInOrder judges child c of priority i, about to begin, by its guard, as
// the tick and Preview both do: passed over when its guard fails
// (Impossible, with the guard's reason), and otherwise picked (its
// verdict Irrelevant, not judged, with the guard that passed as the
// reason). A pick is the priority's decision, which it leaves in its
// buffer (tried) with the children before it as they stood, for a tracer
// or a preview. It returns the guard's check, and whether c was picked.
func (s *scratch[M]) pickInOrder(i, c int32, m *M, why Why) (Check, bool) {
	n := &s.nodes[i]
	b := &s.bufs[n.selector]
	k := n.kids[c]
	check, reason := s.guard(k, m, false)
	if check == Fail {
		b.live.Candidates[c].Verdict = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: reason}
		return check, false
	}
	v := unguarded
	if passed := s.nodes[k].passed; passed != "" {
		v = heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: passed}
	}
	b.live.Candidates[c].Verdict = v
	d := &b.tried
	d.Selector, d.Candidates, d.Chosen, d.Why = s.tree.pathOf(i), b.live.Candidates[:c+1], int(c), why
	return check, true
}

// guardText says in words the guard of node i, for when it passed: its
// constraints, the test of a condition, those of the conditions a
// sequence begins with, joined by "and"; "" for a node without one.
// Build writes it down for the children of priorities, so that tracing
// a pick allocates nothing.
func (t *Tree[M]) guardText(i int32) string {
	n := &t.nodes[i]
	var parts []string
	for _, c := range n.constraints {
		parts = append(parts, traits.Describe(c))
	}
	if n.kind == kindCondition {
		parts = append(parts, n.whenTrue)
	}
	if n.kind == kindSequence {
		for _, k := range n.kids {
			if t.nodes[k].kind != kindCondition {
				break
			}
			if g := t.guardText(k); g != "" {
				parts = append(parts, g)
			}
		}
	}
	return strings.Join(parts, " and ")
}

// preempting returns the position of the first child before the running
// one whose guard passes, or -1. Children without a guard never take over:
// nothing would tell them they now can. With note, it notes in the
// priority's decision how each child before that one stands now, for
// the take-over's decision to say (and not what was said of them when
// they were last picked).
//
// The guards are checked as they are live (not as in a prediction) even
// when simulating, since what a simulation must foresee here is the live
// check the tick makes.
func (s *scratch[M]) preempting(i int32, m *M, note bool) int32 {
	n := &s.nodes[i]
	for j, k := range n.kids[:min(int(s.st[i].current), len(n.kids))] {
		if !s.guarded(k) {
			if note {
				s.bufs[n.selector].live.Candidates[j].Verdict = cannotTakeOver
			}
			continue
		}
		check, reason := s.guard(k, m, false)
		if check != Fail {
			return int32(j)
		}
		if note {
			s.bufs[n.selector].live.Candidates[j].Verdict = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: reason}
		}
	}
	return -1
}

// simulatePriority predicts the child that would run: the first, from the
// current one on (or from a reactive priority's first child whose guard
// passes), whose simulation is not Impossible.
func (s *scratch[M]) simulatePriority(i int32, m *M) heuristic.Verdict {
	n := &s.nodes[i]
	start := int32(0)
	if st := &s.st[i]; st.running() {
		start = st.current
		if n.is(flagReactive) {
			if k := s.preempting(i, m, false); k >= 0 {
				start = k
			}
		}
	}
	from := s.ctx.Moment()
	for j := start; int(j) < len(n.kids); j++ {
		s.ctx.Return(from)
		try, v := s.candidate(n.kids[j], m)
		if try == nil {
			continue // refused by its constraints: nothing was pushed
		}
		if v.Outcome != heuristic.Impossible {
			s.ctx.Copy(m, try)
			s.ctx.Pop()
			s.plans[n.selector] = plan{session: s.session, choice: int(j)}
			return v
		}
		s.ctx.Pop()
	}
	s.ctx.Return(from)
	s.plans[n.selector] = plan{session: s.session, choice: -1}
	return nothingPossible
}

// passedOver notes in priority i's decision that the children before its
// current one were passed over in an earlier tick of its run: a decision
// says so of them, not what was said of them then.
func (s *scratch[M]) passedOver(i int32) {
	cands := s.bufs[s.nodes[i].selector].live.Candidates
	for c := range min(int(s.st[i].current), len(cands)) {
		cands[c].Verdict = passedOver
	}
}

// priorityNext returns the child a Preview's path goes through, and why,
// noting in the priority's decision how the children before it stand,
// as the tick does: a reactive priority's child that takes over, or else
// the running child, or the first.
func (s *scratch[M]) priorityNext(i int32, m *M) (int32, Why) {
	n := &s.nodes[i]
	st := &s.st[i]
	if !st.running() {
		return 0, FirstInOrder
	}
	if n.is(flagReactive) {
		if k := s.preempting(i, m, true); k >= 0 {
			return k, TookOver
		}
	}
	s.passedOver(i)
	return st.current, FirstInOrder
}
