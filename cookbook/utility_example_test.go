package cookbook_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/utility"
)

// Villager is what a villager of the Infinite Axis Utility System talks
// knows of itself: how hungry and how tired (0 to 10), how much coin it
// has, and how far off the wolf is (in steps; 99 when it is nowhere).
type Villager struct {
	Hunger, Fatigue float64
	Coin            float64
	Wolf            float64
}

// The villager's day, after Dave Mark's and Kevin Dill's utility talks
// ("Improving AI Decision Modeling Through Utility Theory", GDC 2010;
// "Building a Better Centaur: AI at Massive Scale", GDC 2015): each
// option is scored by its considerations, each an input normalised over
// its range through a response curve, and the best is run. Eating rises
// with hunger past a soft threshold (logistic); sleep with fatigue, late
// and steeply (a square); work is worth more the poorer the villager,
// and vetoed when it is worn out (a step); fleeing rises sharply as the
// wolf nears (a curve through points), weighted twice, so that it
// outranks any need. The node scores again every tick, with a bonus for
// what it runs so that it does not dither, and each choice prints every
// option's score.
func Example_villagerDay() {
	// snippet villager-inputs
	hunger := utility.Input[Villager]{Name: "hunger", Read: func(v *Villager) float64 { return v.Hunger }}
	fatigue := utility.Input[Villager]{Name: "fatigue", Read: func(v *Villager) float64 { return v.Fatigue }}
	coin := utility.Input[Villager]{Name: "coin", Read: func(v *Villager) float64 { return v.Coin }}
	wolf := utility.Input[Villager]{Name: "wolf", Read: func(v *Villager) float64 { return v.Wolf }}
	// end snippet villager-inputs

	act := func(effect func(v *Villager)) bt.Action[Villager] {
		return bt.Instant(func(v *Villager) bool { effect(v); return true }, effect)
	}
	var b catalogue.Builder[Villager]
	b.Action("eat", act(func(v *Villager) { v.Hunger, v.Coin = max(v.Hunger-5, 0), v.Coin-1 }))
	b.Action("sleep", act(func(v *Villager) { v.Fatigue = max(v.Fatigue-4, 0) }))
	b.Action("work", act(func(v *Villager) { v.Coin, v.Fatigue = v.Coin+2, v.Fatigue+1.5 }))
	b.Action("flee", act(func(v *Villager) { v.Wolf += 3; v.Fatigue++ }))
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}

	// snippet villager-node
	tree, err := bt.Build(bt.Config[Villager]{}, utility.Select("day", utility.Selector[Villager]{Bonus: 0.05},
		utility.Consider(actions.Do("eat"),
			hunger.Over(0, 10, utility.Logistic(10, 0.5)), coin.Over(0, 1, utility.Step(0.5, 0, 1))),
		utility.Consider(actions.Do("sleep"),
			fatigue.Over(0, 10, utility.Polynomial(2, 1, 0, 0))),
		utility.Consider(actions.Do("work"),
			coin.Over(0, 20, utility.Linear(-0.8, 0.9)), fatigue.Over(0, 10, utility.Step(0.8, 1, 0))),
		utility.Consider(actions.Do("flee"),
			wolf.Over(0, 10, utility.Points(0, 1, 0.3, 0.9, 0.6, 0.1, 1, 0))).Weighted(2),
	).With(bt.Replan(0)))
	// end snippet villager-node
	if err != nil {
		fmt.Println(err)
		return
	}

	// snippet villager-run
	villager, _ := tree.NewAgent(1)
	var last *decide.Report
	villager.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			last = e.Plan.Clone()
		}
	}))
	v := Villager{Hunger: 3, Fatigue: 2, Coin: 4, Wolf: 99}
	for hour := 1; hour <= 12; hour++ {
		v.Hunger++ // the day goes on
		if hour >= 8 {
			v.Wolf = max(v.Wolf-4, 0) // a wolf comes out of the wood
			if hour == 8 {
				v.Wolf = 9
			}
		}
		if _, err := villager.Tick(&v, time.Hour); err != nil {
			fmt.Println(err)
			return
		}
		var scores []string
		for _, s := range last.Scores {
			scores = append(scores, fmt.Sprintf("%s %.2f", s.Name, s.Utility))
		}
		fmt.Printf("%02dh %-5s [%s]\n", hour, last.Goal, strings.Join(scores, ", "))
	}
	// end snippet villager-run

	// Why it fled, the last hour: each consideration's input, normalised,
	// and what its curve made of it.
	for _, s := range last.Scores {
		for _, t := range s.Terms {
			fmt.Printf("%-5s %-7s %5.1f → x %.2f → y %.2f  %s\n", s.Name, t.Input, t.Value, t.X, t.Y, t.Curve)
		}
	}

	// Output:
	// 01h work  [eat 0.37, sleep 0.04, work 0.84, flee 0.00]
	// 02h work  [eat 0.62, sleep 0.12, work 0.77, flee 0.00]
	// 03h eat   [eat 0.83, sleep 0.25, work 0.70, flee 0.00]
	// 04h work  [eat 0.07, sleep 0.25, work 0.74, flee 0.00]
	// 05h work  [eat 0.17, sleep 0.42, work 0.66, flee 0.00]
	// 06h sleep [eat 0.37, sleep 0.64, work 0.00, flee 0.00]
	// 07h eat   [eat 0.62, sleep 0.16, work 0.58, flee 0.00]
	// 08h work  [eat 0.03, sleep 0.16, work 0.62, flee 0.05]
	// 09h flee  [eat 0.07, sleep 0.30, work 0.54, flee 0.73]
	// 10h flee  [eat 0.17, sleep 0.42, work 0.54, flee 1.27]
	// 11h flee  [eat 0.37, sleep 0.56, work 0.54, flee 1.80]
	// 12h flee  [eat 0.62, sleep 0.72, work 0.00, flee 1.87]
	// eat   hunger    5.0 → x 0.50 → y 0.50  logistic(steepness 10, midpoint 0.5)
	// eat   coin     12.0 → x 1.00 → y 1.00  step(at 0.5, below 0, above 1)
	// sleep fatigue   8.5 → x 0.85 → y 0.72  polynomial(exponent 2, slope 1, shift 0, intercept 0)
	// work  coin     12.0 → x 0.60 → y 0.42  linear(slope -0.8, intercept 0.9)
	// work  fatigue   8.5 → x 0.85 → y 0.00  step(at 0.8, below 1, above 0)
	// flee  wolf      2.0 → x 0.20 → y 0.93  points(0 1, 0.3 0.9, 0.6 0.1, 1 0)
}
