package decorators_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

// Duel is the memory of a fighter facing a shielded opponent.
type Duel struct {
	OpponentHP int
	Shield     bool
}

// strike hurts the opponent unless the shield is up.
type strike struct{}

func (strike) Begin(d *Duel) bt.Status {
	if !d.Shield {
		d.OpponentHP -= 25
	}
	return bt.Success
}
func (strike) Update(*Duel, time.Duration) bt.Status { return bt.Success }
func (strike) End(*Duel, bt.Status)                  {}
func (strike) Simulate(_ *bt.Sim[Duel], d *Duel) {
	if !d.Shield {
		d.OpponentHP -= 25
	}
}

func duelGoal() heuristic.Heuristic[Duel] {
	return heuristic.Func[Duel](func(before, after *Duel) heuristic.Outcome {
		if after.OpponentHP < before.OpponentHP {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
}

// A FakeSim plants a mistake: it tells the selector's prediction the
// shield is down, so the fighter strikes at a raised shield — visibly
// wrong, for the player to see and exploit — while nothing changes in the
// real duel.
func ExampleFakeSim() {
	// snippet fakesim
	wait := bt.Instant(func(*Duel) bool { return true }, nil)
	n := bt.New[Duel]()
	tree, err := bt.Build(bt.Config[Duel]{Heuristic: duelGoal()},
		n.Selector("fight",
			n.Decorate("mistake", decorators.FakeSim(decorators.Fake[Duel]{
				Edit: func(d *Duel) { d.Shield = false },
			}),
				n.Do("strike", strike{}),
			),
			n.Do("wait", wait, bt.Cosmetic()),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	fighter, _ := tree.NewAgent(1)
	d := Duel{OpponentHP: 100, Shield: true}
	plan, _ := fighter.Preview(&d, 0)
	fmt.Println(plan.Decisions[0])
	fighter.Tick(&d, time.Second)
	fmt.Printf("after the strike: hp %d, shield up %v\n", d.OpponentHP, d.Shield)
	// end snippet fakesim

	// Output:
	// fight → mistake (best outcome) [mistake: Beneficial, wait: Cosmetic]
	// after the strike: hp 100, shield up true
}

// A decorator wraps one child. Its constructor is told the memory type,
// which nothing it takes could tell; a tree prints each decorator with
// what it does.
func ExampleRepeat() {
	swing := bt.Instant(func(d *Duel) bool { d.OpponentHP -= 10; return d.OpponentHP > 0 }, nil)
	n := bt.New[Duel]()
	tree, err := bt.Build(bt.Config[Duel]{},
		n.Decorate("keep swinging", decorators.Repeat[Duel](3),
			n.Decorate("never give up", decorators.ForceSuccess[Duel](),
				n.Do("swing", swing),
			),
		))
	if err != nil {
		panic(err)
	}
	fmt.Print(tree)
	// Output:
	// keep swinging  repeat 3
	// └─ never give up  force success
	//    └─ swing  action
}
