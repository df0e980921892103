package bt_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

func TestLeafVerdicts(t *testing.T) {
	tests := []struct {
		name string
		add  func(b bt.Builder[mem]) bt.Def[mem]
		want heuristic.Verdict
	}{{
		name: "an action is judged by the heuristic",
		add:  func(b bt.Builder[mem]) bt.Def[mem] { return b.Do("x", act(&recorder{}, "x", hitFoe(1))) },
		want: heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "hit foe"},
	}, {
		name: "Cosmetic lifts Irrelevant",
		add:  func(b bt.Builder[mem]) bt.Def[mem] { return b.Do("x", act(&recorder{}, "x", nothing), bt.Cosmetic()) },
		want: heuristic.Verdict{Outcome: heuristic.Cosmetic, Reason: "otherwise"},
	}, {
		name: "Cosmetic does not lift anything else",
		add:  func(b bt.Builder[mem]) bt.Def[mem] { return b.Do("x", act(&recorder{}, "x", hurt(1)), bt.Cosmetic()) },
		want: heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "hurt"},
	}, {
		name: "CosmeticWhileRunning does not lift an idle leaf",
		add: func(b bt.Builder[mem]) bt.Def[mem] {
			return b.Do("x", act(&recorder{}, "x", nothing), bt.CosmeticWhileRunning())
		},
		want: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "otherwise"},
	}, {
		name: "a true condition is Irrelevant",
		add: func(b bt.Builder[mem]) bt.Def[mem] {
			return b.Condition("alive?", func(m *mem) bool { return m.HP > 0 })
		},
		want: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "alive?"},
	}, {
		name: "a false condition is Impossible",
		add: func(b bt.Builder[mem]) bt.Def[mem] {
			return b.Condition("dead?", func(m *mem) bool { return m.HP <= 0 })
		},
		want: heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "dead?: false"},
	}, {
		name: "a condition with a simulation of its own",
		add: func(b bt.Builder[mem]) bt.Def[mem] {
			return b.Condition("alive?", func(m *mem) bool { return m.HP > 0 }, bt.SimulateWith(func(_ *bt.Sim[mem], m *mem) heuristic.Verdict {
				return heuristic.Verdict{Outcome: heuristic.Safe, Reason: "still standing"}
			}))
		},
		want: heuristic.Verdict{Outcome: heuristic.Safe, Reason: "still standing"},
	}, {
		name: "an instant action predicts its effect",
		add: func(b bt.Builder[mem]) bt.Def[mem] {
			return b.Do("x", bt.Instant(func(m *mem) bool { return true }, heal(1)))
		},
		want: heuristic.Verdict{Outcome: heuristic.Safe, Reason: "healed"},
	}, {
		name: "an instant action without an effect changes nothing",
		add: func(b bt.Builder[mem]) bt.Def[mem] {
			return b.Do("x", bt.Instant(func(m *mem) bool { return true }, nil))
		},
		want: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "otherwise"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := mustBuild(t, bt.Config[mem]{Heuristic: goal}, tt.add(bt.New[mem]()))
			p, err := tree.Preview(&mem{HP: 5, Foe: 5}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Verdict != tt.want {
				t.Errorf("verdict = %v, want %v", p.Verdict, tt.want)
			}
		})
	}
}

// While running, a CosmeticWhileRunning leaf keeps a re-planning selector
// from dropping it for want of predicted effect.
func TestCosmeticWhileRunningKeepsActionInProgress(t *testing.T) {
	n := bt.New[mem]()
	for _, tt := range []struct {
		opts []bt.Option
		want []string
	}{
		{nil, []string{"swing.begin", "swing.end(Running)"}},
		{[]bt.Option{bt.CosmeticWhileRunning()}, []string{"swing.begin", "swing.update"}},
	} {
		rec := &recorder{}
		tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
			n.Selector("root", bt.Replan(0),
				n.Do("swing", act(rec, "swing", nil, R), tt.opts...),
			))
		// The swing looks worthwhile when it begins; once under way, its
		// prediction shows no effect.
		tree.SetHeuristic(heuristic.Func[mem](func(b, a *mem) heuristic.Outcome { return heuristic.Beneficial }))
		m := mem{}
		tickN(t, tree, &m, 1)
		tree.SetHeuristic(goal)
		tickN(t, tree, &m, 1)
		if got := rec.Take(); !slices.Equal(got, tt.want) {
			t.Errorf("options %v: log %v, want %v", tt.opts, got, tt.want)
		}
	}
}

// A Lasting action runs its update from the tick after it begins until
// the update finishes; OnBegin and OnEnd replace the defaults (begin
// Running, end doing nothing), and its effect is what a selector
// predicts.
func TestLasting(t *testing.T) {
	var log []string
	walk := func(m *mem, _ time.Duration) bt.Status {
		m.Foe--
		log = append(log, fmt.Sprintf("update foe=%d", m.Foe))
		if m.Foe == 0 {
			return bt.Success
		}
		return bt.Running
	}
	n := bt.New[mem]()
	for _, tt := range []struct {
		name   string
		action bt.Action[mem]
		want   []string
		status []bt.Status
	}{
		{"defaults", bt.Lasting(walk, hitFoe(2)),
			[]string{"update foe=1", "update foe=0"}, []bt.Status{R, R, S}},
		{"begin and end", bt.Lasting(walk, hitFoe(2)).
			OnBegin(func(*mem) bt.Status { log = append(log, "begin"); return bt.Running }).
			OnEnd(func(_ *mem, s bt.Status) { log = append(log, "end "+s.String()) }),
			[]string{"begin", "update foe=1", "update foe=0", "end Success"}, []bt.Status{R, R, S}},
		{"begin finishes at once", bt.Lasting(walk, nil).
			OnBegin(func(*mem) bt.Status { log = append(log, "begin"); return bt.Failure }).
			OnEnd(func(_ *mem, s bt.Status) { log = append(log, "end "+s.String()) }),
			[]string{"begin", "end Failure"}, []bt.Status{F}},
		{"no update succeeds", bt.Lasting[mem](nil, nil),
			nil, []bt.Status{R, S}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			log = nil
			tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
				n.Selector("s", bt.AllowNegative(),
					n.Do("walk", tt.action),
				))
			m := mem{Foe: 2}
			got := tickN(t, tree, &m, len(tt.status))
			if diff := cmp.Diff(tt.status, got); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, log); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

// A guard that walks to its post, written with functions.
func ExampleLasting() {
	type guard struct{ Pos, Post int }
	walk := bt.Lasting(
		func(g *guard, _ time.Duration) bt.Status { // once a tick, from the tick after it begins
			g.Pos++
			if g.Pos < g.Post {
				return bt.Running
			}
			return bt.Success
		},
		func(g *guard) { g.Pos = g.Post }, // the whole walk, as a prediction
	).OnEnd(func(g *guard, s bt.Status) { fmt.Println("ended", s, "at", g.Pos) })
	n := bt.New[guard]()
	tree, err := bt.Build(bt.Config[guard]{}, n.Do("walk", walk))
	if err != nil {
		panic(err)
	}
	agent, _ := tree.NewAgent(1)
	g := guard{Post: 2}
	for range 3 {
		s, _ := agent.Tick(&g, time.Second)
		fmt.Println(s, g.Pos)
	}
	// Output:
	// Running 0
	// Running 1
	// ended Success at 2
	// Success 2
}
