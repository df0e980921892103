package cookbook_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
)

// Fighter is what the Jedi of "Simulating Behavior Trees" knows of its
// foe: how far it stands, and how hurt it is.
type Fighter struct {
	Dist  int // steps to the foe
	FoeHP int
}

// The flying kick of "Simulating Behavior Trees": primitive actions (a
// jump that closes three steps, a kick that needs the foe in reach)
// composed into a higher behaviour, declared once in the catalogue as a
// behaviour (catalogue.Builder.Behaviour) and taken by name like any
// action, here by a simulated selector, which predicts each child and
// weighs the worlds they lead to: near, a kick does; three steps off, the
// kick cannot reach and the flying kick can; further, neither lands, and
// a step closer is the best there is. The selector needs to know nothing
// of what a flying kick is made of, and an HTN or GOAP plan could take it
// as a step.
func Example_flyingKick() {
	n := bt.New[Fighter]()
	inReach := constraints.Func("in reach", func(f *Fighter) bool { return f.Dist <= 1 })
	jump := func(f *Fighter) { f.Dist = max(f.Dist-3, 0) }
	kick := func(f *Fighter) { f.FoeHP -= 10 }
	step := func(f *Fighter) { f.Dist-- }
	var b catalogue.Builder[Fighter]
	b.Action("jump", bt.Instant(func(f *Fighter) bool { jump(f); return true }, jump))
	b.Action("kick", bt.Instant(func(f *Fighter) bool { kick(f); return true }, kick), inReach)
	b.Action("step in", bt.Instant(func(f *Fighter) bool { step(f); return true }, step),
		constraints.Func("room to close", func(f *Fighter) bool { return f.Dist > 0 }))
	primitives, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	b.Behaviour("flying kick", n.Sequence("", primitives.Do("jump"), primitives.Do("kick")))
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("foe hurt", heuristic.Beneficial, func(b, a *Fighter) bool { return a.FoeHP < b.FoeHP }),
		heuristic.When("closer", heuristic.Cosmetic, func(b, a *Fighter) bool { return a.Dist < b.Dist }),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := bt.Build(bt.Config[Fighter]{Heuristic: goal}, n.Selector("attack", bt.Replan(0),
		actions.Do("kick"),
		actions.Do("flying kick"),
		actions.Do("step in"),
	))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	for _, dist := range []int{1, 3, 6} {
		preview, err := agent.Preview(&Fighter{Dist: dist, FoeHP: 30}, 0)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d steps off: %v\n", dist, preview.Decisions[0])
	}
	// Output:
	// 1 steps off: attack → kick (best outcome) [kick: Beneficial (foe hurt), flying kick: Beneficial (foe hurt), step in: Cosmetic (closer)]
	// 3 steps off: attack → flying kick (best outcome) [kick: Impossible (not in reach), flying kick: Beneficial (foe hurt), step in: Cosmetic (closer)]
	// 6 steps off: attack → step in (best outcome) [kick: Impossible (not in reach), flying kick: Impossible (not in reach), step in: Cosmetic (closer)]
}
