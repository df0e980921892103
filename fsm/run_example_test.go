package fsm_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// Asking an agent's machine about itself: the state it stands in, the
// states it is in, whether a trigger would fire a transition now (and why
// not), which triggers would; and setting its state, which the next tick
// enters.
func ExampleAt() {
	// snippet fsm-run
	armed := constraints.Func("armed", func(m *Guard) bool { return m.HP > 1 })
	b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	b.State("alive").To("dead", down).On("horn", "patrol")
	b.State("patrol").In("alive").Do("patrol").To("chase", inSight).On("hit", "attack", armed).Ignore("noise")
	b.State("chase").In("alive").Do("chase").To("patrol", lost)
	b.State("attack").In("alive").Do("attack").To("patrol", lost)
	b.State("dead").Do("fall").Final()
	machine, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := bt.Build(bt.Config[Guard]{}, bt.New[Guard]().Plan("guard", machine))
	if err != nil {
		fmt.Println(err)
		return
	}
	guard, _ := tree.NewAgent(1)
	m := Guard{HP: 1}
	guard.Tick(&m, time.Second)

	run, err := fsm.At(guard, "guard") // the machine node's path
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("state:", run.State(), "| in alive:", run.In("alive"))
	fmt.Println(run.Can(&m, "hit"))
	fmt.Println(run.Can(&m, "bark"))
	fmt.Println("triggers:", run.Triggers(&m, nil))
	if err := run.Set("attack"); err != nil {
		fmt.Println(err)
		return
	}
	m.Intruder = 3
	guard.Tick(&m, time.Second)
	fmt.Println("state:", run.State())
	// end snippet fsm-run

	// Output:
	// state: patrol | in alive: true
	// false patrol → attack: not armed
	// false no transition of patrol, of a state that holds it or from any state waits for bark
	// triggers: [horn noise]
	// state: attack
}
