package jobs_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/jobs"
)

// progress likes being safe, and a path found or walked.
var progress = heuristic.Func[world](func(b, a *world) heuristic.Outcome {
	switch {
	case a.Fled > b.Fled:
		return heuristic.Safe
	case a.Found > b.Found || a.At != b.At:
		return heuristic.Beneficial
	}
	return heuristic.Irrelevant
})

// colonyActions is a catalogue whose "find path" is a leaf of package
// jobs: an entry every decider takes by name.
func colonyActions(t *testing.T, sys jobs.System) *catalogue.Catalogue[world] {
	t.Helper()
	find := jobs.New(request, jittery, deliver).On(sys).Takes(time.Second).
		Effect(func(w *world) { w.Found++; w.Path = 1 })
	away := constraints.Func("away from the goal", func(w *world) bool { return w.At != w.Goal })
	var b catalogue.Builder[world]
	b.Leaf("find path", find, away)
	b.Action("follow", follow)
	b.Action("flee", flee, threatened)
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions
}

// The leaf works under every decider, from a catalogue entry: under a
// simulated selector, a priority, an HTN plan, a GOAP plan and a state
// machine, the colonist finds its path and walks it, and a threat that
// comes while it waits for the path halts the job under way (a
// selector, a priority, an HTN plan replaced) or not (the machine and the
// GOAP plan, which do not look): every Begin has its End.
func TestUnderEveryDecider(t *testing.T) {
	var g jobs.Goroutines
	defer checkNoLeak(t, runtime.NumGoroutine())
	defer g.Wait()
	actions := colonyActions(t, &g)
	n := bt.New[world]()
	live, err := htn.New(actions).Compound("live").
		Method("flee", threatened).Do("flee").
		Method("walk").Do("find path", "follow").Build()
	if err != nil {
		t.Fatal(err)
	}
	arrive, err := goap.New(actions, func(w *world) world { return *w }).Do("find path").Do("follow").
		Goal("arrive", 1, func(w *world) bool { return w.At == w.Goal && w.Found > 0 }).Build()
	if err != nil {
		t.Fatal(err)
	}
	machine, err := fsm.New(actions).
		State("find").Do("find path").On(fsm.Succeeded, "walk").
		State("walk").Do("follow").On(fsm.Succeeded, "find").Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		tree   bt.Def[world]
		halted bool // a threat halts the job under way
	}{
		{"selector", n.Selector("pick", bt.Replan(0), actions.Do("flee"), n.Sequence("walk", actions.Do("find path"), actions.Do("follow"))), true},
		{"priority", n.ReactivePriority("pick", actions.Do("flee"), n.Sequence("walk", actions.Do("find path"), actions.Do("follow"))), true},
		{"htn", n.Plan("live", live, bt.Replan(0)), true},
		{"goap", n.Plan("arrive", arrive), false},
		{"fsm", n.Plan("machine", machine), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tree, err := bt.Build(bt.Config[world]{Heuristic: progress}, tt.tree)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := tree.NewAgent(1)
			var ends []string
			open := 0
			a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
				if !strings.HasSuffix(e.Path, "find path") {
					return
				}
				switch e.Kind {
				case bt.EventBegin:
					open++
				case bt.EventEnd:
					open--
					ends = append(ends, e.Status.String())
				}
			}))
			w := world{Goal: 3}
			for k := range 12 {
				w.Threat = k == 1 // while the first path is sought
				if _, err := a.Tick(&w, time.Second); err != nil {
					t.Fatal(err)
				}
			}
			if err := a.Halt(&w); err != nil {
				t.Fatal(err)
			}
			if w.Found == 0 || w.At != w.Goal || open != 0 {
				t.Errorf("found %d paths, at %d of %d, %d begins without their end", w.Found, w.At, w.Goal, open)
			}
			if halted := len(ends) > 0 && ends[0] == "Running"; halted != tt.halted {
				t.Errorf("the first run of the leaf ended %v; want it halted: %v", ends, tt.halted)
			}
		})
	}
}

// A planner plans the wait: the plan chains the job's expected duration
// (Takes) before the steps after it, so that a colonist who starves in
// five seconds eats before it seeks a path that takes ten, and after one
// that takes one.
func TestPlannerPlansTheWait(t *testing.T) {
	var q jobs.Queue
	defer q.RunAll()
	for _, tt := range []struct {
		takes time.Duration
		want  string
	}{
		{time.Second, "find path → eat"},
		{10 * time.Second, "eat → find path"},
	} {
		find := jobs.New(request, route, deliver).On(&q).Takes(tt.takes).Effect(func(w *world) { w.Found++ })
		fed := constraints.Func("not starving", func(w *world) bool { return w.Walked < 5000 })
		eat := bt.Instant(func(w *world) bool { w.Walked = 0; return true }, func(w *world) { w.Walked = 0 })
		var b catalogue.Builder[world]
		b.Leaf("find path", find)
		b.Action("eat", eat, fed)
		actions, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		day, err := htn.New(actions).Compound("day").
			Method("walk first").Do("find path", "eat").
			Method("eat first").Do("eat", "find path").Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[world]{Model: func(w *world, dt time.Duration) { w.Walked += int(dt / time.Millisecond) }},
			bt.New[world]().Plan("day", day))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := tree.NewAgent(1)
		var plan []string
		a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind == bt.EventPlan && plan == nil {
				plan = append(plan, e.Plan.Steps...)
			}
		}))
		if _, err := a.Tick(&world{Goal: 4}, time.Second); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(plan, " → "); got != tt.want {
			t.Errorf("takes %v: plan %s, want %s", tt.takes, got, tt.want)
		}
	}
}
