package bt_test

import (
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// big is a 256-byte value memory, the size the benchmarks promise figures for.
type big struct {
	HP, Foe int64
	Pad     [30]int64
}

// quick is an instant action on big: it succeeds or fails at Begin and
// predicts a hit of its own strength.
type quick struct {
	ok       bool
	strength int64
}

func (q *quick) Begin(m *big) bt.Status {
	if q.ok {
		return bt.Success
	}
	return bt.Failure
}
func (q *quick) Update(*big, time.Duration) bt.Status { return bt.Success }
func (q *quick) End(*big, bt.Status)                  {}
func (q *quick) Simulate(_ *bt.Sim[big], m *big)      { m.Foe -= q.strength; m.Pad[q.strength%30]++ }

// bigGoal prefers bigger hits: Beneficial for a small one, Safe for more.
var bigGoal = heuristic.Func[big](func(b, a *big) heuristic.Outcome {
	switch d := b.Foe - a.Foe; {
	case d >= 5:
		return heuristic.Safe
	case d > 0:
		return heuristic.Beneficial
	}
	return heuristic.Irrelevant
})

func name(prefix string, i int) string { return prefix + strconv.Itoa(i) }

// bigConfig is the configuration of the trees over big.
var bigConfig = bt.Config[big]{Heuristic: bigGoal}

// sequenceTree is a sequence of n instant leaves: a tick visits n+1 nodes.
func sequenceTree(n int) (bt.Def[big], int) {
	b := bt.New[big]()
	var kids []bt.Part
	for i := 0; i < n; i++ {
		kids = append(kids, b.Do(name("a", i), &quick{ok: true, strength: 1}))
	}
	return b.Sequence("seq", kids...), n + 1
}

// priorityTree is a priority over three 10-leaf sequences of which the
// first two fail at their last leaf: a tick visits all 34 nodes.
func priorityTree() (bt.Def[big], int) {
	b := bt.New[big]()
	var seqs []bt.Def[big]
	for s := 0; s < 3; s++ {
		var kids []bt.Part
		for i := 0; i < 10; i++ {
			kids = append(kids, b.Do(name("a", i), &quick{ok: s == 2 || i < 9, strength: 1}))
		}
		seqs = append(seqs, b.Sequence(name("s", s), kids...))
	}
	return b.Priority("fallback", seqs...), 34
}

// deepTree is a 100-node tree of depth 4 (1 + 3 + 12 + 84 nodes) of
// sequences over instant leaves: a tick visits every node.
func deepTree() (bt.Def[big], int) {
	b := bt.New[big]()
	var ss []bt.Part
	for i := 0; i < 3; i++ {
		var ts []bt.Part
		for j := 0; j < 4; j++ {
			var as []bt.Part
			for k := 0; k < 7; k++ {
				as = append(as, b.Do(name("a", k), &quick{ok: true, strength: 1}))
			}
			ts = append(ts, b.Sequence(name("t", j), as...))
		}
		ss = append(ss, b.Sequence(name("s", i), ts...))
	}
	return b.Sequence("root", ss...), 100
}

// selectorTree is a simulated selector over n instant leaves of rising
// strength, so the winner changes as the loop goes: each tick simulates
// every leaf and runs the winner.
func selectorTree(n int) bt.Def[big] {
	b := bt.New[big]()
	var kids []bt.Part
	for i := 0; i < n; i++ {
		kids = append(kids, b.Do(name("a", i), &quick{ok: true, strength: int64(1 + i%7)}))
	}
	return b.Selector("choose", kids...)
}

// mixedTree has every composite kind, nested, for the allocation tests.
func mixedTree(seed uint64) bt.Def[big] {
	b := bt.New[big]()
	return b.Selector("root", bt.Replan(0), bt.Debounce(),
		b.Sequence("combo",
			b.Do("jab", &quick{ok: true, strength: 1}),
			b.Selector("finisher",
				b.Do("hook", &quick{ok: true, strength: 3}),
				b.Do("upper", &quick{ok: true, strength: 6}),
			),
		),
		b.RandomSelector("feint", bt.Replan(0),
			b.Do("left", &quick{ok: true, strength: 5}).With(bt.Weight(2)),
			b.Do("right", &quick{ok: true, strength: 5}),
			b.Do("never", &quick{ok: true, strength: 5}).With(bt.Weight(0)),
		),
		b.Parallel("both",
			b.Do("x", &quick{ok: true, strength: 2}),
			b.Do("y", &quick{ok: false, strength: 2}),
		),
		b.Priority("fallback",
			b.Do("p", &quick{ok: false, strength: 1}),
			b.Do("q", &quick{ok: true, strength: 1}),
		),
		b.IfElse("if", func(m *big) bool { return m.Foe%2 == 0 },
			b.Do("even", &quick{ok: true, strength: 4}),
			b.Do("odd", &quick{ok: true, strength: 2}),
		),
	)
}

// busy is an action that stays Running: a steady-state tick updates it.
type busy struct{}

func (busy) Begin(*big) bt.Status                 { return bt.Running }
func (busy) Update(*big, time.Duration) bt.Status { return bt.Running }
func (busy) End(*big, bt.Status)                  {}
func (busy) Simulate(_ *bt.Sim[big], m *big)      { m.Pad[0]++ }

// runningTree is a parallel of ten sequences, each running its first leaf:
// a steady-state tick updates 21 nodes and begins or ends none.
func runningTree() (bt.Def[big], int) {
	b := bt.New[big]()
	var seqs []bt.Part
	for i := 0; i < 10; i++ {
		seqs = append(seqs, b.Sequence(name("s", i), b.Do("work", busy{}), b.Do("then", busy{})))
	}
	return b.Parallel("all", seqs...), 21
}
