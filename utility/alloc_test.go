package utility_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/utility"
)

// After warm-up, a tick that scores every option allocates nothing:
// choosing by the memory now, at random, or by each child's prediction.
func TestSelectAllocatesNothing(t *testing.T) {
	foresee := &utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{
		hunger.Over(0, 10, utility.Linear(-1, 1)), bored.Over(0, 10, utility.Points(0, 1, 0.5, 0.8, 1, 0))}}
	for _, tc := range []struct {
		name string
		s    utility.Selector[Pet]
	}{
		{"now", utility.Selector[Pet]{Bonus: 0.1}},
		{"at random", utility.Selector[Pet]{Random: true, Within: 0.2}},
		{"foresees", utility.Selector[Pet]{Foresee: foresee, Margin: 0.1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _ := build(t, pet(tc.s).With(bt.Replan(0))).NewAgent(1)
			m := Pet{Hunger: 3, Sleepy: 5, Bored: 7, Food: true}
			tick := func() {
				m.Hunger, m.Sleepy, m.Bored = m.Hunger+1, m.Sleepy+0.5, m.Bored+2
				if _, err := a.Tick(&m, time.Second); err != nil {
					t.Fatal(err)
				}
			}
			for range 10 {
				tick()
			}
			if n := testing.AllocsPerRun(100, tick); n != 0 {
				t.Fatalf("%v allocations a tick", n)
			}
		})
	}
}
