package utility_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/utility"
)

// Pet is the memory of these tests: needs from 0 to 10.
type Pet struct {
	Hunger, Sleepy, Bored float64
	Fed, Slept, Played    int
	Food                  bool // food in the bowl
}

var (
	hunger = utility.Input[Pet]{Name: "hunger", Read: func(p *Pet) float64 { return p.Hunger }}
	sleepy = utility.Input[Pet]{Name: "sleepy", Read: func(p *Pet) float64 { return p.Sleepy }}
	bored  = utility.Input[Pet]{Name: "bored", Read: func(p *Pet) float64 { return p.Bored }}
	food   = constraints.Func("food in the bowl", func(p *Pet) bool { return p.Food }, constraints.WhenFalse("an empty bowl"))

	eat  = bt.Instant(func(p *Pet) bool { p.Hunger, p.Fed = 0, p.Fed+1; return true }, func(p *Pet) { p.Hunger, p.Fed = 0, p.Fed+1 })
	nap  = bt.Instant(func(p *Pet) bool { p.Sleepy, p.Slept = 0, p.Slept+1; return true }, func(p *Pet) { p.Sleepy, p.Slept = 0, p.Slept+1 })
	play = bt.Instant(func(p *Pet) bool { p.Bored, p.Played = 0, p.Played+1; return true }, func(p *Pet) { p.Bored, p.Played = 0, p.Played+1 })
	pets = bt.New[Pet]()
)

// kitGoal judges the kit's actions (package bttest): firing (e) matters
// most, then work that lasts (b), then quick work (a).
var kitGoal = heuristic.Func[bttest.World](func(b, a *bttest.World) heuristic.Outcome {
	switch {
	case a.E > b.E && a.Alarm:
		return heuristic.Urgent
	case a.B > b.B:
		return heuristic.Beneficial
	case a.A > b.A:
		return heuristic.Cosmetic
	}
	return heuristic.Irrelevant
})

// pet returns the pet's utility node with the selector s: each need, over
// 0 to 10, raises its option linearly.
func pet(s utility.Selector[Pet]) bt.Def[Pet] {
	return utility.Select("pet", s,
		utility.Consider(pets.Do("eat", eat).Constrain(food), hunger.Over(0, 10, utility.Linear(1, 0))),
		utility.Consider(pets.Do("nap", nap), sleepy.Over(0, 10, utility.Linear(1, 0))),
		utility.Consider(pets.Do("play", play), bored.Over(0, 10, utility.Linear(1, 0))),
	)
}

func build(t *testing.T, root bt.Def[Pet]) *bt.Tree[Pet] {
	t.Helper()
	tree, err := bt.Build(bt.Config[Pet]{Heuristic: petGoal}, root)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// petGoal judges a pet's predicted world, for the selectors that plan.
var petGoal = heuristic.Func[Pet](func(b, a *Pet) heuristic.Outcome {
	switch {
	case a.Fed > b.Fed && b.Hunger >= 5:
		return heuristic.Beneficial
	case a.Slept > b.Slept || a.Played > b.Played:
		return heuristic.Cosmetic
	}
	return heuristic.Irrelevant
})

// The node runs the option of highest score; ties go to the first
// written; an option its constraints refuse is passed over; and with no
// option above the minimum it chooses nothing and fails, without error.
func TestSelectChooses(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    utility.Selector[Pet]
		m    Pet
		want string // the option begun, or "" for none
	}{
		{"hungry", utility.Selector[Pet]{}, Pet{Hunger: 8, Sleepy: 3, Bored: 5, Food: true}, "eat"},
		{"sleepy", utility.Selector[Pet]{}, Pet{Hunger: 2, Sleepy: 9, Food: true}, "nap"},
		{"tie to the first", utility.Selector[Pet]{}, Pet{Sleepy: 4, Bored: 4, Food: true}, "nap"},
		{"no food", utility.Selector[Pet]{}, Pet{Hunger: 9, Sleepy: 3, Bored: 1}, "nap"},
		{"content", utility.Selector[Pet]{}, Pet{Food: true}, ""},
		{"under the minimum", utility.Selector[Pet]{Minimum: 0.5}, Pet{Hunger: 4, Sleepy: 3, Food: true}, ""},
		{"at the minimum", utility.Selector[Pet]{Minimum: 0.5}, Pet{Hunger: 5, Sleepy: 3, Food: true}, "eat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := build(t, pet(tc.s))
			a, _ := tree.NewAgent(1)
			var rec trace.Recorder
			a.SetTracer(&rec)
			m := tc.m
			st, err := a.Tick(&m, time.Second)
			if err != nil {
				t.Fatal(err)
			}
			began := ""
			for _, e := range rec.Events {
				if e.Kind == bt.EventBegin && e.Path != "pet" {
					began = e.Path[len("pet/"):]
				}
			}
			if began != tc.want || (tc.want == "") != (st == bt.Failure) {
				t.Fatalf("began %q (%v), want %q", began, st, tc.want)
			}
		})
	}
}

