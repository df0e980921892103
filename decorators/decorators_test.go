package decorators_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

func TestDecoratorsLive(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		d      bt.Decorator[mem]
		script []bt.Status
		ticks  int
		want   []bt.Status
		log    []string
	}{
		{"invert success", decorators.Invert[mem](), []bt.Status{S}, 1, []bt.Status{F}, []string{"x.begin", "x.end(Success)"}},
		{"invert failure", decorators.Invert[mem](), []bt.Status{F}, 1, []bt.Status{S}, []string{"x.begin", "x.end(Failure)"}},
		{"invert keeps running", decorators.Invert[mem](), []bt.Status{R, S}, 2, []bt.Status{R, F}, []string{"x.begin", "x.update", "x.end(Success)"}},
		{"force success", decorators.ForceSuccess[mem](), []bt.Status{F}, 1, []bt.Status{S}, []string{"x.begin", "x.end(Failure)"}},
		{"force failure", decorators.ForceFailure[mem](), []bt.Status{S}, 1, []bt.Status{F}, []string{"x.begin", "x.end(Success)"}},
		{"repeat begins an instant child once a tick", decorators.Repeat[mem](3), []bt.Status{S}, 3, []bt.Status{R, R, S},
			[]string{"x.begin", "x.end(Success)", "x.begin", "x.end(Success)", "x.begin", "x.end(Success)"}},
		{"repeat stops at a failure", decorators.Repeat[mem](3), []bt.Status{F}, 1, []bt.Status{F}, []string{"x.begin", "x.end(Failure)"}},
		{"repeat a running child", decorators.Repeat[mem](2), []bt.Status{R, S}, 5, []bt.Status{R, R, R, S, R},
			[]string{"x.begin", "x.update", "x.end(Success)", "x.begin", "x.update", "x.end(Success)", "x.begin"}},
		{"until failure restarts on the next tick", decorators.UntilFailure[mem](), []bt.Status{S}, 2, []bt.Status{R, R},
			[]string{"x.begin", "x.end(Success)", "x.begin", "x.end(Success)"}},
		{"until failure ends in success when the child fails", decorators.UntilFailure[mem](), []bt.Status{F}, 1, []bt.Status{S},
			[]string{"x.begin", "x.end(Failure)"}},
		{"timeout gives the child the time left, then halts it", decorators.Timeout[mem](250 * time.Millisecond), []bt.Status{R}, 4,
			[]bt.Status{R, R, R, F}, []string{"x.begin", "x.update", "x.update", "x.update", "x.end(Running)"}},
		{"timeout lets a quick child finish", decorators.Timeout[mem](250 * time.Millisecond), []bt.Status{R, S}, 2, []bt.Status{R, S},
			[]string{"x.begin", "x.update", "x.end(Success)"}},
		{"delay waits before beginning", decorators.Delay[mem](250 * time.Millisecond), []bt.Status{S}, 4, []bt.Status{R, R, R, S},
			[]string{"x.begin", "x.end(Success)"}},
		{"a zero delay begins at once", decorators.Delay[mem](0), []bt.Status{S}, 1, []bt.Status{S},
			[]string{"x.begin", "x.end(Success)"}},
		{"floor changes nothing live", decorators.Floor[mem](heuristic.Beneficial), []bt.Status{R, F}, 2, []bt.Status{R, F},
			[]string{"x.begin", "x.update", "x.end(Failure)"}},
	}
	n := bt.New[mem]()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
				n.Decorate("d", tt.d,
					n.Do("x", act(rec, "x", nil, tt.script...)),
				))
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

// Retry begins one attempt a tick: each attempt meets a new moment.
func TestRetry(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	for _, tt := range []struct {
		failures int
		want     []bt.Status
	}{{0, []bt.Status{S}}, {2, []bt.Status{R, R, S}}, {3, []bt.Status{R, R, F}}} {
		rec := &recorder{}
		tree := mustBuild(t, bt.Config[mem]{},
			n.Decorate("again", decorators.Retry[mem](3),
				n.Do("x", &flaky{failures: tt.failures, rec: rec}),
			))
		got := tickN(t, tree, &mem{}, len(tt.want))
		if diff := cmp.Diff(tt.want, got); diff != "" || tree.Running() || len(rec.Take()) != len(tt.want) {
			t.Errorf("%d failures: statuses (-want +got):\n%s", tt.failures, diff)
		}
	}
}

