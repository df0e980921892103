package goap_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/trace"
)

// The features' builder calls report their misuse with paths.
func TestFeatureBuildErrors(t *testing.T) {
	one := func(*Camp) int { return 1 }
	bind := func(*Camp, int) {}
	for _, tt := range []struct {
		name  string
		build func() *goap.Builder[Camp, Camp]
		want  []string
	}{
		{"variants out of place", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Variants(one, bind).Do("eat").Goal("g", 1, stocked)
		}, []string{"domain: Variants must follow a Do"}},
		{"nil variants", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Variants(nil, bind).Goal("g", 1, stocked)
		}, []string{"actions/eat: Variants: nil count or bind function"}},
		{"variants twice", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Variants(one, bind).Variants(one, bind).Goal("g", 1, stocked)
		}, []string{"actions/eat: Variants: a second time"}},
		{"a back-off that makes no sense", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Goal("g", 1, stocked).Backoff(2*time.Second, time.Second)
		}, []string{"domain: Backoff(2s, 1s): want 0 < first <= most"}},
		{"a goal from the start without its test", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").GoalFrom("g", 1, nil).EstimateFrom(nil)
		}, []string{"goals/g: nil satisfaction test", "goals/g: nil estimate"}},
		{"an estimate from the start out of place", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").EstimateFrom(func(_, _ *Camp) float64 { return 0 }).Goal("g", 1, stocked)
		}, []string{"domain: EstimateFrom must follow a Goal"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.build().Build()
			if err == nil {
				t.Fatal("built")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v\nwant %q", err, w)
				}
			}
		})
	}
}

