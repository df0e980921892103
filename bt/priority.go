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
	for c := s.st[i].current; int(c) < len(kids); c++ {
		picked := false
		if s.tracer != nil && !s.st[kids[c].node].running() {
			if _, picked = s.pickInOrder(i, c, m, why); picked {
				s.traceDecision(&s.bufs[s.nodes[i].selector].tried)
			}
		}
		if r := s.step(&kids[c], &s.st[i].current, c, m, dt); r != Failure {
			return r
		}
		if picked { // it began and failed: the next one is tried
			s.bufs[s.nodes[i].selector].live.Candidates[c].Verdict = ranAndFailed
		}
		why = FirstInOrder
	}
	s.st[i].current = int32(len(kids))
	return Failure
}

func (s *scratch[M]) updatePriority(i int32, m *M, dt time.Duration) Status {
	if s.nodes[i].is(flagReactive) {
		if k := s.preempting(i, m); k >= 0 {
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
	ranAndFailed = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "began and failed"}
	unguarded    = heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "no guard"}
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
// nothing would tell them they now can.
//
// The guards are checked as they are live (not as in a prediction) even
// when simulating, since what a simulation must foresee here is the live
// check the tick makes.
func (s *scratch[M]) preempting(i int32, m *M) int32 {
	n := &s.nodes[i]
	for j, k := range n.kids[:min(int(s.st[i].current), len(n.kids))] {
		if !s.guarded(k) {
			continue
		}
		if check, _ := s.guard(k, m, false); check != Fail {
			return int32(j)
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
			if k := s.preempting(i, m); k >= 0 {
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

// priorityNext returns the child a Preview's path goes through: the
// simulated choice, or else the running child or the first.
func (s *scratch[M]) priorityNext(i int32, m *M) int32 {
	n := &s.nodes[i]
	st := &s.st[i]
	if !st.running() {
		return 0
	}
	if n.is(flagReactive) {
		if k := s.preempting(i, m); k >= 0 {
			return k
		}
	}
	return st.current
}
