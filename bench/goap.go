package bench

import (
	"strconv"

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
		Action("Eat").Action("Forage").Action("Sleep").
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
		b.Action(RoomStep(i))
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
