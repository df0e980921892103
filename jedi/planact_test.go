package jedi_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/jedi"
)

// The Jedi's own layout (a root that plans again every tick over a random
// defend selector that plans every quarter second, floors, fakes, chance
// and cooldowns) keeps the library's promise: before every tick of whole
// fights, a preview with the tick's memory and step plans exactly what the
// tick then decides and begins.
func TestJediPlanIsAct(t *testing.T) {
	t.Parallel()
	seeds, ticks := testsize.Pick(3, 4, 12), 1200 // $FORESIGHT_FULL: all twelve (internal/testkit/testsize)
	const step = time.Second / 60
	switches, run := 0, 0
	for seed := range uint64(seeds) {
		a, err := jedi.NewArena(jedi.Config{Seed: seed, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}})
		if err != nil {
			t.Fatal(err)
		}
		log := &treetest.TraceLog{}
		tree, err := jedi.NewTree(jedi.Options{Mistakes: seed%2 == 0, Replan: time.Duration(seed%3) * 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		f, err := jedi.NewFighter(a, 0, tree, 0.6, seed)
		if err != nil {
			t.Fatal(err)
		}
		f.Agent.SetTracer(log)
		nodes := tree.Nodes()
		for range ticks {
			if a.Over() {
				break
			}
			if a.Sense(0, &f.Memory, step) {
				if err := f.Agent.Halt(&f.Memory); err != nil {
					t.Fatal(err)
				}
			}
			plan, err := f.Agent.Preview(&f.Memory, step)
			if err != nil {
				t.Fatal(err)
			}
			running, before := treetest.Running(log.Lines), len(log.Lines)
			if _, err := f.Agent.Tick(&f.Memory, step); err != nil {
				t.Fatal(err)
			}
			a.Obey(0, &f.Memory.Order)
			treetest.CheckPlanIsAct(t, plan, nodes, running, log.Lines[before:])
			run++
			for _, l := range log.Lines[before:] {
				if len(l) > 6 && l[:6] == "begin " {
					switches++
					break
				}
			}
			a.Step(step)
		}
	}
	// A tick in forty or so begins something; fewer, and the fights did
	// not exercise the tree.
	t.Logf("%d of %d ticks began something", switches, run)
	if switches < run/100 {
		t.Errorf("only %d of %d ticks began something: the fights did not exercise the tree", switches, run)
	}
}
