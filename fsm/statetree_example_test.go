package fsm_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// guardOf puts a machine in a tree and returns an agent of it that
// prints each state it enters, and why.
func guardOf(machine *fsm.Machine[Guard], err error) *bt.Agent[Guard] {
	if err != nil {
		panic(err)
	}
	tree, err := bt.Build(bt.Config[Guard]{}, bt.New[Guard]().Plan("guard", machine))
	if err != nil {
		panic(err)
	}
	guard, _ := tree.NewAgent(1)
	guard.SetTracer(bt.TracerFunc(transitions))
	return guard
}

// Enter conditions: the fight enters the attack only in reach, and the
// chase otherwise, as StateTree selects a child state.
func ExampleBuilder_EnterIf() {
	// snippet fsm-enterif
	b := fsm.New(guardActions())
	b.State("patrol").Do("patrol").To("fight", inSight)
	b.State("fight").To("patrol", lost)
	b.State("attack").In("fight").EnterIf(inReach).Do("attack").To("chase", outOfReach)
	b.State("chase").In("fight").Do("chase").To("attack", inReach)
	// end snippet fsm-enterif
	guard := guardOf(b.Build())
	m := Guard{}
	for _, intruder := range []int{0, 1, 0, 3, -1, -1, -1} { // -1: as the chase leaves it
		if intruder >= 0 {
			m.Intruder = intruder
		}
		guard.Tick(&m, time.Second)
	}
	// Output:
	//  1.0s  patrol initial state patrol
	//  2.0s  attack patrol → fight: in sight
	//  3.0s  patrol fight → patrol: lost
	//  4.0s  chase  patrol → fight: in sight
	//  7.0s  attack chase → attack: in reach
}

// A transition delay: the guard that sights an intruder goes on
// patrolling for 500ms before it gives chase: sighted in the tick that
// ends at 0.4s, it gives chase in the first tick that ends after 0.9s.
func ExampleBuilder_Delay() {
	// snippet fsm-delay
	b := fsm.New(guardActions())
	b.State("patrol").Do("patrol").To("chase", inSight).Delay(500 * time.Millisecond)
	b.State("chase").Do("chase").To("patrol", lost)
	// end snippet fsm-delay
	guard := guardOf(b.Build())
	m := Guard{}
	for tick := range 6 {
		if tick == 1 {
			m.Intruder = 9
		}
		guard.Tick(&m, 200*time.Millisecond)
	}
	// Output:
	//  0.2s  patrol initial state patrol
	//  1.0s  chase  patrol → chase: in sight after 500ms
}

// Sentry is the memory of the example of state parameters: the post a
// sentry walks to, and its steps there.
type Sentry struct {
	Post  string
	Steps int
}

// State parameters: one action, walk, run by two states, walks to each
// state's post.
func ExampleBuilder_Params() {
	var c catalogue.Builder[Sentry]
	c.Action("walk", bt.Lasting(func(m *Sentry, _ time.Duration) bt.Status {
		m.Steps++
		fmt.Println("walks to the", m.Post, "post")
		return bt.Running
	}, nil))
	actions, err := c.Build()
	if err != nil {
		panic(err)
	}
	there := constraints.Func("there", func(m *Sentry) bool { return m.Steps == 2 })
	// snippet fsm-params
	b := fsm.New(actions)
	b.State("north").Do("walk").Params(func(m *Sentry) { m.Post, m.Steps = "north", 0 }).To("south", there)
	b.State("south").Do("walk").Params(func(m *Sentry) { m.Post, m.Steps = "south", 0 }).To("north", there)
	// end snippet fsm-params
	machine, err := b.Build()
	if err != nil {
		panic(err)
	}
	tree, err := bt.Build(bt.Config[Sentry]{}, bt.New[Sentry]().Plan("sentry", machine))
	if err != nil {
		panic(err)
	}
	sentry, _ := tree.NewAgent(1)
	m := Sentry{}
	for range 8 { // walk begins in one tick, and walks from the next
		sentry.Tick(&m, time.Second)
	}
	// Output:
	// walks to the north post
	// walks to the north post
	// walks to the south post
	// walks to the south post
	// walks to the north post
}

// Selecting a child state by utility: the fight enters whichever of its
// substates scores highest as it enters them, the attack close by, the
// chase further off.
func ExampleBuilder_Utility() {
	// snippet fsm-utility
	b := fsm.New(guardActions())
	b.State("patrol").Do("patrol").To("fight", inSight)
	b.State("fight").To("patrol", lost)
	b.State("attack").In("fight").Do("attack").Utility(func(m *Guard) float64 { return 3 - float64(m.Intruder) })
	b.State("chase").In("fight").Do("chase").Utility(func(m *Guard) float64 { return float64(m.Intruder) - 1 })
	// end snippet fsm-utility
	machine, err := b.Build()
	for _, intruder := range []int{1, 2, 4} {
		guard := guardOf(machine, err)
		m := Guard{}
		guard.Tick(&m, time.Second)
		m.Intruder = intruder
		guard.Tick(&m, time.Second)
	}
	// Output:
	//  1.0s  patrol initial state patrol
	//  2.0s  attack patrol → fight: in sight
	//  1.0s  patrol initial state patrol
	//  2.0s  attack patrol → fight: in sight
	//  1.0s  patrol initial state patrol
	//  2.0s  chase  patrol → fight: in sight
}
