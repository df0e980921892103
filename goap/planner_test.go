package goap_test

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// The deep problem's plan: twelve steps, as github.com/kelindar/goap
// finds it with the same estimate.
var deepPlan = []string{"forage", "forage", "forage", "sleep", "forage", "forage", "sleep",
	"forage", "forage", "forage", "sleep", "forage"}

func TestDeepProblem(t *testing.T) {
	for _, tc := range []struct {
		name     string
		estimate func(*Camp) float64
	}{
		{"kelindar's estimate", foodShort},
		{"admissible estimate", admissible},
		{"no estimate", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := campDomain(tc.estimate).Build()
			if err != nil {
				t.Fatal(err)
			}
			start := Camp{Hunger: 80}
			plan, err := d.NewPlanner().Plan(&start)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Steps) != 12 || plan.Cost != 12 || plan.Goal != "stocked" {
				t.Fatalf("plan %v, cost %v, goal %q; want 12 steps costing 12 for stocked", plan.Steps, plan.Cost, plan.Goal)
			}
			replay(t, d, start, plan.Steps, stocked)
			if start != (Camp{Hunger: 80}) {
				t.Errorf("planning changed the memory: %+v", start)
			}
			t.Logf("%s: %d nodes expanded: %v", tc.name, plan.Expanded, plan.Steps)
		})
	}
}

// replay runs steps through the actions' Simulate from start, checking
// each one's preconditions, and checks that the goal then holds.
func replay(t *testing.T, d *goap.Domain[Camp, Camp], start Camp, steps []string, goal func(*Camp) bool) {
	t.Helper()
	byName := map[string]struct {
		a   effect
		pre []bt.Constraint[Camp]
	}{
		"eat": {eat, []bt.Constraint[Camp]{hasFood}}, "forage": {forage, []bt.Constraint[Camp]{rested}},
		"sleep": {sleep, []bt.Constraint[Camp]{weary}},
	}
	m := start
	for i, s := range steps {
		for _, c := range byName[s].pre {
			if check, why := c.Evaluate(bt.Situation{Simulating: true}, &m); check != bt.Pass {
				t.Fatalf("step %d (%s) from %+v: precondition %v: %s", i, s, m, check, why)
			}
		}
		byName[s].a(&m)
	}
	if !goal(&m) {
		t.Fatalf("the plan %v leads to %+v, which does not satisfy the goal", steps, m)
	}
}

func TestDeepPlanIsKelindarsWithItsEstimate(t *testing.T) {
	d, err := campDomain(foodShort).Build()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := d.NewPlanner().Plan(&Camp{Hunger: 80})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(deepPlan, plan.Steps); diff != "" {
		t.Errorf("plan (-kelindar's +ours):\n%s", diff)
	}
}

func TestFailures(t *testing.T) {
	build := func(t *testing.T, b *goap.Builder[Camp, Camp]) *goap.Planner[Camp, Camp] {
		t.Helper()
		d, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		return d.NewPlanner()
	}
	t.Run("no plan", func(t *testing.T) {
		// without forage, food never grows
		p := build(t, goap.New(campKey).Action("eat", eat).Constrain(hasFood).Action("sleep", sleep).
			Goal("stocked", 1, stocked))
		plan, err := p.Plan(&Camp{Food: 50})
		if !errors.Is(err, goap.ErrNoPlan) || plan.Steps != nil || plan.Goal != "" {
			t.Fatalf("got %+v, %v; want ErrNoPlan and no plan", plan, err)
		}
	})
	t.Run("out of budget", func(t *testing.T) {
		p := build(t, campDomain(nil).Budget(10))
		plan, err := p.Plan(&Camp{Hunger: 80})
		if !errors.Is(err, goap.ErrOutOfBudget) || plan.Steps != nil || plan.Expanded != 10 {
			t.Fatalf("got %+v, %v; want ErrOutOfBudget after 10 nodes and no plan", plan, err)
		}
	})
	t.Run("no goal", func(t *testing.T) {
		p := build(t, campDomain(nil))
		if _, err := p.Plan(&Camp{Food: 90}); !errors.Is(err, goap.ErrNoGoal) {
			t.Fatalf("got %v; want ErrNoGoal for a goal already satisfied", err)
		}
	})
	t.Run("negative cost", func(t *testing.T) {
		p := build(t, campDomain(nil).Action("steal", forage).Cost(func(_, _ *Camp) float64 { return -1 }))
		_, err := p.Plan(&Camp{})
		if err == nil || !strings.Contains(err.Error(), `action "steal" costs -1`) {
			t.Fatalf("got %v; want an error naming the action and its cost", err)
		}
	})
	t.Run("negative estimate", func(t *testing.T) {
		p := build(t, campDomain(func(*Camp) float64 { return -2 }))
		_, err := p.Plan(&Camp{})
		if err == nil || !strings.Contains(err.Error(), `goal "stocked" estimates -2`) {
			t.Fatalf("got %v; want an error naming the goal and its estimate", err)
		}
	})
}

