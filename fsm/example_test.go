package fsm_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/fsm"
)

// Guard is what the examples' guard knows: how far the intruder is (0
// when none is in sight), its own health, and the events posted to it.
type Guard struct {
	Intruder int // steps away; 0: none in sight
	HP       int
	Blows    int
	Inbox    fsm.Inbox
}

// guardActions are the examples' action library, declared once.
func guardActions() *catalogue.Catalogue[Guard] {
	walk := func(m *Guard, _ time.Duration) bt.Status { return bt.Running }
	var b catalogue.Builder[Guard]
	b.Action("patrol", bt.Lasting(walk, nil))
	b.Action("chase", bt.Lasting(func(m *Guard, _ time.Duration) bt.Status {
		m.Intruder--
		return bt.Running
	}, func(m *Guard) { m.Intruder = 1 }))
	b.Action("attack", bt.Lasting(func(m *Guard, _ time.Duration) bt.Status {
		m.Blows++
		return bt.Running
	}, func(m *Guard) { m.Blows++ }))
	b.Action("flinch", bt.Instant(func(*Guard) bool { return true }, nil))
	b.Action("fall", bt.Lasting(walk, nil))
	actions, err := b.Build()
	if err != nil {
		panic(err)
	}
	return actions
}

// The guard's conditions, as constraints: transitions' guards.
var (
	inSight    = constraints.Func("in sight", func(m *Guard) bool { return m.Intruder > 0 })
	lost       = constraints.Func("lost", func(m *Guard) bool { return m.Intruder == 0 })
	inReach    = constraints.Func("in reach", func(m *Guard) bool { return m.Intruder == 1 })
	outOfReach = constraints.Func("out of reach", func(m *Guard) bool { return m.Intruder > 1 })
	down       = constraints.Func("down", func(m *Guard) bool { return m.HP <= 0 })
)

// transitions prints each state a machine node enters, and why.
func transitions(e *bt.Event) {
	if e.Kind == bt.EventPlan {
		fmt.Printf("%4.1fs  %-6s %s\n", e.Time.Seconds(), e.Plan.Goal, e.Plan.Reason)
	}
}

// A guard written as a state machine over a catalogue of actions: it
// patrols, chases what it sees, attacks it in reach, flinches when hit
// (a trigger), and falls when its health is gone, whatever it was doing.
func Example() {
	// snippet fsm-guard
	b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	b.Any().To("dead", down).On("hit", "flinch")
	b.State("patrol").Do("patrol").To("chase", inSight)
	b.State("chase").Do("chase").To("attack", inReach).To("patrol", lost)
	b.State("attack").Do("attack").To("chase", outOfReach).To("patrol", lost)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	b.State("dead").Do("fall").Final()
	machine, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Guard]()
	tree, err := bt.Build(bt.Config[Guard]{}, n.Plan("guard", machine)) // a machine is a node of a tree
	if err != nil {
		fmt.Println(err)
		return
	}
	guard, _ := tree.NewAgent(1)
	guard.SetTracer(bt.TracerFunc(transitions))
	m := Guard{HP: 3}
	for tick := range 10 {
		switch tick {
		case 2:
			m.Intruder = 3 // spotted, three steps away
		case 6:
			m.Inbox.Post("hit")
		case 8:
			m.HP = 0
		}
		guard.Tick(&m, 500*time.Millisecond)
	}
	fmt.Printf("blows %d\n", m.Blows)
	// end snippet fsm-guard

	// Output:
	//  0.5s  patrol initial state patrol
	//  1.5s  chase  patrol → chase: in sight
	//  3.0s  attack chase → attack: in reach
	//  3.5s  flinch any state → flinch: on hit
	//  3.5s  patrol flinch → patrol: succeeded
	//  3.5s  chase  patrol → chase: in sight
	//  3.5s  attack chase → attack: in reach
	//  4.5s  dead   any state → dead: down
	// blows 1
}

// A machine drawn as a state diagram (package draw) from its
// description, coloured by the state an agent's machine is in and the
// transition that took it there: the last report of its node.
func ExampleMachine_Nodes() {
	// snippet fsm-draw
	b := fsm.New(guardActions())
	b.Any().To("dead", down)
	b.State("patrol").Do("patrol").To("chase", inSight)
	b.State("chase").Do("chase").To("patrol", lost)
	b.State("dead").Do("fall").Final()
	machine, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	last := &decide.Report{Change: decide.Replaced, Reason: "patrol → chase: in sight", Plan: decide.Plan{Goal: "chase"}}
	pic := draw.Machine{Title: "guard", Nodes: machine.Nodes(), Last: last}
	if err := pic.Mermaid(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// end snippet fsm-draw

	// Output:
	// ---
	// title: "guard"
	// ---
	// stateDiagram-v2
	//   state "patrol" as s0
	//   state "chase" as s1
	//   state "dead" as s2
	//   state "any state" as any
	//   [*] --> s0
	//   any --> s2 : down
	//   s0 --> s1 : in sight (last)
	//   s1 --> s0 : lost
	//   s2 --> [*]
	//   classDef current fill:#a1d99b,stroke-width:3px
	//   class s1 current
}

// A state may run another machine, which nests: the enclosing machine's
// transitions come first, and leaving the state halts the inner machine.
// With History, the inner machine comes back to the state it was
// interrupted in.
func ExampleBuilder_History() {
	// snippet fsm-history
	actions := guardActions()
	inner := fsm.New(actions).History()
	inner.State("patrol").Do("patrol").To("chase", inSight)
	inner.State("chase").Do("chase").To("patrol", lost)
	fight, err := inner.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Guard]()
	outer := fsm.New(actions).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	outer.State("fight").Run(n.Plan("", fight)).On("hit", "flinch")
	outer.State("flinch").Do("flinch").On(fsm.Succeeded, "fight")
	machine, err := outer.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := bt.Build(bt.Config[Guard]{}, n.Plan("guard", machine))
	if err != nil {
		fmt.Println(err)
		return
	}
	guard, _ := tree.NewAgent(1)
	guard.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			fmt.Printf("%-11s %s\n", e.Path, e.Plan.Reason)
		}
	}))
	m := Guard{Intruder: 5}
	guard.Tick(&m, time.Second)
	m.Inbox.Post("hit")
	guard.Tick(&m, time.Second)
	// end snippet fsm-history

	// Output:
	// guard       initial state fight
	// guard/fight initial state patrol
	// guard/fight patrol → chase: in sight
	// guard       fight → flinch: on hit
	// guard       flinch → fight: succeeded
	// guard/fight history: back to chase
}
