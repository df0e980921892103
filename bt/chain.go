package bt

import (
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A chain simulates children one after another on one shared scratch
// memory and judges the whole against the memory it started from. If the
// whole is Irrelevant, the best child's verdict stands for it: a sequence
// whose parts were Cosmetic is Cosmetic.
type chain[M any] struct {
	ctx       *sim.Context[M]
	m, before *M
	best      heuristic.Verdict
	steps     int // children whose verdict counted
}

func startChain[M any](ctx *sim.Context[M], m *M) chain[M] {
	return chain[M]{ctx: ctx, m: m, before: ctx.Push(m)}
}

// add simulates c on the shared memory and returns its verdict, and
// whether the chain must go no further because the memory is terminal.
func (ch *chain[M]) add(c *Child[M]) (heuristic.Verdict, bool) {
	v := c.Simulate(ch.ctx, ch.m)
	return v, ch.ctx.Terminal(ch.m)
}

// count records v as a step that took place.
func (ch *chain[M]) count(v heuristic.Verdict) {
	if ch.steps == 0 || v.Outcome > ch.best.Outcome {
		ch.best = v
	}
	ch.steps++
}

// stop abandons the chain with verdict v.
func (ch *chain[M]) stop(v heuristic.Verdict) heuristic.Verdict {
	ch.ctx.Pop()
	return v
}

// finish judges the chain as a whole.
func (ch *chain[M]) finish() heuristic.Verdict {
	v := ch.ctx.Judge(ch.before, ch.m)
	ch.ctx.Pop()
	if v.Outcome == heuristic.Irrelevant && ch.steps > 0 {
		v = ch.best
	}
	return v
}
