package fsm_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/fsm"
)

// A guard whose states are in states: alive holds patrol and fight, and
// fight holds chase and attack. Alive's transition to dead leaves
// whatever the guard does in it; a hit takes a fighting guard out of
// fight to flinch, and flinch goes back into fight's attack, across two
// levels; fight goes back to patrol when the intruder is lost, from
// either of its substates.
func ExampleBuilder_In() {
	// snippet fsm-in
	b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	b.State("alive").To("dead", down)
	b.State("patrol").In("alive").Do("patrol").To("fight", inSight)
	b.State("fight").In("alive").To("patrol", lost).On("hit", "flinch")
	b.State("chase").In("fight").Do("chase").To("attack", inReach)
	b.State("attack").In("fight").Do("attack").To("chase", outOfReach)
	b.State("flinch").In("alive").Do("flinch").On(fsm.Succeeded, "attack")
	b.State("dead").Do("fall").Final()
	machine, err := b.Build()
	// end snippet fsm-in
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
	m := Guard{HP: 3}
	for tick := range 8 {
		switch tick {
		case 1:
			m.Intruder = 2
		case 4:
			m.Inbox.Post("hit")
		case 6:
			m.Intruder = 0
		case 7:
			m.HP = 0
		}
		guard.Tick(&m, 500*time.Millisecond)
	}
	// Output:
	//  0.5s  patrol initial state alive
	//  1.0s  chase  patrol → fight: in sight
	//  2.0s  attack chase → attack: in reach
	//  2.5s  flinch fight → flinch: on hit
	//  2.5s  attack flinch → attack: succeeded
	//  3.5s  patrol fight → patrol: lost
	//  4.0s  dead   alive → dead: down
}

// Transitions of several states the machine is in may fire at once: by
// default the outermost wins (those from any state first), and with
// InnerFirst the innermost, as in stateless and StateTree. Here a hit
// while attacking: the fight says flinch, the attack says strike back.
func ExampleBuilder_InnerFirst() {
	for _, inner := range []bool{false, true} {
		b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
		if inner {
			b.InnerFirst()
		}
		b.State("fight").On("hit", "flinch")
		b.State("attack").In("fight").Do("attack").On("hit", "riposte")
		b.State("riposte").In("fight").Do("flinch").On(fsm.Succeeded, "attack")
		b.State("flinch").Do("flinch").On(fsm.Succeeded, "fight")
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
		m := Guard{Intruder: 1}
		guard.Tick(&m, time.Second)
		m.Inbox.Post("hit")
		guard.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind == bt.EventPlan {
				fmt.Printf("inner first %-5v %s\n", inner, e.Plan.Reason)
			}
		}))
		guard.Tick(&m, time.Second)
	}
	// Output:
	// inner first false fight → flinch: on hit
	// inner first false flinch → fight: succeeded
	// inner first true  attack → riposte: on hit
	// inner first true  riposte → attack: succeeded
}
