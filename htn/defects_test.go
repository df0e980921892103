package htn_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/internal/decider"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
)

// reports returns the plan reports a recorder saw, each as
// "change record: reason".
func reports(rec *trace.Recorder) []string {
	var out []string
	for _, e := range ofKind(rec.Events, bt.EventPlan) {
		out = append(out, e.Plan.Change.String()+" "+e.Plan.Path()+": "+e.Plan.Reason)
	}
	return out
}

// A task under way that a new plan holds later, not first, is planned as
// begun afresh there: its start condition is checked, so the runner does
// not adopt a plan it cannot run, halting the task for nothing.
func TestRunningTaskStartsAfreshLaterInAPlan(t *testing.T) {
	rested := constraints.Func("rested", func(w *world) bool { return w.Trunk > 0 }, constraints.SkipWhileRunning())
	hungry := constraints.Func("hungry", func(w *world) bool { return w.See })
	var ran []string
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("walk", step('w', 3, func(*world) {}), rested)
		b.Action("eat", bt.Instant(func(*world) bool { ran = append(ran, "eat"); return true }, nil))
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("hungry", hungry).Do("eat", "walk").
			Method("stroll").Do("walk")
	})
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, n.Plan("run", dom, bt.Replan(0)))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	w := world{Trunk: 1}
	var statuses []bt.Status
	for i := range 4 {
		if i == 1 { // tired now, and hungry: eating first would leave the walk unable to begin
			w.Trunk, w.See = 0, true
		}
		s, err := agent.Tick(&w, time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		statuses = append(statuses, s)
	}
	if diff := cmp.Diff([]bt.Status{bt.Running, bt.Running, bt.Running, bt.Success}, statuses); diff != "" || len(ran) != 0 {
		t.Errorf("statuses (-want +got):\n%s\nran %v", diff, ran)
	}
}

// At a pause whose rest cannot be planned, the runner goes on with the
// plan from the root it found there, though it ranks below the paused
// one, rather than failing and throwing it away.
func TestPauseFallsBackOnTheRootPlan(t *testing.T) {
	var ran []string
	say := func(s string, effect func(*world)) bt.Action[world] {
		return bt.Instant(func(w *world) bool { ran = append(ran, s); effect(w); return true }, effect)
	}
	fresh := constraints.Func("fresh", func(w *world) bool { return w.Foe == 0 })
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("a", say("a", func(w *world) { w.Foe = 1 })).Action("b", say("b", func(*world) {})).
			Action("c", say("c", func(*world) {}))
	}, func(d *htn.Builder[world]) {
		d.Compound("r").
			Method("m", fresh).Do("a").Pause().Do("s").
			Method("fallback").Do("c")
		d.Compound("s").Method("x", see).Do("b")
	})
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	agent, _ := tree.NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	if s, err := agent.Tick(&world{}, time.Millisecond); s != bt.Success || err != nil {
		t.Errorf("tick: %v %v", s, err)
	}
	want := []string{"made [m]: ", "replaced [fallback]: the rest after the pause cannot be planned"}
	if diff := cmp.Diff(want, reports(&rec)); diff != "" {
		t.Errorf("reports (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "c"}, ran); diff != "" {
		t.Errorf("ran (-want +got):\n%s", diff)
	}
}

// An endless patrol, a walk, a pause and the patrol again, keeps a record
// of the same few methods however long it walks: a plan that goes on
// past a pause keeps of the paused plan's record only what the planning
// from the root made, which is all a plan from the root is ranked
// against.
func TestEndlessPatrolKeepsItsRecordShort(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("walk", bt.Instant(func(w *world) bool { w.Checked++; return true }, nil)).Action("sit", noop)
	}, func(d *htn.Builder[world]) {
		d.Compound("patrol").
			Method("walk on").Do("walk").Pause().Do("patrol").
			Method("rest", see).Do("sit")
	})
	n := bt.New[world]()
	tree, _ := bt.Build(bt.Config[world]{}, n.Plan("run", dom, bt.Replan(0)))
	agent, _ := tree.NewAgent(1)
	longest := 0
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			longest = max(longest, len(e.Plan.Record), len(e.Plan.Methods))
		}
	}))
	w := world{}
	for range 500 {
		if s, err := agent.Tick(&w, time.Millisecond); s != bt.Running || err != nil {
			t.Fatalf("after %d walks: %v %v", w.Checked, s, err)
		}
	}
	if w.Checked < 500 || longest > 2 {
		t.Errorf("%d walks; the longest record reported held %d methods", w.Checked, longest)
	}
}

// deepChild is set in the environment of the program that
// TestRecursionIsBoundedByTheBudget runs.
const deepChild = "FORESIGHT_HTN_DEEP_CHILD"

// A method that recurses without end (its way out never applies) runs
// the planning to its budget, however large: the planner's choices live
// on a stack of its own, on the heap, so a budget many times what a
// goroutine's stack could hold ends with ErrOutOfBudget, not with a stack
// overflow, which no recover catches. The planning runs in a program of
// its own with a small goroutine stack (16 MiB; a recursive planner
// needs some 500 bytes a decomposition), so that a crash fails the test
// rather than the test binary.
func TestRecursionIsBoundedByTheBudget(t *testing.T) {
	const tries = 200_000
	never := constraints.Func("never", func(*world) bool { return false })
	deep := func(t testing.TB) *htn.Domain[world] {
		var cb catalogue.Builder[world]
		actions, err := cb.Action("a", noop).Build()
		if err != nil {
			t.Fatal(err)
		}
		d, err := htn.New(actions).Compound("r").
			Method("deeper").Do("r").
			Method("out", never).Do("a").
			Budget(decide.Budget{Tries: tries}).Build()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if os.Getenv(deepChild) == "1" {
		debug.SetMaxStack(16 << 20)
		plan, err := deep(t).NewSession().Plan(&world{})
		fmt.Printf("expanded %d: %v\n", plan.Expanded, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestRecursionIsBoundedByTheBudget$", "-test.count=1")
	cmd.Env = append(os.Environ(), deepChild+"=1")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the planning did not end within 2 minutes:\n%s", out)
	}
	want := fmt.Sprintf("expanded %d: htn: %v", tries, decider.Spent(decide.Budget{Tries: tries}, "Tries"))
	if err != nil || !strings.Contains(string(out), want) {
		var exit *exec.ExitError
		if errors.As(err, &exit) && strings.Contains(string(out), "stack overflow") {
			t.Fatalf("the planning overflowed the stack: %s", firstLines(string(out), 3))
		}
		t.Fatalf("%v; want %q in:\n%s", err, want, firstLines(string(out), 20))
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
