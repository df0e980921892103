package decide_test

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"pgregory.net/rapid"
)

// Plans know the ticks, too: live, each step ends at the first tick that
// sees its time over, so a plan whose steps last no whole number of ticks
// ends later than the sum of their times. At 60 Hz, no duration of whole
// milliseconds is a whole number of ticks; random domains of such actions,
// some behind a Chance (a roll of the tick that begins them), planned by
// an HTN, by GOAP and by a selector's sequences, are never refused live
// in a world that does not change.

// hz60 is the step of a 60 Hz game: 16.666666ms.
const hz60 = time.Second / 60

// drawChancy returns 2 to 4 actions that take a random number of
// milliseconds, about half of them behind a Chance of one half.
func drawChancy(t *rapid.T) (*catalogue.Catalogue[clocked], []timed) {
	n := rapid.IntRange(2, 4).Draw(t, "actions")
	var b catalogue.Builder[clocked]
	var drawn []timed
	for i := range n {
		a := timed{I: rapid.IntRange(0, 2).Draw(t, "i"), Takes: time.Duration(rapid.IntRange(1, 400).Draw(t, "ms")) * time.Millisecond}
		drawn = append(drawn, a)
		var pre []bt.Constraint[clocked]
		if rapid.Bool().Draw(t, "chance") {
			pre = append(pre, constraints.Chance[clocked](0.5, constraints.SkipWhileRunning()))
		}
		b.Action("a"+strconv.Itoa(i), a, pre...).Takes(a.Takes)
	}
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions, drawn
}

// refusedAt60 ticks the tree at 60 Hz for 5 seconds and returns the
// refusals of planned steps (see run) and the number of plans made (or
// sequences chosen, under a selector named choose).
func refusedAt60(t *rapid.T, tree *bt.Tree[clocked]) (refusals []string, planned int) {
	agent, err := tree.NewAgent(uint64(rapid.IntRange(1, 1<<20).Draw(t, "seed")))
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventConstraint:
			refusals = append(refusals, fmt.Sprintf("at %v %s refused: %s", e.Time, e.Path, e.Reason))
		case e.Kind == bt.EventPlan && e.Plan.Change == decide.Made,
			e.Kind == bt.EventBegin && path.Dir(e.Path) == "choose" && e.Path != "choose/idle": // a sequence chosen
			planned++
		case e.Kind == bt.EventPlan && e.Plan.Change == decide.Replaced:
			if strings.Contains(e.Plan.Reason, "cannot begin") || strings.Contains(e.Plan.Reason, "no longer holds") ||
				strings.Contains(e.Plan.Reason, "failed") {
				refusals = append(refusals, fmt.Sprintf("at %v %s: %s", e.Time, e.Path, e.Plan.Reason))
			}
		}
	}))
	var m clocked
	for range 300 {
		if _, err := agent.Tick(&m, hz60); err != nil {
			t.Fatal(err)
		}
	}
	return refusals, planned
}

// drawSteps draws a chain of 2 to 4 of n actions.
func drawSteps(t *rapid.T, n int) []string {
	steps := make([]string, rapid.IntRange(2, 4).Draw(t, "steps"))
	for i := range steps {
		steps[i] = "a" + strconv.Itoa(rapid.IntRange(0, n-1).Draw(t, "step"))
	}
	return steps
}

func TestPropertyHTNPlansKnowTheTicks(t *testing.T) {
	cases, plans := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		cases++
		actions, drawn := drawChancy(t)
		d := htn.New(actions).Compound("root")
		for k := range rapid.IntRange(1, 3).Draw(t, "methods") {
			d.Method("m" + strconv.Itoa(k)).Do(drawSteps(t, len(drawn))...)
		}
		dom, err := d.Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[clocked]{}, bt.New[clocked]().Plan("plan", dom))
		if err != nil {
			t.Fatal(err)
		}
		refusals, planned := refusedAt60(t, tree)
		if len(refusals) > 0 {
			t.Fatalf("a plan met a roll it planned past: %v", refusals)
		}
		plans += planned
	})
	if plans < cases {
		t.Errorf("%d plans made in %d cases: too few to tell", plans, cases)
	}
}

func TestPropertyGOAPPlansKnowTheTicks(t *testing.T) {
	cases, plans := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		cases++
		actions, drawn := drawChancy(t)
		b := goap.New(actions, func(m *clocked) [3]int8 { return m.V })
		for i := range drawn {
			b.Do("a" + strconv.Itoa(i))
		}
		at := drawn[rapid.IntRange(0, len(drawn)-1).Draw(t, "goal")].I // a counter some action raises
		want := int8(rapid.IntRange(2, 4).Draw(t, "target"))
		dom, err := b.Goal("reach", 1, func(m *clocked) bool { return m.V[at] == want }).
			Budget(decide.Budget{Tries: 2000}).Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[clocked]{}, bt.New[clocked]().Plan("plan", dom))
		if err != nil {
			t.Fatal(err)
		}
		refusals, planned := refusedAt60(t, tree)
		if len(refusals) > 0 {
			t.Fatalf("a plan met a roll it planned past: %v", refusals)
		}
		plans += planned
	})
	if plans < cases {
		t.Errorf("%d plans made in %d cases: too few to tell", plans, cases)
	}
}

func TestPropertySequencesKnowTheTicks(t *testing.T) {
	cases, chosen := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		cases++
		actions, drawn := drawChancy(t)
		b := bt.New[clocked]()
		var kids []bt.Part
		for k := range rapid.IntRange(1, 3).Draw(t, "sequences") {
			var steps []bt.Part
			for j, s := range drawSteps(t, len(drawn)) {
				e, _ := actions.Entry(s)
				steps = append(steps, e.Def(strconv.Itoa(j)+"."+s)) // a step's name is unique in its sequence
			}
			kids = append(kids, b.Sequence("s"+strconv.Itoa(k), steps...))
		}
		idle := bt.Lasting(func(*clocked, time.Duration) bt.Status { return bt.Success }, nil)
		kids = append(kids, b.Do("idle", idle, bt.Cosmetic()))
		more := heuristic.Func[clocked](func(before, after *clocked) heuristic.Outcome {
			if *after != *before {
				return heuristic.Beneficial
			}
			return heuristic.Irrelevant
		})
		tree, err := bt.Build(bt.Config[clocked]{Heuristic: more}, b.Selector("choose", kids...))
		if err != nil {
			t.Fatal(err)
		}
		refusals, began := refusedAt60(t, tree)
		if len(refusals) > 0 {
			t.Fatalf("a sequence met a roll it predicted past: %v", refusals)
		}
		chosen += began
	})
	if chosen < cases {
		t.Errorf("%d sequences chosen in %d cases: too few to tell", chosen, cases)
	}
}
