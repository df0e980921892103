package constraints_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
)

// Target is what a fighter knows about its target.
type Target struct {
	Distance float64
	Shielded bool
	Chosen   time.Duration // how long ago it became the target
}

// Constraints compose: a swing needs the target in reach and unshielded,
// and not before two seconds on it (a kill timer). Each failure says why.
func ExampleAll() {
	canSwing := constraints.All(
		constraints.Func("in reach", func(t *Target) bool { return t.Distance <= 5 }),
		constraints.Not(constraints.Func("shield up", func(t *Target) bool { return t.Shielded })),
		constraints.Window("time on target", func(t *Target) time.Duration { return t.Chosen }, 2*time.Second, 0),
	)
	fmt.Println(canSwing)
	for _, t := range []Target{
		{Distance: 3, Chosen: 3 * time.Second},
		{Distance: 9, Chosen: 3 * time.Second},
		{Distance: 3, Shielded: true, Chosen: 3 * time.Second},
		{Distance: 3, Chosen: time.Second},
	} {
		if check, why := canSwing.Evaluate(bt.Situation{}, &t); check == bt.Pass {
			fmt.Println("swing")
		} else {
			fmt.Println(check, why)
		}
	}
	// Output:
	// all(in reach, not shield up, time on target in [2s, ∞])
	// swing
	// Fail not in reach
	// Fail shield up
	// Fail time on target below 2s
}

// Cooldown keeps a powerful move from being used again too soon: in
// between, the selector falls back on the ordinary one.
func ExampleCooldown() {
	type Duel struct{ OpponentHP int }
	var used []string
	move := func(name string, damage int) bt.Action[Duel] {
		return bt.Instant(
			func(d *Duel) bool { used = append(used, name); d.OpponentHP -= damage; return true },
			func(d *Duel) { d.OpponentHP -= damage },
		)
	}
	goal := heuristic.Func[Duel](func(before, after *Duel) heuristic.Outcome {
		switch hurt := before.OpponentHP - after.OpponentHP; {
		case hurt >= 30:
			return heuristic.Urgent
		case hurt > 0:
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	n := bt.New[Duel]()
	tree, err := bt.Build(bt.Config[Duel]{Heuristic: goal},
		n.Selector("fight",
			n.Do("force push", move("push", 40)).Constrain(constraints.Cooldown[Duel](2*time.Second)),
			n.Do("swing", move("swing", 10)),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	fighter, err := tree.NewAgent(1)
	if err != nil {
		fmt.Println(err)
		return
	}
	d := Duel{OpponentHP: 1000}
	for i := 0; i < 6; i++ {
		fighter.Tick(&d, time.Second)
	}
	fmt.Println(used)
	// Output:
	// [push swing push swing push swing]
}

// Cooldown and Chance read nothing of the memory, so they are told its
// type. A cooldown reads when its node last ended from its situation.
func ExampleCooldown_situation() {
	rest, luck := constraints.Cooldown[Target](3*time.Second), constraints.Chance[Target](0.5)
	fmt.Println(rest)
	fmt.Println(luck)
	// A node that ended a second ago is still resting.
	check, why := rest.Evaluate(bt.Situation{Now: 4 * time.Second}.After(3*time.Second), &Target{})
	fmt.Println(check, why)
	// Output:
	// cooldown 3s
	// chance 50%
	// Fail cooling down (3s)
}

// A constraint named after a verb says how its failure reads, so that
// traces and plans read as sentences, and Not is named by it.
func ExampleWhenFalse() {
	type Guard struct{ Sees bool }
	sees := constraints.Func("sees the player", func(g *Guard) bool { return g.Sees },
		constraints.WhenFalse("does not see the player"))
	unseen := constraints.Not(sees)
	fmt.Println(sees, "/", unseen)
	_, why := sees.Evaluate(bt.Situation{}, &Guard{})
	fmt.Println(why)
	_, why = unseen.Evaluate(bt.Situation{}, &Guard{Sees: true})
	fmt.Println(why)
	// Output:
	// sees the player / does not see the player
	// does not see the player
	// sees the player
}

// Room is where a wanderer stands.
type Room struct{ At int }

// A field is a small number of the memory: its tests read like any
// precondition, and tell a planner which actions a state can take, so
// that a GOAP search tries from each room only the doors of that room.
func ExampleField() {
	room := constraints.NewField("room", func(r *Room) int { return r.At })
	doors := []bt.Constraint[Room]{room.Is(1), room.Is(2), room.In([]int{1, 3})}
	for _, c := range doors {
		if check, why := c.Evaluate(bt.Situation{}, &Room{At: 1}); check == bt.Pass {
			fmt.Println(c, check)
		} else {
			fmt.Println(c, check, why)
		}
	}
	// Output:
	// room is 1 Pass
	// room is 2 Fail room is not 2
	// room is 1 or 3 Pass
}
