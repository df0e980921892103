package bttest_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// Worker is the memory of the examples: a worker carrying ore.
type Worker struct{ Ore, Trips int }

// twice is a decorator that runs its child two times in a row. It keeps
// its count in the node, which the tree makes afresh for every agent, and
// resets it at Begin.
type twice struct {
	child *bt.Child[Worker]
	done  int
}

func Twice(c *bt.Child[Worker]) (bt.Node[Worker], error) { return &twice{child: c}, nil }

func (t *twice) Begin(m *Worker) bt.Status { t.done = 0; return t.Update(m, 0) }

func (t *twice) Update(m *Worker, dt time.Duration) bt.Status {
	switch s := t.child.Tick(m, dt); s {
	case bt.Success:
		if t.done++; t.done < 2 {
			return bt.Running // the child begins again next tick
		}
		return bt.Success
	default:
		return s
	}
}

func (t *twice) End(*Worker, bt.Status) {}

func (t *twice) Simulate(ctx *sim.Context[Worker], m *Worker) heuristic.Verdict {
	ch := bt.StartChain(ctx, m)
	for range 2 - t.done {
		v, terminal := ch.Step(t.child)
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
		if terminal {
			break
		}
	}
	return ch.Finish()
}

// A decorator that keeps the contract passes the kit.
func ExampleTestDecorator() {
	err := bttest.TestDecorator(Twice, bttest.Config[Worker]{})
	fmt.Println("violations:", err)
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
func (h *haul) End(*Worker, bt.Status)                     {}
func (h *haul) Simulate(_ *sim.Context[Worker], m *Worker) { m.Ore += 10 }

// An action that keeps an agent's state outside the memory is caught: the
// kit runs one action for every run and agent, as a tree does, so the
// count it keeps runs on from run to run.
func ExampleTestAction() {
	err := bttest.TestAction(&haul{}, bttest.Config[Worker]{})
	first, _, _ := strings.Cut(err.Error(), "\n") // of four violations
	fmt.Println(first)
	// Output:
	// agents share state: the first of two agents ticked in turn (at step 2 (Tick(100ms))): it left the memory {Ore:10 Trips:16}, alone {Ore:10 Trips:1}
}
