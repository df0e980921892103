package goap_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/trace"
)

// Stages is the memory of a job done in stages, one action a stage.
type Stages struct{ Stage int8 }

// stagedJob is a job of four stages, a to d, each an action of two
// ticks that needs the stage before it done, and the goal that the job
// is done; the runner plans again every tick, spread over ticks by
// perTick.
func stagedJob(t testing.TB, perTick int) *bt.Agent[Stages] {
	t.Helper()
	var b catalogue.Builder[Stages]
	for i := range 4 {
		stage := int8(i)
		ticks := 0
		b.Action(string(rune('a'+i)), bt.Lasting(func(s *Stages, _ time.Duration) bt.Status {
			if ticks++; ticks < 2 {
				return bt.Running
			}
			s.Stage = stage + 1
			return bt.Success
		}, func(s *Stages) { s.Stage = stage + 1 }).OnBegin(func(*Stages) bt.Status { ticks = 0; return bt.Running }),
			constraints.Func("at stage "+strconv.Itoa(i), func(s *Stages) bool { return s.Stage == stage }))
	}
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.New(actions, func(s *Stages) Stages { return *s }).
		Do("a").Do("b").Do("c").Do("d").
		Goal("done", 1, func(s *Stages) bool { return s.Stage == 4 }).
		Budget(decide.Budget{PerTick: perTick}).Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[Stages]()
	tree, err := bt.Build(bt.Config[Stages]{}, n.Plan("job", d, bt.Replan(0)))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	return agent
}

// A planning spread over ticks beside a running plan finds, from the
// memory of the tick it started in, the plan that runs: when it ends,
// ticks later, the running plan has moved on, and the runner keeps it,
// as it does when it plans in one tick; it neither adopts the plan it
// found as new nor halts the step under way to do again what is done.
func TestSpreadPlanningKeepsTheRunningPlan(t *testing.T) {
	for _, perTick := range []int{0, 1, 2, 3} {
		agent := stagedJob(t, perTick)
		var rec trace.Recorder
		agent.SetTracer(&rec)
		s := Stages{}
		status := bt.Running
		for i := 0; i < 40 && status == bt.Running; i++ {
			status, _ = agent.Tick(&s, tick)
		}
		var begun, halted, changes []string
		for _, e := range rec.Events {
			switch {
			case e.Kind == bt.EventBegin && e.Path != "job":
				begun = append(begun, e.Path)
			case e.Kind == bt.EventEnd && e.Status == bt.Running:
				halted = append(halted, e.Path)
			case e.Kind == bt.EventPlan && e.Plan.Change != decide.Kept:
				changes = append(changes, e.Plan.Change.String()+": "+e.Plan.Reason)
			}
		}
		if status != bt.Success || !cmp.Equal(begun, []string{"job/a", "job/b", "job/c", "job/d"}) || len(halted) > 0 ||
			len(changes) != 1 {
			t.Errorf("PerTick %d: %v; began %v, halted %v, plans %q", perTick, status, begun, halted, changes)
		}
	}
}

// A running plan whose goal stops being relevant is dropped at once, the
// step under way halted, and the runner plans afresh, saying why: a
// forager that stops stocking food when it no longer needs to goes to
// rest, and does not finish foraging.
func TestIrrelevantGoalDropsItsPlan(t *testing.T) {
	b := goap.New(slow, campKey).
		Do("eat").Do("forage").Do("sleep").Do("hide").
		Goal("stocked", 2, stocked).Estimate(foodShort).Relevant(func(c *Camp) bool { return !c.News }).
		Goal("rested", 1, func(c *Camp) bool { return c.Tired < 10 })
	agent, rec, _ := camper(t, b)
	c := Camp{Hunger: 80}
	for range 3 {
		agent.Tick(&c, tick)
	}
	c.News = true // food no longer matters
	agent.Tick(&c, tick)
	got := plans(rec)
	want := "replaced: goal stocked is no longer relevant; now for goal rested (utility 1)"
	if len(got) != 2 || got[1] != want {
		t.Errorf("plans %q, want the second %q", got, want)
	}
	var halted []string
	for _, e := range ofKind(rec.Events, bt.EventEnd) {
		if e.Status == bt.Running {
			halted = append(halted, e.Path)
		}
	}
	if len(halted) != 1 || halted[0] != "camp/forage" {
		t.Errorf("halted %v, want the forage under way", halted)
	}
}
