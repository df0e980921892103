package jedi

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
)

// The original's claims about its Jedi, checked on the arena. Every fight
// is seeded, so these tests are deterministic; the seeds cover many
// different fights. Every claim is checked under both ways the root can
// plan (see eachPlanning).

var crowd = []EnemyType{Droid, Droid, Droid, Brawler, Trooper, Rusher}

// seeds returns how many fights a claim is checked over: all twenty with
// $FORESIGHT_FULL, as CI runs them (internal/testkit/testsize).
func seeds() uint64 { return testsize.Pick[uint64](4, 8, 20) }

// A planning is a way the root plans: every tick (replan 0), as the
// original does, or every 100 ms and at once when something happens
// (Options.Replan), which costs a fraction of it; and, with file, with
// the tree given as a designer would: Design written to a file, and the
// file read back.
type planning struct {
	replan time.Duration
	file   bool
}

// plannings are the ways the claims are checked.
var plannings = []planning{{replan: 0}, {replan: 100 * time.Millisecond}}

// eachPlanning checks a claim under every planning, in parallel.
func eachPlanning(t *testing.T, claim func(t *testing.T, p planning)) {
	t.Parallel()
	for _, p := range plannings {
		t.Run("Replan="+p.replan.String(), func(t *testing.T) {
			t.Parallel()
			claim(t, p)
		})
	}
}

// TestClaimsThroughAFile checks the claims with the tree read from a
// file, planning every tick (TestTreeThroughAFile shows that fights with
// a file's tree go kill for kill as with the built tree, whatever the
// planning).
func TestClaimsThroughAFile(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		claim func(*testing.T, planning)
	}{{"skill", skillSetsThePace}, {"patience", patience}, {"mistakes", swingsAtShields}, {"durability", durability}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.claim(t, planning{file: true})
		})
	}
}

