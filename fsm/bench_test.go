package fsm_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// BenchmarkGuard ticks the tests' guard written two ways, as a machine
// and as the reactive tree of the same priorities, while it keeps on
// with a chase (steady: every guard checked, nothing changes) and while
// the world flips it between patrol and chase every tick (switching: a
// state left and another begun each tick).
func BenchmarkGuard(b *testing.B) {
	n := bt.New[mem]()
	machine := guardMachine(b)
	tree := n.ReactivePriority("guard",
		n.Sequence("dead", n.Condition("dead", func(m *mem) bool { return m.Dead }), actions.Do("fall")),
		n.Sequence("attack", n.Condition("near", func(m *mem) bool { return m.Near }), actions.Do("attack")),
		n.Sequence("chase", n.Condition("in sight", func(m *mem) bool { return m.Seen }), actions.Do("chase")),
		actions.Do("patrol"),
	)
	for _, d := range []struct {
		name string
		root bt.Def[mem]
	}{{"fsm", n.Plan("guard", machine)}, {"tree", tree}} {
		built, err := bt.Build(bt.Config[mem]{}, d.root)
		if err != nil {
			b.Fatal(err)
		}
		for _, switching := range []bool{false, true} {
			name := d.name + "/steady"
			if switching {
				name = d.name + "/switching"
			}
			b.Run(name, func(b *testing.B) {
				a, _ := built.NewAgent(1)
				m := mem{Seen: true}
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					if switching {
						m.Seen = i%2 == 0
					}
					if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
