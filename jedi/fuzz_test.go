package jedi_test

import (
	"math"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/jedi"
)

// FuzzArena fights a random arena for a few seconds, for Go's native
// fuzzing (go test ./jedi -run='^$' -fuzz=FuzzArena): no panic; hit
// points never negative; positions always finite; every kill recorded
// once. Its seed corpus lives in testdata/fuzz, with every crasher found
// kept there.
func FuzzArena(f *testing.F) {
	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) {
		cfg := jedi.FightConfig{
			Seed:     rapid.Uint64().Draw(t, "seed"),
			Skill:    rapid.Float64Range(0, 1).Draw(t, "skill"),
			Partner:  rapid.Bool().Draw(t, "partner"),
			Mistakes: rapid.Bool().Draw(t, "mistakes"),
			Duration: time.Duration(rapid.IntRange(500, 3000).Draw(t, "ms")) * time.Millisecond,
			Step:     rapid.SampledFrom([]time.Duration{time.Second / 60, time.Second / 30, 100 * time.Millisecond}).Draw(t, "step"),
		}
		types := []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}
		n := rapid.IntRange(1, jedi.MaxEnemies).Draw(t, "enemies")
		if rapid.Bool().Draw(t, "placed") {
			for i := 0; i < n; i++ {
				angle := rapid.Float64Range(0, 2*math.Pi).Draw(t, "angle")
				dist := rapid.Float64Range(1.2, 40).Draw(t, "dist")
				cfg.Spawns = append(cfg.Spawns, jedi.Spawn{
					Type: rapid.SampledFrom(types).Draw(t, "type"),
					Pos:  jedi.Vec{X: dist * math.Cos(angle), Y: dist * math.Sin(angle)},
					HP:   rapid.IntRange(0, 300).Draw(t, "hp"),
				})
			}
		} else {
			cfg.Enemies = rapid.SliceOfN(rapid.SampledFrom(types), n, n).Draw(t, "types")
		}
		fight, err := jedi.NewFight(cfg)
		if err != nil {
			t.Fatalf("a valid arena was refused: %v", err)
		}
		for {
			over, err := fight.Step()
			if err != nil {
				t.Fatalf("at %v: %v", fight.Arena.Now(), err)
			}
			checkArena(t, fight.Arena)
			if over {
				break
			}
		}
		seen := map[int]bool{}
		enemies := fight.Arena.Enemies()
		for _, k := range fight.Arena.Kills() {
			if seen[k.Enemy] {
				t.Fatalf("enemy %d killed twice", k.Enemy)
			}
			seen[k.Enemy] = true
		}
		for _, e := range enemies {
			if e.Alive() == seen[e.ID] {
				t.Fatalf("enemy %d: alive %v, recorded killed %v", e.ID, e.Alive(), seen[e.ID])
			}
		}
	}))
}

func checkArena(t *rapid.T, a *jedi.Arena) {
	finite := func(v jedi.Vec) bool {
		return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
	}
	for i := 0; i < a.NumJedi(); i++ {
		j := a.Jedi(i)
		if j.HP < 0 || !finite(j.Pos) || !finite(j.Facing) {
			t.Fatalf("Jedi %d at %v: %+v", i, a.Now(), j)
		}
	}
	for _, e := range a.Enemies() {
		if e.HP < 0 || e.Shield < 0 || !finite(e.Pos) || !finite(e.Facing) {
			t.Fatalf("enemy at %v: %+v", a.Now(), e)
		}
	}
}