// Every choice is reported with every option's score and each
// consideration's part: what it read, normalised, and what its curve
// answered; an option its constraints refuse is not weighed (it scores
// 0, and says why), its terms still saying what it read.
func TestSelectReportsScores(t *testing.T) {
	tree := build(t, utility.Select("pet", utility.Selector[Pet]{},
		utility.Consider(pets.Do("eat", eat).Constrain(food),
			hunger.Over(0, 10, utility.Logistic(10, 0.5)), sleepy.Over(0, 10, utility.Linear(-1, 1))),
		utility.Consider(pets.Do("nap", nap), sleepy.Over(0, 10, utility.Linear(1, 0))).Weighted(2),
		utility.Consider(pets.Do("play", play)).Weighted(0.1),
	))
	a, _ := tree.NewAgent(1)
	m := Pet{Hunger: 7, Sleepy: 2, Bored: 5}
	p, err := a.Preview(&m, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	logistic := 1 / (1 + math.Exp(-10*(0.7-0.5)))
	want := []decide.Report{{Change: decide.Made, Reason: "highest score", Plan: decide.Plan{
		Goal: "nap", Utility: 0.4, Steps: []string{"nap"},
		Scores: []decide.Score{
			{Name: "eat", Utility: 0, Note: "refused: an empty bowl", Terms: []decide.Term{ // not weighed
				{Input: "hunger", Value: 7, X: 0.7, Y: logistic, Curve: "logistic(steepness 10, midpoint 0.5)"},
				{Input: "sleepy", Value: 2, X: 0.2, Y: 0.8, Curve: "linear(slope -1, intercept 1)"},
			}},
			{Name: "nap", Utility: 0.4, Terms: []decide.Term{
				{Input: "sleepy", Value: 2, X: 0.2, Y: 0.2, Curve: "linear(slope 1, intercept 0)"},
			}},
			{Name: "play", Utility: 0.1},
		}}}}
	if diff := cmp.Diff(want, p.Plans, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Fatalf("the report (-want +got):\n%s", diff)
	}
}

// Commitment: scoring again every tick, a node with a bonus or a margin
// keeps the option it runs against a rival that scores a little more,
// where one without switches at once; a rival well above it wins anyway.
func TestSelectCommits(t *testing.T) {
	lasting := bt.Lasting(func(*Pet, time.Duration) bt.Status { return bt.Running }, nil)
	node := func(s utility.Selector[Pet]) bt.Def[Pet] {
		return utility.Select("pet", s,
			utility.Consider(pets.Do("nap", lasting), sleepy.Over(0, 10, utility.Linear(1, 0))),
			utility.Consider(pets.Do("play", lasting), bored.Over(0, 10, utility.Linear(1, 0))),
		).With(bt.Replan(0))
	}
	for _, tc := range []struct {
		name string
		s    utility.Selector[Pet]
		want string // what runs at each tick
	}{
		{"fickle", utility.Selector[Pet]{}, "nap play play nap"},
		{"bonus", utility.Selector[Pet]{Bonus: 0.15}, "nap nap play nap"},
		{"margin", utility.Selector[Pet]{Margin: 0.15}, "nap nap play nap"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _ := build(t, node(tc.s)).NewAgent(1)
			var running []string
			a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
				if e.Kind == bt.EventPlan && e.Plan.Goal != "" {
					running = append(running[:max(len(running)-1, 0):max(len(running)-1, 0)], e.Plan.Goal)
				}
			}))
			var got []string
			for _, m := range []Pet{{Sleepy: 5, Bored: 4}, {Sleepy: 5, Bored: 6}, {Sleepy: 3, Bored: 6}, {Sleepy: 9, Bored: 6}} {
				running = nil
				if _, err := a.Tick(&m, time.Second); err != nil {
					t.Fatal(err)
				}
				got = append(got, running...)
			}
			if strings.Join(got, " ") != tc.want {
				t.Fatalf("ran %v, want %s", got, tc.want)
			}
		})
	}
}