// A step that fails is left out of the runner's plans for the first
// back-off, then for twice as long at each failure in a row, up to the
// most; a success forgets its failures; the report says what is left
// out and why, and a preview sees what the tick does.
func TestBackoff(t *testing.T) {
	d := burglar(func(b *goap.Builder[House, House]) *goap.Builder[House, House] {
		return b.Backoff(time.Second, 3*time.Second)
	})
	nb := bt.New[House]()
	tree, _ := bt.Build(bt.Config[House]{}, nb.Plan("in", d))
	agent, _ := tree.NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	doors := func() []time.Duration {
		var at []time.Duration
		for _, e := range ofKind(rec.Events, bt.EventBegin) {
			if e.Path == "in/open door" {
				at = append(at, e.Time)
			}
		}
		return at
	}
	for i := range 20 {
		h := House{Jammed: i < 16} // the door gives from 8s on
		p, err := agent.Preview(&h, 500*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		n := len(rec.Events)
		agent.Tick(&h, 500*time.Millisecond)
		var first string
		for _, e := range rec.Events[n:] {
			if e.Kind == bt.EventBegin && e.Path != "in" {
				first = e.Path
				break
			}
		}
		if first != leaf(p) {
			t.Fatalf("tick %d: the preview foresaw %s, the tick began %s", i, leaf(p), first)
		}
	}
	// Failures at 0.5s (1s off), 1.5s (2s off), 3.5s (3s, the most), 6.5s
	// (3s); at 9.5s it works, and from then on the door is always taken.
	want := []time.Duration{500 * time.Millisecond, 1500 * time.Millisecond, 3500 * time.Millisecond,
		6500 * time.Millisecond, 9500 * time.Millisecond, 10 * time.Second}
	if diff := cmp.Diff(want, doors()); diff != "" {
		t.Errorf("the door was tried at (-want +got):\n%s", diff)
	}
	var left []string
	for _, e := range ofKind(rec.Events, bt.EventPlan) {
		for _, r := range e.Plan.Rejected {
			if strings.HasPrefix(r.Reason, "left out") {
				left = append(left, e.Time.String()+" "+r.Name+": "+r.Reason)
			}
		}
	}
	if len(left) == 0 || left[0] != "500ms open door: left out: failed once in a row; backing off until 1.5s" {
		t.Errorf("left out: %q", left)
	}
}

// The variants of an action are planned as actions of their own, each
// bound into the memory; a runner binds the one it planned into the live
// memory before the step begins, checks the step there, and backs off a
// variant that failed apart from the others.
func TestVariants(t *testing.T) {
	type Pick struct {
		Target, Has int8
		Ripe        [3]bool
		Tried       int
	}
	var c catalogue.Builder[Pick]
	c.Action("pick", bt.Instant(func(p *Pick) bool {
		p.Tried++
		if !p.Ripe[p.Target] {
			return false // live, an unripe apple does not come off
		}
		p.Has = p.Target + 1
		return true
	}, func(p *Pick) { p.Has = p.Target + 1 }), constraints.Func("a target", func(p *Pick) bool { return p.Target >= 0 }))
	actions, _ := c.Build()
	d, err := goap.New(actions, func(p *Pick) Pick { return Pick{Target: p.Target, Has: p.Has} }).
		Do("pick").Variants(func(p *Pick) int { return len(p.Ripe) }, func(p *Pick, i int) { p.Target = int8(i) }).
		Goal("an apple", 1, func(p *Pick) bool { return p.Has > 0 }).
		Backoff(time.Second, time.Second).Build()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := d.NewSession().Plan(&Pick{})
	if err != nil || !cmp.Equal(plan.Steps, []string{"pick"}) {
		t.Fatalf("plan %v, %v", plan.Steps, err)
	}
	n := bt.New[Pick]()
	tree, _ := bt.Build(bt.Config[Pick]{}, n.Plan("picker", d))
	agent, _ := tree.NewAgent(1)
	p := Pick{Target: -1, Ripe: [3]bool{false, false, true}}
	agent.Tick(&p, 100*time.Millisecond) // apple 0 fails, apple 1 is tried next tick
	agent.Tick(&p, 100*time.Millisecond) // apple 1 fails: apple 2 is left
	agent.Tick(&p, 100*time.Millisecond)
	if p.Has != 3 || p.Tried != 3 {
		t.Errorf("has apple %d after %d tries; want apple 3 after 3", p.Has, p.Tried)
	}
}

// A goal from the start is reached against the memory the plan started
// from: a runner checks it live against the memory its plan was made on,
// not against what the memory has become.
func TestGoalFrom(t *testing.T) {
	d, err := smithyWith(func(b *goap.Builder[Smith, Smith]) *goap.Builder[Smith, Smith] {
		return b.GoalFrom("two more", 1, func(start, s *Smith) bool { return s.Swords >= start.Swords+2 }).
			EstimateFrom(func(start, s *Smith) float64 { return float64(max(start.Swords+2-s.Swords, 0)) })
	})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := d.NewSession().Plan(&Smith{Bars: 4, Swords: 5})
	if err != nil || !cmp.Equal(plan.Steps, []string{"forge sword", "forge sword"}) {
		t.Fatalf("plan %v, %v", plan.Steps, err)
	}
	n := bt.New[Smith]()
	tree, _ := bt.Build(bt.Config[Smith]{}, n.Plan("smith", d))
	agent, _ := tree.NewAgent(1)
	s := Smith{Bars: 8, Swords: 5}
	var statuses []bt.Status
	for range 3 {
		st, _ := agent.Tick(&s, time.Second)
		statuses = append(statuses, st)
	}
	// Two swords a plan, each from the swords of its start: the first
	// ends at 7 swords, the next at 9, and no bars are left for a third.
	if s.Swords != 9 || !cmp.Equal(statuses, []bt.Status{bt.Success, bt.Success, bt.Failure}) {
		t.Errorf("%d swords, statuses %v", s.Swords, statuses)
	}
}

// Goals drawn at random come from the agent's seed, tick by tick: the
// same seed draws alike. A runner that plans again beside its plan tries
// the running goal first, and keeps its plan.
func TestChooseAtRandom(t *testing.T) {
	d, err := smithyWith(func(b *goap.Builder[Smith, Smith]) *goap.Builder[Smith, Smith] {
		return b.Choose(decide.AtRandom).
			Goal("forge", 1, func(s *Smith) bool { return s.Swords > 0 }).
			Goal("rest", 1, func(s *Smith) bool { return s.Ore > 0 }).Relevant(func(*Smith) bool { return true })
	})
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[Smith]()
	tree, _ := bt.Build(bt.Config[Smith]{}, n.Plan("smith", d, bt.Replan(0)))
	run := func(seed uint64) []string {
		agent, _ := tree.NewAgent(seed)
		var got []string
		agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind == bt.EventPlan {
				got = append(got, e.Plan.Change.String()+" "+e.Plan.Goal)
			}
		}))
		for range 10 {
			s := Smith{Bars: 2}
			agent.Tick(&s, time.Second)
		}
		return got
	}
	a, b := run(3), run(3)
	if !cmp.Equal(a, b) {
		t.Errorf("one seed drew %v, then %v", a, b)
	}
	goals := map[string]bool{}
	for seed := range uint64(20) {
		for _, r := range run(seed) {
			goals[r] = true
		}
	}
	if !goals["made forge"] || !goals["none "] && !goals["made rest"] && !goals["none rest"] {
		t.Logf("plans over 20 seeds: %v", goals)
	}
	if !goals["made forge"] {
		t.Errorf("forge was never drawn over 20 seeds: %v", goals)
	}
}

