package jedi

import (
	"runtime"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// A thousand Jedi, each with its own arena and tree, fight on every core
// at once. Trees share nothing mutable (the combat heuristic is shared and
// only read), so under -race this must show no data race, and every fight
// must come out as it does alone.
func TestThousandAgentsAcrossCores(t *testing.T) {
	t.Parallel()
	const agents = 1000
	ticks := testsize.Pick(30, 40, 120) // two seconds of fight with $FORESIGHT_FULL
	fighters := make([]*Fight, agents)
	for i := range fighters {
		f, err := NewFight(FightConfig{Seed: uint64(i), Skill: float64(i%5) / 4, Enemies: crowd[:1+i%len(crowd)], Partner: i%3 == 0})
		if err != nil {
			t.Fatal(err)
		}
		fighters[i] = f
	}
	var wg sync.WaitGroup
	work := make(chan *Fight)
	errs := make(chan error, agents)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				for i := 0; i < ticks; i++ {
					if _, err := f.Step(); err != nil {
						errs <- err
						break
					}
				}
			}
		}()
	}
	for _, f := range fighters {
		work <- f
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Each fight came out as it does on its own.
	for _, i := range []int{0, 7, 499, 999} {
		alone, _ := NewFight(FightConfig{Seed: uint64(i), Skill: float64(i%5) / 4, Enemies: crowd[:1+i%len(crowd)], Partner: i%3 == 0})
		for k := 0; k < ticks; k++ {
			alone.Step()
		}
		if diff := cmp.Diff(alone.Arena.Enemies(), fighters[i].Arena.Enemies()); diff != "" {
			t.Errorf("fight %d differs when fought alongside others:\n%s", i, diff)
		}
	}
}

// Over random fights, the combat tree keeps the life cycle (every Begin
// has its End, deepest first, one child at a time outside parallels), and
// a preview changes neither the Jedi's memory nor the arena.
func TestPropertyJediLifeCycle(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		types := rapid.SliceOfN(rapid.SampledFrom([]EnemyType{Droid, Brawler, Trooper, Rusher}), 1, MaxEnemies).Draw(t, "enemies")
		tl := &treetest.TraceLog{}
		f, err := NewFight(FightConfig{
			Seed:     rapid.Uint64().Draw(t, "seed"),
			Skill:    rapid.Float64Range(0, 1).Draw(t, "skill"),
			Enemies:  types,
			Partner:  rapid.Bool().Draw(t, "partner"),
			Mistakes: rapid.Bool().Draw(t, "mistakes"),
			Tracer:   tl,
		})
		if err != nil {
			t.Fatal(err)
		}
		jedi := f.Fighters[0]
		for i, n := 0, rapid.IntRange(1, 600).Draw(t, "ticks"); i < n; i++ {
			if i%37 == 0 {
				memory, enemies, self := jedi.Memory, f.Arena.Enemies(), f.Arena.Jedi(0)
				if _, err := jedi.Agent.Preview(&jedi.Memory, 0); err != nil {
					t.Fatal(err)
				}
				if memory != jedi.Memory || self != f.Arena.Jedi(0) || !cmp.Equal(enemies, f.Arena.Enemies()) {
					t.Fatalf("a preview at %v changed the memory or the arena", f.Arena.Now())
				}
			}
			if over, err := f.Step(); err != nil {
				t.Fatal(err)
			} else if over {
				break
			}
		}
		if err := jedi.Agent.Halt(&jedi.Memory); err != nil {
			t.Fatal(err)
		}
		treetest.CheckLifeCycle(t, f.Tree.Nodes(), tl.Lines, nil)
	})
}
