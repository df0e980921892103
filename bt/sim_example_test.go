package bt_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// duel is a memory: a plain value, so a scratch copy is one assignment.
type duel struct{ FoeHP, HP int }

// A node's Simulate predicts on a scratch copy and asks the heuristic to
// judge the change: here, a blow that costs the foe 10 hit points.
func ExampleSim() {
	goal := heuristic.Func[duel](func(before, after *duel) heuristic.Outcome {
		if after.FoeHP < before.FoeHP {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	s := bt.NewSim(bt.Config[duel]{Heuristic: goal})

	live := duel{FoeHP: 30, HP: 20}
	m := s.Push(&live) // a scratch copy: the prediction works on it
	before := s.Push(m)
	m.FoeHP -= 10 // the predicted effect
	v := s.Judge(before, m)
	s.Pop()
	s.Pop()

	fmt.Println(v.Outcome, "- predicted foe hp:", m.FoeHP, "- live foe hp:", live.FoeHP)
	// Output:
	// Beneficial - predicted foe hp: 20 - live foe hp: 30
}
