package goap_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
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
			plan, err := d.NewSession().Plan(&start)
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
	plan, err := d.NewSession().Plan(&Camp{Hunger: 80})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(deepPlan, plan.Steps); diff != "" {
		t.Errorf("plan (-kelindar's +ours):\n%s", diff)
	}
}

func TestFailures(t *testing.T) {
	build := func(t *testing.T, b *goap.Builder[Camp, Camp]) *goap.Session[Camp, Camp] {
		t.Helper()
		d, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		return d.NewSession()
	}
	t.Run("no plan", func(t *testing.T) {
		// without forage, food never grows
		p := build(t, goap.New(camp, campKey).Do("eat").Do("sleep").
			Goal("stocked", 1, stocked))
		plan, err := p.Plan(&Camp{Food: 50})
		if !errors.Is(err, decide.ErrNoPlan) || plan.Steps != nil || plan.Goal != "" {
			t.Fatalf("got %+v, %v; want ErrNoPlan and no plan", plan, err)
		}
	})
	t.Run("out of budget", func(t *testing.T) {
		p := build(t, campDomain(nil).Budget(decide.Budget{Tries: 10}))
		plan, err := p.Plan(&Camp{Hunger: 80})
		if !errors.Is(err, decide.ErrOutOfBudget) || plan.Steps != nil || plan.Expanded != 10 ||
			!strings.Contains(err.Error(), "Budget.Tries (10)") {
			t.Fatalf("got %+v, %v; want ErrOutOfBudget after 10 nodes and no plan", plan, err)
		}
	})
	t.Run("no goal", func(t *testing.T) {
		p := build(t, campDomain(nil))
		if _, err := p.Plan(&Camp{Food: 90}); !errors.Is(err, goap.ErrNoGoal) || !errors.Is(err, decide.ErrNoPlan) {
			t.Fatalf("got %v; want ErrNoGoal for a goal already satisfied", err)
		}
	})
	t.Run("negative cost", func(t *testing.T) {
		p := build(t, campDomain(nil).Do("steal").Cost(func(_, _ *Camp) float64 { return -1 }))
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

func TestGoalsByUtility(t *testing.T) {
	fed := func(c *Camp) bool { return c.Hunger < 40 }
	hungry := func(c *Camp) bool { return c.Hunger > 60 }
	d, err := campDomain(foodShort).
		Goal("fed", 2, fed).Relevant(hungry).
		Goal("rested", 3, func(c *Camp) bool { return c.Tired == 0 }).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewSession()
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
	p := d.NewSession()
	plan, err := p.Plan(&Camp{Food: 75})
	if err != nil || plan.Goal != "stocked" {
		t.Fatalf("got %+v, %v; want a plan for stocked", plan, err)
	}
	var pl decide.Report
	p.Explain(&pl)
	want := decide.Report{Change: decide.Made, Reason: "goal stocked (utility 1), the highest with a plan", Plan: decide.Plan{Goal: "stocked", Utility: 1, Steps: []string{"forage"}, Cost: 1, Expanded: pl.Expanded, Rejected: []decide.Rejection{
		{Name: "goal feast", Reason: "utility 5: no plan (" + itoa(pl.Expanded-2) + " nodes expanded)"},
		{Name: "eat", Reason: pl.Rejected[1].Reason},
		{Name: "forage", Reason: pl.Rejected[2].Reason},
		{Name: "sleep", Reason: pl.Rejected[3].Reason},
	}, Tallies: pl.Tallies}}
	if diff := cmp.Diff(&want, &pl); diff != "" {
		t.Errorf("planning (-want +got):\n%s", diff)
	}
	// Each action was considered at every state the two searches expanded,
	// and refused as often as its precondition failed.
	actions := names(d.Nodes(), "domain/actions")
	for i, tl := range pl.Tallies {
		if tl.Name != actions[i] || tl.Considered != pl.Expanded || tl.Discarded+tl.Admitted != tl.Considered ||
			!strings.Contains(pl.Rejected[i+1].Reason, "("+itoa(tl.Discarded)+" times)") {
			t.Errorf("tally %+v; rejected %q", tl, pl.Rejected[i+1].Reason)
		}
	}
	for _, r := range pl.Rejected[1:] {
		if !strings.Contains(r.Reason, "precondition 1: not ") || !strings.Contains(r.Reason, " times)") && !strings.Contains(r.Reason, "(once)") {
			t.Errorf("%s: %q does not name the precondition and count", r.Name, r.Reason)
		}
	}
}

// Build reports every misuse at once, each a *decide.Error with its path:
// "actions/NAME", "goals/NAME", "domain" or "budget".
func TestBuildErrors(t *testing.T) {
	n := bt.New[Camp]()
	withSearch := must(new(catalogue.Builder[Camp]).
		Action("eat", eat, hasFood).
		Behaviour("search", n.Sequence("search", n.Do("look", eat), n.Do("listen", sleep))).
		Build())
	never := func(*Camp) bool { return false }
	tests := []struct {
		name  string
		build func() *goap.Builder[Camp, Camp]
		want  []string
	}{
		{"unknown action", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Do("fly").Goal("g", 1, stocked)
		}, []string{`actions/fly: the catalogue has no "fly" (it has "eat", "forage", "sleep", "steal")`}},
		{"a behaviour", func() *goap.Builder[Camp, Camp] {
			return goap.New(withSearch, campKey).Do("eat").Do("search").Goal("g", 1, stocked)
		}, []string{"actions/search: a behaviour: a goal-driven planner searches over actions' Simulate; give it an action"}},
		{"an action added twice", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Do("eat").Goal("g", 1, stocked)
		}, []string{"actions/eat: added twice"}},
		{"nil preconditions and costs", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat", weary, nil).Cost(nil).Goal("g", 1, stocked)
		}, []string{"actions/eat: precondition 3 is nil", "actions/eat: nil cost function"}},
		{"preconditions are validated", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat", constraints.Chance[Camp](1.5), constraints.Func[Camp]("lucky", nil)).Goal("g", 1, stocked)
		}, []string{"actions/eat: precondition 2: Chance: probability 1.5 is not in [0, 1]",
			"actions/eat: precondition 3: Func lucky: nil function"}},
		{"nil tests", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").
				Goal("g", 1, nil).Relevant(nil).Utility(nil).Estimate(nil)
		}, []string{"goals/g: nil satisfaction test", "goals/g: nil relevance test", "goals/g: nil utility",
			"goals/g: nil estimate"}},
		{"utilities that are not numbers", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").
				Goal("g", math.NaN(), stocked).Goal("h", math.Inf(1), stocked)
		}, []string{"goals/g: utility NaN is not a number", "goals/h: utility +Inf is not a number"}},
		{"a goal added twice", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Goal("g", 1, stocked).Goal("g", 2, never)
		}, []string{"goals/g: added twice"}},
		{"goal names", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Goal("", 1, stocked).Goal("a/b", 1, stocked)
		}, []string{"goals/1: a goal needs a name", `goals/a/b: name "a/b" contains '/'`}},
		{"out of order", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Relevant(never).Do("eat").Utility(nil).
				Goal("g", 1, stocked).Cost(nil).Estimate(foodShort)
		}, []string{"domain: Relevant must follow a Goal", "domain: Utility must follow a Goal",
			"domain: Cost must follow a Do"}},
		{"a choice that is none", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Goal("g", 1, stocked).Choose(decide.AtRandom + 1)
		}, []string{"domain: Choose: a GOAP domain chooses its goals by utility, by cost, by utility less cost or at random, not Choice(5)"}},
		{"a choice of HTN's", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Goal("g", 1, stocked).Choose(decide.InOrder)
		}, []string{"domain: Choose: a GOAP domain chooses its goals by utility, by cost, by utility less cost or at random, not in order"}},
		{"a negative budget", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey).Do("eat").Goal("g", 1, stocked).Budget(decide.Budget{PerTick: -1})
		}, []string{"budget: budget {Steps:0 Tries:0 PerTick:-1}: a bound cannot be negative"}},
		{"empty", func() *goap.Builder[Camp, Camp] {
			return goap.New(camp, campKey)
		}, []string{"domain: no actions", "domain: no goals"}},
		{"no catalogue, no key", func() *goap.Builder[Camp, Camp] {
			return goap.New[Camp, Camp](nil, nil).Do("eat").Goal("g", 1, stocked)
		}, []string{"domain: a nil catalogue: build one with catalogue.Builder", "domain: nil key function"}},
		{"zero Builder", func() *goap.Builder[Camp, Camp] {
			return new(goap.Builder[Camp, Camp]).Do("eat").Goal("g", 1, stocked)
		}, []string{"domain: no catalogue and no key: make the builder with goap.New(actions, key)"}},
		{"empty zero Builder", func() *goap.Builder[Camp, Camp] {
			return new(goap.Builder[Camp, Camp])
		}, []string{"domain: no catalogue and no key", "domain: no actions", "domain: no goals"}},
		{"built, then more calls", func() *goap.Builder[Camp, Camp] {
			b := goap.New(camp, campKey).Do("eat").Goal("g", 1, stocked)
			if _, err := b.Build(); err != nil {
				panic(err)
			}
			return b.Do("fly").Goal("g", 2, stocked)
		}, []string{`actions/fly: the catalogue has no "fly"`, "goals/g: added twice"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.build().Build()
			treetest.CheckErrors(t, err, tt.want)
		})
	}
	var nb *goap.Builder[Camp, Camp]
	if _, err := nb.Build(); err == nil || !strings.Contains(err.Error(), "goap.New") {
		t.Errorf("a nil Builder: %v", err)
	}
}

