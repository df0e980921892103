package kelindar

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	kgoap "github.com/kelindar/goap"

	"github.com/foresight-bt/foresight/bench"
)

// action is a kelindar/goap action with fixed requirements and outcome.
type action struct {
	name             string
	require, outcome *kgoap.State
}

func (a *action) Simulate(*kgoap.State) (*kgoap.State, *kgoap.State) { return a.require, a.outcome }
func (a *action) Cost() float32                                      { return 1 }
func (a *action) String() string                                     { return a.name }

// deep is the deep problem in kelindar/goap's terms, as its benchmark
// states it.
func deep() (start, goal *kgoap.State, actions []kgoap.Action) {
	return kgoap.StateOf("hunger=80", "!food", "!tired"), kgoap.StateOf("food>80"), []kgoap.Action{
		&action{"Eat", kgoap.StateOf("food>0"), kgoap.StateOf("hunger-50", "food-5")},
		&action{"Forage", kgoap.StateOf("tired<50"), kgoap.StateOf("tired+20", "food+10", "hunger+5")},
		&action{"Sleep", kgoap.StateOf("tired>30"), kgoap.StateOf("tired-50")},
	}
}

func names(plan []kgoap.Action) []string {
	out := make([]string, len(plan))
	for i, a := range plan {
		out[i] = a.(fmt.Stringer).String()
	}
	return out
}

// Both libraries find the same plan for the deep problem.
func TestSamePlan(t *testing.T) {
	start, goal, actions := deep()
	plan, err := kgoap.Plan(start, goal, actions)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(plan); !slices.Equal(got, bench.DeepPlan) {
		t.Errorf("kelindar/goap plans %v", got)
	}
	d, err := bench.Deep()
	if err != nil {
		t.Fatal(err)
	}
	ours, err := d.NewPlanner().Plan(&bench.DeepStart)
	if err != nil || !slices.Equal(ours.Steps, bench.DeepPlan) {
		t.Errorf("foresight plans %v, %v", ours.Steps, err)
	}
}

// In a corridor of 150 rooms kelindar/goap returns the first 100 steps
// as its plan, with no error: a plan that does not reach the goal. This
// test documents that; bench's TestCorridor checks foresight's answer.
func TestCorridor(t *testing.T) {
	const rooms = 150
	var actions []kgoap.Action
	for i := range rooms {
		here, next := fmt.Sprintf("r%d", i), fmt.Sprintf("r%d", i+1)
		actions = append(actions, &action{bench.RoomStep(i), kgoap.StateOf(here), kgoap.StateOf("!"+here, next)})
	}
	plan, err := kgoap.Plan(kgoap.StateOf("r0"), kgoap.StateOf(fmt.Sprintf("r%d", rooms)), actions)
	t.Logf("kelindar/goap: %d steps, ending %s, error %v", len(plan), strings.Join(names(plan[max(len(plan)-1, 0):]), ""), err)
	if err == nil && len(plan) != rooms {
		t.Logf("a plan of %d steps for a goal %d steps away, reported as success", len(plan), rooms)
	}
}

// BenchmarkVersus plans the deep problem in both libraries in
// alternating batches and reports each side's time per planning and the
// median ratio of foresight's batch time to kelindar/goap's.
func BenchmarkVersus(b *testing.B) {
	const batch = 200
	d, err := bench.Deep()
	if err != nil {
		b.Fatal(err)
	}
	p := d.NewPlanner()
	mem := bench.DeepStart
	start, goal, actions := deep()
	f := func() {
		if _, err := p.Plan(&mem); err != nil {
			b.Fatal(err)
		}
	}
	k := func() {
		if _, err := kgoap.Plan(start, goal, actions); err != nil {
			b.Fatal(err)
		}
	}
	ours, theirs, ratio := bench.Interleave(b, batch, f, k)
	b.ReportMetric(ours, "foresight-ns/plan")
	b.ReportMetric(theirs, "kelindar-ns/plan")
	b.ReportMetric(ratio, "foresight/kelindar")
}

// BenchmarkDeep plans the deep problem in each library on its own, for
// their allocations.
func BenchmarkDeep(b *testing.B) {
	b.Run("foresight", func(b *testing.B) {
		d, err := bench.Deep()
		if err != nil {
			b.Fatal(err)
		}
		p := d.NewPlanner()
		mem := bench.DeepStart
		b.ReportAllocs()
		for b.Loop() {
			p.Plan(&mem)
		}
	})
	b.Run("kelindar", func(b *testing.B) {
		start, goal, actions := deep()
		b.ReportAllocs()
		for b.Loop() {
			kgoap.Plan(start, goal, actions)
		}
	})
}
