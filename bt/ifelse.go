package bt

import "github.com/foresight-bt/foresight/heuristic"

// An if/else runs its first child when its condition holds at Begin and
// its second (if any) otherwise, and stays with that branch until it ends.

// pick returns the branch if/else i takes on m: 0, 1, or -1 for none.
func (s *scratch[M]) pick(i int32, m *M) int32 {
	n := &s.nodes[i]
	if n.cond(m) {
		return 0
	}
	if len(n.kids) == 2 {
		return 1
	}
	return -1
}

func (s *scratch[M]) beginIfElse(i int32, m *M) Status {
	st := &s.st[i]
	st.current = s.pick(i, m)
	if st.current < 0 {
		return Failure
	}
	return s.tickNode(s.nodes[i].kids[st.current], m, 0)
}

// simulateIfElse predicts the running branch, or the branch the condition
// picks on the scratch memory.
func (s *scratch[M]) simulateIfElse(i int32, m *M) heuristic.Verdict {
	n := &s.nodes[i]
	b := s.st[i].current
	if !s.st[i].running() {
		b = s.pick(i, m)
	}
	if b < 0 {
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: n.whenFalse}
	}
	return s.simulate(n.kids[b], nil, m)
}
