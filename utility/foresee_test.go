package utility_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/utility"
)

// contentment is what a pet's world is worth: little hunger and little
// boredom.
var contentment = &utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{
	hunger.Over(0, 10, utility.Linear(-1, 1)), bored.Over(0, 10, utility.Linear(-1, 1)),
}}

// foreseeing is a utility node whose options are worth what they are
// predicted to achieve: the contentment of the world each predicts.
func foreseeing(s utility.Selector[Pet]) bt.Def[Pet] {
	s.Foresee = contentment
	return utility.Select("pet", s,
		utility.Consider(pets.Do("eat", eat).Constrain(food)),
		utility.Consider(pets.Do("nap", nap)),
		utility.Consider(pets.Do("play", play)),
	)
}

// With Foresee, an option is worth the world its prediction leaves, which
// the report's terms read: eating is worth most to a hungry pet because
// the fed pet is content, not because it is hungry now.
func TestForeseeScoresPredictions(t *testing.T) {
	for _, tc := range []struct {
		m    Pet
		want string
	}{
		{Pet{Hunger: 6, Bored: 3, Food: true}, "eat"},
		{Pet{Hunger: 2, Bored: 7, Food: true}, "play"},
		{Pet{Hunger: 6, Bored: 3}, "play"}, // no food: eating is refused
	} {
		a, _ := build(t, foreseeing(utility.Selector[Pet]{})).NewAgent(1)
		p, err := a.Preview(&tc.m, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Plans[0].Goal; got != tc.want {
			t.Errorf("%+v: chose %s, want %s (%+v)", tc.m, got, tc.want, p.Plans[0].Scores)
		}
	}
	a, _ := build(t, foreseeing(utility.Selector[Pet]{})).NewAgent(1)
	p, _ := a.Preview(&Pet{Hunger: 6, Bored: 3, Food: true}, time.Second)
	eat := p.Plans[0].Scores[0]
	want := []decide.Term{ // read from the fed pet's world
		{Input: "hunger", Value: 0, X: 0, Y: 1, Curve: "linear(slope -1, intercept 1)"},
		{Input: "bored", Value: 3, X: 0.3, Y: 0.7, Curve: "linear(slope -1, intercept 1)"},
	}
	if len(eat.Terms) != 2 || eat.Terms[0] != want[0] || eat.Terms[1].Value != 3 || eat.Terms[1].Y != 0.7 {
		t.Errorf("eat's terms %+v, want %+v", eat.Terms, want)
	}
}

// Under a selector that plans, a node that foresees predicts the world
// of the option it would choose, which what follows it in a sequence is
// judged on.
func TestForeseeCarriesThePredictionUp(t *testing.T) {
	fed := func(p *Pet) bool { return p.Fed > 0 }
	idle := bt.Instant(func(*Pet) bool { return true }, nil)
	tree := build(t, pets.Selector("root",
		pets.Sequence("feed", foreseeing(utility.Selector[Pet]{}), pets.Condition("fed", fed)),
		pets.Do("idle", idle, bt.Cosmetic()),
	))
	a, _ := tree.NewAgent(1)
	p, err := a.Preview(&Pet{Hunger: 6, Bored: 3, Food: true}, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Decisions[0]
	if c, _ := d.Choice(); c.Name != "feed" || c.Verdict.Outcome != heuristic.Beneficial {
		t.Fatalf("the root decided %v", d)
	}
}

// ByOutcome ranks the predictions by the tree's heuristic first: a nap
// the heuristic calls Cosmetic loses to eating it calls Beneficial, even
// where the nap's world is worth more.
func TestForeseeByOutcome(t *testing.T) {
	m := Pet{Hunger: 5, Bored: 9, Food: true} // eating: 1 × 0.1; playing: 0.5 × 1
	for _, tc := range []struct {
		byOutcome bool
		want      string
	}{{false, "play"}, {true, "eat"}} {
		a, _ := build(t, foreseeing(utility.Selector[Pet]{ByOutcome: tc.byOutcome})).NewAgent(1)
		p, err := a.Preview(&m, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Plans[0].Goal; got != tc.want {
			t.Errorf("ByOutcome %v: chose %s, want %s", tc.byOutcome, got, tc.want)
		}
	}
}
