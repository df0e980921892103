package bt_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// Wait, Succeed and Fail are the stock leaves. A Wait runs on the agent's
// clock; a prediction knows how long it takes, so a sequence predicted
// from its start ends a second and a half later.
func ExampleWait() {
	type Turret struct{ Shots int }
	fire := bt.Instant(func(t *Turret) bool { t.Shots++; return true }, func(t *Turret) { t.Shots++ })
	n := bt.New[Turret]()
	tree, err := bt.Build(bt.Config[Turret]{},
		n.Priority("turret",
			n.Sequence("volley", n.Do("fire", fire), n.Wait("cool down", 1500*time.Millisecond), n.Do("fire again", fire)),
			n.Succeed("idle"),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	agent, _ := tree.NewAgent(1)
	var t Turret
	for tick := 1; tick <= 4; tick++ {
		status, _ := agent.Tick(&t, 500*time.Millisecond)
		fmt.Printf("%v: %v, %d shots\n", agent.Now(), status, t.Shots)
	}
	// Output:
	// turret  priority
	// ├─ volley  sequence
	// │  ├─ fire  action
	// │  ├─ cool down  wait 1.5s
	// │  └─ fire again  action
	// └─ idle  action
	// 500ms: Running, 1 shots
	// 1s: Running, 1 shots
	// 1.5s: Running, 1 shots
	// 2s: Success, 2 shots
}
