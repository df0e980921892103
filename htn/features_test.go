package htn_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The builder calls of the features report their misuse with paths.
func TestFeatureBuildErrors(t *testing.T) {
	abc := letters(t, "a", "b", "c")
	tests := []struct {
		name  string
		build func(d *htn.Builder[world]) *htn.Builder[world]
		want  []string
	}{
		{"Do after Nothing", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Nothing().Do("a")
		}, []string{"r/m: Do after Nothing"}},
		{"Nothing after Do", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Nothing()
		}, []string{"r/m: Nothing after Do"}},
		{"utility without a choice that reads it is fine, a choice by utility without one is not", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Choose(decide.ByUtility).
				Method("m").Do("a").Utility(func(*world) float64 { return 1 }).
				Method("n").Do("b")
		}, []string{"r/n: a method of a task chosen by utility needs a Utility"}},
		{"nils", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("s").Utility(nil).Commit(nil).Slot("s", nil)
		}, []string{"r/m: nil utility", "r/m: nil permanent effect", "s: nil hook"}},
		{"a second commit", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Commit(func(*world) {}).Commit(func(*world) {})
		}, []string{"r/m: a second permanent effect"}},
		{"an unknown choice", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Choose(decide.Choice(9)).Method("m").Do("a")
		}, []string{"r: Choose: an HTN task chooses its methods in order, by utility or at random, not Choice(9)"}},
		{"a choice of GOAP's", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Choose(decide.ByCost).Method("m").Do("a")
		}, []string{"r: Choose: an HTN task chooses its methods in order, by utility or at random, not by cost"}},
		{"a slot has no methods", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("s").
				Slot("s", func(*world) *htn.Domain[world] { return nil }).Choose(decide.AtRandom).Method("x").Do("a")
		}, []string{"s: Choose: a slot's sub-domain orders its own methods", "s: Method: a slot has no methods",
			"s: Do must follow a Method"}},
		{"a slot named as a task", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Slot("r", func(*world) *htn.Domain[world] { return nil })
		}, []string{"r: a second task of this name"}},
		{"Choose and Utility out of place", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Choose(decide.ByUtility).Utility(func(*world) float64 { return 0 }).Compound("r").Method("m").Do("a")
		}, []string{"domain: Choose must follow a Compound", "domain: Utility must follow a Method"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.build(htn.New(abc)).Build()
			treetest.CheckErrors(t, err, tt.want)
		})
	}
}

// A slot plans what the sub-domain its hook finds plans, in its place; a
// slot left empty, or filled with a domain over another catalogue, gives
// way to the next method. A domain with a slot runs every action of its
// catalogue, so a runner runs what any sub-domain plans.
func TestSlot(t *testing.T) {
	abc := letters(t, "a", "b", "c")
	sub, err := htn.New(abc).Compound("sub").Method("m", see).Do("b", "c").Build()
	if err != nil {
		t.Fatal(err)
	}
	foreign, _ := htn.New(letters(t, "a", "b", "c")).Compound("sub").Method("m").Do("b").Build()
	var filled *htn.Domain[world]
	d := htn.New(abc)
	d.Compound("r").Method("use", saw).Do("a", "slot").Method("else").Do("a")
	d.Slot("slot", func(*world) *htn.Domain[world] { return filled })
	dom, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(dom.Steps()); n != 3 {
		t.Errorf("a domain with a slot has %d steps, want the catalogue's 3", n)
	}
	tests := []struct {
		name   string
		fill   *htn.Domain[world]
		w      world
		steps  []string
		reason string // why the slot was turned down
	}{
		{"filled", sub, world{Saw: true, See: true}, []string{"a", "b", "c"}, ""},
		{"filled, its method rejected", sub, world{Saw: true}, []string{"a"}, ""},
		{"empty", nil, world{Saw: true}, []string{"a"}, "empty"},
		{"over another catalogue", foreign, world{Saw: true}, []string{"a"}, "filled with a domain over another catalogue"},
		{"a zero domain", new(htn.Domain[world]), world{Saw: true}, []string{"a"}, "filled with a nil or zero Domain"},
	}
	for _, tt := range tests {
		filled = tt.fill
		plan, err := dom.NewSession().Plan(&tt.w)
		if err != nil || !cmp.Equal(plan.Steps, tt.steps) {
			t.Errorf("%s: %v %v, want %v", tt.name, plan.Steps, err, tt.steps)
		}
		if tt.reason != "" && !cmp.Equal(plan.Rejected[0], decide.Rejection{Name: "slot", Reason: tt.reason}) {
			t.Errorf("%s: rejected %v", tt.name, plan.Rejected)
		}
	}
	// In a tree, the runner runs the sub-domain's steps.
	filled = sub
	nb := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, nb.Plan("run", dom))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var begun []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventBegin {
			begun = append(begun, e.Path)
		}
	}))
	if s, err := agent.Tick(&world{Saw: true, See: true}, time.Millisecond); s != bt.Success || err != nil {
		t.Fatalf("tick: %v %v", s, err)
	}
	if diff := cmp.Diff([]string{"run", "run/a", "run/b", "run/c"}, begun); diff != "" {
		t.Errorf("begun (-want +got):\n%s", diff)
	}
	var kinds []string
	for _, n := range dom.Nodes() {
		kinds = append(kinds, n.Name+" "+string(n.Kind))
	}
	if !strings.Contains(strings.Join(kinds, ","), "slot slot") {
		t.Errorf("nodes %v: no slot", kinds)
	}
}

