package main

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
)

// The guard's actions, as the document that compares state machines with
// behaviour trees writes them: each goes on until something else takes
// over. Begin starts one, each Update is a tick of it, and Simulate
// predicts its next step on a copy.

// patrol walks the round, and waits a second at each waypoint.
type patrol struct{}

func (patrol) Begin(*Memory) bt.Status { return bt.Running }
func (patrol) Update(m *Memory, dt time.Duration) bt.Status {
	if m.Wait > 0 {
		m.Wait -= dt
		return bt.Running
	}
	patrolStep(m)
	return bt.Running
}
func (patrol) End(*Memory, bt.Status)                {}
func (patrol) Simulate(_ *bt.Sim[Memory], m *Memory) { patrolStep(m) }

// patrolStep takes a step of the round: on to the next waypoint, and a
// wait of a second on reaching it.
func patrolStep(m *Memory) {
	if m.Guard == m.Waypoints[m.Next] {
		m.Next = (m.Next + 1) % len(m.Waypoints)
	}
	m.Guard = toward(m.Guard, m.Waypoints[m.Next])
	if m.Guard == m.Waypoints[m.Next] {
		m.Wait = waitAtWaypoint
	}
}

// chase steps toward the intruder.
type chase struct{}

func (chase) Begin(*Memory) bt.Status { return bt.Running }
func (chase) Update(m *Memory, _ time.Duration) bt.Status {
	m.Guard = toward(m.Guard, m.Intruder)
	return bt.Running
}
func (chase) End(*Memory, bt.Status)                {}
func (chase) Simulate(_ *bt.Sim[Memory], m *Memory) { m.Guard = toward(m.Guard, m.Intruder) }

// attack swings at the intruder in reach: a blow lands at the end of
// every second of swinging.
type attack struct{}

func (attack) Begin(m *Memory) bt.Status {
	m.Swing = 0
	return bt.Running
}
func (attack) Update(m *Memory, dt time.Duration) bt.Status {
	if m.Swing += dt; m.Swing >= swingTime {
		m.Swing -= swingTime
		strike(m)
	}
	return bt.Running
}
func (attack) End(*Memory, bt.Status)                {}
func (attack) Simulate(_ *bt.Sim[Memory], m *Memory) { strike(m) }

func strike(m *Memory) {
	m.IntruderHP--
	m.Hits++
}

// How long the guard waits at a waypoint, and how long a swing takes.
const (
	waitAtWaypoint = time.Second
	swingTime      = time.Second
)

// seen and inReach are the guard's conditions: the preconditions of
// chase and attack, and the guards of the machine's transitions.
type seen struct{}

func (seen) Evaluate(_ bt.Situation, m *Memory) (bt.Check, string) {
	if m.Sees() {
		return bt.Pass, ""
	}
	return bt.Fail, "no intruder in sight"
}
func (seen) String() string { return "in sight" }
func (seen) Timeless() bool { return true }

type inReach struct{}

func (inReach) Evaluate(_ bt.Situation, m *Memory) (bt.Check, string) {
	if m.IntruderHP > 0 && dist(m.Guard, m.Intruder) <= 1 {
		return bt.Pass, ""
	}
	return bt.Fail, "out of reach"
}
func (inReach) String() string { return "in reach" }
func (inReach) Timeless() bool { return true }

// The machine's other guards: the conditions turned around.
var (
	unseen     = constraints.Not[Memory](seen{})
	outOfReach = constraints.Not[Memory](inReach{})
)

// actions is the guard's action library: each action declared once, with
// its preconditions, for both deciders.
func actions() (*catalogue.Catalogue[Memory], error) {
	var b catalogue.Builder[Memory]
	b.Action("attack", attack{}, inReach{})
	b.Action("chase", chase{}, seen{})
	b.Action("patrol", patrol{})
	return b.Build()
}

// snippet guard-goal

// goal is the tree's heuristic: hurting the intruder beats closing in,
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

// end snippet guard-goal

// A decider is how the guard chooses among its actions.
type decider string

// The deciders: a simulated selector that plans every tick, and a state
// machine.
const (
	byTree decider = "tree"
	byFSM  decider = "fsm"
)

// design returns the guard's mind under decider d, over the catalogue:
//
//   - the tree is one selector that plans every tick: it predicts each
//     action on a copy of the memory and the heuristic picks the best,
//     ties going to the first (a step of the round may close in on the
//     intruder as much as a chase does), so the order of the options is
//     the heuristic's, then the children's, and a new action is a child
//     and maybe a rule;
//   - the machine says, for each state, what it goes to and when: the
//     same order, written as transitions, each state's in its own words.
func design(d decider, actions *catalogue.Catalogue[Memory]) (bt.Def[Memory], error) {
	n := bt.New[Memory]()
	switch d {
	case byTree:
		// snippet guard-tree
		return n.Selector("guard", bt.Replan(0), bt.PreferFirst(),
			actions.Do("attack"),
			actions.Do("chase"),
			actions.Do("patrol"),
		), nil
		// end snippet guard-tree
	case byFSM:
		// snippet guard-machine
		// A tick settles through as many states as fire before it runs
		// one: patrol goes to attack through chase, and needs no
		// transition of its own for it. Chase and attack are states of
		// the fight, whose transition back to patrol leaves either.
		b := fsm.New(actions)
		b.State("patrol").Do("patrol").
			To("fight", seen{})
		b.State("fight").
			To("patrol", unseen)
		b.State("chase").In("fight").Do("chase").
			To("attack", inReach{})
		b.State("attack").In("fight").Do("attack").
			To("chase", outOfReach)
		machine, err := b.Build()
		if err != nil {
			return bt.Def[Memory]{}, err
		}
		return n.Plan("guard", machine), nil
		// end snippet guard-machine
	}
	return bt.Def[Memory]{}, fmt.Errorf("unknown decider %q (want tree or fsm)", d)
}

// guardTree builds the guard's mind under decider d.
func guardTree(d decider) (*bt.Tree[Memory], error) {
	acts, err := actions()
	if err != nil {
		return nil, err
	}
	def, err := design(d, acts)
	if err != nil {
		return nil, err
	}
	g, err := goal()
	if err != nil {
		return nil, err
	}
	return bt.Build(bt.Config[Memory]{Heuristic: g}, def)
}

// newGuard builds the guard's mind under decider d, and the guard: an
// agent of it, seeded, and traced if tracer is set.
func newGuard(d decider, seed uint64, tracer bt.Tracer) (*bt.Agent[Memory], error) {
	tree, err := guardTree(d)
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
