package bt_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/trace"
)

// Miner is what an RTS worker knows: where it is on the road from its
// base (0) to the mine (4), the ore it carries and has stocked, its
// energy, where a raider is (-1 for none) and how far its depot is built.
type Miner struct {
	Pos, Carry, Stock, Energy, Raider, Depot int
}

const mineAt, depotCost, depotWork = 4, 10, 2

func (m *Miner) threatened() bool { return m.Raider >= 0 && abs(m.Raider-m.Pos) <= 1 }

// walk is an action that takes a step a tick, and predicts arriving.
func walk(to int) bt.Action[Miner] {
	return bt.Lasting(func(m *Miner, _ time.Duration) bt.Status {
		m.Pos += sign(to - m.Pos)
		m.Energy--
		if m.Pos == to {
			return bt.Success
		}
		return bt.Running
	}, func(m *Miner) { m.Energy -= abs(to - m.Pos); m.Pos = to })
}

var (
	dig = bt.Lasting(func(m *Miner, _ time.Duration) bt.Status {
		m.Carry += 5
		if m.Carry >= 10 {
			return bt.Success
		}
		return bt.Running
	}, func(m *Miner) { m.Carry = 10 })
	deposit = bt.Instant(func(m *Miner) bool { m.Stock += m.Carry; m.Carry = 0; return true },
		func(m *Miner) { m.Stock += m.Carry; m.Carry = 0 })
	build = bt.Lasting(func(m *Miner, _ time.Duration) bt.Status {
		if m.Depot++; m.Depot < depotWork {
			return bt.Running
		}
		m.Stock -= depotCost
		return bt.Success
	}, func(m *Miner) { m.Depot, m.Stock = depotWork, m.Stock-depotCost })
	rest = bt.Lasting(func(m *Miner, _ time.Duration) bt.Status {
		if m.Energy += 3; m.Energy < 12 {
			return bt.Running
		}
		return bt.Success
	}, func(m *Miner) { m.Energy = max(m.Energy, 12) })
	// idle runs until the selector finds something better, so the
	// timeline shows it once rather than every tick.
	idle = bt.Lasting(func(*Miner, time.Duration) bt.Status { return bt.Running }, nil)
)