// A sub-domain that fills its own slot with itself recurses as deep as
// the budget lets it, and no deeper.
func TestSlotRecursionIsBudgeted(t *testing.T) {
	abc := letters(t, "a")
	var self *htn.Domain[world]
	d := htn.New(abc).Compound("r").Method("again").Do("s").Method("out", see).Do("a").
		Slot("s", func(*world) *htn.Domain[world] { return self }).Budget(decide.Budget{Tries: 500})
	self, _ = d.Build()
	if _, err := self.NewSession().Plan(&world{}); !errors.Is(err, decide.ErrOutOfBudget) {
		t.Errorf("%v, want out of budget", err)
	}
}

// A method that plans nothing is a method like any: its conditions
// count, and its record too.
func TestNothing(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) { b.Action("a", noop).Action("b", noop) }, func(d *htn.Builder[world]) {
		d.Compound("r").Method("m").Do("o", "b")
		d.Compound("o").Method("x", see).Do("a").Method("none", saw).Nothing()
	})
	for _, tt := range []struct {
		w      world
		steps  []string
		record decide.Record
		err    error
	}{
		{world{See: true}, []string{"a", "b"}, decide.Record{0, 0}, nil},
		{world{Saw: true}, []string{"b"}, decide.Record{0, 1}, nil},
		{world{}, nil, nil, decide.ErrNoPlan},
	} {
		plan, err := dom.NewSession().Plan(&tt.w)
		if !errors.Is(err, tt.err) || !cmp.Equal(plan.Steps, tt.steps, cmpEmpty) || !cmp.Equal(plan.Record, tt.record, cmpEmpty) {
			t.Errorf("%+v: %v %v %v", tt.w, plan.Steps, plan.Record, err)
		}
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool { return len(a) == 0 && len(b) == 0 || cmp.Equal([]string(a), []string(b)) })