func TestGoalsByPriority(t *testing.T) {
	fed := func(c *Camp) bool { return c.Hunger < 40 }
	hungry := func(c *Camp) bool { return c.Hunger > 60 }
	d, err := campDomain(foodShort).
		Goal("fed", 2, fed).Relevant(hungry).
		Goal("rested", 3, func(c *Camp) bool { return c.Tired == 0 }).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewPlanner()
	for _, tc := range []struct {
		start Camp
		goal  string
		steps []string
	}{
		{Camp{Hunger: 80, Food: 10}, "fed", []string{"eat"}},          // rested holds; fed outranks stocked
		{Camp{Hunger: 80, Food: 0}, "fed", []string{"forage", "eat"}}, // food first
		{Camp{Hunger: 10, Food: 0, Tired: 40}, "rested", []string{"sleep"}},
		{Camp{Hunger: 10, Food: 70}, "stocked", []string{"forage", "forage"}}, // fed irrelevant
	} {
		plan, err := p.Plan(&tc.start)
		if err != nil {
			t.Fatalf("from %+v: %v", tc.start, err)
		}
		if plan.Goal != tc.goal || !cmp.Equal(plan.Steps, tc.steps) {
			t.Errorf("from %+v: goal %q, plan %v; want %q, %v", tc.start, plan.Goal, plan.Steps, tc.goal, tc.steps)
		}
	}
}

// A goal with no plan gives way to the next, and says so.
func TestGoalWithoutPlanGivesWay(t *testing.T) {
	d, err := campDomain(nil).
		Goal("feast", 5, func(c *Camp) bool { return c.Food > 100 }).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewPlanner()
	plan, err := p.Plan(&Camp{Food: 75})
	if err != nil || plan.Goal != "stocked" {
		t.Fatalf("got %+v, %v; want a plan for stocked", plan, err)
	}
	var pl decide.Report
	p.Explain(&pl)
	want := decide.Report{Change: decide.Made, Reason: "goal stocked (priority 1), the highest with a plan", Plan: decide.Plan{Goal: "stocked", Steps: []string{"forage"}, Cost: 1, Expanded: pl.Expanded, Rejected: []decide.Rejection{
		{Name: "goal feast", Reason: "priority 5: no plan (" + itoa(pl.Expanded-2) + " nodes expanded)"},
		{Name: "eat", Reason: pl.Rejected[1].Reason},
		{Name: "forage", Reason: pl.Rejected[2].Reason},
		{Name: "sleep", Reason: pl.Rejected[3].Reason},
	}}}
	if diff := cmp.Diff(&want, &pl); diff != "" {
		t.Errorf("planning (-want +got):\n%s", diff)
	}
	for _, r := range pl.Rejected[1:] {
		if !strings.Contains(r.Reason, "precondition 1: not ") || !strings.Contains(r.Reason, " times)") && !strings.Contains(r.Reason, "(once)") {
			t.Errorf("%s: %q does not name the precondition and count", r.Name, r.Reason)
		}
	}
}

func TestBuildReportsEveryMisuse(t *testing.T) {
	_, err := goap.New[Camp, Camp](nil).
		Constrain(hasFood).
		Action("", eat).
		Action("eat", nil).
		Action("eat", eat).Constrain(nil).Cost(nil).
		Goal("g", 1, nil).Relevant(nil).Estimate(nil).
		Goal("g", 1, stocked).
		Estimate(foodShort).Cost(func(_, _ *Camp) float64 { return 1 }).
		Budget(0).PerTick(-1).
		Build()
	if err == nil {
		t.Fatal("Build accepted a broken domain")
	}
	for _, want := range []string{
		"nil key function", "Constrain must follow an Action", "action 1: empty name", `action "eat": nil action`,
		`action "eat": added twice`, `action "eat": Constrain: precondition 1 is nil`, `action "eat": nil cost function`,
		`goal "g": nil satisfaction test`, `goal "g": nil relevance test`, `goal "g": nil estimate`, `goal "g": added twice`,
		"Cost must follow an Action", "Budget(0)", "PerTick(-1)",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Build's error lacks %q:\n%v", want, err)
		}
	}
	if _, err := goap.New(campKey).Build(); err == nil || !strings.Contains(err.Error(), "no actions") ||
		!strings.Contains(err.Error(), "no goals") {
		t.Errorf("an empty domain: %v", err)
	}
}

