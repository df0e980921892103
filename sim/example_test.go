package sim_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// world is a memory: a plain value, so a scratch copy is one assignment.
type world struct{ FoeHP, HP int }

// A node's Simulate predicts on a scratch copy and asks the heuristic to
// judge the change: here, a blow that costs the foe 10 hit points.
func ExampleContext() {
	goal := heuristic.Func[world](func(before, after *world) heuristic.Outcome {
		if after.FoeHP < before.FoeHP {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	ctx := sim.New(sim.Config[world]{Heuristic: goal})

	live := world{FoeHP: 30, HP: 20}
	m := ctx.Push(&live) // a scratch copy: the prediction works on it
	before := ctx.Push(m)
	m.FoeHP -= 10 // the predicted effect
	v := ctx.Judge(before, m)
	ctx.Pop()
	ctx.Pop()

	fmt.Println(v.Outcome, "- predicted foe hp:", m.FoeHP, "- live foe hp:", live.FoeHP)
	// Output:
	// Beneficial - predicted foe hp: 20 - live foe hp: 30
}
