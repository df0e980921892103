package tour_test

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// The world of docs/04-htn.md: a courier who fetches a parcel from the
// depot and takes it to a client, whose door it learns on the road; and
// the troll of package troll.

// Courier is the courier's memory.
type Courier struct {
	At        string // "depot", "town", or a client's door
	Parcel    bool
	Client    string // the door the parcel goes to, once known
	Delivered int
}

// courierActions are the courier's actions.
func courierActions() (*catalogue.Catalogue[Courier], error) {
	act := func(effect func(c *Courier)) bt.Action[Courier] {
		return bt.Instant(func(c *Courier) bool { effect(c); return true }, effect)
	}
	atDepot := constraints.Func("at the depot", func(c *Courier) bool { return c.At == "depot" })
	known := constraints.Func("the door known", func(c *Courier) bool { return c.Client != "" })
	var b catalogue.Builder[Courier]
	b.Action("go to depot", act(func(c *Courier) { c.At = "depot" }))
	b.Action("load", act(func(c *Courier) { c.Parcel = true }), atDepot)
	b.Action("go to town", bt.Lasting(func(c *Courier, _ time.Duration) bt.Status { // a tick on the road
		c.At = "town"
		return bt.Success
	}, func(c *Courier) { c.At = "town" }))
	b.Action("go to door", act(func(c *Courier) { c.At = c.Client }), known)
	b.Action("hand over", act(func(c *Courier) { c.Parcel = false; c.Delivered++ }))
	return b.Build()
}

// A pause point plans a method up to it; the rest is planned when the
// runner gets there, on the world as it is then: here, once the client
// has called with the door.
func Example_courierPause() {
	actions, err := courierActions()
	if err != nil {
		fmt.Println(err)
		return
	}
	// snippet courier-pause
	d := htn.New(actions)
	d.Compound("deliver").
		Method("round").Do("go to depot", "load", "go to town").Pause().Do("go to door", "hand over")
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	session := domain.NewSession()
	plan, err := session.Plan(&Courier{At: "home"})
	fmt.Println(plan.Steps, "paused:", session.Paused(), err)

	n := bt.New[Courier]()
	tree, err := bt.Build(bt.Config[Courier]{}, n.Plan("courier", domain))
	if err != nil {
		fmt.Println(err)
		return
	}
	courier, _ := tree.NewAgent(1)
	courier.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	c := Courier{At: "home"}
	for tick := 1; tick <= 2; tick++ {
		if tick == 2 {
			c.Client = "no. 9" // the client calls while the courier is on the road
		}
		courier.Tick(&c, time.Second)
	}
	fmt.Println("at", c.At, "delivered", c.Delivered)
	// end snippet courier-pause

	// Output:
	// [go to depot load go to town] paused: true <nil>
	//   1.00s  courier            plan made [round]
	//                      steps: go to depot → load → go to town
	//   1.00s  go to depot        step 1 of 3 of plan [round]
	//   1.00s  load               step 2 of 3 of plan [round]
	//   1.00s  go to town         step 3 of 3 of plan [round]
	//   2.00s  courier            plan made [round]: the rest, after a pause
	//                      steps: go to door → hand over
	//   2.00s  go to door         step 1 of 2 of plan [round]
	//   2.00s  hand over          step 2 of 2 of plan [round]
	// at no. 9 delivered 1
}

// The troll's plans in the first seconds of its game: a plan is replaced
// only by one whose record outranks it, or when it fails or stops
// holding.
func Example_trollPlans() {
	printTrollPlans(troll.HTN, 9*time.Second)
	// Output:
	// time  change   why
	// 0.1s  made     [patrol]
	//       ChooseBridgeToCheck → NavigateToBridge → CheckBridge
	// 1.2s  made     [patrol]
	//       ChooseBridgeToCheck → NavigateToBridge → CheckBridge
	// 3.7s  made     [patrol]
	//       ChooseBridgeToCheck → NavigateToBridge → CheckBridge
	// 5.6s  replaced [attack/slam] outranks the running [patrol]
	//       NavigateToEnemy → DoTrunkSlam
	// 6.7s  made     [attack/slam]
	//       NavigateToEnemy → DoTrunkSlam
	// 7.3s  made     [attack/slam]
	//       NavigateToEnemy → DoTrunkSlam
	// 7.9s  made     [attack/rearm/slam]
	//       FindTrunk → NavigateToTrunk → UprootTrunk → NavigateToEnemy → DoTrunkSlam
}

// snippet troll-plans

// printTrollPlans runs the troll's game under decider d for a while, and
// prints every planning its planner node reports.
func printTrollPlans(d troll.Decider, run time.Duration) {
	tree, err := troll.NewTree(d)
	if err != nil {
		fmt.Println(err)
		return
	}
	game, err := troll.NewGame(tree, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("time  change   why")
	game.Agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			why := strings.TrimSpace(e.Plan.Path() + " " + e.Plan.Reason) // an HTN plan's methods, and why
			fmt.Printf("%.1fs  %-8v %s\n      %s\n", e.Time.Seconds(), e.Plan.Change, why, strings.Join(e.Plan.Steps, " → "))
		}
	}))
	if err := game.Run(run); err != nil {
		fmt.Println(err)
	}
}

// end snippet troll-plans
