package goap_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/stats"
	"github.com/foresight-bt/foresight/trace"
)

const tick = 100 * time.Millisecond

// camper builds a tree whose root is the domain's runner, with opts as
// its node's options, and a recorder and a life-cycle log as tracers.
func camper(t testing.TB, b *goap.Builder[Camp, Camp], opts ...bt.Option) (*bt.Agent[Camp], *trace.Recorder, *treetest.TraceLog) {
	t.Helper()
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[Camp]()
	tree, err := bt.Build(bt.Config[Camp]{}, n.Plan("camp", d, opts...))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	rec, log := &trace.Recorder{}, &treetest.TraceLog{}
	agent.SetTracer(trace.Tee(rec, log))
	return agent, rec, log
}

// begun lists the actions begun, in order.
func begun(rec *trace.Recorder) []string {
	var out []string
	for _, e := range ofKind(rec.Events, bt.EventBegin) {
		if e.Path != "camp" {
			out = append(out, strings.TrimPrefix(e.Path, "camp/"))
		}
	}
	return out
}

// plans lists the plannings reported, as "change: reason".
func plans(rec *trace.Recorder) []string {
	var out []string
	for _, e := range ofKind(rec.Events, bt.EventPlan) {
		out = append(out, e.Plan.Change.String()+": "+e.Plan.Reason)
	}
	return out
}

func tickUntilDone(t *testing.T, a *bt.Agent[Camp], c *Camp, most int, each func(i int)) bt.Status {
	t.Helper()
	for i := range most {
		if each != nil {
			each(i)
		}
		st, err := a.Tick(c, tick)
		if err != nil {
			t.Fatal(err)
		}
		if st != bt.Running {
			return st
		}
	}
	t.Fatalf("still running after %d ticks", most)
	return bt.Running
}

func TestRunnerCarriesOutThePlan(t *testing.T) {
	agent, rec, log := camper(t, slowCamp())
	c := Camp{Hunger: 80}
	if st := tickUntilDone(t, agent, &c, 50, nil); st != bt.Success {
		t.Fatalf("ended %v", st)
	}
	if diff := cmp.Diff(deepPlan, begun(rec)); diff != "" {
		t.Errorf("steps begun (-plan +begun):\n%s", diff)
	}
	if !stocked(&c) {
		t.Errorf("the camp is not stocked: %+v", c)
	}
	got := ofKind(rec.Events, bt.EventPlan)
	if len(got) != 1 || got[0].Plan.Change != decide.Made || !cmp.Equal(got[0].Plan.Steps, deepPlan) ||
		got[0].Plan.Goal != "stocked" || got[0].Plan.Cost != 12 || got[0].Path != "camp" {
		t.Errorf("plannings reported: %+v", got)
	}
	// safe was considered and turned down as irrelevant
	if r := got[0].Plan.Rejected; len(r) == 0 || r[0] != (decide.Rejection{Name: "goal safe", Reason: "utility 5: not relevant"}) {
		t.Errorf("rejected: %+v", r)
	}
	treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
}

