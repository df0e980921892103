package htn_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// counter is the memory of the budget tests: count up to Goal.
type counter struct{ N, Goal int }

func countDomain(t interface{ Fatal(...any) }, budget decide.Budget) *htn.Domain[counter] {
	inc := func(m *counter) { m.N++ }
	var cb catalogue.Builder[counter]
	cb.Action("inc", bt.Instant(func(m *counter) bool { inc(m); return true }, inc))
	cb.Action("stop", bt.Instant(func(*counter) bool { return true }, nil))
	actions, err := cb.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := htn.New(actions)
	d.Compound("count").
		Method("done", constraints.Func("reached", func(m *counter) bool { return m.N >= m.Goal })).Do("stop").
		Method("more").Do("inc", "count")
	dom, err := d.Budget(budget).Build()
	if err != nil {
		t.Fatal(err)
	}
	return dom
}

// Running out of budget is its own answer, never a plan cut short: a
// plan is found exactly when every bound allows it (counting to n takes
// n+1 steps, and 2n+1 tries), and the error names the bound that ran out.
func TestBudgetIsHonest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		goal := rapid.IntRange(0, 40).Draw(t, "goal")
		b := decide.Budget{Steps: rapid.IntRange(1, 50).Draw(t, "steps"), Tries: rapid.IntRange(1, 100).Draw(t, "tries")}
		p := countDomain(t, b).NewSession()
		got, err := p.Plan(&counter{Goal: goal})
		fits := b.Steps >= goal+1 && b.Tries >= 2*goal+1
		switch {
		case fits && err != nil:
			t.Fatalf("budget %+v, goal %d: %v", b, goal, err)
		case !fits && !errors.Is(err, decide.ErrOutOfBudget):
			t.Fatalf("budget %+v, goal %d: %v steps, err %v", b, goal, len(got.Steps), err)
		case fits && (len(got.Steps) != goal+1 || p.Prediction().N != goal):
			t.Fatalf("goal %d: planned %v", goal, got.Steps)
		case !fits && len(got.Steps) != 0:
			t.Fatalf("budget %+v, goal %d: out of budget with the steps %v", b, goal, got.Steps)
		case got.Expanded > b.Tries:
			t.Fatalf("budget %+v: %d tries", b, got.Expanded)
		case !fits && !strings.Contains(err.Error(), "Budget.Steps (") && !strings.Contains(err.Error(), "Budget.Tries ("):
			t.Fatalf("out of budget, not saying which bound: %v", err)
		}
	})
}

// A runner out of budget fails, and says so.
func TestRunnerOutOfBudget(t *testing.T) {
	n := bt.New[counter]()
	tree, err := bt.Build(bt.Config[counter]{}, n.Plan("count", countDomain(t, decide.Budget{Steps: 5})))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	if s, _ := agent.Tick(&counter{Goal: 10}, time.Millisecond); s != bt.Failure {
		t.Fatalf("status %v", s)
	}
	plans := ofKind(rec.Events, bt.EventPlan)
	if len(plans) != 1 || plans[0].Plan.Change != decide.OutOfBudget || len(plans[0].Plan.Steps) != 0 {
		t.Fatalf("reports %+v", plans)
	}
}

// build builds the domain d describes over a catalogue of actions that
// acts declares, its root the first compound task d declares.
func build[M any](t testing.TB, acts func(b *catalogue.Builder[M]), d func(b *htn.Builder[M])) *htn.Domain[M] {
	t.Helper()
	var cb catalogue.Builder[M]
	acts(&cb)
	actions, err := cb.Build()
	if err != nil {
		t.Fatal(err)
	}
	b := htn.New(actions)
	d(b)
	dom, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return dom
}

// A pause point plans the first part now and the rest when the runner
// reaches it, on the world as it then is, the record going on.
func TestPause(t *testing.T) {
	var got []string
	say := func(s string) bt.Action[world] {
		return bt.Instant(func(w *world) bool { got = append(got, s); w.Foe++; return true }, nil)
	}
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("a", say("a")).Action("b", say("b")).Action("c", say("c"))
	}, func(d *htn.Builder[world]) {
		d.Compound("r").Method("m").Do("a").Pause().Do("next")
		d.Compound("next").
			Method("after a", constraints.Func("a done", func(w *world) bool { return w.Foe > 0 })).Do("b").
			Method("else").Do("c")
	})
	p := dom.NewSession()
	alone, err := p.Plan(&world{})
	if err != nil || !p.Paused() || !cmp.Equal(alone.Steps, []string{"a"}) {
		t.Fatalf("Plan: %+v, paused %v, %v", alone, p.Paused(), err)
	}
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	if s, err := agent.Tick(&world{}, time.Millisecond); s != bt.Success || err != nil {
		t.Fatalf("tick: %v %v", s, err)
	}
	// b, not c: the rest was planned on the world a left, not on the
	// world of the first plan.
	if !cmp.Equal(got, []string{"a", "b"}) {
		t.Errorf("ran %v", got)
	}
	var reports []string
	for _, e := range ofKind(rec.Events, bt.EventPlan) {
		reports = append(reports, e.Plan.Change.String()+" "+fmt.Sprint([]int(e.Plan.Record))+" "+e.Plan.Reason)
	}
	want := []string{"made [0] ", "made [0 0] the rest, after a pause"}
	if diff := cmp.Diff(want, reports); diff != "" {
		t.Errorf("reports (-want +got):\n%s", diff)
	}
}

