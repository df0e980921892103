package trace_test

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/trace"
)

// yard is a guard's memory.
type yard struct{ Guard, Intruder int }

// patrol and chase move the guard; each predicts its effect.
var (
	patrol = bt.Instant(func(m *yard) bool { m.Guard++; return true }, func(m *yard) { m.Guard++ })
	chase  = bt.Instant(func(m *yard) bool { m.Guard = m.Intruder; return true }, func(m *yard) { m.Guard = m.Intruder })
)

// goal prefers closing in on the intruder to walking the round, and says
// which rule decided.
var goal, _ = heuristic.NewRules(heuristic.Irrelevant,
	heuristic.When("caught up", heuristic.Beneficial, func(b, a *yard) bool {
		return a.Guard == a.Intruder && b.Guard != b.Intruder
	}),
	heuristic.When("on the round", heuristic.Cosmetic, func(b, a *yard) bool { return a.Guard != b.Guard }),
)

func guard() (*bt.Tree[yard], *bt.Agent[yard]) {
	n := bt.New[yard]()
	tree, err := bt.Build(bt.Config[yard]{Heuristic: goal},
		n.Selector("guard", bt.Replan(0),
			n.Do("chase", chase).Constrain(constraints.Func("intruder seen", func(m *yard) bool { return m.Intruder != 0 })),
			n.Do("patrol", patrol),
		))
	if err != nil {
		panic(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		panic(err)
	}
	return tree, agent
}

// A Timeline tells what an agent began and why, and what it turned down.
func ExampleTimeline() {
	tree, agent := guard()
	agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	m := yard{}
	for i := 0; i < 2; i++ {
		if i == 1 {
			m.Intruder = 5 // the intruder turns up
		}
		if _, err := agent.Tick(&m, time.Second); err != nil {
			panic(err)
		}
	}
	// Output:
	//   1.00s  patrol             Cosmetic (on the round)
	//                        not: chase Impossible (not intruder seen)
	//   2.00s  chase              Beneficial (caught up)
	//                        not: patrol Cosmetic (on the round)
}

// A Recorder keeps every event, for tests and tools.
func ExampleRecorder() {
	_, agent := guard()
	rec := &trace.Recorder{}
	agent.SetTracer(rec)
	m := yard{Intruder: 3}
	if _, err := agent.Tick(&m, time.Second); err != nil {
		panic(err)
	}
	for _, e := range rec.Events {
		if e.Kind == bt.EventEnd {
			fmt.Println(e.Kind, e.Path, e.Status)
		} else {
			fmt.Println(e.Kind, e.Path)
		}
	}
	for _, e := range rec.Events {
		if e.Kind == bt.EventDecision {
			fmt.Println(e.Decision)
		}
	}
	// Output:
	// begin guard
	// decision guard
	// begin guard/chase
	// end guard/chase Success
	// end guard Success
	// guard → chase (best outcome) [chase: Beneficial (caught up), patrol: Cosmetic (on the round)]
}

// Slog writes an agent's decisions to a game's structured log.
func ExampleSlog() {
	_, agent := guard()
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // no wall-clock time, for a stable example
			}
			return a
		},
	}))
	agent.SetTracer(trace.Slog(logger, slog.LevelInfo))
	m := yard{Intruder: 3}
	if _, err := agent.Tick(&m, time.Second); err != nil {
		panic(err)
	}
	// Output:
	// level=INFO msg=decision tick=1 clock=1s path=guard chosen=chase why="best outcome" options.chase="Beneficial (caught up)" options.patrol="Cosmetic (on the round)"
}
