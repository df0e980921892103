package decorators_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

// Constraints and decorators add no allocations: a tree with every kind of
// each, re-planning every tick, allocates nothing once warm.
func TestEveryKindAllocatesNothing(t *testing.T) {
	var rec *recorder // quiet: recording would allocate
	timer := func(m *mem) time.Duration { return time.Duration(m.Foe) * time.Millisecond }
	reach := constraints.Func("in reach", func(m *mem) bool { return m.Foe > 0 }, constraints.SkipWhileRunning())
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{
		Heuristic: goal,
		Model:     func(m *mem, dt time.Duration) { m.Shine++ },
	},
		n.Selector("root", bt.Replan(0),
			n.Decorate("fake", decorators.FakeSim(decorators.Fake[mem]{
				Edit: func(m *mem) { m.Shield = 0 }, Duration: time.Second, Gate: reach,
				Restore: func(b, a *mem) { a.HP = b.HP }, Floor: heuristic.Cosmetic,
			}),
				n.Do("swing", act(rec, "swing", hitFoe(1))).Constrain(constraints.All(reach, constraints.Not(constraints.Func("dead", func(m *mem) bool { return m.HP <= 0 }))), constraints.Any(constraints.Cooldown[mem](time.Second), constraints.Chance[mem](0.5)), constraints.Window("timer", timer, 0, time.Hour)),
			),
			n.Decorate("floor", decorators.Floor[mem](heuristic.Cosmetic),
				n.Decorate("goal", decorators.Goal[mem](goal),
					n.Decorate("invert", decorators.Invert[mem](),
						n.Decorate("succeed", decorators.ForceSuccess[mem](),
							n.Decorate("fail", decorators.ForceFailure[mem](),
								n.Do("x", act(rec, "x", shine)),
							),
						),
					),
				),
			),
			n.Decorate("repeat", decorators.Repeat[mem](2),
				n.Decorate("retry", decorators.Retry[mem](2),
					n.Decorate("timeout", decorators.Timeout[mem](time.Second),
						n.Decorate("delay", decorators.Delay[mem](50*time.Millisecond),
							n.Decorate("until failure", decorators.UntilFailure[mem](),
								n.Do("pose", act(rec, "pose", shine, bt.Running, bt.Success)),
							),
						),
					),
				),
			),
		))
	m := mem{HP: 100, Foe: 1 << 30, Shield: 1}
	for i := 0; i < 20; i++ {
		tree.Tick(&m, 100*time.Millisecond)
	}
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := tree.Tick(&m, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Tick allocated %v times per run", allocs)
	}
}