func TestRunnerReplans(t *testing.T) {
	t.Run("when a step fails", func(t *testing.T) {
		agent, rec, log := camper(t, slowCamp())
		c := Camp{Hunger: 80, Food: 60}
		// forage fails once: the forager sleeps instead, then forages
		st := tickUntilDone(t, agent, &c, 50, func(i int) {
			c.Jammed = ""
			if i == 1 {
				c.Jammed = "forage"
			}
		})
		if st != bt.Success || !stocked(&c) {
			t.Fatalf("ended %v with %+v", st, c)
		}
		want := []string{"made: goal stocked (utility 1), the highest with a plan", "replaced: forage failed; now for goal stocked (utility 1)"}
		if diff := cmp.Diff(want, plans(rec)); diff != "" {
			t.Errorf("plannings (-want +got):\n%s", diff)
		}
		treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
	})
	t.Run("when a step's precondition no longer holds", func(t *testing.T) {
		agent, rec, log := camper(t, slowCamp())
		c := Camp{Hunger: 80, Food: 60}
		// the plan is forage, forage, forage; the first tires the forager
		// more than it foresaw, too much to forage again
		c.Exhausting = true
		st := tickUntilDone(t, agent, &c, 50, nil)
		if st != bt.Success || !stocked(&c) {
			t.Fatalf("ended %v with %+v", st, c)
		}
		want := []string{"made: goal stocked (utility 1), the highest with a plan",
			"replaced: forage cannot begin: not rested; now for goal stocked (utility 1)"}
		if diff := cmp.Diff(want, plans(rec)); diff != "" {
			t.Errorf("plannings (-want +got):\n%s", diff)
		}
		if b := begun(rec); b[0] != "forage" || b[1] != "sleep" {
			t.Errorf("begun: %v; want forage, then sleep", b)
		}
		treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
	})
	t.Run("when the senses bring news", func(t *testing.T) {
		agent, rec, log := camper(t, slowCamp(), bt.ReplanOn(news))
		c := Camp{Hunger: 80, Food: 50}
		st := tickUntilDone(t, agent, &c, 50, func(i int) {
			c.News = false
			switch i {
			case 1: // news that changes nothing: the plan is kept
				c.News = true
			case 2: // a gift of food: the plan is now shorter
				c.Food += 10
				c.News = true
			}
		})
		if st != bt.Success || !stocked(&c) {
			t.Fatalf("ended %v with %+v", st, c)
		}
		got := plans(rec)
		want := []string{"made: goal stocked (utility 1), the highest with a plan", "replaced: the world changed; now for goal stocked (utility 1)"}
		var kept int
		for _, p := range got {
			if p == "kept: the world changed; the running plan is still the best" {
				kept++
			}
		}
		got = withoutKept(got)
		if diff := cmp.Diff(want, got); diff != "" || kept != 1 {
			t.Errorf("plannings other than kept (-want +got), with %d kept, want 1:\n%s", kept, diff)
		}
		treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
	})
	t.Run("every tick", func(t *testing.T) {
		agent, rec, log := camper(t, slowCamp(), bt.Replan(0))
		c := Camp{Hunger: 80, Food: 50}
		ticks := 0
		st := tickUntilDone(t, agent, &c, 50, func(i int) {
			ticks++
			if i == 2 { // a gift of food: the plan is now shorter
				c.Food += 10
			}
		})
		if st != bt.Success || !stocked(&c) {
			t.Fatalf("ended %v with %+v", st, c)
		}
		got := plans(rec)
		want := []string{"made: goal stocked (utility 1), the highest with a plan", "replaced: its interval to plan again passed; now for goal stocked (utility 1)"}
		kept := len(got)
		got = withoutKept(got)
		kept -= len(got)
		// every tick but the first plans again: all but the one that
		// found the gift keep the plan
		if diff := cmp.Diff(want, got); diff != "" || kept != ticks-2 {
			t.Errorf("plannings other than kept (-want +got), with %d kept in %d ticks:\n%s", kept, ticks, diff)
		}
		treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
	})
	t.Run("not without news", func(t *testing.T) {
		agent, rec, _ := camper(t, slowCamp())
		c := Camp{Hunger: 80, Food: 50}
		st := tickUntilDone(t, agent, &c, 50, func(i int) {
			if i == 2 { // a gift of food, which the runner does not look for
				c.Food += 10
			}
		})
		if st != bt.Success || !stocked(&c) {
			t.Fatalf("ended %v with %+v", st, c)
		}
		want := []string{"made: goal stocked (utility 1), the highest with a plan"}
		if diff := cmp.Diff(want, plans(rec)); diff != "" {
			t.Errorf("plannings (-want +got):\n%s", diff)
		}
	})
}

func withoutKept(ps []string) []string {
	var out []string
	for _, p := range ps {
		if !strings.HasPrefix(p, "kept:") {
			out = append(out, p)
		}
	}
	return out
}

func TestHigherUtilityGoalInterrupts(t *testing.T) {
	agent, rec, log := camper(t, slowCamp())
	c := Camp{Hunger: 80}
	var wolfAt int
	st := tickUntilDone(t, agent, &c, 50, func(i int) {
		if i == 3 {
			c.Wolf = true
			wolfAt = len(rec.Events)
		}
	})
	if st != bt.Success || !c.Hidden {
		t.Fatalf("ended %v with %+v; want hidden", st, c)
	}
	want := []string{"made: goal stocked (utility 1), the highest with a plan", "replaced: goal safe (utility 5) outranks goal stocked (utility 1)"}
	if diff := cmp.Diff(want, plans(rec)); diff != "" {
		t.Errorf("plannings (-want +got):\n%s", diff)
	}
	// in the tick the wolf came: the step under way was halted, and hide
	// began
	var lines []string
	for _, e := range rec.Events[wolfAt:] {
		if e.Kind == bt.EventEnd || e.Kind == bt.EventBegin {
			lines = append(lines, e.Kind.String()+" "+e.Path+" "+e.Status.String())
		}
	}
	if len(lines) < 2 || lines[0] != "end camp/forage Running" || !strings.HasPrefix(lines[1], "begin camp/hide") {
		t.Errorf("after the wolf: %v", lines)
	}
	treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
}

