package jedi

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// variants are the root's ways of choosing: the combat rules' outcomes
// (the original), the outcomes and then the worth of each predicted world
// (Options.Utility), and that worth alone.
func variants(tb testing.TB) []struct {
	name string
	tree *bt.Tree[Memory]
} {
	tb.Helper()
	rules, err := NewTree(Options{})
	if err != nil {
		tb.Fatal(err)
	}
	beside, err := NewTree(Options{Utility: true})
	if err != nil {
		tb.Fatal(err)
	}
	def, err := Design(Options{})
	if err != nil {
		tb.Fatal(err)
	}
	instead, err := bt.Build(TreeConfig(), byUtility(def, false))
	if err != nil {
		tb.Fatal(err)
	}
	return []struct {
		name string
		tree *bt.Tree[Memory]
	}{{"rules", rules}, {"rules then worth", beside}, {"worth", instead}}
}

// rootChoice returns the branch the root of tree chooses on m, for a
// fresh agent, and the outcome the rules give its prediction.
func rootChoice(tb testing.TB, tree *bt.Tree[Memory], m Memory) (string, heuristic.Outcome) {
	a, err := tree.NewAgent(1)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := a.Preview(&m, tick)
	if err != nil {
		tb.Fatal(err)
	}
	for _, d := range p.Decisions {
		if d.Selector == "combat" {
			c, _ := d.Choice()
			return c.Name, c.Verdict.Outcome
		}
	}
	for _, r := range p.Plans {
		if r.Goal == "" || !strings.HasPrefix(r.Reason, "highest") {
			continue
		}
		for _, s := range r.Scores {
			if s.Name == r.Goal {
				var o heuristic.Outcome
				word, _, _ := strings.Cut(s.Note, " ")
				o.UnmarshalText([]byte(strings.TrimSuffix(word, ";")))
				return r.Goal, o
			}
		}
	}
	return "", heuristic.Impossible
}

// moments returns the memories the first Jedi decided on, tick by tick,
// in a fight of the original tree.
func moments(tb testing.TB, seed uint64, d time.Duration) []Memory {
	tb.Helper()
	var ms []Memory
	f, err := NewFight(FightConfig{Seed: seed, Skill: 0.6, Enemies: crowd, Duration: d,
		OnStep: func(f *Fight) {
			m := f.Fighters[0].Memory
			f.Arena.Sense(0, &m, tick) // as the next tick will see it
			ms = append(ms, m)
		}})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := f.Run(); err != nil {
		tb.Fatal(err)
	}
	return ms
}

// The utility variant decides as the rules do where they decide: on the
// moments of a fight, its root chooses a branch of the outcome the
// rules' root chooses, and the same branch most of the time (the worth of
// the predictions breaks the rules' ties otherwise than designer order).
func TestUtilityVariantChoices(t *testing.T) {
	vs := variants(t)
	same, compared := map[string]int{}, 0
	for _, m := range moments(t, 3, 6*time.Second) {
		want, outcome := rootChoice(t, vs[0].tree, m)
		if want == "" {
			continue
		}
		compared++
		for _, v := range vs[1:] {
			got, o := rootChoice(t, v.tree, m)
			if got == want {
				same[v.name]++
			}
			if v.name == "rules then worth" && o != outcome {
				t.Fatalf("the rules chose %s (%v), the variant %s (%v)", want, outcome, got, o)
			}
		}
	}
	if compared < 100 {
		t.Fatalf("only %d moments compared", compared)
	}
	for _, v := range vs[1:] {
		t.Logf("%s: the same branch as the rules at %d of %d moments", v.name, same[v.name], compared)
	}
	if same["rules then worth"] < compared/2 {
		t.Errorf("the variant chose as the rules at %d of %d moments only", same["rules then worth"], compared)
	}
}

// The variant fights, its decisions allocate nothing once warm, and its
// tree goes to a file and back as the same tree.
func TestUtilityVariant(t *testing.T) {
	tree := variants(t)[1].tree
	for seed := uint64(1); seed <= 3; seed++ {
		f, err := NewFight(FightConfig{Seed: seed, Skill: 0.6, Enemies: crowd, Tree: tree, Duration: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		s, err := f.Run()
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Kills) == 0 {
			t.Errorf("seed %d: the variant killed nothing in a minute: %+v", seed, s)
		}
	}
	f, snapshot := busy(t)
	var err error
	if f.Agent, err = tree.NewAgent(3); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		f.Agent.Tick(&f.Memory, tick)
	}
	if n := testing.AllocsPerRun(100, func() {
		f.Memory = snapshot
		f.Agent.Tick(&f.Memory, tick)
	}); n != 0 {
		t.Errorf("a decision of the variant allocated %v times", n)
	}
	def, _ := Design(Options{Utility: true})
	file, err := Registry().Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Registry().Build(TreeConfig(), file)
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != tree.String() {
		t.Fatalf("from the file:\n%s\nbuilt:\n%s", back, tree)
	}
}

// BenchmarkRootChoice compares the root's ways of choosing: the cost of a
// whole decision on the busy arena (every branch simulated, as
// BenchmarkDecide), and how often each chooses the branch the rules
// choose on the moments of a fight (same-%).
func BenchmarkRootChoice(b *testing.B) {
	vs := variants(b)
	ms := moments(b, 3, 6*time.Second)
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			same, compared := 0, 0
			for _, m := range ms {
				want, _ := rootChoice(b, vs[0].tree, m)
				if want == "" {
					continue
				}
				compared++
				if got, _ := rootChoice(b, v.tree, m); got == want {
					same++
				}
			}
			f, snapshot := busy(b)
			var err error
			if f.Agent, err = v.tree.NewAgent(3); err != nil {
				b.Fatal(err)
			}
			f.Agent.Tick(&f.Memory, tick)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				f.Memory = snapshot
				f.Agent.Tick(&f.Memory, tick)
			}
			b.StopTimer()
			b.ReportMetric(100*float64(same)/float64(max(compared, 1)), "same-%")
		})
	}
}
