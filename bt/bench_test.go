package bt_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// BenchmarkTick measures plain ticks, without simulation. In the first
// three trees every leaf is instant, so each tick begins and ends every
// node; in running10x2 the behaviour is under way, so a tick only updates.
func BenchmarkTick(b *testing.B) {
	for _, bench := range []struct {
		name  string
		build func() (bt.Def[big], int)
	}{
		{"sequence10", func() (bt.Def[big], int) { return sequenceTree(10) }},
		{"priority3x10", priorityTree},
		{"tree100depth4", deepTree},
		{"running10x2", runningTree},
	} {
		b.Run(bench.name, func(b *testing.B) {
			root, nodes := bench.build()
			ticks(b, mustBuild(b, bigConfig, root), nodes, "ns/node")
		})
	}
}

// BenchmarkSimulate measures a full simulated decision: a selector
// simulates every leaf on a copy of a 256-byte memory, judges each, and
// runs the winner.
func BenchmarkSimulate(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(name("leaves", n), func(b *testing.B) { ticks(b, mustBuild(b, bigConfig, selectorTree(n)), n, "ns/leaf") })
	}
}

// ticks times a tree's ticks, after one to warm it, and reports the time
// per unit (a node visited, a leaf simulated).
func ticks(b *testing.B, tree *bt.Agent[big], units int, unit string) {
	m := big{HP: 100, Foe: 1 << 40}
	tree.Tick(&m, time.Millisecond)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tree.Tick(&m, time.Millisecond)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(units), unit)
}

// BenchmarkCopy is the floor for BenchmarkSimulate: the one 256-byte copy
// a selector makes per candidate (an action leaf judges against the
// selector's memory, so it needs no copy of its own).
func BenchmarkCopy(b *testing.B) {
	var src, dst big
	for i := 0; i < b.N; i++ {
		src.Pad[i%30]++
		dst = src
	}
	if dst.Pad[0] < 0 {
		b.Fatal("unreachable: keeps the copy alive")
	}
}

// BenchmarkBaseline calibrates the machine: a hand-written, non-generic
// tree with no life cycle, constraints, tracing or fault handling, doing
// the least an update tick can do (a flag test and an interface call per
// node). Compare its ns/node with BenchmarkTick/running10x2: the gap is
// what the library's guarantees cost.
func BenchmarkBaseline(b *testing.B) {
	root := &bareNode{running: true}
	for i := 0; i < 10; i++ {
		root.kids = append(root.kids, &bareNode{running: true, kids: []*bareNode{
			{running: true, act: bareBusy{}}, {act: bareBusy{}},
		}})
	}
	var m big
	for i := 0; i < b.N; i++ {
		root.tick(&m)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/21, "ns/node")
}

type bareUpdater interface{ update(m *big) bt.Status }

type bareBusy struct{}

func (bareBusy) update(*big) bt.Status { return bt.Running }

type bareNode struct {
	running bool
	act     bareUpdater
	kids    []*bareNode
}

//go:noinline
func (n *bareNode) tick(m *big) bt.Status {
	if n.act != nil {
		return n.act.update(m)
	}
	for _, k := range n.kids {
		if k.running {
			k.tick(m)
		}
	}
	return bt.Running
}
