package docs_test

// The code of docs/09-in-a-game.md's rates, sleep and budget: the wall
// of sentries of ingame_test.go, whose far gates decide less often, one
// of which sleeps until an alarm, under a budget of work per frame.

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// A wall of sentries that keeps to a frame: the gates far from the
// camera decide every fourth frame, the farthest sleeps until an alarm
// wakes it, and a budget bounds a frame's work, the gates nearest the
// camera first. Every sentry is sensed and carried out every frame.
func Example_crowdBudget() {
	tree, err := wallTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	game := newWall(24)
	agents := make([]*bt.Agent[Post], len(game.gates))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i) + 1)
	}
	memories := make([]Post, len(agents))
	crowd := bt.NewCrowd(tree, 2)

	// snippet rates
	for i, a := range agents[12:] {
		if err := a.SetRate(4); err != nil { // far from the camera: decides every fourth frame
			fmt.Println(err)
			return
		}
		if i == 11 {
			a.Sleep(0) // the farthest gate: asleep until woken
		}
	}
	// end snippet rates

	// snippet budget
	camera := func(i int) float64 { return float64(i) } // the distance to the camera: nearest first
	if err := crowd.SetBudget(bt.Budget{Work: 70, MaxDelay: 2, Priority: camera}); err != nil {
		fmt.Println(err)
		return
	}
	// end snippet budget

	const dt = time.Second / 4
	for frame := range 6 {
		if frame == 3 {
			agents[23].Wake() // an alarm at the farthest gate: news
		}
		// snippet run-frame
		err := crowd.RunFrame(agents, dt, func(w *bt.Worker[Post], i int, due bool) error {
			game.sense(i, &memories[i]) // every agent senses and acts every frame
			var err error
			if due { // decides when its rate, its sleep and the budget say
				_, err = w.Tick(agents[i], &memories[i], dt)
			}
			game.apply(i, &memories[i])
			return err
		})
		r := crowd.Report() // what the frame did
		// end snippet run-frame
		if err != nil {
			fmt.Println(err)
			return
		}
		game.frame++
		fmt.Printf("frame %d: %2d due, %2d ticked, deferred %v, %d asleep; work %d\n",
			frame, r.Due, r.Ticked, r.Deferred, r.Asleep, r.Work)
	}
	fmt.Println(game.summary())
	// Output:
	// frame 0: 14 due, 14 ticked, deferred [], 1 asleep; work 69
	// frame 1: 13 due, 13 ticked, deferred [], 1 asleep; work 67
	// frame 2: 16 due, 16 ticked, deferred [], 1 asleep; work 79
	// frame 3: 17 due, 14 ticked, deferred [16 20 23], 0 asleep; work 74
	// frame 4: 17 due, 14 ticked, deferred [19 20 23], 0 asleep; work 73
	// frame 5: 16 due, 13 ticked, deferred [11 14 19], 0 asleep; work 66
	// frame 6: 6 of 24 intruders down; sentries at [2 6 4 1 9 7 3 2 6 4 2 6 3 2 5 5 5 8 7 0 0 2 3 2]
}
