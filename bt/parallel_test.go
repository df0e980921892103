package bt_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// The parallel's table (Builder.Parallel), for every pair of policies: it
// decides as soon as its result is certain.
func TestParallelLive(t *testing.T) {
	var (
		all    = []bt.Option{}
		oneAll = []bt.Option{bt.SucceedOnOne()}
		allOne = []bt.Option{bt.FailOnOne()}
		oneOne = []bt.Option{bt.SucceedOnOne(), bt.FailOnOne()}
	)
	tests := []struct {
		name    string
		opts    []bt.Option
		scripts [][]bt.Status
		want    []bt.Status
		log     []string
	}{{
		name: "all/all: runs while any runs, then succeeds", opts: all,
		scripts: [][]bt.Status{{S}, {R, S}},
		want:    []bt.Status{R, S},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.update", "b.end(Success)"},
	}, {
		name: "all/all: one failure puts success out of reach at once", opts: all,
		scripts: [][]bt.Status{{F}, {R, S}},
		want:    []bt.Status{F},
		log:     []string{"a.begin", "a.end(Failure)", "b.begin", "b.end(Running)"},
	}, {
		name: "all/all: a late failure fails it", opts: all,
		scripts: [][]bt.Status{{S}, {R, F}},
		want:    []bt.Status{R, F},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.update", "b.end(Failure)"},
	}, {
		name: "one/all: one success is enough, the rest are halted", opts: oneAll,
		scripts: [][]bt.Status{{S}, {R}},
		want:    []bt.Status{S},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.end(Running)"},
	}, {
		name: "one/all: a failure waits for the others", opts: oneAll,
		scripts: [][]bt.Status{{F}, {R, S}},
		want:    []bt.Status{R, S},
		log:     []string{"a.begin", "a.end(Failure)", "b.begin", "b.update", "b.end(Success)"},
	}, {
		name: "one/all: fails when all fail", opts: oneAll,
		scripts: [][]bt.Status{{F}, {R, F}},
		want:    []bt.Status{R, F},
		log:     []string{"a.begin", "a.end(Failure)", "b.begin", "b.update", "b.end(Failure)"},
	}, {
		name: "all/one: one failure halts the rest", opts: allOne,
		scripts: [][]bt.Status{{R}, {R, F}},
		want:    []bt.Status{R, F},
		log:     []string{"a.begin", "b.begin", "a.update", "b.update", "b.end(Failure)", "a.end(Running)"},
	}, {
		name: "all/one: succeeds when all succeed", opts: allOne,
		scripts: [][]bt.Status{{S}, {R, S}},
		want:    []bt.Status{R, S},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.update", "b.end(Success)"},
	}, {
		name: "one/one: failure is decided before success", opts: oneOne,
		scripts: [][]bt.Status{{S}, {F}},
		want:    []bt.Status{F},
		log:     []string{"a.begin", "a.end(Success)", "b.begin", "b.end(Failure)"},
	}, {
		name: "one/one: the first to finish decides", opts: oneOne,
		scripts: [][]bt.Status{{R, R, S}, {R, F}},
		want:    []bt.Status{R, F},
		log:     []string{"a.begin", "b.begin", "a.update", "b.update", "b.end(Failure)", "a.end(Running)"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b := bt.New[mem]()
			var kids []bt.Part
			for i, s := range tt.scripts {
				name := string(rune('a' + i))
				kids = append(kids, b.Do(name, act(rec, name, nil, s...)))
			}
			tree := mustBuild(t, bt.Config[mem]{}, b.Parallel("par", kids...).With(tt.opts...))
			got := tickN(t, tree, &mem{}, len(tt.want))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.log, rec.Take()); diff != "" {
				t.Errorf("log (-want +got):\n%s", diff)
			}
			if tree.Running() {
				t.Error("the parallel still runs after deciding")
			}
		})
	}
}

