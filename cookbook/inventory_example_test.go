package cookbook_test

import (
	"fmt"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// The items of the inventory recipe, and how each is made.
const (
	hammer = iota
	stone
	handle
	wood
	numItems
)

var (
	itemNames = [numItems]string{"hammer", "stone", "handle", "wood"}
	recipes   = map[int][]int{hammer: {stone, handle}, handle: {wood}}
)

// Survivor is what an NPC of Project Zomboid knows: how many of each item
// it holds, its bags hold, the room it is in holds, and what it wishes
// it had.
type Survivor struct {
	Inventory, Bags, Room [numItems]int
	Wishes                [numItems]bool
}

// ensure describes EnsureItemInInventory for item: a fallback over the
// ways to have it, in order: it is there already; take it from a bag;
// fetch it from the room; craft it, ensuring each ingredient the same
// way first; and at last note the need, and fail.
func ensure(item int) bt.Def[Survivor] {
	n := bt.New[Survivor]()
	name := itemNames[item]
	do := func(what string, effect func(s *Survivor)) bt.Def[Survivor] {
		return n.Do(what+" "+name, bt.Instant(func(s *Survivor) bool { effect(s); return true }, effect))
	}
	ways := []bt.Def[Survivor]{
		n.Condition("has "+name, func(s *Survivor) bool { return s.Inventory[item] > 0 }),
		n.Sequence("from a bag",
			n.Condition("in a bag", func(s *Survivor) bool { return s.Bags[item] > 0 }),
			do("take", func(s *Survivor) { s.Bags[item]--; s.Inventory[item]++ })),
		n.Sequence("from the room",
			n.Condition("in the room", func(s *Survivor) bool { return s.Room[item] > 0 }),
			do("fetch", func(s *Survivor) { s.Room[item]--; s.Inventory[item]++ })),
	}
	if ingredients, ok := recipes[item]; ok {
		var craft []bt.Part
		for _, in := range ingredients {
			craft = append(craft, ensure(in)) // the recursion: each ingredient ensured the same way
		}
		craft = append(craft, do("craft", func(s *Survivor) {
			for _, in := range ingredients {
				s.Inventory[in]--
			}
			s.Inventory[item]++
		}))
		ways = append(ways, n.Sequence("craft", craft...))
	}
	wish := bt.Instant(func(s *Survivor) bool { s.Wishes[item] = true; return false }, nil)
	ways = append(ways, n.Do("wish for "+name, wish))
	return n.Priority("ensure "+name, ways...)
}

// "Ensure the item is in the inventory", Project Zomboid's behaviour from
// the FSM document, as a fallback tree: a Priority (bt.Priority) tries
// each way in the designer's order and takes the first that succeeds, so
// failing is an expected answer, never a dead end. The tree calls itself
// for the ingredients of a recipe: written in Go, the recursion unfolds
// when the tree is described, and ends with the recipes. No decider
// plans here: the order of the ways is the design.
func Example_ensureItem() {
	tree, err := bt.Build(bt.Config[Survivor]{}, ensure(hammer))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []Survivor{
		{Bags: [numItems]int{hammer: 1}},
		{Bags: [numItems]int{stone: 1}, Room: [numItems]int{wood: 1}},
		{Room: [numItems]int{wood: 1}},
	} {
		var did []string
		agent, _ := tree.NewAgent(1)
		agent.SetTracer(trace.NewActions(tree.Nodes(), func(a *trace.ActionReport) { did = append(did, a.Name) }))
		status, _ := agent.Tick(&s, 0)
		var wishes []string
		for i, w := range s.Wishes {
			if w {
				wishes = append(wishes, itemNames[i])
			}
		}
		fmt.Printf("%v: %s; wishes %v\n", status, strings.Join(did, ", "), wishes)
	}
	// Output:
	// Success: take hammer; wishes []
	// Success: take stone, fetch wood, craft handle, craft hammer; wishes []
	// Failure: wish for stone, wish for hammer; wishes [hammer stone]
}
