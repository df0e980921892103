package fsm_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/fsm"
)

// Triggers handled in place: a noise makes the patrolling guard turn its
// head without leaving its patrol (an internal transition), and a hit
// while it attacks is ignored, though the fight that holds the attack
// would flinch at one: the hit is taken, and nothing follows.
func ExampleBuilder_Internal() {
	// snippet fsm-internal
	turn := func(m *Guard, c fsm.Change) error {
		fmt.Printf("  %s: turns its head at the %s\n", c.From, c.Trigger)
		return nil
	}
	b := fsm.New(guardActions()).Inbox(func(m *Guard) *fsm.Inbox { return &m.Inbox })
	b.State("patrol").Do("patrol").Internal("noise", turn).To("fight", inSight)
	b.State("fight").To("patrol", lost).On("hit", "flinch")
	b.State("chase").In("fight").Do("chase").To("attack", inReach)
	b.State("attack").In("fight").Do("attack").Ignore("hit").To("chase", outOfReach)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "fight")
	machine, err := b.Build()
	// end snippet fsm-internal
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
	guard.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			fmt.Printf("%-6s %s (%s)\n", e.Plan.Goal, e.Plan.Reason, e.Plan.Change)
		}
	}))
	m := Guard{}
	for tick := range 6 {
		switch tick {
		case 1:
			m.Inbox.Post("noise")
		case 2:
			m.Intruder = 2
		case 3:
			m.Inbox.Post("hit") // while it chases
		case 4:
			m.Intruder = 1
		case 5:
			m.Inbox.Post("hit") // while it attacks
		}
		guard.Tick(&m, time.Second)
	}
	fmt.Println("inbox", m.Inbox.String())
	// Output:
	// patrol initial state patrol (made)
	// patrol patrol (internal): on noise (kept)
	//   patrol: turns its head at the noise
	// chase  patrol → fight: in sight (replaced)
	// flinch fight → flinch: on hit (replaced)
	// chase  flinch → fight: succeeded (replaced)
	// attack chase → attack: in reach (replaced)
	// attack attack (ignore): on hit (kept)
	// inbox []
}