// A parallel simulated predicts its children one after another; an
// Impossible child is a predicted failure, which makes the whole
// Impossible when the table says that failure decides it.
func TestParallelSimulate(t *testing.T) {
	blocked := fn(func(bt.Situation, *mem) (bt.Check, string) { return bt.Fail, "blocked" })
	tests := []struct {
		name  string
		opts  []bt.Option
		block []bool
		want  heuristic.Outcome
	}{
		{name: "children one after another", block: []bool{false, false}, want: heuristic.Beneficial},
		{name: "all/all: one impossible child is enough", block: []bool{true, false}, want: heuristic.Impossible},
		{name: "one/all: an impossible child is passed over", opts: []bt.Option{bt.SucceedOnOne()},
			block: []bool{true, false}, want: heuristic.Cosmetic},
		{name: "one/all: all impossible", opts: []bt.Option{bt.SucceedOnOne()},
			block: []bool{true, true}, want: heuristic.Impossible},
		{name: "all/one: one impossible child is enough", opts: []bt.Option{bt.FailOnOne()},
			block: []bool{false, true}, want: heuristic.Impossible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b := bt.New[mem]()
			strike := b.Do("strike", act(rec, "strike", hitFoe(1)))
			if tt.block[0] {
				strike = strike.Constrain(blocked)
			}
			pose := b.Do("pose", act(rec, "pose", shine))
			if tt.block[1] {
				pose = pose.Constrain(blocked)
			}
			tree := mustBuild(t, bt.Config[mem]{Heuristic: goal}, b.Parallel("par", strike, pose).With(tt.opts...))
			p, err := tree.Preview(&mem{HP: 10, Foe: 10}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Verdict.Outcome != tt.want {
				t.Errorf("verdict = %v, want %v", p.Verdict, tt.want)
			}
		})
	}
}

func TestPriority(t *testing.T) {
	tests := []struct {
		name    string
		scripts [][]bt.Status
		ticks   int
		want    []bt.Status
		log     []string
	}{{
		name:    "the first child that does not fail wins",
		scripts: [][]bt.Status{{F}, {S}, {S}},
		ticks:   1,
		want:    []bt.Status{S},
		log:     []string{"a.begin", "a.end(Failure)", "b.begin", "b.end(Success)"},
	}, {
		name:    "all fail",
		scripts: [][]bt.Status{{F}, {F}},
		ticks:   1,
		want:    []bt.Status{F},
		log:     []string{"a.begin", "a.end(Failure)", "b.begin", "b.end(Failure)"},
	}, {
		name:    "a running child is kept, and a later failure falls through",
		scripts: [][]bt.Status{{R, F}, {S}},
		ticks:   2,
		want:    []bt.Status{R, S},
		log:     []string{"a.begin", "a.update", "a.end(Failure)", "b.begin", "b.end(Success)"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b := bt.New[mem]()
			var kids []bt.Def[mem]
			for i, s := range tt.scripts {
				name := string(rune('a' + i))
				kids = append(kids, b.Do(name, act(rec, name, nil, s...)))
			}
			tree := mustBuild(t, bt.Config[mem]{}, b.Priority("fallback", kids...))
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

// A priority predicts the first child that is not Impossible.
func TestPrioritySimulate(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Priority("fallback",
			n.Do("strike", act(rec, "strike", hitFoe(1))).Constrain(foeVisible),
			n.Do("pose", act(rec, "pose", shine)),
		))
	for _, tt := range []struct {
		foe  int
		want heuristic.Outcome
	}{{10, heuristic.Beneficial}, {0, heuristic.Cosmetic}} {
		p, err := tree.Preview(&mem{Foe: tt.foe}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Verdict.Outcome != tt.want {
			t.Errorf("foe %d: verdict = %v, want %v", tt.foe, p.Verdict, tt.want)
		}
	}
}

func TestIfElse(t *testing.T) {
	tests := []struct {
		name     string
		foe      int
		noElse   bool
		want     bt.Status
		log      []string
		simulate heuristic.Outcome
	}{
		{name: "condition holds", foe: 5, want: S, log: []string{"strike.begin", "strike.end(Success)"}, simulate: heuristic.Beneficial},
		{name: "condition fails", foe: 0, want: S, log: []string{"pose.begin", "pose.end(Success)"}, simulate: heuristic.Cosmetic},
		{name: "no else branch", foe: 0, noElse: true, want: F, simulate: heuristic.Impossible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b := bt.New[mem]()
			var otherwise []bt.Def[mem]
			if !tt.noElse {
				otherwise = append(otherwise, b.Do("pose", act(rec, "pose", shine)))
			}
			tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
				b.IfElse("foe?", func(m *mem) bool { return m.Foe > 0 }, b.Do("strike", act(rec, "strike", hitFoe(1))), otherwise...))
			m := mem{Foe: tt.foe}
			p, err := tree.Preview(&m, 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Verdict.Outcome != tt.simulate {
				t.Errorf("verdict = %v, want %v", p.Verdict, tt.simulate)
			}
			if got := tickN(t, tree, &m, 1)[0]; got != tt.want {
				t.Errorf("status = %v, want %v", got, tt.want)
			}
			if diff := cmp.Diff(tt.log, rec.Take()); diff != "" {
				t.Errorf("log (-want +got):\n%s", diff)
			}
		})
	}
}
