package fsm_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/fsm"
)

// A guard saved mid-chase, with a hit waiting in its inbox, and loaded
// into a fresh agent: the agent's save names the state its machine is in,
// the memory's the triggers waiting, and the loaded guard goes on from
// there as the guard saved would have: the hit makes it flinch, and it
// takes up the chase again.
func Example_save() {
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
	tree, err := bt.Build(bt.Config[Guard]{}, n.Plan("guard", machine))
	if err != nil {
		fmt.Println(err)
		return
	}
	guard, _ := tree.NewAgent(1)
	m := Guard{HP: 3, Intruder: 4}
	guard.Tick(&m, 500*time.Millisecond) // patrol, then chase
	m.Inbox.Post("hit")

	// Save the agent and, beside it, the memory.
	agentSave, err := guard.MarshalJSON()
	if err != nil {
		fmt.Println(err)
		return
	}
	memorySave, err := json.Marshal(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	var saved struct { // what the save says of the machine's node, the first
		Nodes []struct {
			Path, Kind string
			State      json.RawMessage
		}
	}
	if err := json.Unmarshal(agentSave, &saved); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, a %s: %s\n", saved.Nodes[0].Path, saved.Nodes[0].Kind, saved.Nodes[0].State)
	fmt.Printf("memory: %s\n", memorySave)

	// Load them into a fresh agent and memory, and go on.
	loaded, _ := tree.NewAgent(1)
	if err := loaded.UnmarshalJSON(agentSave); err != nil {
		fmt.Println(err)
		return
	}
	var lm Guard
	if err := json.Unmarshal(memorySave, &lm); err != nil {
		fmt.Println(err)
		return
	}
	loaded.SetTracer(bt.TracerFunc(transitions))
	loaded.Tick(&lm, 500*time.Millisecond)
	// Output:
	// guard, a planner: {"state":"chase","ended":"","history":"","set":"","delayed":"","due":0,"idle":""}
	// memory: {"Intruder":4,"HP":3,"Blows":0,"Inbox":["hit"]}
	//  1.0s  flinch any state → flinch: on hit
	//  1.0s  patrol flinch → patrol: succeeded
	//  1.0s  chase  patrol → chase: in sight
}
