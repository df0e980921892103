package tour_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/trace"
)

// The world of docs/01-tutorial.md: a forager that walks from its den to
// a berry bush, picks, eats, and runs home from a wolf.

// snippet forager-memory

// Forager is what the forager knows: where it stands on the path from its
// den (0) to the bush (5), the berries it carries, how hungry it is, and
// where the wolf is (-1: none in sight). A plain value: the tree predicts
// on copies of it, made by assignment.
type Forager struct {
	Pos, Berries, Hunger, Wolf int
}

// end snippet forager-memory

// snippet forager-walk

// bushAt is where the berry bush stands.
const bushAt = 5

// walk takes the forager a step a tick toward a place, and predicts
// arriving there.
type walk struct{ to int }

func (w walk) Begin(f *Forager) bt.Status {
	if f.Pos == w.to {
		return bt.Success // already there
	}
	return bt.Running
}

func (w walk) Update(f *Forager, _ time.Duration) bt.Status {
	f.Pos += sign(w.to - f.Pos)
	if f.Pos == w.to {
		return bt.Success
	}
	return bt.Running
}

func (walk) End(*Forager, bt.Status) {}

// Simulate changes a copy of the memory to what the walk will leave; the
// tree judges the change. Running or not, what remains is the same: the
// forager ends where it is going.
func (w walk) Simulate(_ *bt.Sim[Forager], f *Forager) { f.Pos = w.to }

// end snippet forager-walk

// sign returns -1, 0 or 1 as n is negative, zero or positive.
func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// distance returns how far apart a and b are.
func distance(a, b int) int { return max(a-b, b-a) }

// snippet forager-instant

// pick and munch finish in the tick they begin: bt.Instant takes what they
// do live and what they predict, here the same function.
var (
	pickBerries = func(f *Forager) { f.Berries += 3 }
	eatBerry    = func(f *Forager) { f.Berries--; f.Hunger = 0 }
	pick        = bt.Instant(func(f *Forager) bool { pickBerries(f); return true }, pickBerries)
	munch       = bt.Instant(func(f *Forager) bool { eatBerry(f); return true }, eatBerry)
)

// end snippet forager-instant

// snippet forager-constraints

// The forager's preconditions: an action whose constraint fails does not
// begin, and is predicted Impossible, with the constraint's reason.
var (
	atBush     = constraints.Func("at the bush", func(f *Forager) bool { return f.Pos == bushAt })
	hasBerries = constraints.Func("has berries", func(f *Forager) bool { return f.Berries > 0 },
		constraints.WhenFalse("no berries"))
	wolfSeen = constraints.Func("a wolf in sight", func(f *Forager) bool { return f.Wolf >= 0 },
		constraints.WhenFalse("no wolf in sight"))
)

// end snippet forager-constraints

// snippet forager-goal

// foragerGoal is the forager's heuristic: how good a predicted world is
// against the world before, as rules tried in order.
func foragerGoal() (*heuristic.Rules[Forager], error) {
	return heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("caught by the wolf", heuristic.Deadly, func(b, a *Forager) bool {
			return a.Wolf >= 0 && distance(a.Pos, a.Wolf) <= 1
		}),
		heuristic.When("away from the wolf", heuristic.Safe, func(b, a *Forager) bool {
			return b.Wolf >= 0 && distance(a.Pos, a.Wolf) > distance(b.Pos, b.Wolf)
		}),
		heuristic.When("fed", heuristic.Beneficial, func(b, a *Forager) bool {
			return b.Hunger >= 3 && a.Hunger < b.Hunger
		}),
		heuristic.When("berries to carry", heuristic.Beneficial, func(b, a *Forager) bool {
			return b.Berries == 0 && a.Berries > 0
		}),
		heuristic.When("nearer the bush", heuristic.Beneficial, func(b, a *Forager) bool {
			return b.Berries == 0 && distance(a.Pos, bushAt) < distance(b.Pos, bushAt)
		}),
	)
}

// end snippet forager-goal

// snippet forager-tree

// foragerTree builds the forager's tree: one selector that plans every
// tick (Replan(0)), over its five options.
func foragerTree() (*bt.Tree[Forager], error) {
	goal, err := foragerGoal()
	if err != nil {
		return nil, err
	}
	n := bt.New[Forager]()
	return bt.Build(bt.Config[Forager]{Heuristic: goal},
		n.Selector("forager", bt.Replan(0),
			n.Do("flee", walk{to: 0}).Constrain(wolfSeen),
			n.Do("eat", munch).Constrain(hasBerries),
			n.Do("pick", pick).Constrain(atBush),
			n.Do("to the bush", walk{to: bushAt}),
			n.Wait("sit", time.Second, bt.Cosmetic()), // better than nothing
		))
}

// end snippet forager-tree

