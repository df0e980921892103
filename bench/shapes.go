package bench

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/sim"
	gbt "github.com/joeycumines/go-behaviortree"
)

// World is the memory both libraries' leaves work on.
type World struct {
	Work int64 // every leaf adds one
	Pad  [30]int64
}

// A Shape is a tree, described once, built in both libraries.
type Shape struct {
	Name string
	// Nodes is how many nodes a steady tick visits.
	Nodes int
	// Build adds the tree to a foresight builder.
	Build func(b *bt.Builder[World])
	// Tree builds it in go-behaviortree over w.
	Tree func(w *World) gbt.Node
}

// Leaf work, the same in both: a leaf that succeeds, one that fails, and
// one that runs forever.

func succeed(w *World) bool { w.Work++; return true }
func fail(w *World) bool    { w.Work++; return false }

func gbtLeaf(w *World, ok bool) gbt.Node {
	return gbt.New(func([]gbt.Node) (gbt.Status, error) {
		w.Work++
		if ok {
			return gbt.Success, nil
		}
		return gbt.Failure, nil
	})
}

func gbtBusy(w *World) gbt.Node {
	return gbt.New(func([]gbt.Node) (gbt.Status, error) { w.Work++; return gbt.Running, nil })
}

// busy is foresight's running leaf: it stays Running, updated each tick.
type busy struct{}

func (busy) Begin(w *World) bt.Status                   { w.Work++; return bt.Running }
func (busy) Update(w *World, _ time.Duration) bt.Status { w.Work++; return bt.Running }
func (busy) End(*World, bt.Status)                      {}
func (busy) Simulate(*sim.Context[World], *World)       {}

// Shapes are the four shapes of bt's BenchmarkTick.
var Shapes = []Shape{
	{
		Name: "sequence10", Nodes: 11,
		Build: func(b *bt.Builder[World]) {
			b.Sequence("seq")
			for i := range 10 {
				b.Do(name(i), bt.Instant(succeed, nil))
			}
			b.End()
		},
		Tree: func(w *World) gbt.Node {
			kids := make([]gbt.Node, 10)
			for i := range kids {
				kids[i] = gbtLeaf(w, true)
			}
			return gbt.New(gbt.Sequence, kids...)
		},
	},
	{
		Name: "priority3x10", Nodes: 34,
		Build: func(b *bt.Builder[World]) {
			b.Priority("fallback")
			for s := range 3 {
				b.Sequence(name(s))
				for i := range 10 {
					run := succeed
					if s < 2 && i == 9 {
						run = fail
					}
					b.Do(name(i), bt.Instant(run, nil))
				}
				b.End()
			}
			b.End()
		},
		Tree: func(w *World) gbt.Node {
			seqs := make([]gbt.Node, 3)
			for s := range seqs {
				kids := make([]gbt.Node, 10)
				for i := range kids {
					kids[i] = gbtLeaf(w, s == 2 || i < 9)
				}
				seqs[s] = gbt.New(gbt.Sequence, kids...)
			}
			return gbt.New(gbt.Selector, seqs...)
		},
	},
	{
		Name: "tree100depth4", Nodes: 100,
		Build: func(b *bt.Builder[World]) {
			b.Sequence("root")
			for i := range 3 {
				b.Sequence(name(i))
				for j := range 4 {
					b.Sequence(name(j))
					for k := range 7 {
						b.Do(name(k), bt.Instant(succeed, nil))
					}
					b.End()
				}
				b.End()
			}
			b.End()
		},
		Tree: func(w *World) gbt.Node {
			mids := make([]gbt.Node, 3)
			for i := range mids {
				lows := make([]gbt.Node, 4)
				for j := range lows {
					leaves := make([]gbt.Node, 7)
					for k := range leaves {
						leaves[k] = gbtLeaf(w, true)
					}
					lows[j] = gbt.New(gbt.Sequence, leaves...)
				}
				mids[i] = gbt.New(gbt.Sequence, lows...)
			}
			return gbt.New(gbt.Sequence, mids...)
		},
	},
	{
		Name: "running10x2", Nodes: 21,
		Build: func(b *bt.Builder[World]) {
			b.Parallel("all")
			for i := range 10 {
				b.Sequence(name(i)).Do("work", busy{}).Do("then", busy{}).End()
			}
			b.End()
		},
		// go-behaviortree keeps no running state: a sequence ticks its first
		// child again each tick. Its parallel (Fork) runs each child on a
		// goroutine, and All stops at the first running child, so this is
		// the plain tick function that visits them all.
		Tree: func(w *World) gbt.Node {
			seqs := make([]gbt.Node, 10)
			for i := range seqs {
				seqs[i] = gbt.New(gbt.Sequence, gbtBusy(w), gbtBusy(w))
			}
			return gbt.New(parallel, seqs...)
		},
	},
}

func name(i int) string { return string(rune('a' + i)) }

// parallel is a go-behaviortree tick that ticks every child and runs while
// any runs.
func parallel(children []gbt.Node) (gbt.Status, error) {
	status := gbt.Success
	for _, c := range children {
		s, err := c.Tick()
		switch {
		case err != nil:
			return gbt.Failure, err
		case s == gbt.Running:
			status = gbt.Running
		case s == gbt.Failure && status != gbt.Running:
			status = gbt.Failure
		}
	}
	return status, nil
}
