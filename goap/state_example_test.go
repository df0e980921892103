package goap_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// An agent saved in the middle of its plan and restored into a fresh
// agent of the same tree goes on with the plan where it stood: it plans
// nothing anew. The memory is the game's, saved beside the agent.
func ExampleDomain_Runner_save() {
	domain, err := slowCamp().Build() // steps of a tick each
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := bt.Build(bt.Config[Camp]{}, bt.New[Camp]().Plan("camp", domain))
	if err != nil {
		fmt.Println(err)
		return
	}
	say := bt.TracerFunc(func(e *bt.Event) {
		switch e.Kind {
		case bt.EventPlan:
			fmt.Printf("%v plan %v: %v\n", e.Time, e.Plan.Change, e.Plan.Steps)
		case bt.EventBegin:
			fmt.Printf("%v %s\n", e.Time, e.Path)
		}
	})
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(say)
	c := Camp{Food: 40}
	for range 2 {
		agent.Tick(&c, time.Second)
	}

	save, err := agent.MarshalBinary() // the agent's state: its plan, the step under way
	if err != nil {
		fmt.Println(err)
		return
	}
	memory := c // the game saves its memory beside it
	fmt.Println("saved:", len(save), "bytes")

	restored, _ := tree.NewAgent(1)
	if err := restored.UnmarshalBinary(save); err != nil {
		fmt.Println(err)
		return
	}
	restored.SetTracer(say)
	for {
		if status, _ := restored.Tick(&memory, time.Second); status != bt.Running {
			fmt.Println(status, memory.Food)
			return
		}
	}
	// Output:
	// 1s camp
	// 1s plan made: [forage forage forage sleep forage forage]
	// 1s camp/forage
	// 2s camp/forage
	// saved: 134 bytes
	// 3s camp/forage
	// 4s camp/sleep
	// 5s camp/forage
	// 6s camp/forage
	// Success 90
}
