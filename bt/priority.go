package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// priority is the classic fallback: it runs its children in order until
// one does not fail, with no simulation to choose.
type priority[M any] struct {
	children []*Child[M]
	current  int
	active   bool
}

func (p *priority[M]) Begin(m *M) Status {
	p.active, p.current = true, 0
	return p.run(m, 0)
}

func (p *priority[M]) Update(m *M, dt time.Duration) Status { return p.run(m, dt) }

func (p *priority[M]) End(*M, Status) { p.active = false }

func (p *priority[M]) run(m *M, dt time.Duration) Status {
	for ; p.current < len(p.children); p.current++ {
		if s := p.children[p.current].Tick(m, dt); s != Failure {
			return s
		}
	}
	return Failure
}

var everyChildImpossible = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "every child impossible"}

// Simulate predicts the child that would run: the first, from the current
// one on, whose simulation is not Impossible.
func (p *priority[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	rest := p.children
	if p.active {
		rest = rest[p.current:]
	}
	for _, c := range rest {
		try := ctx.Push(m)
		v := c.simulate(ctx, m, try) // try is a fresh copy of m
		if v.Outcome != heuristic.Impossible {
			ctx.Copy(m, try)
			ctx.Pop()
			return v
		}
		ctx.Pop()
	}
	return everyChildImpossible
}

func (p *priority[M]) Describe() string { return "priority" }
