package trace_test

import (
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/trace"
)

// A priority's picks say why too: the guard that passed, and the guards
// before it that failed (a guarded child its guard refuses is not begun:
// it is refused, not stopped). A reactive priority that takes over from
// the running child says so.
func ExampleTimeline_priority() {
	type sentry struct {
		Hurt, Sees bool
		Steps      int
	}
	walk := bt.Lasting(func(s *sentry, dt time.Duration) bt.Status { s.Steps++; return bt.Running }, nil)
	hide := bt.Lasting(func(s *sentry, dt time.Duration) bt.Status { return bt.Running }, nil)
	shoot := bt.Instant(func(s *sentry) bool { return true }, nil)
	sees := constraints.Func("sees the intruder", func(s *sentry) bool { return s.Sees },
		constraints.WhenFalse("sees no one"))
	n := bt.New[sentry]()
	tree, err := bt.Build(bt.Config[sentry]{},
		n.ReactivePriority("sentry",
			n.Sequence("flee", n.Condition("hurt", func(s *sentry) bool { return s.Hurt }), n.Do("hide", hide)),
			n.Do("shoot", shoot).Constrain(sees),
			n.Do("walk", walk),
		))
	if err != nil {
		panic(err)
	}
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	s := sentry{}
	for tick := range 3 {
		s.Hurt = tick == 2
		agent.Tick(&s, 500*time.Millisecond)
	}
	// Output:
	//   0.50s  shoot              refused: sees no one
	//   0.50s  walk               first in order
	//                        not: flee (hurt: false) · shoot (sees no one)
	//   1.50s  hide               hurt, took over
}
