package bt

import (
	"github.com/foresight-bt/foresight/heuristic"
)

// A Chain predicts steps taken one after another on one shared scratch
// memory and judges them as a whole, against the memory it started from.
// If the whole is Irrelevant, the best counted step's verdict stands for
// it: a run whose parts were Cosmetic is Cosmetic. Sequences, parallels
// and repeating decorators simulate with a Chain:
//
//	ch := bt.StartChain(ctx, m)
//	for _, c := range children {
//		v, terminal := ch.Step(c)
//		if v.Outcome == heuristic.Impossible {
//			return ch.Stop(v)
//		}
//		ch.Count(v)
//		if terminal {
//			break
//		}
//	}
//	return ch.Finish()
//
// Every chain must end with Stop or Finish, which release its snapshot.
type Chain[M any] struct {
	ctx       *Sim[M]
	m, before *M
	best      heuristic.Verdict
	steps     int
	borrowed  bool // before is the caller's, not a snapshot of the chain's
}

// StartChain starts a chain on m, taking a snapshot to judge against.
func StartChain[M any](ctx *Sim[M], m *M) Chain[M] {
	return Chain[M]{ctx: ctx, m: m, before: ctx.Push(m)}
}

// Step simulates c on the shared memory and returns its verdict, and
// whether the memory is now terminal, so the chain should go no further.
func (ch *Chain[M]) Step(c *Child[M]) (heuristic.Verdict, bool) {
	v := c.Simulate(ch.ctx, ch.m)
	return v, ch.ctx.terminalAt(ch.m)
}

// Count records v as a step that took place.
func (ch *Chain[M]) Count(v heuristic.Verdict) {
	if ch.steps == 0 || v.Outcome > ch.best.Outcome {
		ch.best = v
	}
	ch.steps++
}

// Stop abandons the chain with verdict v.
func (ch *Chain[M]) Stop(v heuristic.Verdict) heuristic.Verdict {
	ch.release()
	return v
}

func (ch *Chain[M]) release() {
	if !ch.borrowed {
		ch.ctx.Pop()
	}
}

// Finish judges the chain as a whole.
func (ch *Chain[M]) Finish() heuristic.Verdict {
	v := ch.ctx.Judge(ch.before, ch.m)
	ch.release()
	if v.Outcome == heuristic.Irrelevant && ch.steps > 0 {
		v = ch.best
	}
	return v
}

// chain is Chain for the built-in composites, over node indices.
type chain[M any] struct {
	Chain[M]
	s     *scratch[M]
	fresh bool // no step has been taken: m still equals before
}

// startChain starts a chain on m. When the caller knows that m was just
// copied from before (a selector's candidate), the chain judges against
// before and takes no snapshot of its own.
func (s *scratch[M]) startChain(before, m *M) chain[M] {
	if before == nil {
		return chain[M]{Chain: StartChain(s.ctx, m), s: s, fresh: true}
	}
	return chain[M]{Chain: Chain[M]{ctx: s.ctx, m: m, before: before, borrowed: true}, s: s, fresh: true}
}

// step simulates node k on the shared memory. The first step starts from
// the chain's own start, so a leaf judges against it rather than taking a
// snapshot of its own.
func (ch *chain[M]) step(k int32) (heuristic.Verdict, bool) {
	var before *M
	if ch.fresh {
		before, ch.fresh = ch.before, false
	}
	v := ch.s.simulate(k, before, ch.m)
	return v, ch.ctx.terminalAt(ch.m)
}

func (ch *chain[M]) count(v heuristic.Verdict)                  { ch.Count(v) }
func (ch *chain[M]) stop(v heuristic.Verdict) heuristic.Verdict { return ch.Stop(v) }
func (ch *chain[M]) finish() heuristic.Verdict                  { return ch.Finish() }
