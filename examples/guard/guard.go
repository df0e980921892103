package main

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// The guard's actions. Each takes one step of time: Begin starts it, the
// next Update does it. Simulate applies the same effect to a copy.

// patrol walks toward the next waypoint and picks the one after on arrival.
type patrol struct{}

func (patrol) Begin(*Memory) bt.Status { return bt.Running }
func (patrol) Update(m *Memory, _ time.Duration) bt.Status {
	patrolStep(m)
	return bt.Success
}
func (patrol) End(*Memory, bt.Status)                     {}
func (patrol) Simulate(_ *sim.Context[Memory], m *Memory) { patrolStep(m) }

func patrolStep(m *Memory) {
	if m.Guard == m.Waypoints[m.Next] {
		m.Next = (m.Next + 1) % len(m.Waypoints)
	}
	m.Guard = toward(m.Guard, m.Waypoints[m.Next])
}

// chase steps toward the intruder.
type chase struct{}

func (chase) Begin(*Memory) bt.Status { return bt.Running }
func (chase) Update(m *Memory, _ time.Duration) bt.Status {
	m.Guard = toward(m.Guard, m.Intruder)
	return bt.Success
}
func (chase) End(*Memory, bt.Status)                     {}
func (chase) Simulate(_ *sim.Context[Memory], m *Memory) { m.Guard = toward(m.Guard, m.Intruder) }

// attack strikes the intruder on the next square.
type attack struct{}

func (attack) Begin(*Memory) bt.Status { return bt.Running }
func (attack) Update(m *Memory, _ time.Duration) bt.Status {
	if dist(m.Guard, m.Intruder) > 1 {
		return bt.Failure // it stepped away
	}
	strike(m)
	return bt.Success
}
func (attack) End(*Memory, bt.Status)                     {}
func (attack) Simulate(_ *sim.Context[Memory], m *Memory) { strike(m) }

func strike(m *Memory) {
	m.IntruderHP--
	m.Hits++
}

// seen and inReach guard chase and attack.
type seen struct{}

func (seen) Evaluate(_ bt.Situation, m *Memory) (bt.Check, string) {
	if m.Sees() {
		return bt.Pass, ""
	}
	return bt.Fail, "no intruder in sight"
}

type inReach struct{}

func (inReach) Evaluate(_ bt.Situation, m *Memory) (bt.Check, string) {
	if m.IntruderHP > 0 && dist(m.Guard, m.Intruder) <= 1 {
		return bt.Pass, ""
	}
	return bt.Fail, "out of reach"
}

// goal is the guard's heuristic: hurting the intruder beats closing in,
// which beats walking the round.
func goal() (*heuristic.Rules[Memory], error) {
	return heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("intruder hurt", heuristic.Safe, func(b, a *Memory) bool {
			return a.IntruderHP < b.IntruderHP
		}),
		heuristic.When("closer to the intruder", heuristic.Beneficial, func(b, a *Memory) bool {
			return b.Sees() && dist(a.Guard, a.Intruder) < dist(b.Guard, b.Intruder)
		}),
		heuristic.When("on the round", heuristic.Cosmetic, func(b, a *Memory) bool {
			return a.Guard != b.Guard
		}),
	)
}

// guardTree builds the guard's tree, a selector that plans every tick.
func guardTree() (*bt.Tree[Memory], error) {
	g, err := goal()
	if err != nil {
		return nil, err
	}
	n := bt.For[Memory]()
	return bt.Build(bt.Config[Memory]{Heuristic: g},
		n.Selector("guard", bt.Replan(0),
			n.Do("attack", attack{}).Constrain(inReach{}),
			n.Do("chase", chase{}).Constrain(seen{}),
			n.Do("patrol", patrol{}),
		),
	)
}

// newGuard builds the guard: an agent of its tree, seeded, and traced if
// tracer is set.
func newGuard(seed uint64, tracer bt.Tracer) (*bt.Agent[Memory], error) {
	tree, err := guardTree()
	if err != nil {
		return nil, err
	}
	guard, err := tree.NewAgent(seed)
	if err != nil {
		return nil, err
	}
	guard.SetTracer(tracer)
	return guard, nil
}