func Example_foragerTick() {
	// snippet forager-tick
	tree, err := foragerTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	forager, err := tree.NewAgent(1) // one agent of the tree, with its seed
	if err != nil {
		fmt.Println(err)
		return
	}
	f := Forager{Wolf: -1}
	for tick := 1; tick <= 12; tick++ {
		f.Hunger++ // the game's world moves on, then the agent decides and acts
		status, err := forager.Tick(&f, 500*time.Millisecond)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("tick %2d: %-7v at %d, %d berries, hunger %d\n", tick, status, f.Pos, f.Berries, f.Hunger)
	}
	// end snippet forager-tick

	// Output:
	// tick  1: Running at 0, 0 berries, hunger 1
	// tick  2: Running at 1, 0 berries, hunger 2
	// tick  3: Running at 2, 0 berries, hunger 3
	// tick  4: Running at 3, 0 berries, hunger 4
	// tick  5: Running at 4, 0 berries, hunger 5
	// tick  6: Success at 5, 0 berries, hunger 6
	// tick  7: Success at 5, 3 berries, hunger 7
	// tick  8: Success at 5, 2 berries, hunger 0
	// tick  9: Running at 5, 2 berries, hunger 1
	// tick 10: Running at 5, 2 berries, hunger 2
	// tick 11: Success at 5, 1 berries, hunger 0
	// tick 12: Running at 5, 1 berries, hunger 1
}

func Example_foragerTimeline() {
	tree, err := foragerTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	forager, _ := tree.NewAgent(1)
	// snippet forager-timeline
	f := Forager{Wolf: -1}
	fmt.Printf("%7s  %-18s %-39s %s\n", "elapsed", "action", "because", "world")
	forager.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), func() string {
		return fmt.Sprintf("at %d, wolf %2d", f.Pos, f.Wolf)
	}))
	for tick := 1; tick <= 16; tick++ {
		f.Hunger++
		if tick == 10 {
			f.Wolf = 6 // a wolf comes out of the wood beyond the bush
		}
		forager.Tick(&f, 500*time.Millisecond)
	}
	// end snippet forager-timeline

	// Output:
	// elapsed  action             because                                 world
	//   0.50s  to the bush        Beneficial (nearer the bush)            at 0, wolf -1
	//                        not: sit Cosmetic (otherwise) · eat Impossible (no berries)
	//                             · flee Impossible (no wolf in sight) · pick Impossible (not at the bush)
	//   3.50s  pick               Beneficial (berries to carry)           at 5, wolf -1
	//                        not: sit Cosmetic (otherwise) · to the bush Irrelevant (otherwise)
	//                             · eat Impossible (no berries) · flee Impossible (no wolf in sight)
	//   4.00s  eat                Beneficial (fed)                        at 5, wolf -1
	//                        not: sit Cosmetic (otherwise) · pick Irrelevant (otherwise)
	//                             · to the bush Irrelevant (otherwise) · flee Impossible (no wolf in sight)
	//   4.50s  sit                Cosmetic (otherwise)                    at 5, wolf -1
	//                        not: eat Irrelevant (otherwise) · pick Irrelevant (otherwise)
	//                             · to the bush Irrelevant (otherwise) · flee Impossible (no wolf in sight)
	//   5.00s  flee               Safe (away from the wolf)               at 5, wolf  6
	//                        not: eat Deadly (caught by the wolf) · pick Deadly (caught by the wolf)
	//                             · sit Deadly (caught by the wolf) · to the bush Deadly (caught by the wolf)
	//   8.00s  eat                Beneficial (fed)                        at 0, wolf  6
	//                        not: sit Cosmetic (otherwise) · flee Irrelevant (otherwise)
	//                             · to the bush Deadly (caught by the wolf) · pick Impossible (not at the bush)
}

func Example_foragerPreview() {
	tree, err := foragerTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	forager, _ := tree.NewAgent(1)
	// snippet forager-preview
	f := Forager{Pos: bushAt, Berries: 2, Hunger: 4, Wolf: -1}
	preview, err := forager.Preview(&f, 500*time.Millisecond) // what a tick would decide, acting on nothing
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(preview.Decisions[0])
	// end snippet forager-preview

	// Output:
	// forager → eat (best outcome) [flee: Impossible (no wolf in sight), eat: Beneficial (fed), pick: Irrelevant (otherwise), to the bush: Irrelevant (otherwise), sit: Cosmetic (otherwise)]
}

// snippet forager-scenario

// The forager's choices in moments of its game, and why.
func TestForagerScenarios(t *testing.T) {
	tree, err := foragerTree()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		f             Forager
		want, because string
	}{
		{"hungry with berries, it eats", Forager{Pos: 2, Berries: 1, Hunger: 5, Wolf: -1}, "eat", "fed"},
		{"at the bush, it picks", Forager{Pos: bushAt, Wolf: -1}, "pick", "berries to carry"},
		{"with nothing to do, it sits", Forager{Pos: 1, Berries: 2, Wolf: -1}, "sit", ""},
		{"a wolf near, it runs home", Forager{Pos: 4, Wolf: 6}, "flee", "away from the wolf"},
	} {
		if err := bttest.Given(tree, tc.f).Chooses(tc.want, tc.because); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// end snippet forager-scenario

// A scenario the tree does not meet says what the tree chose instead,
// and the verdict on every option.
func Example_foragerScenario() {
	tree, err := foragerTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	// snippet forager-scenario-fails
	err = bttest.Given(tree, Forager{Pos: bushAt, Wolf: 6}).Chooses("pick", "berries to carry")
	fmt.Println(err)
	// end snippet forager-scenario-fails

	// Output:
	// bttest: want pick because "berries to carry", but the tick decides:
	//   forager chose flee (best outcome):
	//     * flee         Safe (away from the wolf)
	//       eat          Impossible (no berries)
	//       pick         Deadly (caught by the wolf)
	//       to the bush  Deadly (caught by the wolf)
	//       sit          Deadly (caught by the wolf)
}
