package cookbook_test

import (
	"fmt"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
)

// Woodcutter is what a woodcutter knows of the world it plans on: where
// it stands, its tools, the chainsaw's fuel, and what the shed holds.
type Woodcutter struct {
	AtTree       bool // else at the shed
	Saw, Axe     bool // in hand
	Fuel         int  // cuts left in the chainsaw's tank
	SawInShed    bool
	FuelInShed   int // cans
	Wood, Stumps int
}

// Chopping a tree, the HTN document's example of a compound task, as an
// HTN domain (package htn): the designer writes the ways to get wood in
// the order they are preferred, each a method whose subtasks may be
// compound again, and the planner finds the first that works from the
// world as it is, through every step, before the woodcutter takes one.
// A method that needs what the world lacks (a saw, fuel) fetches it and
// tries again: the task recurses, and the planner ends the recursion.
func Example_chopTree() {
	act := func(effect func(w *Woodcutter)) bt.Action[Woodcutter] {
		return bt.Instant(func(w *Woodcutter) bool { effect(w); return true }, effect)
	}
	atShed := constraints.Func("at the shed", func(w *Woodcutter) bool { return !w.AtTree })
	atTree := constraints.Func("at the tree", func(w *Woodcutter) bool { return w.AtTree })
	var b catalogue.Builder[Woodcutter]
	b.Action("go to the tree", act(func(w *Woodcutter) { w.AtTree = true }))
	b.Action("go to the shed", act(func(w *Woodcutter) { w.AtTree = false }))
	b.Action("saw the tree", act(func(w *Woodcutter) { w.Fuel--; w.Wood += 4; w.Stumps++ }), atTree,
		constraints.Func("fuel", func(w *Woodcutter) bool { return w.Saw && w.Fuel > 0 }))
	b.Action("chop the tree", act(func(w *Woodcutter) { w.Wood++; w.Stumps++ }), atTree,
		constraints.Func("an axe", func(w *Woodcutter) bool { return w.Axe }))
	b.Action("take the saw", act(func(w *Woodcutter) { w.Saw, w.SawInShed = true, false }), atShed)
	b.Action("refuel", act(func(w *Woodcutter) { w.FuelInShed--; w.Fuel = 3 }), atShed)
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	hasSaw := constraints.Func("a saw", func(w *Woodcutter) bool { return w.Saw })
	fueled := constraints.Func("fuel in the saw", func(w *Woodcutter) bool { return w.Fuel > 0 })
	canInShed := constraints.Func("a can in the shed", func(w *Woodcutter) bool { return w.FuelInShed > 0 })
	sawInShed := constraints.Func("a saw in the shed", func(w *Woodcutter) bool { return w.SawInShed })
	hasAxe := constraints.Func("an axe", func(w *Woodcutter) bool { return w.Axe })
	domain, err := htn.New(actions).
		Compound("get wood").
		Method("saw", hasSaw, fueled).Do("go to the tree", "saw the tree").
		Method("refuel", hasSaw, canInShed).Do("go to the shed", "refuel", "get wood").
		Method("fetch the saw", sawInShed).Do("go to the shed", "take the saw", "get wood").
		Method("chop", hasAxe).Do("go to the tree", "chop the tree").
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	planner := domain.NewSession()
	for _, w := range []Woodcutter{
		{Saw: true, Fuel: 2},
		{Saw: true, FuelInShed: 1},
		{SawInShed: true, FuelInShed: 1, Axe: true},
		{SawInShed: true, Axe: true},
		{},
	} {
		plan, err := planner.Plan(&w)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s\n", plan.Path(), strings.Join(plan.Steps, " → "))
	}
	// Output:
	// [saw]: go to the tree → saw the tree
	// [refuel/saw]: go to the shed → refuel → go to the tree → saw the tree
	// [fetch the saw/refuel/saw]: go to the shed → take the saw → go to the shed → refuel → go to the tree → saw the tree
	// [fetch the saw/chop]: go to the shed → take the saw → go to the tree → chop the tree
	// htn: no plan: no method of the root task leads to a plan
}
