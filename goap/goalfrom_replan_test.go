package goap_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/goap"
)

// A goal from the start ("two more than now") is judged, while its plan
// runs, against the memory the plan started from: planning again beside
// it (bt.Replan) does not move the goal on, and the runner succeeds once
// the plan it started reaches it.
func TestGoalFromSurvivesReplan(t *testing.T) {
	type Count struct{ N, Ticks int }
	var b catalogue.Builder[Count]
	b.Action("inc", bt.Lasting(func(c *Count, _ time.Duration) bt.Status {
		if c.Ticks++; c.Ticks%2 == 0 {
			c.N++
			return bt.Success
		}
		return bt.Running
	}, func(c *Count) { c.N++ }))
	cat, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.New(cat, func(c *Count) int { return c.N }).Do("inc").
		GoalFrom("two more", 1, func(start, m *Count) bool { return m.N >= start.N+2 }).Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[Count]()
	for i, opts := range [][]bt.Option{nil, {bt.Replan(0)}, {bt.Replan(time.Second)}} {
		t.Run([]string{"once", "Replan(0)", "Replan(1s)"}[i], func(t *testing.T) {
			tree, err := bt.Build(bt.Config[Count]{}, n.Plan("g", d, opts...))
			if err != nil {
				t.Fatal(err)
			}
			agent, _ := tree.NewAgent(1)
			var c Count
			for tick := 1; tick <= 8; tick++ {
				st, err := agent.Tick(&c, time.Second)
				if err != nil {
					t.Fatal(err)
				}
				if st == bt.Success {
					if c.N != 2 {
						t.Errorf("succeeded at N=%d, want 2", c.N)
					}
					return
				}
			}
			t.Errorf("no success in 8 ticks: N=%d (the goal moved on with each planning)", c.N)
		})
	}
}
