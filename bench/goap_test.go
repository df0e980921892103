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
	plan, err := d.NewSession().Plan(&DeepStart)
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
		plan, err := d.NewSession().Plan(&Room{})
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

// planner is a problem's planning, ready to call.
type planner struct {
	name string
	plan func() (decide.Plan, error)
	want []string // the plan; nil for the grid, which has several of one length
	cost float64
}

// planners are the four GOAP problems, the maze, crafting and the grid
// with their preconditions stated both ways.
func planners(t *testing.T) []planner {
	t.Helper()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	deep, err := Deep()
	must(err)
	dp, forager := deep.NewSession(), DeepStart
	out := []planner{{"deep", func() (decide.Plan, error) { return dp.Plan(&forager) }, DeepPlan, 12}}
	for _, pre := range []Preconditions{Fields, Funcs} {
		maze, err := Maze(pre)
		must(err)
		craft, err := Crafting(pre)
		must(err)
		grid, err := Grid(pre)
		must(err)
		mp, cp, gp := maze.NewSession(), craft.NewSession(), grid.NewSession()
		room, shop, cell := Room{}, Workshop{}, GridStart
		out = append(out,
			planner{"maze/" + pre.String(), func() (decide.Plan, error) { return mp.Plan(&room) }, MazePlan, 25},
			planner{"crafting/" + pre.String(), func() (decide.Plan, error) { return cp.Plan(&shop) }, CraftPlan, 9},
			planner{"grid/" + pre.String(), func() (decide.Plan, error) { return gp.Plan(&cell) }, nil, 36})
	}
	return out
}

// Each problem's plan is the one kelindar/goap finds (the cheapest), with
// fields or functions alike, and planning allocates nothing once warm.
func TestProblems(t *testing.T) {
	grids := map[string][]string{}
	for _, p := range planners(t) {
		plan, err := p.plan()
		switch {
		case err != nil:
			t.Errorf("%s: %v", p.name, err)
		case plan.Cost != p.cost || p.want != nil && !slices.Equal(plan.Steps, p.want):
			t.Errorf("%s: %v costing %v, want %v costing %v", p.name, plan.Steps, plan.Cost, p.want, p.cost)
		}
		if p.want == nil {
			grids[p.name] = slices.Clone(plan.Steps)
		}
		if n := testing.AllocsPerRun(20, func() { p.plan() }); n != 0 {
			t.Errorf("%s: a warm planning allocates %v times", p.name, n)
		}
	}
	if !slices.Equal(grids["grid/fields"], grids["grid/funcs"]) {
		t.Errorf("the grid's plans differ with fields and functions:\n%v\n%v", grids["grid/fields"], grids["grid/funcs"])
	}
}

// The grid has the 324 moves its doc says.
func TestGridShape(t *testing.T) {
	if n := len(GridMoves()); n != 324 {
		t.Errorf("%d moves", n)
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
	p := d.NewSession()
	start := DeepStart
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Plan(&start); err != nil {
			b.Fatal(err)
		}
	}
}
