package tour_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
)

// The world of docs/02-actions-and-the-catalogue.md: a cook who stirs a
// stew, lets it simmer, tastes it, and puts out a fire when one starts.

// Kitchen is the cook's memory.
type Kitchen struct {
	Stirs, Tastes int
	Fire          bool
}

// snippet kitchen-stir

// stir takes three stirs, one a tick, and counts them. An action is
// shared by every agent of a tree, so what a run needs lives in the
// memory (Stirs), never in the action.
type stir struct{}

func (stir) Begin(k *Kitchen) bt.Status {
	fmt.Println("  stir: Begin")
	k.Stirs = 0
	return bt.Running
}

func (stir) Update(k *Kitchen, _ time.Duration) bt.Status {
	k.Stirs++
	fmt.Println("  stir: Update, stir", k.Stirs)
	if k.Stirs == 3 {
		return bt.Success
	}
	return bt.Running
}

func (stir) End(_ *Kitchen, s bt.Status) { fmt.Println("  stir: End", s) }

// Simulate predicts the end of a run, three stirs, whether the run is
// under way or not.
func (stir) Simulate(_ *bt.Sim[Kitchen], k *Kitchen) { k.Stirs = 3 }

// end snippet kitchen-stir

// snippet kitchen-funcs

// The cook's other actions, made of functions: Instant finishes in the
// tick it begins, Lasting takes ticks (here until the fire is out), and
// Wait runs for a while on the agent's clock and changes nothing.
var (
	taste = bt.Instant(func(k *Kitchen) bool { k.Tastes++; fmt.Println("  taste"); return true },
		func(k *Kitchen) { k.Tastes++ })
	douse = bt.Lasting(func(k *Kitchen, _ time.Duration) bt.Status {
		k.Fire = false
		fmt.Println("  douse: the fire is out")
		return bt.Success
	}, func(k *Kitchen) { k.Fire = false }).
		OnBegin(func(*Kitchen) bt.Status { fmt.Println("  douse: Begin"); return bt.Running })
	simmer = bt.Wait[Kitchen](time.Second)
)

// end snippet kitchen-funcs

// snippet kitchen-catalogue

// kitchenActions declares each of the cook's actions once: its value,
// its preconditions, and how long a run of it takes.
func kitchenActions() (*catalogue.Catalogue[Kitchen], error) {
	burning := constraints.Func("a fire", func(k *Kitchen) bool { return k.Fire },
		constraints.WhenFalse("no fire"))
	var b catalogue.Builder[Kitchen]
	b.Action("stir", stir{}).Takes(1500 * time.Millisecond)
	b.Action("simmer", simmer) // a Wait declares its own time
	b.Action("taste", taste, constraints.Cooldown[Kitchen](5*time.Second))
	b.Action("douse", douse, burning).Takes(500 * time.Millisecond)
	return b.Build()
}

// end snippet kitchen-catalogue

// The cook's tree is built from the catalogue: Do makes a node of an
// entry, with its preconditions and its duration.
func Example_kitchenTree() {
	actions, err := kitchenActions()
	if err != nil {
		fmt.Println(err)
		return
	}
	// snippet kitchen-tree
	n := bt.New[Kitchen]()
	tree, err := bt.Build(bt.Config[Kitchen]{},
		n.ReactivePriority("cook",
			actions.Do("douse"), // its precondition is its guard: it takes over when a fire starts
			n.Sequence("stew", actions.Do("stir"), actions.Do("simmer"), actions.Do("taste")),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	// end snippet kitchen-tree

	// Output:
	// cook  reactive-priority
	// ├─ douse  action takes=500ms  [a fire]
	// └─ stew  sequence
	//    ├─ stir  action takes=1.5s
	//    ├─ simmer  wait 1s
	//    └─ taste  action  [cooldown 5s]
}

// The life cycle of the cook's actions, tick by tick: a fire interrupts
// the stirring, which ends with Running, and the stew begins afresh once
// the fire is out.
func Example_kitchenLifeCycle() {
	actions, err := kitchenActions()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Kitchen]()
	tree, err := bt.Build(bt.Config[Kitchen]{},
		n.ReactivePriority("cook",
			actions.Do("douse"),
			n.Sequence("stew", actions.Do("stir"), actions.Do("simmer"), actions.Do("taste")),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	cook, _ := tree.NewAgent(1)
	// snippet kitchen-ticks
	k := Kitchen{}
	for tick := 1; tick <= 11; tick++ {
		k.Fire = k.Fire || tick == 3 // a fire starts at the third tick
		fmt.Printf("tick %d\n", tick)
		if _, err := cook.Tick(&k, 500*time.Millisecond); err != nil {
			fmt.Println(err)
			return
		}
	}
	// end snippet kitchen-ticks

	// Output:
	// tick 1
	//   stir: Begin
	// tick 2
	//   stir: Update, stir 1
	// tick 3
	//   stir: End Running
	//   douse: Begin
	// tick 4
	//   douse: the fire is out
	// tick 5
	//   stir: Begin
	// tick 6
	//   stir: Update, stir 1
	// tick 7
	//   stir: Update, stir 2
	// tick 8
	//   stir: Update, stir 3
	//   stir: End Success
	// tick 9
	// tick 10
	//   taste
	// tick 11
	//   stir: Begin
}

// An unknown name is refused when the tree is built, with the node's path
// and the names there are.
func Example_kitchenUnknown() {
	actions, err := kitchenActions()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Kitchen]()
	// snippet kitchen-unknown
	_, err = bt.Build(bt.Config[Kitchen]{}, n.Sequence("stew", actions.Do("stri")))
	fmt.Println(err)
	// end snippet kitchen-unknown

	// Output:
	// stew/stri: the catalogue has no "stri" (it has "stir", "simmer", "taste", "douse")
	// stew/stri: nil action
}

// A node of an entry may get constraints of its own: Constrain adds them
// to the entry's preconditions, on that node only.
func Example_kitchenConstrain() {
	actions, err := kitchenActions()
	if err != nil {
		fmt.Println(err)
		return
	}
	// snippet kitchen-constrain
	stirred := constraints.Func("stirred", func(k *Kitchen) bool { return k.Stirs >= 3 })
	tree, err := bt.Build(bt.Config[Kitchen]{}, actions.Do("taste").Constrain(stirred))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	// end snippet kitchen-constrain

	// Output:
	// taste  action  [cooldown 5s; stirred]
}