// A watching planner's trials are a tree of what it searched: each
// trial's parent was tried before it, each goal searched heads a search
// that starts at the start, the plan's trials run from its goal to the
// state that reaches it through its steps, and the states expanded are
// as many as the planning reports.
func TestWatchTrials(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		pl := p.domain(t, 300).NewSession()
		pl.Watch(true)
		plan, err := pl.Plan(&p.start)
		expanded, goals := 0, 0
		var path []string
		for i, tr := range plan.Trials {
			if tr.Parent >= i || tr.Parent < -1 {
				t.Fatalf("trial %d %+v: its parent %d", i, tr, tr.Parent)
			}
			if tr.Parent < 0 {
				goals++
			}
			if tr.Outcome == "expanded" || tr.Outcome == "goal" && false {
				expanded++
			}
			if tr.Planned && tr.Parent >= 0 && !plan.Trials[tr.Parent].Planned {
				t.Fatalf("trial %d is planned, its parent not", i)
			}
			if tr.Planned && tr.Parent >= 0 && plan.Trials[tr.Parent].Parent >= 0 {
				path = append(path, tr.Name)
			}
		}
		if goals != 1 || expanded != plan.Expanded {
			t.Fatalf("%d goals, %d expanded; the plan expanded %d", goals, expanded, plan.Expanded)
		}
		if err == nil && !cmp.Equal(path, plan.Steps, cmpEmpty) {
			t.Fatalf("the trials' way %v, the plan %v", path, plan.Steps)
		}
		if err != nil && len(path) > 0 {
			t.Fatalf("no plan, yet a way %v", path)
		}
	})
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool { return len(a) == 0 && len(b) == 0 || cmp.Equal([]string(a), []string(b)) })

// A runner's tallies, like its trials, come with its reports while the
// tree traces; and a planner that watches, plans and stops watching
// allocates nothing more once warm.
func TestWatchingCosts(t *testing.T) {
	d, err := campDomain(foodShort).Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewSession()
	c := Camp{Hunger: 80}
	p.Watch(true)
	p.Plan(&c)
	p.Plan(&c)
	if n := testing.AllocsPerRun(20, func() { p.Plan(&c) }); n != 0 {
		t.Errorf("a warm watching planning allocates %v times", n)
	}
	p.Watch(false)
	if plan, _ := p.Plan(&c); plan.Trials != nil {
		t.Errorf("trials kept after Watch(false): %d", len(plan.Trials))
	}
	agent, rec, _ := camper(t, campDomain(foodShort))
	agent.Tick(&Camp{Hunger: 80}, tick)
	plans := ofKind(rec.Events, bt.EventPlan)
	if len(plans) != 1 || len(plans[0].Plan.Trials) == 0 || len(plans[0].Plan.Tallies) != 3 {
		t.Errorf("the report holds %d trials and %d tallies", len(plans[0].Plan.Trials), len(plans[0].Plan.Tallies))
	}
	_ = math.Inf
	_ = decide.Made
}
