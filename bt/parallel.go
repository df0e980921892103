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
// all have (the default).
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
// still running. Failure is checked before success; children still running
// when it decides are halted. When every child has finished and neither
// policy decided, it succeeds — so by default it fails only if all failed.
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
	n := len(p.results)
	switch {
	case p.fail == RequireOne && failed > 0, p.fail == RequireAll && failed == n:
		return Failure
	case p.succeed == RequireOne && succeeded > 0, p.succeed == RequireAll && succeeded == n:
		return Success
	case running == 0:
		return Success
	}
	return Running
}

// Simulate runs the children (those still running, if it runs) one after
// another on one copy. An Impossible child makes the whole Impossible when
// one failure fails the parallel; otherwise it is passed over, and only a
// parallel whose every child is Impossible is Impossible.
func (p *parallel[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	ch := StartChain(ctx, m)
	impossible := 0
	var last heuristic.Verdict
	for i, c := range p.children {
		if p.active && p.results[i] != Running {
			continue
		}
		v, terminal := ch.Step(c)
		switch {
		case v.Outcome != heuristic.Impossible:
			ch.Count(v)
		case p.fail == RequireOne:
			return ch.Stop(v)
		default:
			impossible++
			last = v
		}
		if terminal {
			break
		}
	}
	if ch.Steps() == 0 && impossible > 0 {
		return ch.Stop(last)
	}
	return ch.Finish()
}

func (p *parallel[M]) Describe() string {
	return "parallel succeed=" + p.succeed.String() + " fail=" + p.fail.String()
}