// Retry(5) around an action gated by Chance(0.5) succeeds as often as five
// independent coin flips allow (1 - 1/32, about 97%): each attempt, on its
// own tick, rolls afresh.
func TestRetryRollsAgain(t *testing.T) {
	t.Parallel()
	const seeds = 1000
	succeeded := 0
	n := bt.New[mem]()
	for seed := uint64(0); seed < seeds; seed++ {
		tree := mustAgent(t, bt.Config[mem]{},
			n.Decorate("again", decorators.Retry[mem](5),
				n.Do("x", act(nil, "x", nil)).Constrain(constraints.Chance[mem](0.5)),
			), seed, nil)
		for range 5 {
			if s, _ := tree.Tick(&mem{}, 100*time.Millisecond); s == S {
				succeeded++
			}
			if !tree.Running() {
				break
			}
		}
	}
	// 1000 fixed seeds, so this is deterministic; the band guards the odds.
	if succeeded < 950 || succeeded > 990 {
		t.Errorf("Retry(5) of a coin flip succeeded %d times in %d, want about %d", succeeded, seeds, seeds*31/32)
	}
}

// Timeout's result does not depend on the frame step: work that fits in
// the limit succeeds at any step, and work that does not fails.
func TestTimeoutDoesNotDependOnTheStep(t *testing.T) {
	t.Parallel()
	const limit = 100 * time.Millisecond
	n := bt.New[mem]()
	for _, work := range []time.Duration{90 * time.Millisecond, limit, 110 * time.Millisecond} {
		for _, step := range []time.Duration{time.Millisecond, 10 * time.Millisecond, 30 * time.Millisecond,
			60 * time.Millisecond, limit, 250 * time.Millisecond} {
			tree := mustBuild(t, bt.Config[mem]{},
				n.Decorate("limit", decorators.Timeout[mem](limit),
					n.Do("work", &worker{need: work}),
				))
			var s bt.Status
			for tree.Running() || s == 0 {
				var err error
				if s, err = tree.Tick(&mem{}, step); err != nil {
					t.Fatal(err)
				}
			}
			if want := map[bool]bt.Status{true: S, false: F}[work <= limit]; s != want {
				t.Errorf("%v of work at %v steps: %v, want %v", work, step, s, want)
			}
		}
	}
}

// A worker succeeds once it has been given need of time.
type worker struct{ need, done time.Duration }

func (w *worker) Begin(*mem) bt.Status { w.done = 0; return R }
func (w *worker) Update(_ *mem, dt time.Duration) bt.Status {
	if w.done += dt; w.done >= w.need {
		return S
	}
	return R
}
func (w *worker) End(*mem, bt.Status)         {}
func (w *worker) Simulate(*bt.Sim[mem], *mem) {}

// Repeat and Retry do bounded work: a tick begins the child at most once,
// whatever n is, and a prediction covers at most 16 repetitions, as
// Repeat documents.
func TestRepeatIsBounded(t *testing.T) {
	t.Parallel()
	predicted := 0
	count := bt.SimulateWith(func(*bt.Sim[mem], *mem) heuristic.Verdict {
		predicted++
		return heuristic.Verdict{Outcome: heuristic.Cosmetic}
	})
	n := bt.New[mem]()
	for _, tt := range []struct {
		name string
		d    bt.Decorator[mem]
		runs bt.Status // what the child does: what the decorator goes on after
	}{{"repeat", decorators.Repeat[mem](math.MaxInt), S}, {"retry", decorators.Retry[mem](math.MaxInt), F}} {
		rec := &recorder{}
		tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
			n.Decorate("d", tt.d,
				n.Do("x", act(rec, "x", nil, tt.runs), count),
			))
		tickN(t, tree, &mem{}, 3)
		if got := len(rec.Take()); got != 2*3 {
			t.Errorf("%s: 3 ticks began and ended the child %d times, want 3", tt.name, got/2)
		}
	}
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Decorate("d", decorators.Repeat[mem](1<<26),
			n.Do("x", act(nil, "x", nil), count),
		))
	predicted = 0
	if _, err := tree.Preview(&mem{}, 0); err != nil {
		t.Fatal(err)
	}
	const most = 16
	if predicted != most {
		t.Errorf("Repeat(1<<26) predicted %d repetitions, want %d", predicted, most)
	}
}