// long is an action that runs until it is halted.
var long = bt.Lasting(func(*world, time.Duration) bt.Status { return bt.Running }, nil)

// A runner that plans again every tick replaces its plan only by one that
// outranks it; one that does not is reported as kept, and the running
// task goes on. Reports name the methods of a plan's record.
func TestKeptAndReplaced(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("x", long).Action("y", long).Action("z", long)
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("alarm", constraints.Func("sees", func(w *world) bool { return w.See })).Do("z").
			Method("work").Do("c")
		d.Compound("c").
			Method("first", constraints.Func("saw", func(w *world) bool { return w.Saw })).Do("x").
			Method("second").Do("y")
	})
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, n.Plan("run", dom, bt.Replan(0)))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var log []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch e.Kind {
		case bt.EventPlan:
			log = append(log, e.Plan.Change.String()+" "+fmt.Sprint([]int(e.Plan.Record))+" "+e.Plan.Path()+": "+e.Plan.Reason)
		case bt.EventBegin, bt.EventEnd:
			log = append(log, e.Kind.String()+" "+e.Path)
		}
	}))
	w := world{Saw: true}
	tick := func() {
		if _, err := agent.Tick(&w, time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	tick()        // [1 0]: x
	w.Saw = false // [1 1] does not outrank [1 0]: kept
	tick()        //
	w.See = true  // [0] outranks [1 0]: replaced in the tick
	tick()        //
	w.See = false // [1 1] does not outrank [0]
	tick()        //
	want := []string{
		"begin run",
		"made [1 0] [work/first]: ", "begin run/x",
		"kept [1 0] [work/first]: [work/second] does not outrank it",
		"end run/x", "replaced [0] [alarm]: outranks the running [work/first]", "begin run/z",
		"kept [0] [alarm]: [work/second] does not outrank it",
	}
	if diff := cmp.Diff(want, log); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A runner commits to its plan by default: without Replan or ReplanOn a
// plan that outranks the running one is not looked for, and the running
// task goes on.
func TestCommitsByDefault(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("x", long).Action("z", long)
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("alarm", constraints.Func("sees", func(w *world) bool { return w.See })).Do("z").
			Method("work").Do("x")
	})
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var log []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch e.Kind {
		case bt.EventPlan:
			log = append(log, e.Plan.Change.String()+" "+e.Plan.Path())
		case bt.EventBegin, bt.EventEnd:
			log = append(log, e.Kind.String()+" "+e.Path)
		}
	}))
	w := world{}
	agent.Tick(&w, time.Millisecond)
	w.See = true
	agent.Tick(&w, time.Millisecond)
	agent.Tick(&w, time.Millisecond)
	if diff := cmp.Diff([]string{"begin run", "made [work]", "begin run/x"}, log); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A task that fails live is taken as impossible while the runner plans
// again in the same tick, so a fallback method gets its turn; a tick
// with no plan left fails the runner, which reports every method and
// task turned down.
func TestTaskFails(t *testing.T) {
	allowed := constraints.Func("allowed", func(w *world) bool { return !w.See })
	begun := map[string]int{}
	act := func(name string, ok bool) bt.Action[world] {
		return bt.Instant(func(*world) bool { begun[name]++; return ok }, nil)
	}
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("bad", act("bad", false)).Action("ok", act("ok", true))
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("first", allowed).Do("bad").
			Method("fallback", allowed).Do("ok")
	})
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	agent, _ := tree.NewAgent(1)
	var got []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			p := e.Plan
			got = append(got, p.Change.String()+" "+fmt.Sprint([]int(p.Record))+": "+p.Reason)
			for _, r := range p.Rejected {
				got = append(got, "  "+r.Name+": "+r.Reason)
			}
		}
	}))
	w := world{}
	var statuses []bt.Status
	for i := range 2 {
		w.See = i == 1
		s, _ := agent.Tick(&w, time.Millisecond)
		statuses = append(statuses, s)
	}
	want := []string{
		"made [0]: ",
		"replaced [1]: bad failed", "  bad: failed in this tick", "  r/first: what followed could not be planned",
		"none []: no method of the root task leads to a plan", "  r/first: not allowed", "  r/fallback: not allowed",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reports (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]bt.Status{bt.Success, bt.Failure}, statuses); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if begun["bad"] != 1 || begun["ok"] != 1 {
		t.Errorf("begun %v: bad once, then the fallback once", begun)
	}
}

