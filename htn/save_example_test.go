package htn_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
)

// Farmer is the memory of a farmer who walks to the field and sows, and
// then, the plan paused to see the weather, rests if it rained or waters
// if not.
type Farmer struct {
	Rain bool
	Did  string
}

// farmer builds the farmer's tree: a game builds it again when it loads.
func farmer() (*bt.Tree[Farmer], error) {
	do := func(what string) bt.Action[Farmer] {
		return bt.Instant(func(f *Farmer) bool { f.Did += what + " "; return true }, nil)
	}
	walk := bt.Lasting(func(f *Farmer, _ time.Duration) bt.Status { f.Did += "walk "; return bt.Success }, nil)
	var a catalogue.Builder[Farmer]
	a.Action("walk", walk).Action("sow", do("sow")).Action("water", do("water")).Action("rest", do("rest"))
	actions, err := a.Build()
	if err != nil {
		return nil, err
	}
	d := htn.New(actions)
	d.Compound("day").Method("work").Do("walk", "sow").Pause().Do("after sowing")
	d.Compound("after sowing").
		Method("rained", constraints.Func("rain", func(f *Farmer) bool { return f.Rain })).Do("rest").
		Method("dry").Do("water")
	domain, err := d.Build()
	if err != nil {
		return nil, err
	}
	n := bt.New[Farmer]()
	return bt.Build(bt.Config[Farmer]{}, n.Plan("day", domain))
}

// An agent saved mid-plan keeps its runner's plan: the steps, the one
// under way, and what is left to plan after the pause, by name. Loaded
// into a fresh agent, it goes on with the walk, and plans the rest when
// it gets to the pause, on the world as it is then.
func Example_save() {
	tree, err := farmer()
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	var f Farmer
	agent.Tick(&f, time.Second) // the walk begins
	save, err := agent.MarshalJSON()
	if err != nil {
		fmt.Println(err)
		return
	}
	var saved struct {
		Nodes []struct {
			Path  string
			State json.RawMessage
		}
	}
	json.Unmarshal(save, &saved)
	fmt.Printf("%s: %s\n", saved.Nodes[0].Path, saved.Nodes[0].State)

	// Loading: the tree built again, a fresh agent, the memory saved
	// beside the agent.
	tree, _ = farmer()
	loaded, _ := tree.NewAgent(1)
	if err := loaded.UnmarshalJSON(save); err != nil {
		fmt.Println(err)
		return
	}
	loaded.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			fmt.Println(e.Plan.Change, e.Plan.Steps, e.Plan.Reason)
		}
	}))
	f.Rain = true
	loaded.Tick(&f, time.Second)
	fmt.Println(f.Did)
	// Output:
	// day: {"planned":1000000000,"steps":2,"step":"walk","step":"sow","pos":0,"record":[0],"method":"day/work","root":1,"paused":true,"rest":1,"subdomain":"","tasks":1,"task":"after sowing"}
	// made [rest] the rest, after a pause
	// walk sow rest
}