// A worker of a real-time strategy game: it mines, hauls and builds, flees
// raiders, and rests. The goal maps an economy onto the outcomes, from
// ruin to relief (see package heuristic); constraints say what each action
// needs; a decorator bounds the digging; and the timeline says what the
// worker chose, why, and what it turned down.
func Example_worker() {
	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("exhausted", heuristic.Harmful, func(b, a *Miner) bool { return a.Energy < 0 }),
		heuristic.When("into danger", heuristic.Harmful, func(b, a *Miner) bool { return !b.threatened() && a.threatened() }),
		heuristic.When("escaped", heuristic.Safe, func(b, a *Miner) bool { return b.threatened() && !a.threatened() }),
		heuristic.When("fresh again", heuristic.Beneficial, func(b, a *Miner) bool { return b.Energy < 6 && a.Energy >= 12 }),
		heuristic.When("depot built", heuristic.Beneficial, func(b, a *Miner) bool { return a.Depot > b.Depot }),
		heuristic.When("ore stocked", heuristic.Beneficial, func(b, a *Miner) bool { return a.Stock > b.Stock }),
		heuristic.When("ore in hand", heuristic.Beneficial, func(b, a *Miner) bool { return a.Carry > b.Carry }),
		heuristic.When("rested", heuristic.Cosmetic, func(b, a *Miner) bool { return a.Energy > b.Energy }),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	once := constraints.SkipWhileRunning() // checked before the node begins, not while it runs
	var (
		raiderNear = constraints.Func("raider near", (*Miner).threatened)
		handsFree  = constraints.Func("hands free", func(m *Miner) bool { return m.Carry == 0 }, once)
		carrying   = constraints.Func("carrying", func(m *Miner) bool { return m.Carry > 0 }, once)
		atBase     = constraints.Func("at base", func(m *Miner) bool { return m.Pos == 0 })
		oreToBuild = constraints.Func("ore for a depot", func(m *Miner) bool { return m.Depot < depotWork && m.Stock >= depotCost }, once)
		tired      = constraints.Func("tired", func(m *Miner) bool { return m.Energy < 6 }, once)
	)
	n := bt.New[Miner]()
	tree, err := bt.Build(bt.Config[Miner]{Heuristic: goal},
		n.Selector("worker", bt.Replan(0),
			n.Do("flee", walk(0)).Constrain(raiderNear),
			n.Sequence("mine",
				n.Do("to mine", walk(mineAt)),
				n.Decorate("patiently", decorators.Timeout[Miner](2*time.Second),
					n.Do("dig", dig),
				),
			).Constrain(handsFree),
			n.Sequence("haul",
				n.Do("to base", walk(0)),
				n.Do("deposit", deposit),
			).Constrain(carrying),
			n.Do("build", build).Constrain(atBase, oreToBuild),
			n.Do("rest", rest).Constrain(tired, constraints.Cooldown[Miner](5*time.Second)),
			n.Do("idle", idle, bt.Cosmetic()),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	worker, err := tree.NewAgent(1)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := Miner{Energy: 12, Raider: -1}
	timeline := trace.Timeline(os.Stdout, tree.Nodes(), func() string {
		return fmt.Sprintf("at %d carry %2d stock %2d energy %2d", m.Pos, m.Carry, m.Stock, m.Energy)
	})
	timeline.MaxAlternatives = 2
	worker.SetTracer(timeline)
	for tick := range 34 {
		switch tick {
		case 4:
			m.Raider = mineAt // a raider comes to the mine
		case 9:
			m.Raider = -1
		}
		if _, err := worker.Tick(&m, 500*time.Millisecond); err != nil {
			fmt.Println(err)
			return
		}
	}
	// Output:
	//   0.50s  to mine            Beneficial (ore in hand)                at 0 carry  0 stock  0 energy 12
	//                        not: idle Cosmetic (otherwise) · build Impossible (not ore for a depot) · … 3 more
	//   2.50s  flee               Safe (escaped)                          at 3 carry  0 stock  0 energy  9
	//                        not: mine Beneficial (ore in hand) · idle Cosmetic (otherwise) · … 3 more
	//   3.50s  idle               Cosmetic (otherwise)                    at 2 carry  0 stock  0 energy  8
	//                        not: mine Harmful (into danger) · build Impossible (not at base) · … 3 more
	//   5.00s  to mine            Beneficial (ore in hand)                at 2 carry  0 stock  0 energy  8
	//                        not: idle Cosmetic (otherwise) · build Impossible (not at base) · … 3 more
	//   6.00s  dig                Beneficial (ore in hand)                at 4 carry  0 stock  0 energy  6
	//                        not: idle Cosmetic (otherwise) · build Impossible (not at base) · … 3 more
	//   7.50s  to base            Beneficial (ore stocked)                at 4 carry 10 stock  0 energy  6
	//                        not: idle Cosmetic (otherwise) · build Impossible (not at base) · … 3 more
	//   9.50s  deposit            Beneficial (ore stocked)                at 0 carry 10 stock  0 energy  2
	//                        not: rest Beneficial (fresh again) · idle Cosmetic (otherwise) · … 3 more
	//  10.00s  build              Beneficial (depot built)                at 0 carry  0 stock 10 energy  2
	//                        not: rest Beneficial (fresh again) · idle Cosmetic (otherwise) · … 3 more
	//  11.50s  rest               Beneficial (fresh again)                at 0 carry  0 stock  0 energy  2
	//                        not: idle Cosmetic (otherwise) · mine Harmful (exhausted) · … 3 more
	//  13.00s  to mine            Beneficial (ore in hand)                at 0 carry  0 stock  0 energy  8
	//                        not: idle Cosmetic (otherwise) · rest Cosmetic (rested) · … 3 more
	//  15.00s  dig                Beneficial (ore in hand)                at 4 carry  0 stock  0 energy  4
	//                        not: idle Cosmetic (otherwise) · build Impossible (not at base) · … 3 more
	//  16.50s  to base            Beneficial (ore stocked)                at 4 carry 10 stock  0 energy  4
	//                        not: idle Cosmetic (otherwise) · build Impossible (not at base) · … 3 more
}
