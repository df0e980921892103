package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// priority is the classic fallback: it runs its children in order until
// one does not fail, with no simulation to choose. A reactive one also
// re-checks, every tick, the guards of the children before the running
// one, and lets the first that passes take over at once.
type priority[M any] struct {
	tree     *Tree[M]
	children []*Child[M]
	reactive bool
	current  int
	active   bool
	plan     plan // the child its simulation predicted, for Preview's path
}

func (p *priority[M]) Begin(m *M) Status {
	p.active, p.current = true, 0
	return p.run(m, 0)
}

func (p *priority[M]) Update(m *M, dt time.Duration) Status {
	if p.reactive {
		if i := p.preempting(m); i >= 0 {
			p.children[p.current].Halt(m)
			p.current = i
			return p.run(m, 0)
		}
	}
	return p.run(m, dt)
}

func (p *priority[M]) End(*M, Status) { p.active = false }

func (p *priority[M]) run(m *M, dt time.Duration) Status {
	for ; p.current < len(p.children); p.current++ {
		if s := p.children[p.current].Tick(m, dt); s != Failure {
			return s
		}
	}
	return Failure
}

// preempting returns the first child before the running one whose guard
// passes, or -1. Children without a guard (no constraints, not a
// condition) never take over: nothing would tell them they now can.
//
// The guards are checked as they are live (not as in a prediction) even
// when simulating, since what a simulation must foresee here is the live
// check the next tick makes.
func (p *priority[M]) preempting(m *M) int {
	for i, c := range p.children[:p.current] {
		if !c.guarded() {
			continue
		}
		if check, _ := c.guard(m, false); check != Fail {
			return i
		}
	}
	return -1
}

var everyChildImpossible = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "every child impossible"}

// Simulate predicts the child that would run: the first, from the current
// one on (or from a reactive priority's first child whose guard passes),
// whose simulation is not Impossible.
func (p *priority[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	start := 0
	if p.active {
		start = p.current
		if p.reactive {
			if i := p.preempting(m); i >= 0 {
				start = i
			}
		}
	}
	for i := start; i < len(p.children); i++ {
		try := ctx.Push(m)
		v := p.children[i].simulate(ctx, m, try) // try is a fresh copy of m
		if v.Outcome != heuristic.Impossible {
			ctx.Copy(m, try)
			ctx.Pop()
			p.plan = plan{session: p.tree.session, choice: i}
			return v
		}
		ctx.Pop()
	}
	p.plan = plan{session: p.tree.session, choice: -1}
	return everyChildImpossible
}

// next returns the child a Preview's path goes through: the simulated
// choice, or else the running child or the first.
func (p *priority[M]) next(session uint64) int {
	switch {
	case p.plan.session == session:
		return p.plan.choice
	case p.active:
		return p.current
	}
	return 0
}

func (p *priority[M]) Describe() string {
	if p.reactive {
		return "reactive priority"
	}
	return "priority"
}
