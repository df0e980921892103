package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// A policy says how many children of a parallel must succeed, or fail, to
// decide it.
type policy uint8

// The policies.
const (
	requireAll policy = iota // every child must: the default
	requireOne               // one child is enough
)

// String returns "one" or "all".
func (p policy) String() string {
	if p == requireOne {
		return "one"
	}
	return "all"
}

type parallelConfig struct {
	succeed, fail policy
}

// SucceedOnOne makes a parallel succeed as soon as one child succeeds,
// rather than once all have (the default).
func SucceedOnOne() Option { return Option{keySucceedOnOne, true} }

// FailOnOne makes a parallel fail as soon as one child fails, rather
// than once all have (the default). Whatever it says, a parallel also
// fails as soon as the successes it requires are out of reach (see
// Builder.Parallel).
func FailOnOne() Option { return Option{keyFailOnOne, true} }

// A parallel begins all its children in the same tick and updates those
// still running, and decides as soon as its result is certain (see
// Builder.Parallel for the table); children still running when it
// decides are halted. Each child's result in the parallel's run is kept in
// its own state.

func (s *scratch[M]) beginParallel(i int32, m *M) Status {
	var count [4]int // by Status: Running, Success, Failure
	var pos int32    // a parallel runs them all: it keeps no position
	kids := s.hot[i].kids
	for c := range kids {
		r := s.step(&kids[c], &pos, int32(c), m, 0)
		s.st[kids[c].node].result = r
		count[r&3]++
	}
	return s.parallelStatus(i, &count)
}

func (s *scratch[M]) updateParallel(i int32, m *M, dt time.Duration) Status {
	var count [4]int
	var pos int32
	kids := s.hot[i].kids
	for c := range kids {
		k := &kids[c]
		st := &s.st[k.node]
		if st.result != Running {
			count[st.result&3]++
			continue
		}
		// The steady state of a running tree, kept to one call: k is an
		// action under way, or a plain sequence whose current child is one
		// (resumed carries it on if it finishes). Otherwise r stays 0, and
		// k goes the general way.
		r := Status(0)
		if s.plain && st.flags&stRunning != 0 {
			act, node := k.action, k.node
			if act == nil && k.flags&flagResumable != 0 {
				if c := &s.hot[node].kids[st.current]; s.st[c.node].flags&stRunning != 0 {
					act, node = c.action, c.node
				}
			}
			if act != nil {
				s.at = loc(node, opUpdate)
				r = act.Update(m, dt)
			}
		}
		switch r {
		case Running:
			continue
		case 0: // not an action under way: the general way
			r = s.step(k, &pos, int32(c), m, dt)
		default:
			r = s.resumed(k, st, r, m, dt)
		}
		st.result = r
		count[r&3]++
	}
	count[Running] = len(kids) - count[Success] - count[Failure]
	return s.parallelStatus(i, &count)
}

// parallelStatus decides parallel i by the count of its children's
// results.
func (s *scratch[M]) parallelStatus(i int32, count *[4]int) Status {
	kids := s.hot[i].kids
	running, succeeded, failed := count[Running], count[Success], count[Failure]
	if succeeded == 0 && failed == 0 && running > 0 {
		return Running // every policy needs a child finished: the steady state
	}
	n := &s.nodes[i]
	need := n.par.succeed.count(len(kids))
	switch {
	case failed >= n.par.fail.count(len(kids)):
		return Failure
	case succeeded >= need:
		return Success
	case succeeded+running < need:
		return Failure // success is out of reach
	}
	return Running
}

// count is how many of n children the policy requires.
func (p policy) count(n int) int {
	if p == requireOne {
		return 1
	}
	return n
}

// simulateParallel runs the children (those still running, if it runs)
// one after another on one copy. An Impossible child is a predicted
// failure: the whole is Impossible as soon as the failures predicted, with
// those already counted live, fail the parallel under the table of
// Builder.Parallel; otherwise the child is passed over.
func (s *scratch[M]) simulateParallel(i int32, before, m *M) heuristic.Verdict {
	n := &s.nodes[i]
	active := s.st[i].running()
	count, failed := len(n.kids), 0
	if active {
		for _, k := range n.kids {
			if s.st[k].result == Failure {
				failed++
			}
		}
	}
	ch := s.startChain(before, m)
	// The children run at once: each is predicted from the parallel's
	// moment, and the prediction goes on from the end of the longest.
	start := s.ctx.Moment()
	longest := start
	defer func() { s.ctx.Return(longest) }()
	for _, k := range n.kids {
		if active && s.st[k].result != Running {
			continue
		}
		s.ctx.Return(start)
		v, terminal := ch.step(k)
		if at := s.ctx.Moment(); at.Elapsed() >= longest.Elapsed() {
			longest = at
		}
		if v.Outcome != heuristic.Impossible {
			ch.count(v)
		} else if failed++; failed >= n.par.fail.count(count) || count-failed < n.par.succeed.count(count) {
			return ch.stop(v)
		}
		if terminal {
			break
		}
	}
	return ch.finish()
}

func (c *parallelConfig) describe() string {
	return "parallel succeed=" + c.succeed.String() + " fail=" + c.fail.String()
}
