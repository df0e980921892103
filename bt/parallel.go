package bt

import (
	"errors"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A Policy says how many children of a parallel must succeed, or fail, to
// decide it.
type Policy uint8

// The policies.
const (
	// RequireOne: one child is enough.
	RequireOne Policy = iota + 1
	// RequireAll: every child must.
	RequireAll
)

// String returns "one" or "all".
func (p Policy) String() string {
	switch p {
	case RequireOne:
		return "one"
	case RequireAll:
		return "all"
	}
	return "Policy(invalid)"
}

// A ParallelOption configures a parallel.
type ParallelOption func(*parallelConfig) error

type parallelConfig struct {
	succeed, fail Policy
}

// SucceedOn sets when a parallel succeeds: as soon as one child succeeds,
// or once all have (the default).
func SucceedOn(p Policy) ParallelOption {
	return func(c *parallelConfig) error {
		if p != RequireOne && p != RequireAll {
			return errors.New("SucceedOn: invalid policy: use RequireOne or RequireAll")
		}
		c.succeed = p
		return nil
	}
}

// FailOn sets when a parallel fails: as soon as one child fails, or once
// all have (the default). Whatever it says, a parallel also fails as soon
// as the successes SucceedOn requires are out of reach (see
// Builder.Parallel).
func FailOn(p Policy) ParallelOption {
	return func(c *parallelConfig) error {
		if p != RequireOne && p != RequireAll {
			return errors.New("FailOn: invalid policy: use RequireOne or RequireAll")
		}
		c.fail = p
		return nil
	}
}

// parallel begins all its children in the same tick and updates those
// still running, and decides as soon as its result is certain (see
// Builder.Parallel for the table); children still running when it
// decides are halted.
type parallel[M any] struct {
	parallelConfig
	children []*Child[M]
	results  []Status
	active   bool
}

func (p *parallel[M]) Begin(m *M) Status {
	p.active = true
	for i, c := range p.children {
		p.results[i] = c.Tick(m, 0)
	}
	return p.status()
}

func (p *parallel[M]) Update(m *M, dt time.Duration) Status {
	for i, c := range p.children {
		if p.results[i] == Running {
			p.results[i] = c.Tick(m, dt)
		}
	}
	return p.status()
}

func (p *parallel[M]) End(*M, Status) { p.active = false }

func (p *parallel[M]) status() Status {
	var succeeded, failed, running int
	for _, r := range p.results {
		switch r {
		case Success:
			succeeded++
		case Failure:
			failed++
		default:
			running++
		}
	}
	need := p.succeed.count(len(p.results))
	switch {
	case failed >= p.fail.count(len(p.results)):
		return Failure
	case succeeded >= need:
		return Success
	case succeeded+running < need:
		return Failure // success is out of reach
	}
	return Running
}

// count is how many of n children the policy requires.
func (p Policy) count(n int) int {
	if p == RequireOne {
		return 1
	}
	return n
}

// Simulate runs the children (those still running, if it runs) one after
// another on one copy. An Impossible child is a predicted failure: the
// whole is Impossible as soon as the failures predicted, with those
// already counted live, fail the parallel under the table of
// Builder.Parallel; otherwise the child is passed over.
func (p *parallel[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	n, failed := len(p.children), 0
	if p.active {
		for _, r := range p.results {
			if r == Failure {
				failed++
			}
		}
	}
	ch := StartChain(ctx, m)
	for i, c := range p.children {
		if p.active && p.results[i] != Running {
			continue
		}
		v, terminal := ch.Step(c)
		if v.Outcome != heuristic.Impossible {
			ch.Count(v)
		} else if failed++; failed >= p.fail.count(n) || n-failed < p.succeed.count(n) {
			return ch.Stop(v)
		}
		if terminal {
			break
		}
	}
	return ch.Finish()
}

func (p *parallel[M]) Describe() string {
	return "parallel succeed=" + p.succeed.String() + " fail=" + p.fail.String()
}
