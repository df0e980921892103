package bttest_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

// Worker is the memory of the examples: a worker carrying ore.
type Worker struct{ Ore, Trips, HP int }

// snippet until-hurt

// untilHurt is a decorator that runs its child until the worker is hurt,
// then halts it and fails. It keeps the hit points it began with in the
// node, which the tree makes afresh for every agent.
type untilHurt struct {
	child *bt.Child[Worker]
	hp    int
}

func UntilHurt(c *bt.Child[Worker]) (bt.Node[Worker], error) { return &untilHurt{child: c}, nil }

func (u *untilHurt) Begin(m *Worker) bt.Status {
	u.hp = m.HP
	return u.child.Tick(m, 0)
}

func (u *untilHurt) Update(m *Worker, dt time.Duration) bt.Status {
	if m.HP < u.hp {
		u.child.Halt(m)
		return bt.Failure
	}
	return u.child.Tick(m, dt)
}

func (u *untilHurt) End(*Worker, bt.Status) {}

// SaveState saves the hit points it began with, so that a game saved and
// loaded while it runs goes on as if it had never stopped.
func (u *untilHurt) SaveState(w *bt.StateWriter) { w.Int("hp", int64(u.hp)) }

// RestoreState restores what SaveState saved.
func (u *untilHurt) RestoreState(r *bt.StateReader) error {
	u.hp = int(r.Int("hp"))
	return r.Err()
}

// Simulate predicts the child's run: being hurt is the heuristic's to judge.
func (u *untilHurt) Simulate(ctx *bt.Sim[Worker], m *Worker) heuristic.Verdict {
	return u.child.Simulate(ctx, m)
}

// end snippet until-hurt

// A decorator that keeps the contract passes the kit.
func ExampleTestDecorator() {
	// snippet test-decorator
	err := bttest.TestDecorator(UntilHurt, bttest.Config[Worker]{
		Memories: []Worker{{HP: 10}},
		Sense: func(step int, w *Worker) {
			if step == 2 || step == 7 {
				w.HP-- // hit while the child runs, and again later
			}
		},
	})
	fmt.Println("violations:", err)
	// end snippet test-decorator

	// Output:
	// violations: <nil>
}

// haul counts its trips in itself, not in the memory. Every agent of a
// tree shares one action, so two workers would share its count.
type haul struct{ trips int }

func (h *haul) Begin(*Worker) bt.Status { return bt.Running }
func (h *haul) Update(m *Worker, _ time.Duration) bt.Status {
	h.trips++
	m.Ore += 10
	m.Trips = h.trips
	return bt.Success
}
func (h *haul) End(*Worker, bt.Status)                {}
func (h *haul) Simulate(_ *bt.Sim[Worker], m *Worker) { m.Ore += 10 }

// An action that keeps an agent's state outside the memory is caught: the
// kit runs one action for every run and agent, as a tree does, so the
// count it keeps runs on from run to run.
func ExampleTestAction() {
	err := bttest.TestAction(&haul{}, bttest.Config[Worker]{})
	first, _, _ := strings.Cut(err.Error(), "\n") // of four violations
	fmt.Println(first)
	// Output:
	// agents share state: the first of two agents ticked in turn (at step 2 (Tick(100ms))): it left the memory {Ore:10 Trips:22 HP:0}, alone {Ore:10 Trips:1 HP:0}
}

// An HTN domain over the kit's actions keeps the contract of every
// decider: it reports well-formed plans, previews foresee them, and they
// run as planned, e's cooldown included (the domain fires e twice with b
// between, which a planner that knows time finds in time).
func ExampleTestDecider() {
	type World = bttest.World
	alarmed := func(w *World) bool { return w.Alarm }
	alarm := constraints.Func("alarm", alarmed)
	err := bttest.TestDecider(func(actions *catalogue.Catalogue[World]) (bt.Def[World], error) {
		domain, err := htn.New(actions).Compound("work").
			Method("volley", alarm).Do("e", "e").
			Method("fire", alarm).Do("e", "b", "e").
			Method("chores").Do("a", "c", "b").
			Build()
		return bt.New[World]().Plan("htn", domain, bt.ReplanOn(alarmed)), err
	}, bttest.DeciderConfig{})
	fmt.Println("violations:", err)
	// Output:
	// violations: <nil>
}
