package troll_test

import (
	"testing"

	"github.com/foresight-bt/foresight/troll"
)

// BenchmarkPlan makes the troll's longest plan, from its root: unarmed,
// with an intruder in sight ([0 1 0]: find, walk to, uproot a trunk, then
// walk to the intruder and slam), through the runner in its tree: the
// plan, the first task begun, then a halt.
func BenchmarkPlan(b *testing.B) {
	tree, err := troll.NewTree(troll.HTN)
	if err != nil {
		b.Fatal(err)
	}
	g, err := troll.NewGame(tree, 1)
	if err != nil {
		b.Fatal(err)
	}
	start := g.World.Troll
	start.Trunk, start.CanSee, start.HasSeen, start.Enemy, start.LastSeen = 0, true, true, troll.Cell{X: 9, Y: 12}, troll.Cell{X: 9, Y: 12}
	m := start
	b.ReportAllocs()
	for b.Loop() {
		m = start
		g.Agent.Tick(&m, troll.Step)
		g.Agent.Halt(&m)
	}
	if m.Tree < 0 {
		b.Fatal("the plan did not begin by finding a tree")
	}
}

// BenchmarkGame is a tick of the troll's game, world included, under
// each decider: what a troll costs a frame.
func BenchmarkGame(b *testing.B) {
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
		b.Run(d.String(), func(b *testing.B) {
			tree, err := troll.NewTree(d)
			if err != nil {
				b.Fatal(err)
			}
			g, err := troll.NewGame(tree, 1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Step(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// After warm-up a game allocates nothing a tick under any decider.
func TestNoAllocations(t *testing.T) {
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
		tree, err := troll.NewTree(d)
		if err != nil {
			t.Fatal(err)
		}
		g, err := troll.NewGame(tree, 3)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Run(gameTime); err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(2000, func() { g.Step() }); a != 0 {
			t.Errorf("%v: %v allocations a tick", d, a)
		}
	}
}
