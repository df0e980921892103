package bench

import (
	"errors"
	"slices"
	"testing"

	"github.com/foresight-bt/foresight/decide"
)

// foresight's GOAP finds kelindar/goap's plan for the deep problem.
func TestDeepPlan(t *testing.T) {
	d, err := Deep()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := d.NewPlanner().Plan(&DeepStart)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(plan.Steps, DeepPlan) {
		t.Errorf("plan %v, want %v", plan.Steps, DeepPlan)
	}
}

// The 150-room corridor: the whole plan, or, with too small a budget, no
// plan and ErrOutOfBudget; never a part of the way reported as a plan.
func TestCorridor(t *testing.T) {
	const rooms = 150
	want := make([]string, rooms)
	for i := range want {
		want[i] = RoomStep(i)
	}
	for _, budget := range []int{decide.DefaultTries, rooms, rooms - 1, 100, 1} {
		d, err := Corridor(rooms, budget)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := d.NewPlanner().Plan(&Room{})
		switch {
		case budget >= rooms:
			if err != nil || !slices.Equal(plan.Steps, want) || plan.Cost != rooms {
				t.Errorf("budget %d: %d steps costing %v, %v; want the %d steps", budget, len(plan.Steps), plan.Cost, err, rooms)
			}
		case !errors.Is(err, decide.ErrOutOfBudget) || plan.Steps != nil:
			t.Errorf("budget %d: %d steps, %v; want ErrOutOfBudget and no plan", budget, len(plan.Steps), err)
		}
	}
}

func TestPlanningAllocatesNothing(t *testing.T) {
	d, err := Deep()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewPlanner()
	start := DeepStart
	p.Plan(&start)
	if n := testing.AllocsPerRun(100, func() { p.Plan(&start) }); n != 0 {
		t.Errorf("a warm planning of the deep problem allocates %v times", n)
	}
}

// BenchmarkDeep plans the deep problem with foresight's GOAP. The
// side-by-side run with github.com/kelindar/goap is in the module
// bench/kelindar (see the package doc).
func BenchmarkDeep(b *testing.B) {
	d, err := Deep()
	if err != nil {
		b.Fatal(err)
	}
	p := d.NewPlanner()
	start := DeepStart
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Plan(&start); err != nil {
			b.Fatal(err)
		}
	}
}
