package main

import (
	"testing"

	"github.com/foresight-bt/foresight/internal/testkit/testsize"
)

// The guard does the same under both deciders: over many seeds, the
// yard after every tick is the same, whether a simulated selector or a
// state machine decides.
func TestBothDecidersDoTheSame(t *testing.T) {
	seeds, ticks := testsize.Pick(40, 200, 1000), 400 // $FORESIGHT_FULL: a thousand (internal/testkit/testsize)
	var blows, chases int
	for seed := range uint64(seeds) {
		yards := map[decider][]Memory{}
		for _, d := range []decider{byTree, byFSM} {
			guard, err := newGuard(d, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			w := newWorld(seed)
			if err := play(guard, w, ticks, func() { yards[d] = append(yards[d], w.Memory) }); err != nil {
				t.Fatal(err)
			}
		}
		tree, machine := yards[byTree], yards[byFSM]
		for i := range max(len(tree), len(machine)) {
			if i >= len(tree) || i >= len(machine) || tree[i] != machine[i] {
				t.Fatalf("seed %d, tick %d: the tree's guard and the machine's part ways:\n tree    %+v\n machine %+v",
					seed, i+1, at(tree, i), at(machine, i))
			}
		}
		last := tree[len(tree)-1]
		blows += last.Hits
		for i := 1; i < len(tree); i++ {
			if tree[i].Sees() && tree[i].Guard != tree[i-1].Guard && tree[i].Wait == 0 && tree[i-1].Sees() {
				chases++
			}
		}
	}
	if blows < seeds || chases == 0 { // the runs went through every action, not only the round
		t.Errorf("over %d seeds: %d blows, %d chasing steps", seeds, blows, chases)
	}
}

func at(yards []Memory, i int) any {
	if i < len(yards) {
		return yards[i]
	}
	return "(the intruder was already down)"
}

// BenchmarkDeciders ticks the guard under each decider, the yard going on
// as in the program.
func BenchmarkDeciders(b *testing.B) {
	for _, d := range []decider{byTree, byFSM} {
		b.Run(string(d), func(b *testing.B) {
			guard, err := newGuard(d, 1, nil)
			if err != nil {
				b.Fatal(err)
			}
			w := newWorld(1)
			w.IntruderHP = 1 << 30 // it never goes down
			b.ReportAllocs()
			for b.Loop() {
				w.wander()
				if _, err := guard.Tick(&w.Memory, step); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