// A goal above the running one that has no plan is reported once, and
// tried again only when the state changes.
func TestHigherGoalWithoutPlanKeepsThePlan(t *testing.T) {
	b := slowCamp().Goal("fly", 9, func(c *Camp) bool { return c.Food > 200 })
	agent, rec, _ := camper(t, b)
	c := Camp{Hunger: 80, Food: 60}
	if st := tickUntilDone(t, agent, &c, 50, nil); st != bt.Success {
		t.Fatalf("ended %v", st)
	}
	for _, p := range plans(rec)[1:] {
		if p != "kept: no goal of higher utility has a plan within the budget" {
			t.Errorf("planning %q", p)
		}
	}
	// fly is tried when the plan is made, then after each step that
	// changed the state: two forages
	if n := len(plans(rec)); n != 3 {
		t.Errorf("%d plannings: %v", n, plans(rec))
	}
}

func TestRunnerWithoutPlanFails(t *testing.T) {
	for _, tc := range []struct {
		name   string
		b      *goap.Builder[Camp, Camp]
		change decide.Change
	}{
		{"no plan", goap.New(camp, campKey).Do("eat").Goal("stocked", 1, stocked), decide.None},
		{"out of budget", slowCamp().Budget(decide.Budget{Tries: 3}), decide.OutOfBudget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			agent, rec, log := camper(t, tc.b)
			st, err := agent.Tick(&Camp{Hunger: 80}, tick)
			if err != nil || st != bt.Failure {
				t.Fatalf("tick: %v, %v; want Failure", st, err)
			}
			got := ofKind(rec.Events, bt.EventPlan)
			if len(got) != 1 || got[0].Plan.Change != tc.change || len(got[0].Plan.Steps) > 0 {
				t.Errorf("plannings: %+v", got)
			}
			treetest.CheckLifeCycle(t, agent.Tree().Nodes(), log.Lines, nil)
		})
	}
}

// With PerTick, planning is spread over ticks and finds the same plan.
func TestPlanningSpreadOverTicks(t *testing.T) {
	agent, rec, _ := camper(t, slowCamp().Budget(decide.Budget{PerTick: 2}))
	c := Camp{Hunger: 80}
	ticks := 0
	st := tickUntilDone(t, agent, &c, 100, func(int) { ticks++ })
	if st != bt.Success {
		t.Fatalf("ended %v", st)
	}
	if diff := cmp.Diff(deepPlan, begun(rec)); diff != "" {
		t.Errorf("steps (-plan +begun):\n%s", diff)
	}
	// 13 nodes taken, two a tick: the first step begins in the seventh
	if want := 6 + 12 + 1; ticks != want {
		t.Errorf("took %d ticks, want %d", ticks, want)
	}
}