// By utility, methods are tried highest first, equals in the order
// written, and a method that cannot be planned gives way to the next; a
// utility that makes no sense is an error.
func TestChooseByUtility(t *testing.T) {
	u := func(v float64) func(*world) float64 { return func(*world) float64 { return v } }
	var bad float64
	dom := build(t, func(b *catalogue.Builder[world]) { b.Action("a", noop).Action("b", noop).Action("c", noop) },
		func(d *htn.Builder[world]) {
			d.Compound("r").Choose(decide.ByUtility).
				Method("low").Do("a").Utility(u(1)).
				Method("high", see).Do("b").Utility(func(w *world) float64 { return float64(w.Foe) + bad }).
				Method("tie").Do("c").Utility(u(1))
		})
	for _, tt := range []struct {
		w      world
		steps  []string
		record decide.Record
	}{
		{world{See: true, Foe: 5}, []string{"b"}, decide.Record{0}},
		{world{Foe: 5}, []string{"a"}, decide.Record{1}}, // high is tried first, and rejected
		{world{See: true, Foe: 0}, []string{"a"}, decide.Record{0}},
	} {
		plan, err := dom.NewSession().Plan(&tt.w)
		if err != nil || !cmp.Equal(plan.Steps, tt.steps) || !cmp.Equal(plan.Record, tt.record) {
			t.Errorf("%+v: %v %v %v", tt.w, plan.Steps, plan.Record, err)
		}
	}
	for _, b := range []float64{math.NaN(), -7, math.Inf(1), 1e307} {
		bad = b
		if _, err := dom.NewSession().Plan(&world{Foe: 1}); err == nil || !strings.Contains(err.Error(), "r/high: utility") ||
			!strings.Contains(err.Error(), "a utility is a number from 0 to 1e300") {
			t.Errorf("utility %v: %v", b, err)
		}
	}
	bad = math.NaN()
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	agent, _ := tree.NewAgent(1)
	if _, err := agent.Tick(&world{}, time.Millisecond); err == nil || !strings.Contains(err.Error(), "utility NaN") {
		t.Errorf("a runner's bad utility: %v", err)
	}
}

// At random, a task's methods are drawn in proportion to their utility
// from the seed: the same seed gives the same plan, a utility of zero is
// drawn last, and over many seeds each method is taken about as often as
// its share.
func TestChooseAtRandom(t *testing.T) {
	u := func(v float64) func(*world) float64 { return func(*world) float64 { return v } }
	dom := build(t, func(b *catalogue.Builder[world]) { b.Action("a", noop).Action("b", noop).Action("c", noop) },
		func(d *htn.Builder[world]) {
			d.Compound("r").Choose(decide.AtRandom).
				Method("one").Do("a").Utility(u(1)).
				Method("none").Do("c").Utility(u(0)).
				Method("three").Do("b").Utility(u(3))
		})
	p, q := dom.NewSession(), dom.NewSession()
	count := map[string]int{}
	const n = 4000
	for seed := range uint64(n) {
		p.Seed(seed)
		q.Seed(seed)
		a, _ := p.Plan(&world{})
		b, _ := q.Plan(&world{})
		if !cmp.Equal(a.Steps, b.Steps) {
			t.Fatalf("seed %d: %v and %v", seed, a.Steps, b.Steps)
		}
		count[a.Steps[0]]++
	}
	if count["c"] != 0 || math.Abs(float64(count["b"])/n-0.75) > 0.03 {
		t.Errorf("over %d seeds: %v, want b about three times as often as a, and never c", n, count)
	}
	// A method worth nothing is still tried, once the others fail.
	plan, err := build(t, func(b *catalogue.Builder[world]) { b.Action("a", noop).Action("c", noop) }, func(d *htn.Builder[world]) {
		d.Compound("r").Choose(decide.AtRandom).
			Method("one", see).Do("a").Utility(u(1)).
			Method("none").Do("c").Utility(u(0))
	}).NewSession().Plan(&world{})
	if err != nil || !cmp.Equal(plan.Steps, []string{"c"}) || !cmp.Equal(plan.Record, decide.Record{1}) {
		t.Errorf("the last resort: %v %v %v", plan.Steps, plan.Record, err)
	}
}

