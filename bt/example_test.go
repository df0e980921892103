package bt_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// Guard is the memory of a guard watching a corridor.
type Guard struct {
	Pos, Intruder int // positions on the corridor; Intruder < 0: none seen
	IntruderHP    int
}

// stepToward moves the guard one square toward the intruder.
type stepToward struct{}

func (stepToward) Begin(g *Guard) bt.Status { return bt.Running }
func (stepToward) Update(g *Guard, _ time.Duration) bt.Status {
	g.Pos += sign(g.Intruder - g.Pos)
	return bt.Success
}
func (stepToward) End(*Guard, bt.Status) {}
func (stepToward) Simulate(_ *bt.Sim[Guard], g *Guard) {
	g.Pos += sign(g.Intruder - g.Pos)
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func abs(n int) int { return n * sign(n) }

// guardGoal is the guard's heuristic: hurt the intruder, else close in.
func guardGoal() heuristic.Heuristic[Guard] {
	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("intruder hurt", heuristic.Safe, func(b, a *Guard) bool {
			return a.IntruderHP < b.IntruderHP
		}),
		heuristic.When("closer", heuristic.Beneficial, func(b, a *Guard) bool {
			return b.Intruder >= 0 && abs(a.Intruder-a.Pos) < abs(b.Intruder-b.Pos)
		}),
	)
	if err != nil {
		panic(err)
	}
	return goal
}

// A tree is built in a few lines that read like the tree, and ticked once
// per frame. The selector simulates each child and runs the best.
func ExampleBuilder() {
	strike := bt.Instant(
		func(g *Guard) bool { g.IntruderHP -= 10; return true },
		func(g *Guard) { g.IntruderHP -= 10 },
	)
	inReach := func(g *Guard) bool { return g.Intruder >= 0 && abs(g.Intruder-g.Pos) <= 1 }

	// snippet builder-guard
	n := bt.New[Guard]()
	tree, err := bt.Build(bt.Config[Guard]{Heuristic: guardGoal()},
		n.Selector("guard",
			n.Sequence("attack",
				n.Condition("in reach", inReach),
				n.Do("strike", strike),
			),
			n.Do("chase", stepToward{}),
		))
	// end snippet builder-guard
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := Guard{Pos: 0, Intruder: 3, IntruderHP: 20}
	for i := 0; i < 6; i++ {
		status, _ := agent.Tick(&g, 100*time.Millisecond)
		fmt.Printf("pos %d, intruder hp %d: %v\n", g.Pos, g.IntruderHP, status)
	}
	// Output:
	// pos 0, intruder hp 20: Running
	// pos 1, intruder hp 20: Success
	// pos 1, intruder hp 20: Running
	// pos 2, intruder hp 20: Success
	// pos 2, intruder hp 10: Success
	// pos 2, intruder hp 0: Success
}

// Preview shows what the agent would do now and why, without acting:
// every candidate's predicted outcome and the rule of the heuristic behind
// it.
func ExampleAgent_Preview() {
	n := bt.New[Guard]()
	tree, err := bt.Build(bt.Config[Guard]{Heuristic: guardGoal()},
		n.Selector("guard",
			n.Do("chase", stepToward{}),
			n.Do("strike", bt.Instant(
				func(g *Guard) bool { g.IntruderHP -= 10; return true },
				func(g *Guard) { g.IntruderHP -= 10 },
			)).Constrain(reach{}),
			n.Do("wait", bt.Instant(func(*Guard) bool { return true }, nil), bt.Cosmetic()),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	// snippet preview-guard
	for _, g := range []Guard{{Pos: 0, Intruder: 5, IntruderHP: 20}, {Pos: 4, Intruder: 5, IntruderHP: 20}} {
		plan, _ := agent.Preview(&g, 0)
		fmt.Println(plan.Decisions[0])
	}
	// end snippet preview-guard

	// Output:
	// guard → chase (best outcome) [chase: Beneficial (closer), strike: Impossible (out of reach), wait: Cosmetic (otherwise)]
	// guard → strike (best outcome) [chase: Beneficial (closer), strike: Safe (intruder hurt), wait: Cosmetic (otherwise)]
}

// reach is a constraint: the intruder must be within one square.
type reach struct{}

func (reach) Evaluate(_ bt.Situation, g *Guard) (bt.Check, string) {
	if g.Intruder >= 0 && abs(g.Intruder-g.Pos) <= 1 {
		return bt.Pass, ""
	}
	return bt.Fail, "out of reach"
}

// A random selector draws among equally good children by weight, from the
// agent's seeded numbers: one tree, shared by two agents with their own
// seeds, and the same seed always gives the same draws. What an agent did
// is in its memory: the tree keeps no agent's state.
func ExampleBuilder_RandomSelector() {
	type Idler struct {
		Picks [8]string // what the agent did, in order
		N     int
	}
	pick := func(name string) bt.Action[Idler] {
		return bt.Instant(func(m *Idler) bool { m.Picks[m.N%8] = name; m.N++; return true }, nil)
	}
	n := bt.New[Idler]()
	tree, _ := bt.Build(bt.Config[Idler]{},
		n.RandomSelector("idle",
			n.Do("look left", pick("left")).With(bt.Weight(1)),
			n.Do("look right", pick("right")).With(bt.Weight(1)),
			n.Do("yawn", pick("yawn")).With(bt.Weight(2)),
		))
	for _, seed := range []uint64{1, 2} {
		agent, _ := tree.NewAgent(seed)
		var m Idler
		for i := 0; i < 8; i++ {
			agent.Tick(&m, time.Second)
		}
		fmt.Println(seed, m.Picks)
	}
	// Output:
	// 1 [yawn left yawn yawn yawn yawn left yawn]
	// 2 [right yawn yawn right yawn left right yawn]
}
