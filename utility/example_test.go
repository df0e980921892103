package utility_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/utility"
)

// A curve answers from 0 to 1 for an input normalised over its range,
// and says what it is.
func ExampleCurve() {
	for _, c := range []utility.Curve{
		utility.Linear(-1, 1),
		utility.Polynomial(2, 1, 0, 0),
		utility.Logistic(10, 0.5),
		utility.Logit(10, 0.5),
		utility.Step(0.5, 0, 1),
		utility.Points(0, 0, 0.3, 1, 1, 1),
	} {
		fmt.Printf("%-55v %.2f %.2f %.2f\n", c, c.At(0.1), c.At(0.5), c.At(0.9))
	}
	// Output:
	// linear(slope -1, intercept 1)                           0.90 0.50 0.10
	// polynomial(exponent 2, slope 1, shift 0, intercept 0)   0.01 0.25 0.81
	// logistic(steepness 10, midpoint 0.5)                    0.02 0.50 0.98
	// logit(steepness 10, midpoint 0.5)                       0.28 0.50 0.72
	// step(at 0.5, below 0, above 1)                          0.00 1.00 1.00
	// points(0 0, 0.3 1, 1 1)                                 0.33 1.00 1.00
}

// A utility node that foresees: each option is simulated, and scored by
// the world its prediction leaves, here the pet's contentment (little
// hunger, little boredom), not by the world now. The note of each score
// is the tree's verdict on the prediction, which ByOutcome would rank by
// first.
func Example_foresee() {
	// snippet foresee
	contentment := &utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{
		hunger.Over(0, 10, utility.Linear(-1, 1)), // a world worth more the less hungry
		bored.Over(0, 10, utility.Linear(-1, 1)),  // and the less bored
	}}
	n := bt.New[Pet]()
	tree, err := bt.Build(bt.Config[Pet]{Heuristic: petGoal}, utility.Select("pet",
		utility.Selector[Pet]{Foresee: contentment},
		utility.Consider(n.Do("eat", eat).Constrain(food)),
		utility.Consider(n.Do("nap", nap)),
		utility.Consider(n.Do("play", play)),
	))
	// end snippet foresee
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range []Pet{{Hunger: 6, Bored: 3, Food: true}, {Hunger: 2, Bored: 7, Food: true}, {Hunger: 6, Bored: 3}} {
		pet, _ := tree.NewAgent(1)
		preview, _ := pet.Preview(&p, time.Second)
		r := preview.Plans[0]
		fmt.Printf("hunger %v, bored %v, food %v: %s\n", p.Hunger, p.Bored, p.Food, r.Goal)
		for _, s := range r.Scores {
			fmt.Printf("  %-4s %.2f  %s\n", s.Name, s.Utility, s.Note)
		}
	}
	// Output:
	// hunger 6, bored 3, food true: eat
	//   eat  0.80  Beneficial
	//   nap  0.42  Cosmetic
	//   play 0.52  Cosmetic
	// hunger 2, bored 7, food true: play
	//   eat  0.41  Irrelevant
	//   nap  0.36  Cosmetic
	//   play 0.88  Cosmetic
	// hunger 6, bored 3, food false: play
	//   eat  0.00  refused: an empty bowl
	//   nap  0.42  Cosmetic
	//   play 0.52  Cosmetic
}

// Build refuses a utility node whose curves or ranges make no sense,
// each problem at the path of the child it concerns, with every other
// problem of the tree.
func Example_refused() {
	n := bt.New[Pet]()
	// snippet refused
	_, err := bt.Build(bt.Config[Pet]{}, utility.Select("pet", utility.Selector[Pet]{Minimum: -1},
		utility.Consider(n.Do("eat", eat), hunger.Over(10, 0, utility.Linear(1, 0))),
		utility.Consider(n.Do("nap", nap), sleepy.Over(0, 10, utility.Logistic(0, 0.5))),
		utility.Consider(n.Do("play", play), bored.Over(0, 10, utility.Points(0, 0, 0.5, 1, 0.4, 0))),
	))
	fmt.Println(err)
	// end snippet refused

	// Output:
	// pet: Minimum -1: give a finite number of 0 or more
	// pet/eat: consideration 1: hunger: the range [10, 0] is empty: give a min below the max
	// pet/nap: consideration 1: sleepy: logistic: steepness 0 is flat: give one above or below 0
	// pet/play: consideration 1: bored: points: x 0.4 after 0.5: the xs must rise
}