// A random node draws among the options within Within of the best, in
// proportion to their scores, from the agent's seed: the same seed draws
// the same, seeds spread over the best, and options below the bar are
// never drawn.
func TestSelectRandom(t *testing.T) {
	tree := build(t, pet(utility.Selector[Pet]{Random: true, Within: 0.3}))
	m := Pet{Hunger: 8, Sleepy: 7, Bored: 5, Food: true} // eat 0.8, nap 0.7 (within 30%), play 0.5 (not)
	counts := map[string]int{}
	for seed := uint64(1); seed <= 400; seed++ {
		a, _ := tree.NewAgent(seed)
		p, err := a.Preview(&m, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := tree.NewAgent(seed)
		q, _ := again.Preview(&m, time.Second)
		if p.Plans[0].Goal != q.Plans[0].Goal {
			t.Fatalf("seed %d drew %s, then %s", seed, p.Plans[0].Goal, q.Plans[0].Goal)
		}
		counts[p.Plans[0].Goal]++
	}
	// eat has 8/15 of the chances: 213 of 400 on average, 10 on either side.
	if counts["play"] != 0 || counts["eat"] < 180 || counts["eat"] > 250 || counts["nap"] < 150 {
		t.Fatalf("drew %v", counts)
	}
}

// A draw among options whose scores add up past the largest float64 is
// still in proportion to them: it went to the last every time.
func TestSelectRandomHugeScores(t *testing.T) {
	huge := func(name string, a bt.Action[Pet]) utility.Option[Pet] {
		return utility.Option[Pet]{Node: pets.Do(name, a), Measure: utility.Measure[Pet]{Weight: 1e308}}
	}
	tree := build(t, utility.Select("pet", utility.Selector[Pet]{Random: true, Within: 1}, huge("eat", eat), huge("nap", nap), huge("play", play)))
	counts := map[string]int{}
	m := Pet{}
	for seed := uint64(1); seed <= 300; seed++ {
		a, _ := tree.NewAgent(seed)
		p, err := a.Preview(&m, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		counts[p.Plans[0].Goal]++
	}
	for _, name := range []string{"eat", "nap", "play"} {
		if counts[name] < 70 { // 100 each on average
			t.Errorf("drew %v", counts)
			break
		}
	}
}

// Build refuses a node whose settings or measures make no sense, each
// problem with its path: the node's own, and an option's at its child.
func TestSelectRefused(t *testing.T) {
	noName := utility.Input[Pet]{Read: hunger.Read}
	noRead := utility.Input[Pet]{Name: "thirst"}
	for _, tc := range []struct {
		name string
		root bt.Def[Pet]
		want []string
	}{
		{"settings", pet(utility.Selector[Pet]{Bonus: -1, Margin: math.NaN(), Minimum: math.Inf(1), Within: 0.5}), []string{
			"pet: Bonus -1: give a finite number of 0 or more",
			"Margin NaN: give a finite number of 0 or more",
			"Minimum +Inf: give a finite number of 0 or more",
			"Within draws among the best: it is for a Random selector",
		}},
		{"within", pet(utility.Selector[Pet]{Random: true, Within: 2}), []string{"pet: Within 2: a fraction of the best score, from 0 to 1"}},
		{"by outcome", pet(utility.Selector[Pet]{ByOutcome: true}), []string{"pet: ByOutcome ranks predictions: it is for a selector that Foresees"}},
		{"measures", utility.Select("pet", utility.Selector[Pet]{},
			utility.Consider(pets.Do("eat", eat), hunger.Over(5, 5, utility.Linear(1, 0))),
			utility.Consider(pets.Do("nap", nap), sleepy.Over(0, 10, utility.Logistic(0, 0.5)), noName.Over(0, 1, utility.Curve{})),
			utility.Consider(pets.Do("play", play), noRead.Over(0, math.Inf(1), utility.Curve{})).Weighted(-1),
		), []string{
			"pet/eat: consideration 1: hunger: the range [5, 5] is empty: give a min below the max",
			"pet/nap: consideration 1: sleepy: logistic: steepness 0 is flat",
			"pet/nap: consideration 2: an input without a name",
			"pet/play: weight -1: give a finite weight of 0 or more",
			`pet/play: consideration 1: input "thirst" has no Read function`,
		}},
		{"sum of nothing", utility.Select("pet", utility.Selector[Pet]{},
			utility.Option[Pet]{Node: pets.Do("eat", eat), Measure: utility.Measure[Pet]{Weight: 1, Sum: true,
				Considerations: []utility.Consideration[Pet]{hunger.Over(0, 10, utility.Curve{}).Weighted(0)}}},
		), []string{"pet/eat: a weighted sum of considerations that all weigh 0"}},
		{"past a float64", utility.Select("pet", utility.Selector[Pet]{},
			utility.Consider(pets.Do("eat", eat), hunger.Over(-1e308, 1e308, utility.Linear(1, 0))),
			utility.Option[Pet]{Node: pets.Do("nap", nap), Measure: utility.Measure[Pet]{Weight: 1, Sum: true,
				Considerations: []utility.Consideration[Pet]{hunger.Over(0, 10, utility.Linear(1, 0)).Weighted(1e308), sleepy.Over(0, 10, utility.Linear(1, 0)).Weighted(1e308)}}},
		), []string{
			"pet/eat: consideration 1: hunger: the range [-1e+308, 1e+308] is wider than a float64 holds",
			"pet/nap: a weighted sum of considerations whose weights add up to more than a float64 holds",
		}},
		{"measures for other children", bt.Def[Pet]{Kind: bt.KindUtility, Name: "pet", Value: &utility.Selector[Pet]{},
			Children: []bt.Def[Pet]{pets.Do("eat", eat)}}, []string{"pet/eat: no measure for this option: the utility node has 0 for its children"}},
		{"no value", bt.Def[Pet]{Kind: bt.KindUtility, Name: "pet", Children: []bt.Def[Pet]{pets.Do("eat", eat)}},
			[]string{"pet: nil utility selector: describe the node with utility.Select"}},
		{"no children", utility.Select[Pet]("pet", utility.Selector[Pet]{}), []string{"pet: empty utility: give it children or remove it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := bt.Build(bt.Config[Pet]{}, tc.root)
			if err == nil {
				t.Fatal("built")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("no %q in\n%v", w, err)
				}
			}
			var de *decide.Error
			if !errors.As(err, &de) {
				t.Errorf("%v: not a *decide.Error", err)
			}
		})
	}
}

// The node keeps the contract of every decider, in every form: over the
// kit's actions, choosing by the memory now or by each prediction, at
// random, committing to its choice or scoring again every tick, on news,
// with a bonus.
func TestSelectKeepsTheContract(t *testing.T) {
	type world = bttest.World
	count := func(name string, read func(w *world) float64) utility.Input[world] {
		return utility.Input[world]{Name: name, Read: read}
	}
	done := count("a done", func(w *world) float64 { return float64(w.A) })
	alarm := count("alarm", func(w *world) float64 {
		if w.Alarm {
			return 1
		}
		return 0
	})
	fired := count("e fired", func(w *world) float64 { return float64(w.E) })
	for _, tc := range []struct {
		name string
		s    utility.Selector[world]
		opts []bt.Option
	}{
		{"commits", utility.Selector[world]{}, nil},
		{"every tick", utility.Selector[world]{Bonus: 0.05}, []bt.Option{bt.Replan(0)}},
		{"on news", utility.Selector[world]{Margin: 0.1, Minimum: 0.05}, []bt.Option{bt.ReplanOn(func(w *world) bool { return w.Alarm })}},
		{"at random", utility.Selector[world]{Random: true, Within: 0.5}, []bt.Option{bt.Replan(150 * time.Millisecond)}},
		{"foresees", utility.Selector[world]{Foresee: &utility.Measure[world]{Weight: 1,
			Considerations: []utility.Consideration[world]{fired.Over(0, 3, utility.Linear(0.5, 0.5))}}}, []bt.Option{bt.Replan(0)}},
		{"by outcome", utility.Selector[world]{ByOutcome: true, Foresee: &utility.Measure[world]{Weight: 1}}, []bt.Option{bt.Replan(0)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := bttest.TestDecider(func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
				return utility.Select("subject", tc.s,
					utility.Consider(actions.Do("e"), alarm.Over(0, 1, utility.Step(0.5, 0.1, 1))),
					utility.Consider(actions.Do("b"), done.Over(0, 10, utility.Polynomial(2, 1, 0, 0.2))),
					utility.Consider(actions.Do("a"), done.Over(0, 10, utility.Linear(-1, 1))).Weighted(0.5),
					utility.Consider(actions.Do("c")).Weighted(0.3),
					utility.Consider(actions.Do("d")).Weighted(0.2),
				).With(tc.opts...), nil
			}, bttest.DeciderConfig{Tree: bt.Config[world]{Heuristic: kitGoal}, Worlds: []world{{}, {A: 5, Alarm: true}}})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// With bt.ReplanOnChange, the node scores again in the tick its key
// changes, and only then: news, once, as a planner node hears it.
func TestSelectReplansOnChange(t *testing.T) {
	lasting := bt.Lasting(func(*Pet, time.Duration) bt.Status { return bt.Running }, nil)
	news := func(p *Pet) uint64 { return uint64(p.Fed) } // the game counts the news in Fed here
	a, _ := build(t, utility.Select("pet", utility.Selector[Pet]{},
		utility.Consider(pets.Do("nap", lasting), sleepy.Over(0, 10, utility.Linear(1, 0))),
		utility.Consider(pets.Do("play", lasting), bored.Over(0, 10, utility.Linear(1, 0))),
	).With(bt.ReplanOnChange(news))).NewAgent(1)
	var got []string
	tick := 0
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			got = append(got, fmt.Sprintf("%d %s %s", tick, e.Plan.Change, e.Plan.Goal))
		}
	}))
	for _, m := range []Pet{{Sleepy: 5, Bored: 4}, {Sleepy: 5, Bored: 6}, {Sleepy: 5, Bored: 6, Fed: 1}, {Sleepy: 5, Bored: 9, Fed: 1}} {
		tick++
		if _, err := a.Tick(&m, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"1 made nap", "3 replaced play"}; !slices.Equal(got, want) {
		t.Fatalf("choices %q, want %q", got, want)
	}
}
