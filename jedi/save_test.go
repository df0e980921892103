package jedi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// A fightLog follows a fight from outside, in one text: every event of
// each Jedi's tree, every Decide the fight reports, and every few steps
// the world (the arena's state, its random source's included) and each
// Jedi's memory (saveGoesOn compares the whole state at the end).
type fightLog struct{ strings.Builder }

// worldEvery is how many steps go by between two looks at the world.
const worldEvery = 10

// hooks returns the hooks that write to l, for NewFight or LoadFight.
func (l *fightLog) hooks(cfg FightConfig) FightConfig {
	events := trace.JSON(&l.Builder)
	cfg.Tracer = events
	cfg.OnDecide = func(d *Decide) { fmt.Fprintf(l, "decide %+v\n", *d) }
	cfg.OnStep = func(f *Fight) {
		if f.Arena.Now()/f.cfg.Step%worldEvery != 0 {
			return
		}
		world, err := saveArena(f.Arena)
		if err != nil {
			panic(err)
		}
		text, _ := json.Marshal(world)
		fmt.Fprintf(l, "world %s\n", text)
		for _, fighter := range f.Fighters {
			fmt.Fprintf(l, "memory %d %+v\n", fighter.who, fighter.Memory)
		}
	}
	return cfg
}

// follow has l follow the events of every Jedi but the first, whose
// events the Tracer hook gives.
func (l *fightLog) follow(f *Fight) {
	for _, fighter := range f.Fighters[1:] {
		fighter.Agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			fmt.Fprintf(l, "jedi %d %v %v %s %v\n", fighter.who, e.Kind, e.Time, e.Path, e.Status)
		}))
	}
}

// fatalf is what saveGoesOn needs of a test: a *testing.T or a *rapid.T.
type fatalf interface {
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// saveGoesOn runs the fight of cfg for k steps, saves it, loads the save
// into a new fight and runs both on for n steps: the loaded one must go
// on exactly as the one never saved (its events, reports, world and
// memories), save again the bytes it was loaded from, and end in the
// same state and summary.
func saveGoesOn(t fatalf, cfg FightConfig, k, n int) {
	var whole, loaded fightLog
	a, err := NewFight(whole.hooks(cfg))
	if err != nil {
		t.Fatal(err)
	}
	whole.follow(a)
	for range k {
		if _, err := a.Step(); err != nil {
			t.Fatal(err)
		}
	}
	save, err := a.Save()
	if err != nil {
		t.Fatal(err)
	}
	at := whole.Len()
	b, err := LoadFight(save, loaded.hooks(FightConfig{Tree: cfg.Tree}))
	if err != nil {
		t.Fatalf("loading the save at step %d: %v\n%s", k, err, save)
	}
	loaded.follow(b)
	if again, err := b.Save(); err != nil || !bytes.Equal(again, save) {
		t.Fatalf("the fight loaded saves again otherwise (%v):\n%s", err, cmp.Diff(string(save), string(again)))
	}
	for range n {
		overA, errA := a.Step()
		overB, errB := b.Step()
		if overA != overB || fmt.Sprint(errA) != fmt.Sprint(errB) {
			t.Fatalf("at %v: over %v, %v; errors %v, %v", a.Arena.Now(), overA, overB, errA, errB)
		}
	}
	if diff := cmp.Diff(whole.String()[at:], loaded.String()); diff != "" {
		t.Fatalf("saved at step %d, the fight loaded goes on otherwise (-never saved +loaded):\n%s", k, diff)
	}
	endA, _ := a.Save()
	endB, _ := b.Save()
	if diff := cmp.Diff(string(endA), string(endB)); diff != "" {
		t.Fatalf("saved at step %d, the fight loaded ends otherwise (-never saved +loaded):\n%s", k, diff)
	}
	if diff := cmp.Diff(a.Summary(), b.Summary()); diff != "" {
		t.Fatalf("saved at step %d, the fight loaded sums up otherwise:\n%s", k, diff)
	}
}

// A fight saved at a few moments (before the first step, mid-fight, after
// kills) and loaded goes on exactly as the fight never saved.
func TestSaveGoesOn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  FightConfig
		k, n int
	}{
		{"before the first step", FightConfig{Seed: 1, Skill: 0.6, Enemies: crowd}, 0, 300},
		{"a knight at 10s", FightConfig{Seed: 1, Skill: 0.6, Enemies: crowd}, 600, 900},
		{"a master with a partner", FightConfig{Seed: 7, Skill: 1, Enemies: crowd, Partner: true}, 450, 900},
		{"a padawan's mistakes", FightConfig{Seed: 3, Skill: 0.2, Enemies: []EnemyType{Trooper, Trooper}, Mistakes: true}, 200, 900},
		{"planning every 100ms", FightConfig{Seed: 5, Skill: 0.6, Enemies: crowd, Replan: 100 * time.Millisecond}, 333, 600},
		{"placed, in steps of 100ms", FightConfig{Seed: 2, Skill: 0.4, Step: 100 * time.Millisecond,
			Spawns: []Spawn{{Type: Rusher, Pos: Vec{5, 0}}, {Type: Droid, Pos: Vec{0, 12}, HP: 20}}}, 37, 300},
		{"without dash strikes", FightConfig{Seed: 9, Skill: 0.6, Enemies: crowd, Without: []string{"dash strike"}}, 120, 300},
		{"a tree given", FightConfig{Seed: 4, Skill: 0.8, Enemies: crowd, Tree: givenTree}, 240, 300},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			saveGoesOn(t, c.cfg, c.k, c.n)
		})
	}
}

