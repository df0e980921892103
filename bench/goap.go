package bench

import (
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// Forager is the memory of github.com/kelindar/goap's "deep" benchmark
// problem: hunger, food and tiredness, each held in 0..100 as that
// library holds its values.
type Forager struct {
	Hunger, Food, Tired int8
}

func clamp(v int8) int8 { return min(max(v, 0), 100) }

// DeepStart is where the deep problem starts: hungry, with no food, and
// rested.
var DeepStart = Forager{Hunger: 80}

// DeepPlan is the twelve-step plan github.com/kelindar/goap finds for the
// deep problem (its TestNumericPlan).
var DeepPlan = []string{"Forage", "Forage", "Forage", "Sleep", "Forage", "Forage", "Sleep",
	"Forage", "Forage", "Forage", "Sleep", "Forage"}

// Deep returns the deep problem as a foresight domain: eat (needs food),
// forage (needs to be rested below 50), sleep (needs tiredness above 30),
// and the goal food above 80 with kelindar/goap's estimate, the food still
// missing up to 80.
//
// The key is the memory itself: three bytes, which the planner hashes by
// their bits.
func Deep() (*goap.Domain[Forager, Forager], error) {
	var b catalogue.Builder[Forager]
	b.Action("Eat", act(func(f *Forager) { f.Hunger, f.Food = clamp(f.Hunger-50), clamp(f.Food-5) }),
		constraints.Func("food", func(f *Forager) bool { return f.Food > 0 }))
	b.Action("Forage", act(func(f *Forager) {
		f.Tired, f.Food, f.Hunger = clamp(f.Tired+20), clamp(f.Food+10), clamp(f.Hunger+5)
	}), constraints.Func("rested", func(f *Forager) bool { return f.Tired < 50 }))
	b.Action("Sleep", act(func(f *Forager) { f.Tired = clamp(f.Tired - 50) }),
		constraints.Func("tired", func(f *Forager) bool { return f.Tired > 30 }))
	actions, err := b.Build()
	if err != nil {
		return nil, err
	}
	return goap.New(actions, func(f *Forager) Forager { return *f }).
		Do("Eat").Do("Forage").Do("Sleep").
		Goal("food>80", 1, func(f *Forager) bool { return f.Food > 80 }).
		Estimate(func(f *Forager) float64 { return float64(max(80-f.Food, 0)) }).
		Build()
}

// Room is the memory of the corridor: the room the agent is in.
type Room struct{ At int16 }

// Corridor returns a corridor of rooms numbered 0 to rooms, with an action
// "r{i}->r{i+1}" that moves from each room to the next, and the goal of
// reaching the last room, searched with the given node budget (and room
// for a plan of every step). A plan is rooms steps long. (github.com/kelindar/goap stops its search at depth
// 100: for a corridor of 150 rooms it returns the first 100 steps and no
// error.)
func Corridor(rooms, budget int) (*goap.Domain[Room, Room], error) {
	var c catalogue.Builder[Room]
	for i := range rooms {
		at := int16(i)
		c.Action(RoomStep(i), act(func(r *Room) { r.At = at + 1 }),
			constraints.Func("in room "+strconv.Itoa(i), func(r *Room) bool { return r.At == at }))
	}
	actions, err := c.Build()
	if err != nil {
		return nil, err
	}
	b := goap.New(actions, func(r *Room) Room { return *r })
	for i := range rooms {
		b.Do(RoomStep(i))
	}
	last := int16(rooms)
	return b.Goal("last room", 1, func(r *Room) bool { return r.At == last }).
		Budget(decide.Budget{Tries: budget, Steps: rooms + 1}).Build()
}

// RoomStep names the corridor's action that leaves room i.
func RoomStep(i int) string { return "r" + strconv.Itoa(i) + "->r" + strconv.Itoa(i+1) }

// act is an instant action that does effect live and predicts it.
func act[M any](effect func(m *M)) bt.Action[M] {
	return bt.Instant(func(m *M) bool { effect(m); return true }, effect)
}

// MazeMoves are github.com/kelindar/goap's maze benchmark: moves between
// rooms named by letters, from A to Z.
var MazeMoves = []string{
	"A->B", "B->C", "C->D", "D->E", "E->F", "F->G", "G->H", "H->I", "I->J", "C->X1", "E->X2", "G->X3",
	"X1->D", "X2->F", "X3->H", "B->Y1", "D->Y2", "F->Y3", "Y1->C", "Y2->E", "Y3->G", "J->K", "K->L", "L->M",
	"M->N", "N->O", "O->P", "P->Q", "Q->R", "R->S", "S->T", "T->U", "U->V", "V->W", "W->X", "X->Y",
	"Y->Z", "U->Z1", "W->Z2", "Z1->V", "Z2->X", "A->Z3",
}

// MazePlan is the plan both libraries find through the maze: the 25
// moves of its one shortest way.
var MazePlan = []string{"A->B", "B->C", "C->D", "D->E", "E->F", "F->G", "G->H", "H->I", "I->J",
	"J->K", "K->L", "L->M", "M->N", "N->O", "O->P", "P->Q", "Q->R", "R->S", "S->T", "T->U", "U->V",
	"V->W", "W->X", "X->Y", "Y->Z"}

// Preconditions says how the problems' actions state their
// preconditions: as tests of a field (constraints.Field), which the GOAP
// search indexes actions by, or as plain functions of the memory
// (constraints.Func), which it checks one by one for every action at
// every state.
type Preconditions uint8

// The ways to state the preconditions.
const (
	Fields Preconditions = iota
	Funcs
)

func (p Preconditions) String() string { return [...]string{"fields", "funcs"}[p] }

// is returns the precondition that field, called name, has value, stated
// as p says: the field's Is, or test, the function a user would write.
func is[M any](p Preconditions, field *constraints.Field[M], name string, value int, test func(m *M) bool) bt.Constraint[M] {
	if p == Fields {
		return field.Is(value)
	}
	return constraints.Func(name+" is "+strconv.Itoa(value), test)
}

// Maze returns the maze as a foresight domain: the agent's room is its
// memory, each move needs its room and leads to the next, and the goal is
// room Z, without an estimate (kelindar/goap's distance is the same for
// every room but Z).
func Maze(p Preconditions) (*goap.Domain[Room, Room], error) {
	rooms := map[string]int16{}
	room := func(name string) int16 {
		if _, ok := rooms[name]; !ok {
			rooms[name] = int16(len(rooms))
		}
		return rooms[name]
	}
	const inName = "room"
	in := constraints.NewField(inName, func(r *Room) int { return int(r.At) })
	var c catalogue.Builder[Room]
	for _, m := range MazeMoves {
		from, to := room(m[:strings.Index(m, "->")]), room(m[strings.Index(m, "->")+2:])
		c.Action(m, act(func(r *Room) { r.At = to }), is(p, in, inName, int(from), func(r *Room) bool { return r.At == from }))
	}
	actions, err := c.Build()
	if err != nil {
		return nil, err
	}
	b := goap.New(actions, func(r *Room) Room { return *r })
	for _, m := range MazeMoves {
		b.Do(m)
	}
	z := room("Z")
	return b.Goal("room Z", 1, func(r *Room) bool { return r.At == z }).Build()
}

// Workshop is the memory of the crafting problem: how far each of its
// routes to a sword has come, and the swords made.
type Workshop struct {
	Stage  [CraftRoutes]int8
	Swords int8
}

// The crafting problem: CraftRoutes routes to a sword, each of
// CraftSteps steps, with these costs; route 2 is the cheapest (9), and
// the dearest routes begin cheapest.
const (
	CraftRoutes = 5
	CraftSteps  = 6
)

var CraftCosts = [CraftRoutes][CraftSteps]int{
	{1, 1, 2, 3, 3, 4}, // 14
	{1, 2, 1, 2, 3, 3}, // 12
	{2, 2, 1, 1, 2, 1}, // 9
	{1, 1, 1, 3, 2, 3}, // 11
	{1, 1, 1, 1, 4, 5}, // 13
}

// CraftStep names step k of route r.
func CraftStep(r, k int) string { return "r" + strconv.Itoa(r) + "s" + strconv.Itoa(k) }

// CraftPlan is the cheapest plan: route 2, step by step.
var CraftPlan = []string{"r2s0", "r2s1", "r2s2", "r2s3", "r2s4", "r2s5"}

// Crafting returns the crafting problem as a foresight domain: 30
// actions, each step of a route needing the step before it, the last
// making a sword; the goal, a sword, searched without an estimate, as
// kelindar/goap does (its distance to "sword>0" is 0 everywhere).
func Crafting(p Preconditions) (*goap.Domain[Workshop, Workshop], error) {
	var c catalogue.Builder[Workshop]
	for r := range CraftRoutes {
		routeName := "route " + strconv.Itoa(r)
		route := constraints.NewField(routeName, func(w *Workshop) int { return int(w.Stage[r]) })
		for k := range CraftSteps {
			stage, cost := int8(k), float64(CraftCosts[r][k])
			c.Action(CraftStep(r, k), act(func(w *Workshop) {
				w.Stage[r] = stage + 1
				if stage+1 == CraftSteps {
					w.Swords++
				}
			}), is(p, route, routeName, k, func(w *Workshop) bool { return w.Stage[r] == stage })).Cost(func(_, _ *Workshop) float64 { return cost })
		}
	}
	actions, err := c.Build()
	if err != nil {
		return nil, err
	}
	b := goap.New(actions, func(w *Workshop) Workshop { return *w })
	for r := range CraftRoutes {
		for k := range CraftSteps {
			b.Do(CraftStep(r, k))
		}
	}
	return b.Goal("a sword", 1, func(w *Workshop) bool { return w.Swords > 0 }).Build()
}

// Cell is the memory of the grid problem: where the agent stands.
type Cell struct{ X, Y int8 }

// The grid problem: a GridSide × GridSide grid of cells, from GridStart
// to GridGoal, split by two walls with a gap at opposite ends: one
// between columns 2 and 3 on every row but the last, one between columns
// 6 and 7 on every row but the first. The moves between neighbouring
// cells that no wall blocks are the actions: 324 of them. The way round
// the walls is 36 moves; the estimate, the Manhattan distance, says 18.
const GridSide = 10

var (
	GridStart = Cell{0, 0}
	GridGoal  = Cell{9, 9}
)

// GridWall reports whether a wall stands between cell c and the cell to
// its east.
func GridWall(c Cell) bool {
	return c.X == 2 && c.Y < GridSide-1 || c.X == 6 && c.Y > 0
}

// A GridMove is one of the grid's actions: from a cell, one step in a
// direction.
type GridMove struct {
	From   Cell
	DX, DY int8
}

// Name names the move, such as "3,4 east".
func (m GridMove) Name() string {
	dir := map[[2]int8]string{{1, 0}: "east", {-1, 0}: "west", {0, 1}: "south", {0, -1}: "north"}[[2]int8{m.DX, m.DY}]
	return strconv.Itoa(int(m.From.X)) + "," + strconv.Itoa(int(m.From.Y)) + " " + dir
}

// GridMoves lists the grid's moves, row by row.
func GridMoves() []GridMove {
	var out []GridMove
	for y := range int8(GridSide) {
		for x := range int8(GridSide) {
			c := Cell{x, y}
			for _, d := range [][2]int8{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				to := Cell{x + d[0], y + d[1]}
				switch {
				case to.X < 0 || to.Y < 0 || to.X >= GridSide || to.Y >= GridSide:
				case d[0] == 1 && GridWall(c), d[0] == -1 && GridWall(to):
				default:
					out = append(out, GridMove{c, d[0], d[1]})
				}
			}
		}
	}
	return out
}

// GridDistance is the grid problem's estimate: the Manhattan distance to
// the goal, which never overstates.
func GridDistance(c *Cell) float64 {
	return float64(abs(int(GridGoal.X)-int(c.X)) + abs(int(GridGoal.Y)-int(c.Y)))
}

func abs(v int) int { return max(v, -v) }

// Grid returns the grid problem as a foresight domain: each move needs
// its cell, the goal the far corner, estimated by GridDistance.
func Grid(p Preconditions) (*goap.Domain[Cell, Cell], error) {
	var c catalogue.Builder[Cell]
	moves := GridMoves()
	const cellName = "cell"
	cell := constraints.NewField(cellName, func(at *Cell) int { return int(at.Y)*GridSide + int(at.X) })
	for _, m := range moves {
		c.Action(m.Name(), act(func(at *Cell) { at.X, at.Y = m.From.X+m.DX, m.From.Y+m.DY }),
			is(p, cell, cellName, int(m.From.Y)*GridSide+int(m.From.X), func(at *Cell) bool { return *at == m.From }))
	}
	actions, err := c.Build()
	if err != nil {
		return nil, err
	}
	b := goap.New(actions, func(at *Cell) Cell { return *at })
	for _, m := range moves {
		b.Do(m.Name())
	}
	return b.Goal("the far corner", 1, func(at *Cell) bool { return *at == GridGoal }).Estimate(GridDistance).Build()
}