// In a tree, a random choice is drawn from the agent's seed: two agents
// of the same seed plan alike, tick by tick, and a preview foresees what
// the tick plans.
func TestChooseAtRandomInATree(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) { b.Action("a", noop).Action("b", noop).Action("c", noop) },
		func(d *htn.Builder[world]) {
			d.Compound("r").Choose(decide.AtRandom).
				Method("a").Do("a").Method("b").Do("b").Method("c").Do("c")
		})
	nb := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, nb.Plan("run", dom))
	run := func(seed uint64) []string {
		agent, _ := tree.NewAgent(seed)
		var got []string
		agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind == bt.EventBegin && e.Path != "run" {
				got = append(got, e.Path)
			}
		}))
		w := world{}
		for range 30 {
			p, err := agent.Preview(&w, time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			n := len(got)
			agent.Tick(&w, time.Millisecond)
			if got[n] != leaf(p) {
				t.Fatalf("the preview foresaw %s, the tick began %s", leaf(p), got[n])
			}
		}
		return got
	}
	one, again, other := run(1), run(1), run(2)
	if !cmp.Equal(one, again) || cmp.Equal(one, other) {
		t.Errorf("seed 1 twice: %v, %v; seed 2: %v", one, again, other)
	}
	seen := map[string]bool{}
	for _, s := range one {
		seen[s] = true
	}
	if len(seen) != 3 {
		t.Errorf("30 ticks took %v", seen)
	}
}

// A permanent effect holds in the rest of the plan, and reaches the live
// memory once, when a runner adopts the plan: never from a preview, a
// prediction, a plan found and turned down, or a Session.
func TestCommit(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("a", noop).Action("b", noop, constraints.Func("committed", func(w *world) bool { return w.Bridge == 1 }))
		b.Action("z", long)
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("alarm", see).Do("z").
			Method("m").Do("a", "b").Commit(func(w *world) { w.Bridge++; w.Checked = 1 })
	})
	w := world{}
	plan, err := dom.NewSession().Plan(&w)
	if err != nil || !cmp.Equal(plan.Steps, []string{"a", "b"}) || w.Bridge != 0 {
		t.Fatalf("plan %v %v; memory %+v", plan.Steps, err, w)
	}
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom, bt.Replan(0)))
	agent, _ := tree.NewAgent(1)
	if _, err := agent.Preview(&w, time.Millisecond); err != nil || w.Bridge != 0 {
		t.Fatalf("a preview committed: %+v %v", w, err)
	}
	if s, _ := agent.Tick(&w, time.Millisecond); s != bt.Success || w.Bridge != 1 {
		t.Fatalf("a tick: %v, %+v", s, w)
	}
	// Replanning beside a running plan that the commit's plan does not
	// outrank commits nothing.
	w = world{See: true}
	agent.Tick(&w, time.Millisecond) // z runs
	w.See = false
	agent.Tick(&w, time.Millisecond)
	if w.Bridge != 0 {
		t.Errorf("a plan turned down committed: %+v", w)
	}
}

// A continuous runner plans its next plan in the tick the last one ends,
// once a tick; it never succeeds, and fails when no plan is left.
func TestContinuous(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("a", bt.Instant(func(w *world) bool { w.N++; return true }, nil))
	}, func(d *htn.Builder[world]) {
		d.Compound("r").Method("m", constraints.Func("not done", func(w *world) bool { return w.N < 5 })).Do("a").
			Continuous()
	})
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	agent, _ := tree.NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	w := world{}
	var statuses []bt.Status
	for i := range 6 {
		p, err := agent.Preview(&w, time.Millisecond)
		switch {
		case err != nil:
			t.Fatal(err)
		case i > 0 && i < 5 && (leaf(p) != "run/a" || len(p.Plans) != 1 || p.Plans[0].Reason != "the last plan is done"):
			t.Errorf("tick %d: the preview foresees %s and %+v", i+1, leaf(p), p.Plans)
		}
		s, _ := agent.Tick(&w, time.Millisecond)
		statuses = append(statuses, s)
	}
	want := []bt.Status{bt.Running, bt.Running, bt.Running, bt.Running, bt.Running, bt.Failure}
	if diff := cmp.Diff(want, statuses); diff != "" || w.N != 5 {
		t.Errorf("statuses (-want +got):\n%s; %d runs", diff, w.N)
	}
	got := reports(&rec)
	if len(got) != 6 || got[1] != "made [m]: the last plan is done" || !strings.HasPrefix(got[5], "none []: the last plan is done;") {
		t.Errorf("reports %q", got)
	}
}

