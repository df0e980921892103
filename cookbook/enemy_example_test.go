package cookbook_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/htn"
)

// Enemy is what the HTN document's enemy knows.
type Enemy struct {
	HP       int
	PlayerHP int
	Dist     int           // steps to the player
	Busy     time.Duration // what is left of the action under way
	Rested   bool          // it rested since its health ran low
	Inbox    fsm.Inbox     // "hit" when the player lands a blow
}

// enemyActions are the enemy's actions, declared once: a blow of a combo,
// a rest, a step toward the player, an attack in range, a wait, and the
// reactions to a blow and to death.
func enemyActions() (*catalogue.Catalogue[Enemy], error) {
	takes := func(d time.Duration, effect func(e *Enemy)) bt.Action[Enemy] {
		return bt.Lasting(func(e *Enemy, dt time.Duration) bt.Status {
			if e.Busy -= dt; e.Busy > 0 {
				return bt.Running
			}
			if effect != nil {
				effect(e)
			}
			return bt.Success
		}, effect).OnBegin(func(e *Enemy) bt.Status { e.Busy = d; return bt.Running })
	}
	playerUp := constraints.Func("the player up", func(e *Enemy) bool { return e.PlayerHP > 0 })
	inRange := constraints.Func("in range", func(e *Enemy) bool { return e.Dist <= 1 })
	var b catalogue.Builder[Enemy]
	b.Action("combo", takes(500*time.Millisecond, func(e *Enemy) { e.PlayerHP -= 5 }), playerUp, inRange)
	b.Action("rest", takes(2*time.Second, func(e *Enemy) { e.HP += 30; e.Rested = true }))
	b.Action("track", bt.Lasting(func(e *Enemy, _ time.Duration) bt.Status {
		if e.Dist > 1 {
			e.Dist--
		}
		if e.Dist <= 1 {
			return bt.Success
		}
		return bt.Running
	}, func(e *Enemy) { e.Dist = 1 }), playerUp)
	b.Action("attack", takes(time.Second, func(e *Enemy) { e.PlayerHP -= 10 }), playerUp, inRange)
	b.Action("idle", takes(3*time.Second, nil))
	b.Action("flinch", takes(500*time.Millisecond, nil))
	b.Action("die", bt.Lasting(func(*Enemy, time.Duration) bt.Status { return bt.Running }, nil))
	return b.Build()
}

// The HTN document's enemy, as that document advises in the end: an HTN
// is good at planning and poor at reacting at once, so hurt and die are
// the states of a state machine (package fsm), which any state leaves
// for them, and the HTN domain (package htn) plans in the state that
// fights. The domain's methods are the document's, in its order: with
// health low, a combo three times, then a rest; with the player up, close
// in and attack; else idle for three seconds.
func Example_htnEnemy() {
	actions, err := enemyActions()
	if err != nil {
		fmt.Println(err)
		return
	}
	low := constraints.Func("health low", func(e *Enemy) bool { return e.HP <= 50 && !e.Rested })
	playerUp := constraints.Func("the player up", func(e *Enemy) bool { return e.PlayerHP > 0 })
	domain, err := htn.New(actions).
		Compound("enemy").
		Method("desperate", low).Do("combo", "combo", "combo", "rest").
		Method("fight", playerUp).Do("track", "attack").
		Method("idle").Do("idle").
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Enemy]()
	dead := constraints.Func("no health", func(e *Enemy) bool { return e.HP <= 0 })
	b := fsm.New(actions).Inbox(func(e *Enemy) *fsm.Inbox { return &e.Inbox })
	b.Any().To("dead", dead).On("hit", "hurt")
	b.State("fight").Run(n.Plan("", domain)).On(fsm.Succeeded, "fight")
	b.State("hurt").Do("flinch").On(fsm.Succeeded, "fight")
	b.State("dead").Do("die").Final()
	machine, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := bt.Build(bt.Config[Enemy]{}, n.Plan("enemy", machine))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventPlan && e.Path == "enemy":
			fmt.Printf("%5.1fs  %s\n", e.Time.Seconds(), e.Plan.Reason)
		case e.Kind == bt.EventPlan:
			fmt.Printf("%5.1fs    plan %v %v\n", e.Time.Seconds(), e.Plan.Path(), e.Plan.Steps)
		}
	}))
	e := Enemy{HP: 100, PlayerHP: 40, Dist: 3}
	for tick := range 60 {
		switch tick {
		case 6, 12, 52: // the player lands heavy blows
			e.HP -= 30
			e.Inbox.Post("hit")
		case 40:
			e.HP -= 40
			e.Inbox.Post("hit")
		}
		agent.Tick(&e, 250*time.Millisecond)
	}
	fmt.Printf("enemy hp %d, player hp %d\n", e.HP, e.PlayerHP)
	// Output:
	// 0.2s  initial state fight
	//   0.2s    plan [fight] [track attack]
	//   1.8s  any state → hurt: on hit
	//   2.2s  hurt → fight: succeeded
	//   2.2s    plan [fight] [track attack]
	//   3.2s  any state → hurt: on hit
	//   3.8s  hurt → fight: succeeded
	//   3.8s    plan [desperate] [combo combo combo rest]
	//   7.2s  fight → fight: succeeded
	//   7.2s    plan [fight] [track attack]
	//   8.5s  fight → fight: succeeded
	//   8.5s    plan [fight] [track attack]
	//   9.8s  fight → fight: succeeded
	//   9.8s    plan [fight] [track attack]
	//  10.2s  any state → hurt: on hit
	//  10.8s  hurt → fight: succeeded
	//  10.8s    plan [fight] [track attack]
	//  12.0s  fight → fight: succeeded
	//  12.0s    plan [idle] [idle]
	//  13.2s  any state → dead: no health
	// enemy hp 0, player hp -5
}