func TestPlanningAllocatesNothingOnceWarm(t *testing.T) {
	d, err := campDomain(foodShort).Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewPlanner()
	start := Camp{Hunger: 80}
	p.Plan(&start)
	if n := testing.AllocsPerRun(100, func() {
		if _, err := p.Plan(&start); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("a warm planning allocates %v times", n)
	}
}

func TestStats(t *testing.T) {
	d, err := campDomain(foodShort).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.NewPlanner().Plan(&Camp{Hunger: 80}); err != nil {
		t.Fatal(err)
	}
	st := d.Stats()
	if st[1].Name != "forage" || st[1].Chosen != 9 || st[2].Chosen != 3 || st[0].Chosen != 0 {
		t.Errorf("chosen: %+v", st)
	}
	if st[0].Considered == 0 || st[0].Considered != st[1].Considered || st[0].Discarded[0] == 0 {
		t.Errorf("considered and discarded: %+v", st)
	}
	if got := d.NeverChosen(); !cmp.Equal(got, []string{"eat"}) {
		t.Errorf("never chosen: %v", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A memory that plain assignment would share needs Copy.
func TestBuildRefusesASharedMemory(t *testing.T) {
	type Bag struct{ Items []int }
	key := func(b *Bag) int { return len(b.Items) }
	add := bt.Instant(func(*Bag) bool { return true }, func(b *Bag) { b.Items = append(b.Items, 1) })
	full := func(b *Bag) bool { return len(b.Items) >= 2 }
	_, err := goap.New(key).Action("add", add).Goal("full", 1, full).Build()
	if err == nil || !strings.Contains(err.Error(), "field Items is a slice") {
		t.Fatalf("Build: %v; want the shared field named", err)
	}
	d, err := goap.New(key).Action("add", add).Goal("full", 1, full).
		Copy(func(dst, src *Bag) { dst.Items = append(dst.Items[:0], src.Items...) }).Build()
	if err != nil {
		t.Fatal(err)
	}
	start := Bag{Items: []int{7}}
	plan, err := d.Plan(&start)
	if err != nil || len(plan.Steps) != 1 || !slices.Equal(start.Items, []int{7}) {
		t.Fatalf("plan %v, %v; the memory planned on is now %v", plan.Steps, err, start.Items)
	}
}

// Misuse gets an error, never a panic.
func TestHostileUse(t *testing.T) {
	var none *goap.Domain[Camp, Camp]
	if _, err := none.Plan(&Camp{}); !errors.Is(err, goap.ErrNoDomain) {
		t.Errorf("a nil domain plans: %v", err)
	}
	var zero goap.Planner[Camp, Camp]
	if _, err := zero.Plan(&Camp{}); !errors.Is(err, goap.ErrNoDomain) {
		t.Errorf("a zero planner plans: %v", err)
	}
	zero.Explain(&decide.Report{})
	if none.Stats() != nil || none.NeverChosen() != nil || none.Actions() != nil || none.Goals() != nil {
		t.Error("a nil domain has statistics or names")
	}
	d, err := campDomain(nil).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Plan(nil); err == nil {
		t.Error("planning from a nil memory")
	}
	if _, err := d.NewPlanner().Plan(nil); err == nil {
		t.Error("planning from a nil memory")
	}
	_, err = bt.New(bt.Config[Camp]{}).Branch(none.Branch("camp")).Build()
	if err == nil || !strings.Contains(err.Error(), "camp") || !strings.Contains(err.Error(), "nil or zero domain") {
		t.Errorf("a tree with a nil domain's branch: %v", err)
	}
	nan, err := campDomain(func(*Camp) float64 { return math.NaN() }).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nan.Plan(&Camp{}); err == nil || !strings.Contains(err.Error(), "estimates NaN") {
		t.Errorf("a NaN estimate: %v", err)
	}
}