// mind is an agent of a simulated selector that weighs idling, a Cosmetic
// option, against the domain's runner.
func mind(t *testing.T, d *goap.Domain[Camp, Camp], goal heuristic.Heuristic[Camp]) *bt.Agent[Camp] {
	t.Helper()
	n := bt.New[Camp]()
	tree, err := bt.Build(bt.Config[Camp]{Heuristic: goal},
		n.Selector("mind",
			n.Do("idle", bt.Instant[Camp](func(*Camp) bool { return true }, nil), bt.Cosmetic()),
			n.Plan("camp", d),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	return agent
}

// Under a simulated selector the runner predicts its whole plan, and a
// preview routes to the plan's first step.
func TestRunnerPredictsItsPlan(t *testing.T) {
	d, err := slowCamp().Build()
	if err != nil {
		t.Fatal(err)
	}
	goal := heuristic.Func[Camp](func(before, after *Camp) heuristic.Outcome {
		if after.Food > 80 && before.Food <= 80 {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	agent := mind(t, d, goal)
	c := Camp{Hunger: 80}
	plan, err := agent.Preview(&c, tick)
	if err != nil {
		t.Fatal(err)
	}
	if got := plan.Path; !cmp.Equal(got, []string{"mind", "mind/camp", "mind/camp/forage"}) {
		t.Errorf("preview path %v", got)
	}
	ch, ok := plan.Decisions[0].Choice()
	if !ok || ch.Name != "camp" || ch.Verdict.Outcome != heuristic.Beneficial {
		t.Errorf("decision %+v", plan.Decisions[0])
	}
	if c != (Camp{Hunger: 80}) {
		t.Errorf("the preview changed the memory: %+v", c)
	}
}

// A runner that has no plan predicts Impossible, and a selector runs
// something else.
func TestRunnerWithoutPlanIsImpossible(t *testing.T) {
	d, err := goap.New(slow, campKey).Do("eat").Goal("stocked", 1, stocked).Build()
	if err != nil {
		t.Fatal(err)
	}
	agent := mind(t, d, heuristic.Func[Camp](func(_, _ *Camp) heuristic.Outcome { return heuristic.Irrelevant }))
	plan, err := agent.Preview(&Camp{Food: 60}, tick)
	if err != nil {
		t.Fatal(err)
	}
	want := heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "goap: no plan: no plan reaches a relevant goal"}
	if got := plan.Decisions[0].Candidates[1].Verdict; got != want || leaf(plan) != "mind/idle" {
		t.Errorf("the runner without a plan predicts %v, and the preview runs %s", got, leaf(plan))
	}
}

func TestRunnerAllocatesNothingOnceWarm(t *testing.T) {
	agent, _, _ := camper(t, slowCamp(), bt.Replan(0))
	agent.SetTracer(nil)
	var c Camp // outside: a memory on the closure's stack would escape
	run := func() {
		c = Camp{Hunger: 80}
		for i := 0; i < 40; i++ {
			c.Wolf = i == 5
			c.Jammed = ""
			if i == 9 {
				c.Jammed = "sleep"
			}
			if st, err := agent.Tick(&c, tick); err != nil || st != bt.Running {
				if err != nil {
					t.Fatal(err)
				}
				c = Camp{Hunger: 80}
			}
		}
	}
	run()
	if n := testing.AllocsPerRun(20, run); n != 0 {
		t.Errorf("40 ticks of planning, re-planning and running allocate %v times", n)
	}
}

// Runners in a crowd decide the same whatever the number of workers,
// sharing one domain (the race detector watches the sharing); each agent's
// stats.Collector counts the same plans and runs.
func TestRunnersInACrowd(t *testing.T) {
	nb := bt.New[Camp]()
	run := func(workers int) ([]Camp, []stats.Counts) {
		d, err := slowCamp().Budget(decide.Budget{PerTick: 3}).Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[Camp]{}, nb.Plan("camp", d))
		if err != nil {
			t.Fatal(err)
		}
		const n = 16
		agents, camps := make([]*bt.Agent[Camp], n), make([]Camp, n)
		counters := make([]*stats.Collector, n)
		for i := range agents {
			if agents[i], err = tree.NewAgent(uint64(i)); err != nil {
				t.Fatal(err)
			}
			counters[i] = stats.New(tree.Nodes())
			agents[i].SetTracer(counters[i])
			camps[i] = Camp{Hunger: 80, Food: 5 * i, Tired: 3 * i}
		}
		crowd := bt.NewCrowd(tree, workers)
		for tk := range 40 {
			for i := range camps {
				camps[i].Wolf = tk == 10 && i%3 == 0
			}
			if err := crowd.Tick(agents, camps, tick); err != nil {
				t.Fatal(err)
			}
		}
		var counts []stats.Counts
		for _, c := range counters {
			for _, a := range names(d.Nodes(), "domain/actions") {
				counts = append(counts, c.Counts("camp/"+a))
			}
		}
		return camps, counts
	}
	one, counts1 := run(1)
	two, counts2 := run(2)
	if diff := cmp.Diff(one, two); diff != "" {
		t.Errorf("1 worker and 2 differ (-1 +2):\n%s", diff)
	}
	begun := 0
	for _, c := range counts1 {
		begun += c.Begun
	}
	if diff := cmp.Diff(counts1, counts2); diff != "" || begun == 0 {
		t.Errorf("counts (-1 +2), %d steps begun:\n%s", begun, diff)
	}
}
