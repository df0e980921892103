package trace_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/utility"
)

// Owl is the memory of the utility examples: how dark it is and how
// hungry the owl.
type Owl struct{ Dark, Hunger float64 }

func owlTree(t testing.TB) *bt.Tree[Owl] {
	dark := utility.Input[Owl]{Name: "dark", Read: func(o *Owl) float64 { return o.Dark }}
	hunger := utility.Input[Owl]{Name: "hunger", Read: func(o *Owl) float64 { return o.Hunger }}
	n := bt.New[Owl]()
	done := bt.Instant(func(*Owl) bool { return true }, nil)
	tree, err := bt.Build(bt.Config[Owl]{}, utility.Select("owl", utility.Selector[Owl]{},
		utility.Consider(n.Do("hunt", done), dark.Over(0, 1, utility.Step(0.5, 0, 1)), hunger.Over(0, 10, utility.Linear(1, 0))),
		utility.Consider(n.Do("roost", done), dark.Over(0, 1, utility.Linear(-1, 1))),
	))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// A utility node's choice reads in a timeline as a plan: the option
// chosen as its step, and every option's score.
func ExampleTimeline_utility() {
	tree := owlTree(nil)
	owl, _ := tree.NewAgent(1)
	owl.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	for _, o := range []Owl{{Dark: 0.2, Hunger: 8}, {Dark: 0.9, Hunger: 8}} {
		owl.Tick(&o, time.Second)
	}
	// Output:
	//   1.00s  owl                plan made: highest score
	//                      steps: roost
	//                     scores: hunt 0.00 · roost 0.80
	//   1.00s  roost              step 1 of 1 of plan
	//   2.00s  owl                plan made: highest score
	//                      steps: hunt
	//                     scores: hunt 0.88 · roost 0.10
	//   2.00s  hunt               step 1 of 1 of plan
}

// The JSON trace holds each option's score and each consideration's
// part, numbers that are not finite as strings; slog, each score by name.
func TestUtilityTraces(t *testing.T) {
	tree := owlTree(t)
	var js, logs bytes.Buffer
	a, _ := tree.NewAgent(1)
	jw := trace.JSON(&js)
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		jw.Trace(e)
		trace.Slog(slog.New(slog.NewTextHandler(&logs, nil)), slog.LevelInfo).Trace(e)
	}))
	a.Tick(&Owl{Dark: 0.9, Hunger: math.NaN()}, time.Second)
	if err := jw.Err(); err != nil {
		t.Fatal(err)
	}
	var plan struct {
		Plan struct {
			Goal   string
			Scores []struct {
				Name    string
				Utility any
				Terms   []struct {
					Input    string
					Value, Y any
					Curve    string
				}
			}
		}
	}
	var line string
	for _, l := range strings.Split(js.String(), "\n") {
		if strings.Contains(l, `"kind":"plan"`) {
			line = l
		}
	}
	if err := json.Unmarshal([]byte(line), &plan); err != nil {
		t.Fatal(err)
	}
	s := plan.Plan.Scores
	if len(s) != 2 || s[0].Name != "hunt" || len(s[0].Terms) != 2 || s[0].Terms[1].Value != "NaN" ||
		s[0].Terms[0].Curve != "step(at 0.5, below 0, above 1)" || s[1].Utility.(float64) < 0.0999 {
		t.Fatalf("the JSON plan: %s", line)
	}
	if !strings.Contains(logs.String(), "scores.hunt=0 scores.roost=0.09") {
		t.Fatalf("the log: %s", logs.String())
	}
}