// verdict previews a tree of one decorator over one action with the given
// predicted effect, guarded by blocked, from the memory m.
func verdict(t *testing.T, cfg bt.Config[mem], d bt.Decorator[mem], effect func(*mem), blocked bool, m mem) heuristic.Verdict {
	t.Helper()
	cfg.Heuristic = goal
	n := bt.New[mem]()
	x := n.Do("x", act(&recorder{}, "x", effect))
	if blocked {
		x = x.Constrain(treetestCheck(bt.Fail, "blocked"))
	}
	p, err := mustBuild(t, cfg, n.Decorate("d", d, x)).Preview(&m, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p.Verdict
}

func TestDecoratorsSimulate(t *testing.T) {
	t.Parallel()
	v := func(o heuristic.Outcome, reason string) heuristic.Verdict {
		return heuristic.Verdict{Outcome: o, Reason: reason}
	}
	hit, cosmetic := v(heuristic.Beneficial, "hit foe"), v(heuristic.Cosmetic, "shine")
	wounding := bt.Config[mem]{Model: func(m *mem, dt time.Duration) { m.HP -= int(dt / (100 * time.Millisecond)) }}
	tests := []struct {
		name    string
		cfg     bt.Config[mem]
		d       bt.Decorator[mem]
		effect  func(*mem)
		blocked bool
		want    heuristic.Verdict
	}{
		{"invert: a possible child means failure", bt.Config[mem]{}, decorators.Invert[mem](), hitFoe(1), false, v(heuristic.Impossible, "inverted success")},
		{"invert: an impossible child means success", bt.Config[mem]{}, decorators.Invert[mem](), hitFoe(1), true, v(heuristic.Irrelevant, "inverted failure")},
		{"force success keeps a good prediction", bt.Config[mem]{}, decorators.ForceSuccess[mem](), hitFoe(1), false, hit},
		{"force success makes the impossible irrelevant", bt.Config[mem]{}, decorators.ForceSuccess[mem](), hitFoe(1), true, v(heuristic.Irrelevant, "forced success")},
		{"force failure is impossible", bt.Config[mem]{}, decorators.ForceFailure[mem](), hitFoe(1), false, v(heuristic.Impossible, "forced failure")},
		{"repeat judges the whole", bt.Config[mem]{}, decorators.Repeat[mem](3), shine, false, cosmetic},
		{"repeat of the impossible", bt.Config[mem]{}, decorators.Repeat[mem](3), shine, true, v(heuristic.Impossible, "blocked")},
		{"until failure predicts one pass", bt.Config[mem]{}, decorators.UntilFailure[mem](), hitFoe(1), false, hit},
		{"until failure of the impossible ends at once", bt.Config[mem]{}, decorators.UntilFailure[mem](), hitFoe(1), true, v(heuristic.Irrelevant, "loop ends at once")},
		{"retry predicts one attempt", bt.Config[mem]{}, decorators.Retry[mem](3), hitFoe(1), false, hit},
		{"timeout predicts its child", bt.Config[mem]{}, decorators.Timeout[mem](time.Second), hitFoe(1), false, hit},
		{"delay: the world moves on while waiting", wounding, decorators.Delay[mem](300 * time.Millisecond), shine, false, v(heuristic.Harmful, "hurt")},
		{"delay without a model", bt.Config[mem]{}, decorators.Delay[mem](300 * time.Millisecond), shine, false, cosmetic},
		{"floor raises what is possible", bt.Config[mem]{}, decorators.Floor[mem](heuristic.Beneficial), shine, false, v(heuristic.Beneficial, "raised to Beneficial by design")},
		{"floor raises the harmful too", bt.Config[mem]{}, decorators.Floor[mem](heuristic.Beneficial), hurt(1), false, v(heuristic.Beneficial, "raised to Beneficial by design")},
		{"floor leaves the impossible", bt.Config[mem]{}, decorators.Floor[mem](heuristic.Beneficial), shine, true, v(heuristic.Impossible, "blocked")},
		{"floor leaves better outcomes", bt.Config[mem]{}, decorators.Floor[mem](heuristic.Cosmetic), hitFoe(1), false, hit},
		{"goal judges the subtree by its own heuristic", bt.Config[mem]{},
			decorators.Goal[mem](heuristic.Func[mem](func(b, a *mem) heuristic.Outcome { return heuristic.Urgent })),
			shine, false, v(heuristic.Urgent, "")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verdict(t, tt.cfg, tt.d, tt.effect, tt.blocked, mem{HP: 10, Foe: 10})
			if got != tt.want {
				t.Errorf("verdict = %v, want %v", got, tt.want)
			}
		})
	}
}

