package bench

import (
	"context"
	"time"

	"github.com/qmuntal/stateless"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// Guard is the world of the state machines' comparison: what a guard
// senses, and the work its actions did.
type Guard struct {
	Seen, Near         bool
	Begins, Ends       int
	Walks, Steps, Hits int
}

// Sense writes what the guard senses at tick i: the intruder comes into
// sight, closes in, steps back and leaves, over and over, so that the
// machine moves through every state and transition.
func Sense(i int, g *Guard) {
	switch p := i % 24; {
	case p < 6:
		g.Seen, g.Near = false, false
	case p < 10, p >= 14 && p < 18:
		g.Seen, g.Near = true, false
	default:
		g.Seen, g.Near = true, true
	}
}

// The guard's actions, as users write them: structs with a life cycle.
type (
	patrolAction struct{}
	chaseAction  struct{}
	attackAction struct{}
)

func (patrolAction) Begin(g *Guard) bt.Status                   { g.Begins++; return bt.Running }
func (patrolAction) Update(g *Guard, _ time.Duration) bt.Status { g.Walks++; return bt.Running }
func (patrolAction) End(g *Guard, _ bt.Status)                  { g.Ends++ }
func (patrolAction) Simulate(_ *bt.Sim[Guard], g *Guard)        { g.Walks++ }
func (chaseAction) Begin(g *Guard) bt.Status                    { g.Begins++; return bt.Running }
func (chaseAction) Update(g *Guard, _ time.Duration) bt.Status  { g.Steps++; return bt.Running }
func (chaseAction) End(g *Guard, _ bt.Status)                   { g.Ends++ }
func (chaseAction) Simulate(_ *bt.Sim[Guard], g *Guard)         { g.Steps++ }
func (attackAction) Begin(g *Guard) bt.Status                   { g.Begins++; return bt.Running }
func (attackAction) Update(g *Guard, _ time.Duration) bt.Status { g.Hits++; return bt.Running }
func (attackAction) End(g *Guard, _ bt.Status)                  { g.Ends++ }
func (attackAction) Simulate(_ *bt.Sim[Guard], g *Guard)        { g.Hits++ }
func (a attackAction) String() string                           { return "attack" }
func (a patrolAction) String() string                           { return "patrol" }
func (a chaseAction) String() string                            { return "chase" }

// GuardMachine returns an agent of the guard's machine in foresight: it
// patrols, chases what it sees, attacks it near, and goes back as the
// intruder steps off or leaves.
func GuardMachine() (*bt.Agent[Guard], error) {
	var b catalogue.Builder[Guard]
	b.Action("patrol", patrolAction{})
	b.Action("chase", chaseAction{})
	b.Action("attack", attackAction{})
	actions, err := b.Build()
	if err != nil {
		return nil, err
	}
	seen := constraints.Func("in sight", func(g *Guard) bool { return g.Seen })
	unseen := constraints.Func("out of sight", func(g *Guard) bool { return !g.Seen })
	near := constraints.Func("near", func(g *Guard) bool { return g.Near })
	far := constraints.Func("far", func(g *Guard) bool { return !g.Near })
	m := fsm.New(actions)
	m.State("patrol").Do("patrol").To("chase", seen)
	m.State("chase").Do("chase").To("attack", near).To("patrol", unseen)
	m.State("attack").Do("attack").To("chase", far, seen).To("patrol", unseen)
	machine, err := m.Build()
	if err != nil {
		return nil, err
	}
	tree, err := bt.Build(bt.Config[Guard]{}, bt.New[Guard]().Plan("guard", machine))
	if err != nil {
		return nil, err
	}
	return tree.NewAgent(1)
}

// StatelessGuard is the same guard on github.com/qmuntal/stateless, as a
// user writes it: the actions begin and end on entering and leaving their
// states, a trigger fired each frame takes the transition the senses
// allow (stateless wants the guards of one trigger to exclude each
// other, and takes one transition a fire: patrol goes straight to attack
// when it finds the intruder near), and the frame updates the state's
// action when the state stays.
type StatelessGuard struct {
	sm      *stateless.StateMachine
	actions map[string]bt.Action[Guard]
	started bool
}

const frame = "frame"

// NewStatelessGuard configures the guard's machine on stateless.
func NewStatelessGuard() *StatelessGuard {
	s := &StatelessGuard{sm: stateless.NewStateMachine("patrol"),
		actions: map[string]bt.Action[Guard]{"patrol": patrolAction{}, "chase": chaseAction{}, "attack": attackAction{}}}
	guard := func(test func(g *Guard) bool) stateless.GuardFunc {
		return func(_ context.Context, args ...any) bool { return test(args[0].(*Guard)) }
	}
	seenNear := guard(func(g *Guard) bool { return g.Seen && g.Near })
	seenFar := guard(func(g *Guard) bool { return g.Seen && !g.Near })
	unseen := guard(func(g *Guard) bool { return !g.Seen })
	for name, a := range s.actions {
		c := s.sm.Configure(name).
			OnEntry(func(_ context.Context, args ...any) error { a.Begin(args[0].(*Guard)); return nil }).
			OnExit(func(_ context.Context, args ...any) error { a.End(args[0].(*Guard), bt.Running); return nil })
		switch name {
		case "patrol":
			c.Permit(frame, "attack", seenNear).Permit(frame, "chase", seenFar).Ignore(frame, unseen)
		case "chase":
			c.Permit(frame, "attack", seenNear).Permit(frame, "patrol", unseen).Ignore(frame, seenFar)
		case "attack":
			c.Permit(frame, "chase", seenFar).Permit(frame, "patrol", unseen).Ignore(frame, seenNear)
		}
	}
	return s
}

// Tick is a frame: fire, and update the action of a state that stayed; on
// the first frame, begin the action of the state the machine settles in.
func (s *StatelessGuard) Tick(g *Guard, dt time.Duration) error {
	before := s.sm.MustState()
	if err := s.sm.Fire(frame, g); err != nil {
		return err
	}
	now := s.sm.MustState().(string)
	switch {
	case !s.started:
		s.started = true
		if now == before {
			s.actions[now].Begin(g)
		}
	case now == before:
		s.actions[now].Update(g, dt)
	}
	return nil
}
