package cookbook_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// Watchman is what the FSM document's watchman knows, on a line: where
// it is, the waypoints it walks between, and the player, if it sees it.
type Watchman struct {
	Pos, Toward int // its place, and the waypoint it walks to
	Player      int
	Sees        bool
}

// step moves the watchman a step toward to.
func (w *Watchman) step(to int) {
	switch {
	case w.Pos < to:
		w.Pos++
	case w.Pos > to:
		w.Pos--
	}
}

// patrol walks between the waypoints 0 and 4.
func (w *Watchman) patrol() {
	if w.Pos == w.Toward {
		w.Toward = 4 - w.Toward
	}
	w.step(w.Toward)
}

// The watchman's machine written by hand, as the document writes it: an
// enum of states, and a switch that changes state on what it sees and
// acts in the state it is in.
type watchState int

const (
	patrolling watchState = iota
	chasing
)

func (s watchState) String() string { return [...]string{"patrol", "chase"}[s] }

func (s *watchState) tick(w *Watchman) {
	switch *s {
	case patrolling:
		if w.Sees {
			*s = chasing
		}
	case chasing:
		if !w.Sees {
			*s = patrolling
		}
	}
	switch *s {
	case patrolling:
		w.patrol()
	case chasing:
		w.step(w.Player)
	}
}

// The FSM document's patrol and chase, twice: by hand, as an enum and a
// switch, and as a machine of package fsm over a catalogue of the same
// two actions. Both do the same, tick for tick. What the package adds:
// the actions are declared once and shared with every other decider (a
// tree, a planner); the transitions are data that Build checks (an
// unknown or unreachable state, a state with no way out), that a tracer
// reports as they fire and a picture draws; entering and leaving a state
// is the life cycle of its action (End once per Begin); and a selector
// can weigh the machine by predicting it. What it costs: the machine is a
// node of a tree, some fifty nanoseconds a tick more than the switch on
// the machine these examples were written on (BenchmarkPatrolChase).
func Example_patrolChase() {
	agent, err := watchmanMachine()
	if err != nil {
		fmt.Println(err)
		return
	}
	state := "patrol"
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			state = e.Plan.Goal
		}
	}))

	var hand watchState
	byHand, byMachine := Watchman{Player: 7}, Watchman{Player: 7}
	fmt.Println("tick  sees   by hand     by fsm")
	for tick := range 10 {
		sees := tick >= 3 && tick < 7
		byHand.Sees, byMachine.Sees = sees, sees
		hand.tick(&byHand)
		agent.Tick(&byMachine, time.Second)
		fmt.Printf("%4d  %-5v  %-6v at %d  %-6s at %d\n", tick, sees, hand, byHand.Pos, state, byMachine.Pos)
	}
	// Output:
	// tick  sees   by hand     by fsm
	//    0  false  patrol at 1  patrol at 1
	//    1  false  patrol at 2  patrol at 2
	//    2  false  patrol at 3  patrol at 3
	//    3  true   chase  at 4  chase  at 4
	//    4  true   chase  at 5  chase  at 5
	//    5  true   chase  at 6  chase  at 6
	//    6  true   chase  at 7  chase  at 7
	//    7  false  patrol at 6  patrol at 6
	//    8  false  patrol at 5  patrol at 5
	//    9  false  patrol at 4  patrol at 4
}

// watchmanMachine returns an agent of the watchman's machine, in a tree
// of its own.
func watchmanMachine() (*bt.Agent[Watchman], error) {
	act := func(do func(w *Watchman)) bt.Action[Watchman] {
		return bt.Lasting(func(w *Watchman, _ time.Duration) bt.Status { do(w); return bt.Running }, do).
			OnBegin(func(w *Watchman) bt.Status { do(w); return bt.Running })
	}
	var cb catalogue.Builder[Watchman]
	cb.Action("patrol", act((*Watchman).patrol))
	cb.Action("chase", act(func(w *Watchman) { w.step(w.Player) }))
	actions, err := cb.Build()
	if err != nil {
		return nil, err
	}
	sees := constraints.Func("sees the player", func(w *Watchman) bool { return w.Sees })
	lost := constraints.Not(sees)
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("chase", sees)
	b.State("chase").Do("chase").To("patrol", lost)
	machine, err := b.Build()
	if err != nil {
		return nil, err
	}
	tree, err := bt.Build(bt.Config[Watchman]{}, bt.New[Watchman]().Plan("watchman", machine))
	if err != nil {
		return nil, err
	}
	return tree.NewAgent(1)
}

// BenchmarkPatrolChase ticks the watchman by hand and as a machine, the
// player in and out of sight every few ticks.
func BenchmarkPatrolChase(b *testing.B) {
	b.Run("switch", func(b *testing.B) {
		var s watchState
		w := Watchman{Player: 7}
		for i := 0; b.Loop(); i++ {
			w.Sees = i%8 < 3
			s.tick(&w)
		}
	})
	b.Run("fsm", func(b *testing.B) {
		agent, err := watchmanMachine()
		if err != nil {
			b.Fatal(err)
		}
		w := Watchman{Player: 7}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			w.Sees = i%8 < 3
			if _, err := agent.Tick(&w, time.Second); err != nil {
				b.Fatal(err)
			}
		}
	})
}
