package jedi_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
)

// Every shape of the combat tree goes to a file and back as the same
// tree, and the Jedi fights the same with it, kill for kill.
func TestTreeThroughAFile(t *testing.T) {
	reg := jedi.Registry()
	for _, opts := range []jedi.Options{
		{},
		{Mistakes: true, Replan: 100 * time.Millisecond},
		{Without: []string{"kick", "slash", "taunt"}},
	} {
		def, err := jedi.Design(opts)
		if err != nil {
			t.Fatal(err)
		}
		file, err := reg.Marshal(def)
		if err != nil {
			t.Fatalf("%+v: Marshal: %v", opts, err)
		}
		loaded, err := reg.Build(jedi.TreeConfig(), file)
		if err != nil {
			t.Fatalf("%+v: Build: %v", opts, err)
		}
		built, err := jedi.NewTree(opts)
		if err != nil {
			t.Fatal(err)
		}
		if loaded.String() != built.String() {
			t.Fatalf("%+v: loaded:\n%s\nbuilt:\n%s", opts, loaded, built)
		}
		for seed := uint64(1); seed <= 4; seed++ {
			cfg := jedi.FightConfig{Seed: seed, Skill: 0.6, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher},
				Partner: seed == 4, Duration: 40 * time.Second}
			want := fight(t, cfg, opts, nil)
			got := fight(t, cfg, jedi.Options{}, loaded)
			if len(want) < 10 {
				t.Fatalf("a fight of %d actions proves little: %v", len(want), want)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%+v, seed %d: the fight with the loaded tree (-built +loaded):\n%s", opts, seed, diff)
			}
		}
	}
}

// fight runs a fight with the tree opts shape, or with tree, and returns
// every action begun and the summary.
func fight(t *testing.T, cfg jedi.FightConfig, opts jedi.Options, tree *bt.Tree[jedi.Memory]) []string {
	t.Helper()
	cfg.Tree = tree
	cfg.Mistakes, cfg.Without, cfg.Replan = opts.Mistakes, opts.Without, opts.Replan
	var log []string
	cfg.OnDecide = func(d *jedi.Decide) { log = append(log, d.Time.String()+" "+d.Path+" "+d.Verdict.Reason) }
	f, err := jedi.NewFight(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.Run()
	if err != nil {
		t.Fatal(err)
	}
	return append(log, strings.ReplaceAll(strings.TrimSpace(fmtSummary(s)), "\n", " "))
}

func fmtSummary(s jedi.Summary) string {
	var b bytes.Buffer
	b.WriteString(s.Winner + " " + s.Duration.String())
	for _, k := range s.Kills {
		b.WriteString(" " + k.Action + "@" + k.At.String())
	}
	return b.String()
}

// A fight takes a tree or the options that shape one, not both.
func TestFightTreeOrOptions(t *testing.T) {
	tree, err := jedi.NewTree(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jedi.NewFight(jedi.FightConfig{Tree: tree, Mistakes: true, Enemies: []jedi.EnemyType{jedi.Droid}}); err == nil {
		t.Error("NewFight took a Tree and Mistakes")
	}
	if _, err := jedi.NewFight(jedi.FightConfig{Tree: &bt.Tree[jedi.Memory]{}, Enemies: []jedi.EnemyType{jedi.Droid}}); err == nil {
		t.Error("NewFight took a zero Tree")
	}
}

// Reloading mid-fight halts what the Jedi was doing and goes on with the
// new tree: a Jedi whose tree has only idling stops attacking.
func TestFightReload(t *testing.T) {
	f, err := jedi.NewFight(jedi.FightConfig{Seed: 3, Skill: 0.6, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Brawler}})
	if err != nil {
		t.Fatal(err)
	}
	var begun []string
	f.AddTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventBegin {
			begun = append(begun, e.Path)
		}
	}))
	if _, err := f.RunUntil(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	def, err := jedi.Design(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	def.Children = def.Children[3:] // idle only
	idle, err := bt.Build(jedi.TreeConfig(), def)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Reload(idle); err != nil {
		t.Fatal(err)
	}
	begun = nil
	if _, err := f.RunUntil(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if len(begun) == 0 {
		t.Fatal("nothing begun after the reload")
	}
	for _, p := range begun {
		if p != "combat" && !strings.HasPrefix(p, "combat/idle") {
			t.Fatalf("after the reload the Jedi began %s", p)
		}
	}
	if f.Tree != idle || f.Fighters[0].Agent.Tree() != idle {
		t.Error("the fight does not run the new tree")
	}
}

// BenchmarkTreeFile reads the combat tree from its file and builds it, as
// a reload does, and writes it.
func BenchmarkTreeFile(b *testing.B) {
	reg := jedi.Registry()
	def, err := jedi.Design(jedi.Options{})
	if err != nil {
		b.Fatal(err)
	}
	file, err := reg.Marshal(def)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Build", func(b *testing.B) {
		b.SetBytes(int64(len(file)))
		for b.Loop() {
			if _, err := reg.Build(jedi.TreeConfig(), file); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		for b.Loop() {
			if _, err := reg.Marshal(def); err != nil {
				b.Fatal(err)
			}
		}
	})
}
