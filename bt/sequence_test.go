package bt_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

func TestSequenceLive(t *testing.T) {
	tests := []struct {
		name    string
		opts    []bt.Option
		scripts [][]bt.Status
		ticks   int
		want    []bt.Status
		log     []string
	}{{
		name:    "instant children run in one tick",
		scripts: [][]bt.Status{{S}, {S}},
		ticks:   1,
		want:    []bt.Status{S},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.end(Success)"},
	}, {
		name:    "a failing child fails the sequence and stops it",
		scripts: [][]bt.Status{{F}, {S}},
		ticks:   1,
		want:    []bt.Status{F},
		log:     []string{"a.begin", "a.end(Failure)"},
	}, {
		name:    "a running child holds the sequence",
		scripts: [][]bt.Status{{R, S}, {S}},
		ticks:   2,
		want:    []bt.Status{R, S},
		log:     []string{"a.begin", "a.update", "a.end(Success)", "b.begin", "b.end(Success)"},
	}, {
		name:    "a finished sequence begins afresh",
		scripts: [][]bt.Status{{S}},
		ticks:   2,
		want:    []bt.Status{S, S},
		log:     []string{"a.begin", "a.end(Success)", "a.begin", "a.end(Success)"},
	}, {
		name:    "allow failure moves on",
		opts:    []bt.Option{bt.AllowFailure()},
		scripts: [][]bt.Status{{F}, {S}},
		ticks:   1,
		want:    []bt.Status{S},
		log:     []string{"a.begin", "a.end(Failure)", "b.begin", "b.end(Success)"},
	}, {
		name:    "loop starts over on the next tick",
		opts:    []bt.Option{bt.Loop()},
		scripts: [][]bt.Status{{S}, {S}},
		ticks:   2,
		want:    []bt.Status{R, R},
		log: []string{"a.begin", "a.end(Success)", "b.begin", "b.end(Success)",
			"a.begin", "a.end(Success)", "b.begin", "b.end(Success)"},
	}, {
		name:    "a loop ends when a child fails",
		opts:    []bt.Option{bt.Loop()},
		scripts: [][]bt.Status{{S}, {F}},
		ticks:   1,
		want:    []bt.Status{F},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.end(Failure)"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b := bt.New[mem]()
			var kids []bt.Part
			for i, s := range tt.scripts {
				kids = append(kids, b.Do(string(rune('a'+i)), act(rec, string(rune('a'+i)), nil, s...)))
			}
			tree := mustBuild(t, bt.Config[mem]{}, b.Sequence("seq", kids...).With(tt.opts...))
			got := tickN(t, tree, &mem{}, tt.ticks)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.log, rec.Take()); diff != "" {
				t.Errorf("log (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSequenceSimulate(t *testing.T) {
	impossible := fn(func(bt.Situation, *mem) (bt.Check, string) { return bt.Fail, "blocked" })
	unshine := func(m *mem) { m.Shine--; m.Sim++ }
	tests := []struct {
		name    string
		opts    []bt.Option
		effects []func(*mem)
		block   int // 1-based index of a child whose constraint fails; 0: none
		cfg     bt.Config[mem]
		want    heuristic.Verdict
	}{{
		name:    "the whole is judged against the start",
		effects: []func(*mem){hitFoe(1), shine},
		want:    heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "hit foe"},
	}, {
		name:    "an Irrelevant whole takes the best child's verdict",
		effects: []func(*mem){shine, unshine},
		want:    heuristic.Verdict{Outcome: heuristic.Cosmetic, Reason: "shine"},
	}, {
		name:    "nothing happens",
		effects: []func(*mem){nothing, nothing},
		want:    heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "otherwise"},
	}, {
		name:    "later steps can redeem earlier ones",
		effects: []func(*mem){hurt(1), heal(5)},
		want:    heuristic.Verdict{Outcome: heuristic.Safe, Reason: "healed"},
	}, {
		name:    "a minimum outcome stops at the first bad step",
		opts:    []bt.Option{bt.MinOutcome(heuristic.Harmful)},
		effects: []func(*mem){hurt(1), heal(5)},
		want:    heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "hurt"},
	}, {
		name:    "an impossible step makes the sequence impossible",
		effects: []func(*mem){hitFoe(1), shine},
		block:   2,
		want:    heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "blocked"},
	}, {
		name:    "allow failure skips an impossible step",
		opts:    []bt.Option{bt.AllowFailure()},
		effects: []func(*mem){hitFoe(1), shine},
		block:   1,
		want:    heuristic.Verdict{Outcome: heuristic.Cosmetic, Reason: "shine"},
	}, {
		name:    "a terminal memory stops the simulation",
		cfg:     bt.Config[mem]{Terminal: func(m *mem) bool { return m.HP <= 0 }},
		effects: []func(*mem){hurt(10), heal(5)},
		want:    heuristic.Verdict{Outcome: heuristic.Deadly, Reason: "hurt"},
	}, {
		name:    "without a terminal test it goes on",
		effects: []func(*mem){hurt(10), heal(5)},
		want:    heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "hurt"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			cfg := tt.cfg
			cfg.Heuristic = goal
			b := bt.New[mem]()
			var kids []bt.Part
			for i, e := range tt.effects {
				kid := b.Do(string(rune('a'+i)), act(rec, string(rune('a'+i)), e))
				if tt.block == i+1 {
					kid = kid.Constrain(impossible)
				}
				kids = append(kids, kid)
			}
			tree := mustBuild(t, cfg, b.Sequence("seq", kids...).With(tt.opts...))
			m := mem{HP: 10, Foe: 10}
			plan, err := tree.Preview(&m, 0)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, plan.Verdict); diff != "" {
				t.Errorf("verdict (-want +got):\n%s", diff)
			}
			if len(rec.Log) > 0 {
				t.Errorf("simulation called live methods: %v", rec.Log)
			}
		})
	}
}

// A running sequence predicts only what remains: here the Beneficial first
// step is done, so only the Cosmetic second one counts.
func TestSequenceSimulatesWhatRemains(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Sequence("seq",
			n.Do("a", act(rec, "a", hitFoe(1), S)),
			n.Do("b", act(rec, "b", shine, R)),
		))
	m := mem{HP: 10, Foe: 10}
	before, _ := tree.Preview(&m, 0)
	tickN(t, tree, &m, 1)
	after, _ := tree.Preview(&m, 0)
	if before.Verdict.Outcome != heuristic.Beneficial || after.Verdict.Outcome != heuristic.Cosmetic {
		t.Errorf("verdicts before/after the first step = %v / %v, want Beneficial / Cosmetic",
			before.Verdict, after.Verdict)
	}
	if got, want := leafOf(after), "seq/b"; got != want {
		t.Errorf("running leaf = %q, want %q", got, want)
	}
}