// Build may be called again after more calls: it builds a domain with
// them, and the domain built before is left as it was.
func TestBuildAgain(t *testing.T) {
	b := campDomain(nil)
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	b.Do("steal").Goal("fed", 2, func(c *Camp) bool { return c.Hunger < 40 })
	second, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := names(first.Nodes(), "domain/actions"); !cmp.Equal(got, []string{"eat", "forage", "sleep"}) {
		t.Errorf("the first domain's actions: %v", got)
	}
	if got := names(first.Nodes(), "domain/goals"); !cmp.Equal(got, []string{"stocked"}) {
		t.Errorf("the first domain's goals: %v", got)
	}
	if got := names(second.Nodes(), "domain/goals"); !cmp.Equal(got, []string{"stocked", "fed"}) {
		t.Errorf("the second domain's goals: %v", got)
	}
	start := Camp{Hunger: 80, Tired: 60}
	p1, err1 := first.NewSession().Plan(&start)
	p2, err2 := second.NewSession().Plan(&start)
	if err1 != nil || err2 != nil || p1.Goal != "stocked" || p1.Steps[0] != "sleep" ||
		p2.Goal != "fed" || !cmp.Equal(p2.Steps, []string{"steal", "eat"}) {
		t.Errorf("first %v %v %v, second %v %v %v", p1.Goal, p1.Steps, err1, p2.Goal, p2.Steps, err2)
	}
}

