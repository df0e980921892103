package fsm_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// Hooks: the game's code that the machine calls as it changes state,
// told the change. The guard shouts as it attacks (otherwise when a hit
// sent it), sheathes its sword as it stops, and the game logs every
// change. The guard never stops an attack before its first blow: a
// guard on leaving (LeaveIf) vetoes every transition out till then,
// which a preview foresees.
func ExampleBuilder_Entry() {
	// snippet fsm-hooks
	b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	b.Transitioned(func(m *Guard, c fsm.Change) error {
		from := c.From
		if from == "" {
			from = "(begins)"
		}
		fmt.Printf("  %s → %s", from, c.To)
		if c.Trigger != "" {
			fmt.Printf(" on %s", c.Trigger)
		}
		fmt.Println()
		return nil
	})
	b.State("patrol").Do("patrol").On("hit", "attack").To("attack", inReach)
	b.State("attack").Do("attack").To("patrol", lost).
		Entry(func(m *Guard, c fsm.Change) error {
			if c.Trigger == "hit" { // stateless's OnEntryFrom
				fmt.Println("shout: you'll pay for that!")
			} else {
				fmt.Println("shout: halt!")
			}
			return nil
		}).
		Exit(func(m *Guard, c fsm.Change) error {
			fmt.Println("sheathe the sword")
			return nil
		}).
		LeaveIf(constraints.Func("struck once", func(m *Guard) bool { return m.Blows > 0 }))
	machine, err := b.Build()
	// end snippet fsm-hooks
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
	m := Guard{}
	for tick := range 6 {
		switch tick {
		case 1:
			m.Inbox.Post("hit")
			m.Intruder = 1
		case 2:
			m.Intruder = 0 // lost, before the first blow: the guard strikes it
		}
		fmt.Printf("tick %d\n", tick)
		guard.Tick(&m, time.Second)
	}
	// Output:
	// tick 0
	//   (begins) → patrol
	// tick 1
	// shout: you'll pay for that!
	//   patrol → attack on hit
	// tick 2
	// tick 3
	// sheathe the sword
	//   attack → patrol
	// tick 4
	// tick 5
}