// Over random fights, saved at a random step, the fight loaded goes on
// exactly as the fight never saved.
func TestPropertySaveGoesOn(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		cfg := FightConfig{
			Seed:     rapid.Uint64().Draw(t, "seed"),
			Skill:    rapid.Float64Range(0, 1).Draw(t, "skill"),
			Enemies:  rapid.SliceOfN(rapid.SampledFrom([]EnemyType{Droid, Brawler, Trooper, Rusher}), 1, MaxEnemies).Draw(t, "enemies"),
			Partner:  rapid.Bool().Draw(t, "partner"),
			Mistakes: rapid.Bool().Draw(t, "mistakes"),
			Replan:   rapid.SampledFrom([]time.Duration{0, 100 * time.Millisecond}).Draw(t, "replan"),
			Step:     rapid.SampledFrom([]time.Duration{time.Second / 60, time.Second / 30, 100 * time.Millisecond}).Draw(t, "step"),
		}
		saveGoesOn(t, cfg, rapid.IntRange(0, 600).Draw(t, "k"), rapid.IntRange(1, 300).Draw(t, "n"))
	})
}

// savedFight returns the save of a fight with a partner, ten seconds in
// or a little more: kills recorded, bolts in flight, decisions followed.
func savedFight(t testing.TB) []byte {
	t.Helper()
	f, err := NewFight(FightConfig{Seed: 1, Skill: 0.6, Enemies: crowd, Partner: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.RunUntil(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 600 && f.Arena.nBolts == 0; i++ {
		f.Step()
	}
	if f.Arena.nKills == 0 || f.Arena.nBolts == 0 {
		t.Fatalf("%d kills, %d bolts: the save holds too little to test", f.Arena.nKills, f.Arena.nBolts)
	}
	save, err := f.Save()
	if err != nil {
		t.Fatal(err)
	}
	return save
}

// edited returns the save with edit applied to it as read; the agents
// and the decisions followed stay as they were, byte for byte.
func edited(t *testing.T, save []byte, edit func(s *fightSave)) []byte {
	t.Helper()
	var s fightSave
	if err := json.Unmarshal(save, &s); err != nil {
		t.Fatal(err)
	}
	edit(&s)
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// replaced returns the save with the first old in it replaced by new.
func replaced(t *testing.T, save []byte, old, new string) []byte {
	t.Helper()
	if !bytes.Contains(save, []byte(old)) {
		t.Fatalf("the save holds no %s", old)
	}
	return bytes.Replace(save, []byte(old), []byte(new), 1)
}

// A save that cannot be a fight's is an error that says what and where,
// never a panic: cut short, of another format or version, a config no
// fight has, an arena, a memory, an agent or the decisions followed
// beyond what a fight can hold.
func TestLoadFightHostile(t *testing.T) {
	t.Parallel()
	save := savedFight(t)
	if _, err := LoadFight(save, FightConfig{}); err != nil {
		t.Fatalf("the save itself does not load: %v", err)
	}
	edit := func(e func(s *fightSave)) []byte { return edited(t, save, e) }
	for _, c := range []struct {
		name string
		save []byte
		cfg  FightConfig
		want string
	}{
		{"empty", nil, FightConfig{}, "not a save of a fight: EOF"},
		{"cut short", save[:len(save)/2], FightConfig{}, "not a save of a fight: unexpected EOF"},
		{"not an object", []byte(`[1]`), FightConfig{}, "not a save of a fight: json: cannot unmarshal array"},
		{"another format", edit(func(s *fightSave) { s.Format = "foresight-agent" }), FightConfig{}, `format "foresight-agent", not "foresight-jedi-fight"`},
		{"another version", edit(func(s *fightSave) { s.Version = 2 }), FightConfig{}, "version 2, not 1"},
		{"a member more", replaced(t, save, `"format"`, `"extra":1,"format"`), FightConfig{}, `unknown field "extra"`},
		{"a seed given", save, FightConfig{Seed: 1}, "LoadFight takes only the hooks and a tree"},
		{"a tree given for the built-in", save, FightConfig{Tree: mustTree(t)}, "a fight of the built-in tree: give no tree"},
		{"no tree given for its own", edit(func(s *fightSave) { s.Config.Tree = treeGiven }), FightConfig{}, "a fight of a tree of its own: give that tree"},
		{"a tree of no kind", edit(func(s *fightSave) { s.Config.Tree = "grown" }), FightConfig{}, `config: tree "grown"`},
		{"an enemy unknown", edit(func(s *fightSave) { s.Config.Enemies[2] = "dragon" }), FightConfig{}, `config: unknown enemy type "dragon"`},
		{"a skill beyond master", edit(func(s *fightSave) { s.Config.Skill = 2 }), FightConfig{}, "config: skill 2: want 0 to 1"},
		{"a duration of nothing", edit(func(s *fightSave) { s.Config.Duration = 0 }), FightConfig{}, "config: duration 0s"},
		{"a step too short", edit(func(s *fightSave) { s.Config.Step = 1 }), FightConfig{}, "config: jedi: step 1ns is out of range"},
		{"not a duration", replaced(t, save, `"step": "16.666666ms"`, `"step": "soon"`), FightConfig{}, `not a save of a fight: time: invalid duration "soon"`},
		{"a branch the tree lacks", edit(func(s *fightSave) { s.Config.Without = []string{"knitting"} }), FightConfig{}, `no branch "knitting"`},
		{"a clock before the fight", edit(func(s *fightSave) { s.Arena.Now = -1 }), FightConfig{}, "arena: clock -1ns"},
		{"a random source garbled", edit(func(s *fightSave) { s.Arena.Rand = []byte("pcg") }), FightConfig{}, "arena: random source"},
		{"a Jedi less", edit(func(s *fightSave) { s.Config.Partner = false }), FightConfig{}, "arena: 2 Jedi, where the fight has 1"},
		{"an enemy of another type", edit(func(s *fightSave) { s.Arena.Foes[0].Type = Brawler }), FightConfig{}, "arena: enemy 1: a brawler, where the fight has a droid"},
		{"an enemy of no type", edit(func(s *fightSave) { s.Arena.Foes[0].Type = 200 }), FightConfig{}, "arena: enemy 1: a EnemyType(200)"},
		{"an enemy renumbered", edit(func(s *fightSave) { s.Arena.Foes[1].ID = 7 }), FightConfig{}, "arena: enemy 2: ID 7: want 2"},
		{"an enemy after a Jedi the fight lacks", edit(func(s *fightSave) { s.Arena.Foes[1].Target = 2 }), FightConfig{}, "arena: enemy 2: its target is Jedi 2"},
		{"a bolt at a Jedi the fight lacks", edit(func(s *fightSave) { s.Arena.Bolts[0].Target = -1 }), FightConfig{}, "arena: bolt 1: "},
		{"a bolt of an enemy the fight lacks", edit(func(s *fightSave) { s.Arena.Bolts[0].Source = 9 }), FightConfig{}, "arena: bolt 1: "},
		{"a bolt not yet fired", edit(func(s *fightSave) { s.Arena.Bolts[0].ID = 1000000 }), FightConfig{}, "arena: bolt 1: number 1000000"},
		{"bolts beyond the table", edit(func(s *fightSave) { s.Arena.Bolts = make([]savedBolt, maxBolts+1) }), FightConfig{}, "arena: 33 bolts in flight: at most 32"},
		{"a Jedi's move that does not exist", edit(func(s *fightSave) { s.Arena.Jedi[0].Order.Kind = 99 }), FightConfig{}, "arena: jedi 0: order: move MoveKind(99)"},
		{"a Jedi's status that does not exist", replaced(t, save, `"Status": "`, `"Status": "Dancing`), FightConfig{}, `status "Dancing`},
		{"a Jedi's hit points beyond any", edit(func(s *fightSave) { s.Arena.Jedi[0].HP = 1e6 }), FightConfig{}, "arena: jedi 0: 1000000 of 200 hit points"},
		{"an enemy down standing", edit(func(s *fightSave) { s.Arena.Foes[s.Arena.Kills[0].Enemy-1].HP = 10 }), FightConfig{}, "kills, where"},
		{"a kill by a Jedi the fight lacks", edit(func(s *fightSave) { s.Arena.Kills[0].By = 5 }), FightConfig{}, "arena: kill 1: by Jedi 5"},
		{"a kill twice", edit(func(s *fightSave) { s.Arena.Kills[1] = s.Arena.Kills[0] }), FightConfig{}, "killed twice"},
		{"a hit on a Jedi the fight lacks", edit(func(s *fightSave) { s.Arena.Hits[0].Jedi = 3 }), FightConfig{}, "arena: hit 1: on Jedi 3"},
		{"a kill recorded otherwise", edit(func(s *fightSave) { s.Kills[0].At++ }), FightConfig{}, "kill 1 recorded as"},
		{"a kill not recorded", edit(func(s *fightSave) { s.Kills = nil }), FightConfig{}, "0 kills recorded, where the arena has"},
		{"a mind less", edit(func(s *fightSave) { s.Fighters = s.Fighters[:1] }), FightConfig{}, "1 Jedi minds, where the arena has 2 Jedi"},
		{"a memory's table overflowing", edit(func(s *fightSave) { s.Fighters[0].Memory.NumEnemies = 9 }), FightConfig{}, "jedi 0: memory: 9 enemies: want 0 to 8"},
		{"a memory's threats negative", edit(func(s *fightSave) { s.Fighters[0].Memory.NumThreats = -1 }), FightConfig{}, "jedi 0: memory: -1 threats"},
		{"a memory's victim beyond its table", edit(func(s *fightSave) { s.Fighters[1].Memory.Victim = 8 }), FightConfig{}, "jedi 1: memory: victim 8"},
		{"a memory's enemy of no type", edit(func(s *fightSave) { s.Fighters[0].Memory.Enemies[7].Type = 9 }), FightConfig{}, "jedi 0: memory: enemy 7: type EnemyType(9)"},
		{"a memory's threat of no kind", edit(func(s *fightSave) { s.Fighters[0].Memory.NumThreats, s.Fighters[0].Memory.Threats[0].Kind = 1, 9 }), FightConfig{}, "jedi 0: memory: threat 0: kind ThreatKind(9)"},
		{"an enemy far away", edit(func(s *fightSave) { s.Arena.Foes[2].Pos.X = 1e17 }), FightConfig{}, "arena: enemy 3: {1e+17 "},
		{"a memory's victim far away", edit(func(s *fightSave) { s.Fighters[0].Memory.Enemies[0].Pos.Y = -2000 }), FightConfig{}, "jedi 0: memory: enemy 0: {"},
		{"a bolt from far away", edit(func(s *fightSave) { s.Arena.Bolts[0].From.X = 1001 }), FightConfig{}, "arena: bolt 1: {1001 "},
		{"swings without end", edit(func(s *fightSave) { s.Fighters[0].Memory.Self.SwingsLeft = 1e9 }), FightConfig{}, "jedi 0: memory: 1000000000 swings: want 0 to 8"},
		{"a body's swings without end", edit(func(s *fightSave) { s.Arena.Jedi[0].Order.Count = 9 }), FightConfig{}, "arena: jedi 0: order: 9 swings"},
		{"a memory's order of no move", edit(func(s *fightSave) { s.Fighters[0].Memory.Order.Move = 50 }), FightConfig{}, "jedi 0: memory: order: move MoveKind(50)"},
		{"an agent changed", replaced(t, save, `"ticks": 6`, `"ticks": 7`), FightConfig{}, "jedi 0: bt: a state that cannot be restored: its checksum does not match"},
		{"an agent of another tree", edit(func(s *fightSave) { s.Config.Without = []string{"kick", "force push", "dash strike"} }), FightConfig{},
			"jedi 0: bt: a state that cannot be restored: the tree lacks what the save holds"},
		{"no agent", edit(func(s *fightSave) { s.Fighters[1].Agent = json.RawMessage("null") }), FightConfig{}, "jedi 1: bt: a state that cannot be restored"},
		{"a decision out of range", edit(func(s *fightSave) {
			s.Watch.Actions = json.RawMessage(`{"decisions":[{"selector":"combat","chosen":9,"candidates":[]}],"plans":[]}`)
		}), FightConfig{}, `watch: trace: an Actions' state: the decision of "combat": choice 9 of 0 candidates`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := LoadFight(c.save, c.cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("LoadFight: %v; want an error about %q", err, c.want)
			}
			if f != nil {
				t.Error("LoadFight returned a fight with its error")
			}
			if err != nil && !strings.HasPrefix(err.Error(), "jedi: ") {
				t.Errorf("the error %q does not say whose it is", err)
			}
		})
	}
}

// givenTree is a tree a fight is given, one that replans every 50ms.
var givenTree = func() *bt.Tree[Memory] {
	tree, err := NewTree(Options{Replan: 50 * time.Millisecond})
	if err != nil {
		panic(err)
	}
	return tree
}()

func mustTree(t *testing.T) *bt.Tree[Memory] {
	tree, err := NewTree(Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// FuzzLoadFight loads what the fuzzer makes of a save (go test ./jedi
// -run='^$' -fuzz=FuzzLoadFight): never a panic, and a fight loaded
// steps on without one.
func FuzzLoadFight(f *testing.F) {
	f.Add(savedFight(f))
	f.Add([]byte(`{"format":"foresight-jedi-fight","version":1}`))
	f.Fuzz(func(t *testing.T, save []byte) {
		fight, err := LoadFight(save, FightConfig{})
		if err != nil {
			return
		}
		for range 30 {
			fight.Step()
		}
	})
}

// A fight whose Jedi were given another tree mid-fight (Reload) saves as
// a fight of a tree given: it loads with that tree, and only with a tree.
func TestSaveAfterReload(t *testing.T) {
	t.Parallel()
	f, err := NewFight(FightConfig{Seed: 2, Skill: 0.6, Enemies: crowd})
	if err != nil {
		t.Fatal(err)
	}
	f.RunUntil(2 * time.Second)
	if err := f.Reload(givenTree); err != nil {
		t.Fatal(err)
	}
	f.RunUntil(3 * time.Second)
	save, err := f.Save()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFight(save, FightConfig{}); err == nil || !strings.Contains(err.Error(), "give that tree") {
		t.Errorf("loaded without its tree: %v", err)
	}
	g, err := LoadFight(save, FightConfig{Tree: givenTree})
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := g.Save(); !bytes.Equal(again, save) {
		t.Errorf("the fight loaded saves otherwise:\n%s", cmp.Diff(string(save), string(again)))
	}
	if cfg := g.Config(); cfg.Tree != givenTree || cfg.Replan != 0 || cfg.Seed != 2 {
		t.Errorf("Config() = %+v, want the save's with its tree", cfg)
	}
}
