package bttest_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

// Yard is a guard's memory: where the guard and the intruder stand.
type Yard struct {
	Guard, Intruder int
	Sees            bool
}

func move(to func(y *Yard) int) bt.Action[Yard] {
	f := func(y *Yard) { y.Guard = to(y) }
	return bt.Instant(func(y *Yard) bool { f(y); return true }, f)
}

var (
	chase  = move(func(y *Yard) int { return y.Intruder })
	patrol = move(func(y *Yard) int { return (y.Guard + 1) % 10 })
	sees   = constraints.Func("sees the intruder", func(y *Yard) bool { return y.Sees },
		constraints.WhenFalse("sees no one"))
	yardGoal, _ = heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("caught up", heuristic.Beneficial, func(b, a *Yard) bool { return a.Guard == a.Intruder && a.Sees }),
		heuristic.When("on the round", heuristic.Cosmetic, func(b, a *Yard) bool { return a.Guard != b.Guard }),
	)
)

// A scenario test says what a tree should choose in a moment of the
// game, and why; when it does not, the error shows what it chose instead
// and every candidate's verdict.
func ExampleScenario_Chooses() {
	n := bt.New[Yard]()
	tree, err := bt.Build(bt.Config[Yard]{Heuristic: yardGoal},
		n.Selector("guard", n.Do("chase", chase).Constrain(sees), n.Do("patrol", patrol)))
	if err != nil {
		panic(err)
	}
	fmt.Println(bttest.Given(tree, Yard{Guard: 1, Intruder: 5, Sees: true}).Chooses("chase", "caught up"))
	fmt.Println(bttest.Given(tree, Yard{Guard: 1, Intruder: 5}).Chooses("chase", "caught up"))
	// Output:
	// <nil>
	// bttest: want chase because "caught up", but the tick decides:
	//   guard chose patrol (best outcome):
	//       chase   Impossible (sees no one)
	//     * patrol  Cosmetic (on the round)
}

// The same for a priority, whose choice is the first child whose guard
// passes, and for a planner node, whose choice is its plan.
func ExampleScenario_Chooses_priorityAndPlanner() {
	n := bt.New[Yard]()
	priority, err := bt.Build(bt.Config[Yard]{},
		n.Priority("guard", n.Do("chase", chase).Constrain(sees), n.Do("patrol", patrol)))
	if err != nil {
		panic(err)
	}
	fmt.Println(bttest.Given(priority, Yard{Sees: true}).Chooses("chase", "sees the intruder"))
	fmt.Println(bttest.Given(priority, Yard{}).Chooses("chase", ""))

	var b catalogue.Builder[Yard]
	b.Action("chase", chase, sees)
	b.Action("patrol", patrol)
	actions, _ := b.Build()
	domain, err := htn.New(actions).
		Compound("guard").
		Method("fight", sees).Do("chase").
		Method("watch").Do("patrol").
		Build()
	if err != nil {
		panic(err)
	}
	planner, _ := bt.Build(bt.Config[Yard]{}, n.Plan("think", domain))
	fmt.Println(bttest.Given(planner, Yard{Sees: true}).Chooses("chase", "[fight]"))
	fmt.Println(bttest.Given(planner, Yard{}).Chooses("chase", "[fight]"))
	// Output:
	// <nil>
	// bttest: want chase, but the tick decides:
	//   guard chose patrol (first in order):
	//       chase   Impossible (sees no one)
	//     * patrol  Irrelevant (no guard)
	// <nil>
	// bttest: want chase because "[fight]", but the tick decides:
	//   think: plan made [watch] for guard
	//     steps: patrol
	//     not guard/fight: sees no one
}