// Under a simulated selector, a runner predicts its whole plan, so the
// selector can weigh running the domain against other options; the
// preview follows the runner to the first task of its plan.
func TestRunnerUnderSelector(t *testing.T) {
	hit := func(w *world) { w.Foe-- }
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("hit", bt.Instant(func(w *world) bool { hit(w); return true }, hit))
	}, func(d *htn.Builder[world]) {
		d.Compound("combo").Method("twice").Do("hit", "hit")
	})
	judge := heuristic.Func[world](func(b, a *world) heuristic.Outcome {
		switch {
		case a.Foe <= b.Foe-2:
			return heuristic.Safe
		case a.Foe < b.Foe:
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{Heuristic: judge},
		n.Selector("choose",
			n.Do("jab", bt.Instant(func(w *world) bool { hit(w); return true }, hit)),
			n.Plan("plan", dom),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	w := world{Foe: 10}
	p, err := agent.Preview(&w, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Path; !cmp.Equal(got, []string{"choose", "choose/plan", "choose/plan/hit"}) {
		t.Errorf("preview path %v", got)
	}
	if c, ok := p.Decisions[0].Choice(); !ok || c.Name != "plan" || c.Verdict.Outcome != heuristic.Safe {
		t.Errorf("decision %+v", p.Decisions[0])
	}
	if _, err := agent.Tick(&w, time.Millisecond); err != nil || w.Foe != 8 {
		t.Errorf("tick: foe %d, %v", w.Foe, err)
	}
}

// After warm-up, a runner that plans every tick allocates nothing, nor
// does a planning runner begun afresh each tick.
func TestNoAllocations(t *testing.T) {
	agent, _ := tree(t, domain(t), bt.Replan(0)).NewAgent(1)
	w := world{Foe: 1000}
	n := 0
	tick := func() {
		n++
		w.See = n%7 < 3 // plans replaced, kept and made afresh
		w.Saw = n%5 == 0
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

// BenchmarkPlan plans the domain's longest plan from its root: an
// unarmed guard that sees a foe ([0 1 0]: uproot, slam), through a runner
// in a tree (planning, then beginning the first task; then a halt).
func BenchmarkPlan(b *testing.B) {
	agent, _ := tree(b, domain(b)).NewAgent(1)
	start := world{See: true, Foe: 5}
	w := start
	b.ReportAllocs()
	for b.Loop() {
		w = start
		agent.Tick(&w, time.Millisecond)
		agent.Halt(&w)
	}
}

// BenchmarkDomain100 plans through 100 compound tasks, each trying a
// method whose condition fails before the one that goes on: 200 tries and
// 100 steps a plan.
func BenchmarkDomain100(b *testing.B) {
	const n = 100
	dom := build(b, func(c *catalogue.Builder[world]) {
		c.Action("step", bt.Instant(func(w *world) bool { w.N++; return true }, func(w *world) { w.N++ }))
	}, func(d *htn.Builder[world]) {
		never := constraints.Func("never", func(*world) bool { return false })
		for i := range n {
			c := d.Compound("c"+strconv.Itoa(i)).Method("skip", never).Do("step").Method("go").Do("step")
			if i < n-1 {
				c.Do("c" + strconv.Itoa(i+1))
			}
		}
	})
	nb := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, nb.Plan("run", dom))
	if err != nil {
		b.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var w world
	b.ReportAllocs()
	for b.Loop() {
		w = world{}
		agent.Tick(&w, time.Millisecond)
		agent.Halt(&w)
	}
	if w.N == 0 {
		b.Fatal("nothing ran")
	}
}

// Under a selector that plans every tick, a running runner is predicted as
// the tick will run it: when its ReplanOn test will have a new plan
// replace the running one, the prediction is the new plan's.
func TestPredictionFollowsReplacement(t *testing.T) {
	threat := constraints.Func("threat", func(w *world) bool { return w.See })
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("hide", bt.Lasting(func(*world, time.Duration) bt.Status { return bt.Running }, func(w *world) { w.Checked-- }))
		b.Action("eat", bt.Lasting(func(*world, time.Duration) bt.Status { return bt.Running }, func(w *world) { w.Checked++ }))
	}, func(d *htn.Builder[world]) {
		d.Compound("live").Method("flee", threat).Do("hide").Method("eat").Do("eat")
	})
	judge := heuristic.Func[world](func(b, a *world) heuristic.Outcome {
		switch {
		case a.Checked < b.Checked:
			return heuristic.Harmful
		case a.Checked > b.Checked:
			return heuristic.Beneficial
		}
		return heuristic.Cosmetic
	})
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{Heuristic: judge},
		n.Selector("top", bt.Replan(0), bt.AllowNegative(),
			n.Do("work", bt.Lasting(func(*world, time.Duration) bt.Status { return bt.Running }, nil)),
			n.Plan("think", dom, bt.ReplanOn(func(w *world) bool { return w.Saw })),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var chosen []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			c, _ := e.Decision.Choice()
			chosen = append(chosen, c.Name+" "+c.Verdict.Outcome.String())
		}
	}))
	w := world{}
	agent.Tick(&w, time.Millisecond) // think: eat, Beneficial
	w.See, w.Saw = true, true        // news: the runner would replace eat with hide, Harmful
	agent.Tick(&w, time.Millisecond) // so the selector takes work instead, in this tick
	if diff := cmp.Diff([]string{"think Beneficial", "work Cosmetic"}, chosen); diff != "" {
		t.Errorf("decisions (-want +got):\n%s", diff)
	}
}

// A plan found beside the running one is reported as kept when it is
// another plan, and not at all when it is the running plan itself.
func TestKeptOrSilent(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("walk", long).Action("north", long).Action("south", long)
	}, func(d *htn.Builder[world]) {
		d.Compound("r").Method("go").Do("walk", "turn")
		d.Compound("turn").Method("either").Do("way")
		d.Compound("way").Method("one", constraints.Func("north", func(w *world) bool { return w.Bridge == 0 })).Do("north").
			Method("other").Do("south")
	})
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom, bt.Replan(0)))
	agent, _ := tree.NewAgent(1)
	var got []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			got = append(got, e.Plan.Change.String()+" "+fmt.Sprint([]int(e.Plan.Record)))
		}
	}))
	w := world{}
	agent.Tick(&w, time.Millisecond) // made [0 0 0]: walk, north
	agent.Tick(&w, time.Millisecond) // the same plan: nothing to report
	w.Bridge = 1
	agent.Tick(&w, time.Millisecond) // [0 0 1] does not outrank [0 0 0]: kept
	if diff := cmp.Diff([]string{"made [0 0 0]", "kept [0 0 0]"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// At a pause point, a plan from the root that outranks the paused plan
// takes over, even in a runner that never plans again otherwise;
// otherwise the rest of the method is planned.
func TestPauseGivesWay(t *testing.T) {
	var ran []string
	say := func(s string) bt.Action[world] {
		return bt.Instant(func(*world) bool { ran = append(ran, s); return true }, nil)
	}
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("eat", say("eat")).Action("walk", say("walk")).Action("plant", say("plant"))
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("hungry", constraints.Func("hungry", func(w *world) bool { return w.See })).Do("eat").
			Method("farm").Do("walk").Pause().Do("plant")
	})
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	agent, _ := tree.NewAgent(1)
	w := world{}
	seeing := bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventEnd && e.Path == "run/walk" {
			w.See = true // hungry by the time the walk is done; nothing plans again on it
		}
	})
	agent.SetTracer(seeing)
	agent.Tick(&w, time.Millisecond)
	if diff := cmp.Diff([]string{"walk", "eat"}, ran); diff != "" {
		t.Errorf("ran (-want +got):\n%s", diff)
	}
}

// An agent reloaded with a tree holding a runner gets a runner that plans,
// reports and previews as a fresh agent's does.
func TestReload(t *testing.T) {
	build := func() *bt.Tree[world] { return tree(t, domain(t), bt.Replan(0)) }
	agent, _ := build().NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	w := world{Foe: 5}
	agent.Tick(&w, time.Millisecond)
	if _, err := agent.Reload(build(), &w); err != nil {
		t.Fatal(err)
	}
	rec.Events = rec.Events[:0]
	w.See = true
	p, err := agent.Preview(&w, time.Millisecond)
	if err != nil || leaf(p) != "think/uproot" {
		t.Fatalf("preview after reload: %v %v", p.Path, err)
	}
	if _, err := agent.Tick(&w, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if plans := ofKind(rec.Events, bt.EventPlan); len(plans) != 1 || plans[0].Path != "think" {
		t.Fatalf("reports after reload: %+v", plans)
	}
}
