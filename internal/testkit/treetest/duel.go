package treetest

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
)

// Duel describes a small tree that uses every feature a picture or a
// trace shows: a re-planning selector with a constrained child, a
// sequence, a random selector with weights, and a decorator. Scripted
// actions make its run the same every time. Build it with DuelConfig.
func Duel() bt.Def[Mem] {
	var b bt.Builder[Mem]
	inReach := constraints.Func("in reach", func(m *Mem) bool { return m.Foe <= 5 })
	return b.Selector("duel", bt.Replan(0),
		b.Sequence("attack",
			b.Do("lunge", Act(nil, "lunge", HitFoe(1), bt.Running, bt.Success)),
			b.Do("riposte", Act(nil, "riposte", HitFoe(2))),
		).Constrain(inReach),
		b.RandomSelector("flourish", bt.Replan(300*time.Millisecond),
			b.Do("twirl", Act(nil, "twirl", Shine, bt.Running, bt.Running, bt.Success), bt.Weight(2)),
			b.Do("bow", Act(nil, "bow", Shine, bt.Running, bt.Success)),
		),
		b.Decorate("hold", decorators.ForceSuccess[Mem](),
			b.Do("guard", Act(nil, "guard", Nothing), bt.Cosmetic()),
		),
	)
}

// DuelConfig is the configuration a Duel is built with.
func DuelConfig() bt.Config[Mem] { return bt.Config[Mem]{Heuristic: Goal} }

// DuelRun ticks a duel tree for a second and a half with the foe stepping
// into reach halfway, which is when the attack becomes possible.
func DuelRun(t T, tree *bt.Agent[Mem]) {
	t.Helper()
	m := Mem{HP: 10, Foe: 9}
	for i := 0; i < 15; i++ {
		if i == 7 {
			m.Foe = 4
		}
		if _, err := tree.Tick(&m, 100*time.Millisecond); err != nil {
			t.Fatalf("tick %d: %v", i, err)
		}
	}
}
