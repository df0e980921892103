package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// A priority is the classic fallback: it runs its children in order until
// one does not fail, with no simulation to choose. A reactive one also
// re-checks, every tick, the guards of the children before the running
// one, and lets the first that passes take over at once.

func (s *scratch[M]) runPriority(i int32, m *M, dt time.Duration) Status {
	kids := s.hot[i].kids
	for c := s.st[i].current; int(c) < len(kids); c++ {
		if r := s.step(&kids[c], &s.st[i].current, c, m, dt); r != Failure {
			return r
		}
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
			return s.runPriority(i, m, 0)
		}
	}
	return s.runPriority(i, m, dt)
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