// The decomposition log is a tree of what the planner tried: every trial
// but the first has a parent tried before it, the plan's trials are
// marked, and its steps are the plan's, in order.
func TestTrialsAreATree(t *testing.T) {
	dom := domain(t)
	rapid.Check(t, func(t *rapid.T) {
		w := world{See: rapid.Bool().Draw(t, "see"), Saw: rapid.Bool().Draw(t, "saw"),
			Trunk: rapid.IntRange(0, 2).Draw(t, "trunk")}
		plan, err := dom.NewSession().Plan(&w)
		if err != nil {
			t.Fatal(err)
		}
		var steps []string
		for i, tr := range plan.Trials {
			if tr.Parent >= i || tr.Parent < -1 || i > 0 && tr.Parent < 0 {
				t.Fatalf("trial %d %+v: parent %d", i, tr, tr.Parent)
			}
			if tr.Planned && tr.Parent >= 0 && !plan.Trials[tr.Parent].Planned {
				t.Fatalf("trial %d is planned, its parent not", i)
			}
			if tr.Planned && tr.Outcome == "planned" {
				steps = append(steps, tr.Name)
			}
		}
		if !cmp.Equal(steps, plan.Steps) {
			t.Fatalf("the log's planned steps %v, the plan %v", steps, plan.Steps)
		}
	})
}

// A planning's tallies agree with its log: each task admitted as often
// as the log plans it, refused as often as the log rejects it, and
// considered as often as either; in a tree, every report carries the
// tallies of its planning.
func TestTalliesAgreeWithTheLog(t *testing.T) {
	dom := domain(t)
	check := func(t interface{ Fatalf(string, ...any) }, plan *decide.Plan) {
		if len(plan.Tallies) == 0 {
			t.Fatalf("no tallies")
		}
		for _, tally := range plan.Tallies {
			var planned, rejected int
			for _, tr := range plan.Trials {
				switch {
				case tr.Name != tally.Name:
				case tr.Outcome == "planned":
					planned++
				case tr.Outcome == "rejected":
					rejected++
				}
			}
			if tally.Admitted != planned || tally.Discarded != rejected || tally.Considered != planned+rejected {
				t.Fatalf("tally %+v; the log plans it %d times and rejects it %d", tally, planned, rejected)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		w := world{See: rapid.Bool().Draw(t, "see"), Saw: rapid.Bool().Draw(t, "saw"),
			Trunk: rapid.IntRange(0, 2).Draw(t, "trunk")}
		plan, _ := dom.NewSession().Plan(&w)
		check(t, &plan)
	})
	agent, _ := tree(t, dom, bt.Replan(0)).NewAgent(1)
	reports := 0
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			reports++
			check(t, &e.Plan.Plan)
		}
	}))
	w := world{}
	for i := range 20 {
		w.See, w.Trunk = i%3 == 0, i%2
		if _, err := agent.Tick(&w, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if reports == 0 {
		t.Error("the runner reported no planning")
	}
}

// The features plan without allocating once warm, in a tree.
func TestFeaturesAllocateNothing(t *testing.T) {
	u := func(w *world) float64 { return float64(w.N % 3) }
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("a", noop).Action("b", noop).Action("c", noop)
	}, func(d *htn.Builder[world]) {
		d.Compound("r").Choose(decide.AtRandom).
			Method("x").Do("u", "opt").Utility(u).Commit(func(w *world) { w.Bridge++ }).
			Method("y").Do("opt", "a").Utility(func(*world) float64 { return 1 })
		d.Compound("u").Choose(decide.ByUtility).
			Method("p").Do("b").Utility(u).
			Method("q").Do("c").Utility(func(*world) float64 { return 1 })
		d.Compound("opt").Method("see", see).Do("a").Method("else").Nothing()
		d.Continuous()
	})
	agent, _ := tree(t, dom, bt.Replan(0)).NewAgent(7)
	w := world{}
	tick := func() {
		w.N++
		w.See = w.N%4 == 0
		if _, err := agent.Tick(&w, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	for range 200 {
		tick()
	}
	if a := testing.AllocsPerRun(500, tick); a != 0 {
		t.Errorf("%v allocations a tick", a)
	}
}
