package catalogue_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
)

// A planner plans a wait like any other step: bt.Wait declares how long
// it takes, so the plan's clock moves on by it and the gun has cooled
// when the second shot comes. The burst, two shots back to back, cannot
// be planned; the paced volley can.
func Example_waitForCooldown() {
	type Turret struct{ Shots int }
	shoot := func(t *Turret) { t.Shots++ }
	var b catalogue.Builder[Turret]
	b.Action("shoot", bt.Instant(func(t *Turret) bool { shoot(t); return true }, shoot),
		constraints.Cooldown[Turret](time.Second))
	b.Action("wait", bt.Wait[Turret](time.Second)) // takes a second, as it says
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	domain, err := htn.New(actions).
		Compound("volley").
		Method("burst").Do("shoot", "shoot").
		Method("paced").Do("shoot", "wait", "shoot").
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := domain.NewSession().Plan(&Turret{})
	fmt.Println(plan.Path(), plan.Steps, err)
	e, _ := actions.Entry("wait")
	fmt.Println("wait takes", e.Takes)
	// Output:
	// [paced] [shoot wait shoot] <nil>
	// wait takes 1s
}
