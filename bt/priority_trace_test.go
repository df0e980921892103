package bt_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
)

// A priority's picks are traced as decisions, in the form of a
// selector's: the children passed over with the guard that failed, the
// one picked with the guard that passed; a reactive priority's take-over
// says so. Preview foresees the same decisions, and tracing them
// allocates nothing.
func TestPriorityDecisionsAreTraced(t *testing.T) {
	// not parallel: it counts allocations
	type alarm struct{ Fire, Smoke bool }
	wait := bt.Lasting(func(*alarm, time.Duration) bt.Status { return bt.Running }, nil)
	smoke := constraints.Func("smoke", func(a *alarm) bool { return a.Smoke }, constraints.WhenFalse("clear air"))
	n := bt.New[alarm]()
	tree, err := bt.Build(bt.Config[alarm]{},
		n.ReactivePriority("alarm",
			n.Sequence("evacuate", n.Condition("fire", func(a *alarm) bool { return a.Fire }), n.Do("ring", wait)),
			n.Do("ventilate", wait).Constrain(smoke),
			n.Do("idle", wait),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var got []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			got = append(got, e.Decision.String())
		}
	}))
	var previewed []string
	for _, a := range []alarm{{}, {}, {Smoke: true}, {Smoke: true, Fire: true}} {
		p, err := agent.Preview(&a, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range p.Decisions {
			previewed = append(previewed, d.String())
		}
		if _, err := agent.Tick(&a, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"alarm → idle (first in order) [evacuate: Impossible (fire: false), ventilate: Impossible (clear air), idle: Irrelevant (no guard)]",
		"alarm → ventilate (took over) [evacuate: Impossible (fire: false), ventilate: Irrelevant (smoke)]",
		"alarm → evacuate (took over) [evacuate: Irrelevant (fire)]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("traced decisions (-want +got):\n%s", diff)
	}
	// The first tick begins evacuate, whose condition then fails: the
	// preview's promise ends where a node the tick begins finishes, so it
	// foresees the pick of idle that follows no more than its Path does.
	if diff := cmp.Diff(want[1:], previewed); diff != "" {
		t.Errorf("previewed decisions (-want +got):\n%s", diff)
	}

	// Picking again and again, traced, allocates nothing.
	agent.SetTracer(bt.TracerFunc(func(*bt.Event) {}))
	calm, fire := alarm{}, alarm{Fire: true}
	if allocs := testing.AllocsPerRun(100, func() {
		agent.Tick(&calm, time.Second)
		agent.Tick(&fire, time.Second)
	}); allocs != 0 {
		t.Errorf("%v allocations a round, want 0", allocs)
	}
}

// A child that fails as it runs is told in the decision that follows as
// failed, not as it was judged when it was picked ticks before (which a
// restored agent, not having seen that pick, could not repeat).
func TestPriorityDecisionAfterAFailureAsItRan(t *testing.T) {
	type post struct{ Foes int }
	seen := constraints.Func("foes in sight", func(p *post) bool { return p.Foes > 0 })
	n := bt.New[post]()
	tree, err := bt.Build(bt.Config[post]{}, n.Priority("post",
		n.Do("fight", bt.Lasting(func(*post, time.Duration) bt.Status { return bt.Running }, nil)).Constrain(seen),
		n.Condition("rest", func(*post) bool { return true }),
	))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var got []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			got = append(got, e.Decision.String())
		}
	}))
	var foreseen []string
	for _, p := range []post{{Foes: 2}, {Foes: 0}} {
		preview, err := agent.Preview(&p, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range preview.Decisions {
			foreseen = append(foreseen, d.String())
		}
		if _, err := agent.Tick(&p, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"post → fight (first in order) [fight: Irrelevant (foes in sight)]",
		"post → rest (first in order) [fight: Impossible (failed as it ran), rest: Irrelevant (rest)]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("traced decisions (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, foreseen); diff != "" {
		t.Errorf("previewed decisions (-want +got):\n%s", diff)
	}
}
