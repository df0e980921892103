package fsm_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/fsm"
)

// A Strike is what a hit carries: who struck, and how hard.
type Strike struct {
	By     string
	Damage int
}

// Triggers with payloads of their own: two hits in one frame, each with
// its strike. A guard on the payload sends a hard one to stagger, a hook
// reads who struck, and the machine reports the triggers no transition
// took (a shout, here) at the end of the tick, and drops them.
func ExampleEvent() {
	// snippet fsm-event
	const hit fsm.Event[Strike] = "hit"
	hard := fsm.Payload(hit, "hard", func(m *Guard, s Strike) bool { return s.Damage >= 3 })
	b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	b.Unhandled(func(m *Guard, c fsm.Change) error {
		fmt.Printf("  no state took %q in %s\n", c.Trigger, c.From)
		return nil
	})
	b.State("patrol").Do("patrol").
		On(hit.Trigger(), "stagger", hard).
		On(hit.Trigger(), "flinch")
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	b.State("stagger").Do("fall").To("patrol", lost).
		Entry(func(m *Guard, c fsm.Change) error {
			if s, ok := hit.Of(c); ok {
				fmt.Printf("  staggered by the %s\n", s.By)
			}
			return nil
		})
	machine, err := b.Build()
	// end snippet fsm-event
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
	guard.SetTracer(bt.TracerFunc(transitions))
	m := Guard{Intruder: 1}
	guard.Tick(&m, time.Second)
	hit.Post(&m.Inbox, Strike{By: "goblin", Damage: 1})
	hit.Post(&m.Inbox, Strike{By: "troll", Damage: 5})
	m.Inbox.Post("shout")
	guard.Tick(&m, time.Second)
	fmt.Println("inbox", m.Inbox.String())
	// Output:
	//  1.0s  patrol initial state patrol
	//  2.0s  flinch patrol → flinch: on hit
	//  2.0s  patrol flinch → patrol: succeeded
	//  2.0s  stagger patrol → stagger: on hit and hard
	//   staggered by the troll
	//   no state took "shout" in stagger
	// inbox []
}