// fight runs a fight of cfg, planned as p says.
func (p planning) fight(t *testing.T, cfg FightConfig) Summary {
	t.Helper()
	cfg.Replan = p.replan
	if p.file {
		def, err := Design(Options{Mistakes: cfg.Mistakes, Without: cfg.Without, Replan: cfg.Replan})
		if err != nil {
			t.Fatal(err)
		}
		file, err := Registry().Marshal(def)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Tree, err = Registry().Build(TreeConfig(), file); err != nil {
			t.Fatal(err)
		}
		cfg.Mistakes, cfg.Without, cfg.Replan = false, nil, 0
	}
	f, err := NewFight(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.Run()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// 1. Skill: over the same seeds, a master kills sooner than a knight, who
// kills sooner than a padawan. Only the skill level differs, and skill
// reaches the tree only through the heuristic's desired kill time and the
// skill-range constraints.
func TestSkillSetsThePace(t *testing.T) { eachPlanning(t, skillSetsThePace) }

func skillSetsThePace(t *testing.T, p planning) {
	mean := map[string]time.Duration{}
	for _, level := range []string{"master", "knight", "padawan"} {
		skill, _ := ParseSkill(level)
		var total time.Duration
		kills := 0
		for seed := uint64(1); seed <= seeds(); seed++ {
			for _, k := range p.fight(t, FightConfig{Seed: seed, Skill: skill, Enemies: crowd}).Kills {
				total += k.VictimTime
				kills++
			}
		}
		if kills == 0 {
			t.Fatalf("%s killed nothing", level)
		}
		mean[level] = total / time.Duration(kills)
	}
	t.Logf("mean time to kill: master %v, knight %v, padawan %v", mean["master"], mean["knight"], mean["padawan"])
	if !(mean["master"] < mean["knight"] && mean["knight"] < mean["padawan"]) {
		t.Errorf("mean time to kill: master %v, knight %v, padawan %v; want them in that order",
			mean["master"], mean["knight"], mean["padawan"])
	}
}

// 2. Patience: no enemy dies before its desired kill time, except to a
// counter-attack, which the tree floors at Beneficial so that it is taken
// even when it kills too soon.
func TestPatience(t *testing.T) { eachPlanning(t, patience) }

func patience(t *testing.T, p planning) {
	forced := 0
	for _, skill := range []float64{1, 0.6, 0.2} {
		for seed := uint64(1); seed <= seeds(); seed++ {
			for _, k := range p.fight(t, FightConfig{Seed: seed, Skill: skill, Enemies: crowd}).Kills {
				if k.Forced {
					forced++
					continue
				}
				if k.VictimTime < k.Desired {
					t.Errorf("skill %v seed %d: %v#%d died %v after becoming the victim, before the desired %v (by %s)",
						skill, seed, k.Type, k.Enemy, k.VictimTime, k.Desired, k.Action)
				}
			}
		}
	}
	t.Logf("%d kills by counter-attacks", forced)
}

// swingWatch records, for every swing the first Jedi begins, the bolts it
// knew were flying at it.
type swingWatch struct {
	mind    *Memory
	open    map[string][]int // swing path -> bolts in flight when it began
	windows []swingWindow
}

type swingWindow struct {
	path       string
	from, till time.Duration
	bolts      []int
}

func (w *swingWatch) Trace(e *bt.Event) {
	name := e.Path[strings.LastIndex(e.Path, "/")+1:]
	if name != "swing" && name != "slash" {
		return
	}
	switch e.Kind {
	case bt.EventBegin:
		var bolts []int
		for i := 0; i < w.mind.NumThreats; i++ {
			if t := &w.mind.Threats[i]; t.Kind == Bolt {
				bolts = append(bolts, t.ID)
			}
		}
		w.open[e.Path] = bolts
		w.windows = append(w.windows, swingWindow{path: e.Path, from: e.Time, till: -1, bolts: bolts})
	case bt.EventEnd:
		for i := len(w.windows) - 1; i >= 0; i-- {
			if w.windows[i].path == e.Path && w.windows[i].till < 0 {
				w.windows[i].till = e.Time + time.Second/60
				break
			}
		}
	}
}

// 3. Threats: the Jedi does not swing into a bolt it can see coming: no
// bolt it knew was flying at it when a swing began lands during that
// swing. (It deflects, blocks or dodges first, or strikes where the bolt
// misses.) Bolts it had not yet noticed may land: it has a reaction time.
func TestNoSwingingIntoBolts(t *testing.T) { eachPlanning(t, noSwingingIntoBolts) }

func noSwingingIntoBolts(t *testing.T, p planning) {
	swings := 0
	for _, skill := range []float64{1, 0.6, 0.2} {
		for seed := uint64(1); seed <= seeds(); seed++ {
			w := &swingWatch{open: map[string][]int{}}
			f, err := NewFight(FightConfig{Seed: seed, Skill: skill, Enemies: crowd, Tracer: w, Replan: p.replan})
			if err != nil {
				t.Fatal(err)
			}
			w.mind = &f.Fighters[0].Memory
			if _, err := f.Run(); err != nil {
				t.Fatal(err)
			}
			swings += len(w.windows)
			for _, h := range f.Arena.Hits() {
				if h.Jedi != 0 || h.Kind != Bolt {
					continue
				}
				for _, win := range w.windows {
					if h.At >= win.from && (win.till < 0 || h.At <= win.till) && contains(win.bolts, h.Bolt) {
						t.Errorf("skill %v seed %d: bolt %d, in flight when %s began at %v, hit at %v",
							skill, seed, h.Bolt, win.path, win.from, h.At)
					}
				}
			}
		}
	}
	if swings == 0 {
		t.Fatal("no swings seen")
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// 4. Mistakes: with mistakes on, facing a shielded trooper, the Jedi swings
// at the raised shield, once: the shield stops the blow and the Jedi learns.
// With mistakes off, never.
func TestMistakes(t *testing.T) { eachPlanning(t, swingsAtShields) }

func swingsAtShields(t *testing.T, p planning) {
	for seed := uint64(1); seed <= seeds(); seed++ {
		for _, mistakes := range []bool{false, true} {
			s := p.fight(t, FightConfig{Seed: seed, Skill: 0.6, Enemies: []EnemyType{Trooper}, Mistakes: mistakes})
			switch {
			case mistakes && s.ShieldSwings != 1:
				t.Errorf("seed %d: with mistakes on, the Jedi swung at the raised shield %d times, want once", seed, s.ShieldSwings)
			case !mistakes && s.ShieldSwings != 0:
				t.Errorf("seed %d: with mistakes off, the Jedi swung at the raised shield %d times", seed, s.ShieldSwings)
			}
		}
	}
}

// 5. Durability: take away one attack branch and the Jedi still wins on
// the same seeds: the planner finds another way.
func TestDurability(t *testing.T) { eachPlanning(t, durability) }

func durability(t *testing.T, p planning) {
	for _, without := range [][]string{nil, {"dash strike"}, {"leap strike"}, {"kick combo"}, {"kick"},
		{"force push"}, {"deflect and strike"}, {"block and counter"}, {"dodge and counter"}} {
		for seed := uint64(1); seed <= seeds(); seed++ {
			s := p.fight(t, FightConfig{Seed: seed, Skill: 0.6, Enemies: crowd, Without: without})
			if s.Winner != "jedi" {
				t.Errorf("without %v, seed %d: %s won (Jedi at %d hp after %v)", without, seed, s.Winner, s.JediHP, s.Duration)
			}
		}
	}
}

// 6. Planning less often: a Jedi whose root plans every 100 ms, and at
// once when a new threat appears or it is hit, fights as well as one that
// plans every tick: it wins the same fights, taking about the same damage.
func TestReplanKeepsTheFight(t *testing.T) {
	t.Parallel()
	type record struct {
		wins   int
		damage float64 // mean hit points lost
	}
	got := map[time.Duration]*record{}
	for _, p := range plannings {
		r := &record{}
		for _, skill := range []float64{1, 0.6} {
			for seed := uint64(1); seed <= seeds(); seed++ {
				s := p.fight(t, FightConfig{Seed: seed, Skill: skill, Enemies: crowd})
				if s.Winner == "jedi" {
					r.wins++
				}
				r.damage += float64(jediHP-s.JediHP) / float64(2*seeds())
			}
		}
		got[p.replan] = r
	}
	every, often := got[0], got[100*time.Millisecond]
	t.Logf("every tick: %d of %d wins, mean damage %.1f; every 100 ms: %d wins, mean damage %.1f",
		every.wins, 2*seeds(), every.damage, often.wins, often.damage)
	if often.wins < every.wins {
		t.Errorf("planning every 100 ms won %d fights; every tick won %d", often.wins, every.wins)
	}
	if often.damage > every.damage*1.25+5 {
		t.Errorf("planning every 100 ms took %.1f damage on average; every tick %.1f", often.damage, every.damage)
	}
}