// Repeat's prediction carries into what follows: three predicted hits.
func TestRepeatPredictsEveryRepetition(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Sequence("combo",
			n.Decorate("thrice", decorators.Repeat[mem](3),
				n.Do("jab", act(&recorder{}, "jab", hitFoe(1))),
			),
			n.Condition("foe at 7", func(m *mem) bool { return m.Foe == 7 }),
		))
	p, err := tree.Preview(&mem{HP: 10, Foe: 10}, 0)
	if err != nil || p.Verdict.Outcome != heuristic.Beneficial {
		t.Errorf("verdict %v, %v; want Beneficial: the condition sees three hits", p.Verdict, err)
	}
}

func TestDecoratorSettingsAreChecked(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	for _, tt := range []struct {
		d    bt.Decorator[mem]
		want string
	}{
		{decorators.Repeat[mem](0), "guard/d: Repeat: 0 repetitions"},
		{decorators.Retry[mem](-1), "guard/d: Retry: -1 attempts"},
		{decorators.Timeout[mem](0), "guard/d: Timeout: duration 0s"},
		{decorators.Delay[mem](-time.Second), "guard/d: Delay: negative duration -1s"},
		{decorators.Floor[mem](heuristic.Outcome(9)), "guard/d: Floor: invalid outcome Outcome(9)"},
		{decorators.Goal[mem](nil), "guard/d: Goal: nil heuristic"},
		{decorators.FakeSim(decorators.Fake[mem]{}), "guard/d: FakeSim: nil Edit"},
		{decorators.FakeSim(decorators.Fake[mem]{Edit: shine, Duration: -1}), "guard/d: FakeSim: negative Duration"},
		{decorators.FakeSim(decorators.Fake[mem]{Edit: shine, Floor: 42}), "guard/d: FakeSim: invalid Floor"},
	} {
		_, err := bt.Build(bt.Config[mem]{Heuristic: goal},
			n.Sequence("guard",
				n.Decorate("d", tt.d,
					n.Do("x", act(&recorder{}, "x", nil)),
				),
			))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want it to contain %q", err, tt.want)
		}
	}
}

// A Delay that is not running predicts the whole wait, after a run as
// after a halt: before, a stale count of the time waited made it predict
// a shorter wait, or none, and the choice it fed flipped.
func TestDelayPredictsTheWholeWaitWhenNotRunning(t *testing.T) {
	t.Parallel()
	cfg := bt.Config[mem]{Heuristic: goal, Model: func(m *mem, dt time.Duration) { m.HP -= int(dt / (100 * time.Millisecond)) }}
	n := bt.New[mem]()
	tree := mustBuild(t, cfg,
		n.Decorate("later", decorators.Delay[mem](300*time.Millisecond),
			n.Do("strike", act(nil, "strike", hitFoe(1))),
		))
	predict := func(when string) {
		t.Helper()
		p, err := tree.Preview(&mem{HP: 10, Foe: 10}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Verdict.Outcome != heuristic.Harmful {
			t.Errorf("%s: predicted %v, want Harmful (three hit points lost to the wait)", when, p.Verdict)
		}
	}
	predict("before any run")
	tickN(t, tree, &mem{HP: 10, Foe: 10}, 4) // waits 300 ms, strikes, ends
	if tree.Running() {
		t.Fatal("the delay still runs")
	}
	predict("after a run")
	tickN(t, tree, &mem{HP: 10, Foe: 10}, 2) // begins, waits 100 ms
	if err := tree.Halt(&mem{}); err != nil {
		t.Fatal(err)
	}
	predict("after a halt")
}