func TestPlanningAllocatesNothingOnceWarm(t *testing.T) {
	d, err := campDomain(foodShort).Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewSession()
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

// A planning's report counts what it did with each action: the plan
// holds the steps chosen, and Rejected the actions discarded, by the
// precondition that failed and how often. (Domain.Stats, which counted
// the same over every agent, is gone: a stats.Collector counts a tree's
// plans and runs; see ExampleDomain_stats.)
func TestPlanningTallies(t *testing.T) {
	d, err := campDomain(foodShort).Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewSession()
	plan, err := p.Plan(&Camp{Hunger: 80})
	if err != nil {
		t.Fatal(err)
	}
	chosen := map[string]int{}
	for _, s := range plan.Steps {
		chosen[s]++
	}
	if chosen["forage"] != 9 || chosen["sleep"] != 3 || chosen["eat"] != 0 {
		t.Errorf("chosen: %v", chosen)
	}
	var r decide.Report
	p.Explain(&r)
	discarded := map[string]string{}
	for _, rj := range r.Rejected {
		discarded[rj.Name] = rj.Reason
	}
	if why := discarded["eat"]; !strings.HasPrefix(why, "precondition 1: not food in store (") {
		t.Errorf("eat discarded: %q; rejected %+v", why, r.Rejected)
	}
	if _, ok := discarded["forage"]; !ok {
		t.Errorf("forage never discarded: %+v", r.Rejected)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A memory that plain assignment would share needs Copy.
func TestBuildRefusesASharedMemory(t *testing.T) {
	type Bag struct{ Items []int }
	key := func(b *Bag) int { return len(b.Items) }
	add := bt.Instant(func(*Bag) bool { return true }, func(b *Bag) { b.Items = append(b.Items, 1) })
	full := func(b *Bag) bool { return len(b.Items) >= 2 }
	bag := must(new(catalogue.Builder[Bag]).Action("add", add).Build())
	_, err := goap.New(bag, key).Do("add").Goal("full", 1, full).Build()
	if err == nil || !strings.Contains(err.Error(), "field Items is a slice") {
		t.Fatalf("Build: %v; want the shared field named", err)
	}
	d, err := goap.New(bag, key).Do("add").Goal("full", 1, full).
		Copy(func(dst, src *Bag) { dst.Items = append(dst.Items[:0], src.Items...) }).Build()
	if err != nil {
		t.Fatal(err)
	}
	start := Bag{Items: []int{7}}
	plan, err := d.NewSession().Plan(&start)
	if err != nil || len(plan.Steps) != 1 || !slices.Equal(start.Items, []int{7}) {
		t.Fatalf("plan %v, %v; the memory planned on is now %v", plan.Steps, err, start.Items)
	}
}

// Misuse gets an error, never a panic.
func TestHostileUse(t *testing.T) {
	var none *goap.Domain[Camp, Camp]
	if _, err := none.NewSession().Plan(&Camp{}); err == nil || !strings.Contains(err.Error(), "a planner with no domain") {
		t.Errorf("a nil domain plans: %v", err)
	}
	var zero goap.Session[Camp, Camp]
	if _, err := zero.Plan(&Camp{}); err == nil || !strings.Contains(err.Error(), "a planner with no domain") {
		t.Errorf("a zero planner plans: %v", err)
	}
	zero.Explain(&decide.Report{})
	if none.Nodes() != nil || none.Steps() != nil {
		t.Error("a nil domain has names or nodes")
	}
	d, err := campDomain(nil).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.NewSession().Plan(nil); err == nil {
		t.Error("planning from a nil memory")
	}
	if _, err := d.NewSession().Plan(nil); err == nil {
		t.Error("planning from a nil memory")
	}
	n := bt.New[Camp]()
	_, err = bt.Build(bt.Config[Camp]{}, n.Plan("camp", none))
	if err == nil || !strings.Contains(err.Error(), "camp: nil planner") {
		t.Errorf("a tree with a nil domain's runner: %v", err)
	}
	nan, err := campDomain(func(*Camp) float64 { return math.NaN() }).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nan.NewSession().Plan(&Camp{}); err == nil || !strings.Contains(err.Error(), "estimates NaN") {
		t.Errorf("a NaN estimate: %v", err)
	}
}

// A key the planner does not compare as one word (more than 8 bytes, or
// not only integers and booleans) says so, with its type and size, where
// a user looks without asking: the domain's description (Nodes, which
// the inspector shows) and its planner node's in the tree (dumps and
// pictures). Such a key silently took the slower path.
func TestSlowKeysSaySo(t *testing.T) {
	t.Parallel()
	const slow = "; slow key: %s, %d bytes, hashed in full at every state (a key of up to 8 bytes of integers and booleans is one word)"
	for _, tt := range []struct {
		name    string
		details func(t *testing.T) (domain, planner string)
		note    string // what both say of the key
	}{
		{"one word", func(t *testing.T) (string, string) {
			return keyDetails(t, func(c *Camp) [4]uint8 { return [4]uint8{uint8(c.Hunger), uint8(c.Food), uint8(c.Tired)} })
		}, ""},
		{"more than 8 bytes", func(t *testing.T) (string, string) {
			return keyDetails(t, func(c *Camp) [12]uint8 { return [12]uint8{uint8(c.Hunger), uint8(c.Food), uint8(c.Tired)} })
		}, fmt.Sprintf(slow, "[12]uint8", 12)},
		{"not only integers and booleans", func(t *testing.T) (string, string) { return keyDetails(t, campKey) },
			fmt.Sprintf(slow, "goap_test.Camp", unsafe.Sizeof(Camp{}))},
		{"a float", func(t *testing.T) (string, string) {
			return keyDetails(t, func(c *Camp) float32 { return float32(c.Food) })
		}, fmt.Sprintf(slow, "float32", 4)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			domain, planner := tt.details(t)
			if want := "goap: 1 goals, 3 actions, by utility" + tt.note; domain != want {
				t.Errorf("the domain says\n%s\nwant\n%s", domain, want)
			}
			if want := "goap: 1 goals, 3 actions" + tt.note; planner != want {
				t.Errorf("its planner node says\n%s\nwant\n%s", planner, want)
			}
		})
	}
}

// keyDetails returns what the camp's domain with the key says of itself,
// and what its planner node in a tree says.
func keyDetails[K comparable](t *testing.T, key func(c *Camp) K) (domain, planner string) {
	t.Helper()
	d, err := goap.New(camp, key).Do("eat").Do("forage").Do("sleep").Goal("stocked", 1, stocked).Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := bt.Build(bt.Config[Camp]{}, bt.New[Camp]().Plan("think", d))
	if err != nil {
		t.Fatal(err)
	}
	return d.Nodes()[0].Detail, tree.Nodes()[0].Detail
}

// A planning that plans one goal and breaks on the next explains both:
// the goal planned first was passed over for the planning's failure. Its
// explanation read the goal kept, which a failure unsets, and panicked.
func TestExplainAfterAPlanThenAFailure(t *testing.T) {
	d, err := goap.New(camp, campKey).
		Do("eat").
		Do("sleep").Cost(func(before, _ *Camp) float64 { // NaN once fed: fed's search is over by then
		if before.Hunger < 50 {
			return math.NaN()
		}
		return 2
	}).
		Goal("fed", 2, func(c *Camp) bool { return c.Hunger < 50 }).
		Goal("rested", 1, func(c *Camp) bool { return c.Tired < 50 }).
		Choose(decide.ByCost).Build()
	if err != nil {
		t.Fatal(err)
	}
	s := d.NewSession()
	_, err = s.Plan(&Camp{Hunger: 80, Food: 10, Tired: 80})
	if err == nil || !strings.Contains(err.Error(), "NaN") {
		t.Fatalf("planned: %v; want the NaN cost's failure", err)
	}
	var r decide.Report
	s.Explain(&r)
	var got []string
	for _, rj := range r.Rejected {
		got = append(got, rj.Name+": "+rj.Reason)
	}
	if len(got) != 2 || got[0] != "goal fed: utility 2: a plan of cost 1, dropped when the planning failed" ||
		!strings.HasPrefix(got[1], `goal rested: utility 1: goap: action "sleep" costs NaN`) {
		t.Errorf("the goals' reasons: %q", got)
	}
}
