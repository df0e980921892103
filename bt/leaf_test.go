package bt_test

import (
	"slices"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

func TestLeafVerdicts(t *testing.T) {
	tests := []struct {
		name string
		add  func(b *bt.Builder[mem])
		want heuristic.Verdict
	}{{
		name: "an action is judged by the heuristic",
		add:  func(b *bt.Builder[mem]) { b.Do("x", act(&recorder{}, "x", hitFoe(1))) },
		want: heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "hit foe"},
	}, {
		name: "Cosmetic lifts Irrelevant",
		add:  func(b *bt.Builder[mem]) { b.Do("x", act(&recorder{}, "x", nothing), bt.Cosmetic()) },
		want: heuristic.Verdict{Outcome: heuristic.Cosmetic, Reason: heuristic.Otherwise},
	}, {
		name: "Cosmetic does not lift anything else",
		add:  func(b *bt.Builder[mem]) { b.Do("x", act(&recorder{}, "x", hurt(1)), bt.Cosmetic()) },
		want: heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "hurt"},
	}, {
		name: "CosmeticWhileRunning does not lift an idle leaf",
		add:  func(b *bt.Builder[mem]) { b.Do("x", act(&recorder{}, "x", nothing), bt.CosmeticWhileRunning()) },
		want: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: heuristic.Otherwise},
	}, {
		name: "a true condition is Irrelevant",
		add:  func(b *bt.Builder[mem]) { b.Condition("alive?", func(m *mem) bool { return m.HP > 0 }) },
		want: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "alive?"},
	}, {
		name: "a false condition is Impossible",
		add:  func(b *bt.Builder[mem]) { b.Condition("dead?", func(m *mem) bool { return m.HP <= 0 }) },
		want: heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "dead?: false"},
	}, {
		name: "a condition with a simulation of its own",
		add: func(b *bt.Builder[mem]) {
			b.Condition("alive?", func(m *mem) bool { return m.HP > 0 },
				bt.SimulateWith(func(_ *sim.Context[mem], m *mem) heuristic.Verdict {
					return heuristic.Verdict{Outcome: heuristic.Safe, Reason: "still standing"}
				}))
		},
		want: heuristic.Verdict{Outcome: heuristic.Safe, Reason: "still standing"},
	}, {
		name: "an instant action predicts its effect",
		add: func(b *bt.Builder[mem]) {
			b.Do("x", bt.Instant(func(m *mem) bool { return true }, heal(1)))
		},
		want: heuristic.Verdict{Outcome: heuristic.Safe, Reason: "healed"},
	}, {
		name: "an instant action without an effect changes nothing",
		add:  func(b *bt.Builder[mem]) { b.Do("x", bt.Instant(func(m *mem) bool { return true }, nil)) },
		want: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: heuristic.Otherwise},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := bt.New(bt.Config[mem]{Heuristic: goal})
			tt.add(b)
			tree := mustBuild(t, b)
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
	for _, tt := range []struct {
		opts []bt.LeafOption
		want []string
	}{
		{nil, []string{"swing.begin", "swing.end(Running)"}},
		{[]bt.LeafOption{bt.CosmeticWhileRunning()}, []string{"swing.begin", "swing.update"}},
	} {
		rec := &recorder{}
		tree := mustBuild(t, bt.New(bt.Config[mem]{Heuristic: goal}).
			Selector("root", bt.Reselect(0)).
			Do("swing", act(rec, "swing", nil, R), tt.opts...).
			End())
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
