package constraints_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/traits"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

type mem = treetest.Mem

var (
	inReach  = constraints.Func("in reach", func(m *mem) bool { return m.Foe <= 5 })
	shielded = constraints.Func("shield up", func(m *mem) bool { return m.Shield > 0 })
	done     = constraints.From("at rest", func(bt.Situation, *mem) (bt.Check, string) { return bt.Done, "at rest" })
	failing  = constraints.From("broken", func(bt.Situation, *mem) (bt.Check, string) { return bt.Fail, "broken" })
)

var foe = constraints.NewField("foe", func(m *mem) int { return m.Foe })

// A constraint that is a test of the memory alone gives its test and its
// reason to fail, unless an option makes it read its situation; a
// field's tests give the field and the values they need, for planners
// that index actions by it.
func TestTestsAndIndices(t *testing.T) {
	t.Parallel()
	m := mem{Foe: 3}
	for _, tt := range []struct {
		name    string
		c       bt.Constraint[mem]
		holds   bool
		failure string
	}{
		{"func", inReach, true, "not in reach"},
		{"field", foe.Is(4), false, "foe is not 4"},
		{"field in", foe.In([]int{1, 3}), true, "foe is not 1 or 3"},
	} {
		test, failure := traits.TestOf[mem](tt.c)
		if test == nil || test(&m) != tt.holds || failure != tt.failure {
			t.Errorf("%s: test %v, failure %q", tt.name, test != nil, failure)
			continue
		}
		if check, why := tt.c.Evaluate(bt.Situation{}, &m); (check == bt.Pass) != tt.holds || !tt.holds && why != failure {
			t.Errorf("%s: Evaluate %v %q, but the test says %v", tt.name, check, why, tt.holds)
		}
	}
	for name, c := range map[string]bt.Constraint[mem]{
		"func skipped":  constraints.Func("x", func(*mem) bool { return true }, constraints.SkipWhileSimulating()),
		"field skipped": foe.Is(1, constraints.SkipWhileRunning()),
		"cooldown":      constraints.Cooldown[mem](time.Second),
		"all":           constraints.All(inReach),
	} {
		if test, _ := traits.TestOf[mem](c); test != nil {
			t.Errorf("%s: a test of the memory alone, though it reads its situation", name)
		}
	}
	key, of, values := foe.In([]int{2, 5}).(traits.Indexed[mem]).Index()
	if key != foe || of == nil || of(&m) != 3 || !cmp.Equal(values, []int{2, 5}) {
		t.Errorf("Index: %v, %v", key, values)
	}
	if key, _, _ := foe.Is(2, constraints.SkipWhileRunning()).(traits.Indexed[mem]).Index(); key != nil {
		t.Error("a field skipped while running indexes actions")
	}
	if key, _, _ := foe.Is(-3).(traits.Indexed[mem]).Index(); key != nil {
		t.Error("a field of a value out of range indexes actions")
	}
}

func TestEvaluate(t *testing.T) {
	t.Parallel()
	idle := bt.Situation{Now: 10 * time.Second}
	running := bt.Situation{Now: 10 * time.Second, Running: true}
	simulating := bt.Situation{Now: 10 * time.Second, Simulating: true}
	ranAgo := func(d time.Duration) bt.Situation {
		return bt.Situation{Now: 10 * time.Second}.After(10*time.Second - d)
	}
	endedAndRunning := bt.Situation{Now: 10 * time.Second}.After(10 * time.Second)
	endedAndRunning.Running = true
	timer := func(m *mem) time.Duration { return time.Duration(m.Foe) * time.Second }
	tests := []struct {
		name   string
		c      bt.Constraint[mem]
		s      bt.Situation
		m      mem
		check  bt.Check
		reason string
	}{
		{"func passes", inReach, idle, mem{Foe: 3}, bt.Pass, ""},
		{"func fails with its name", inReach, idle, mem{Foe: 9}, bt.Fail, "not in reach"},
		{"skip while running: running", constraints.Func("in reach", func(m *mem) bool { return false }, constraints.SkipWhileRunning()), running, mem{}, bt.Pass, ""},
		{"skip while running: not running", constraints.Func("in reach", func(m *mem) bool { return false }, constraints.SkipWhileRunning()), idle, mem{}, bt.Fail, "not in reach"},
		{"skip while simulating: simulating", constraints.Func("in reach", func(m *mem) bool { return false }, constraints.SkipWhileSimulating()), simulating, mem{}, bt.Pass, ""},
		{"skip while simulating: live", constraints.Func("in reach", func(m *mem) bool { return false }, constraints.SkipWhileSimulating()), idle, mem{}, bt.Fail, "not in reach"},
		{"not of a pass fails with what holds", constraints.Not(shielded), idle, mem{Shield: 1}, bt.Fail, "shield up"},
		{"not of a failure passes", constraints.Not(shielded), idle, mem{}, bt.Pass, ""},
		{"not leaves done alone", constraints.Not(done), idle, mem{}, bt.Done, "at rest"},
		{"all pass", constraints.All(inReach, constraints.Not(shielded)), idle, mem{Foe: 1}, bt.Pass, ""},
		{"all: the first failure", constraints.All(inReach, shielded), idle, mem{Foe: 1}, bt.Fail, "not shield up"},
		{"all: done when nothing fails", constraints.All(inReach, done), idle, mem{Foe: 1}, bt.Done, "at rest"},
		{"all: failure beats done", constraints.All(done, failing), idle, mem{}, bt.Fail, "broken"},
		{"any: one pass is enough", constraints.Any(shielded, inReach), idle, mem{Foe: 1}, bt.Pass, ""},
		{"any: none", constraints.Any(shielded, inReach), idle, mem{Foe: 9}, bt.Fail, "none of (shield up, in reach)"},
		{"any: done when none passes", constraints.Any(shielded, done), idle, mem{}, bt.Done, "at rest"},
		{"cooldown: never ran", constraints.Cooldown[mem](2 * time.Second), idle, mem{}, bt.Pass, ""},
		{"cooldown: too soon", constraints.Cooldown[mem](2 * time.Second), ranAgo(time.Second), mem{}, bt.Fail, "cooling down (2s)"},
		{"cooldown: long enough", constraints.Cooldown[mem](2 * time.Second), ranAgo(2 * time.Second), mem{}, bt.Pass, ""},
		{"cooldown never stops a running node", constraints.Cooldown[mem](2 * time.Second), endedAndRunning, mem{}, bt.Pass, ""},
		{"window: inside", constraints.Window("timer", timer, 2*time.Second, 5*time.Second), idle, mem{Foe: 3}, bt.Pass, ""},
		{"window: below", constraints.Window("timer", timer, 2*time.Second, 5*time.Second), idle, mem{Foe: 1}, bt.Fail, "timer below 2s"},
		{"window: above", constraints.Window("timer", timer, 2*time.Second, 5*time.Second), idle, mem{Foe: 6}, bt.Fail, "timer above 5s"},
		{"window: on the bounds", constraints.Window("timer", timer, 2*time.Second, 5*time.Second), idle, mem{Foe: 5}, bt.Pass, ""},
		{"window: no upper bound", constraints.Window("timer", timer, 2*time.Second, 0), idle, mem{Foe: 500}, bt.Pass, ""},
		{"window: no lower bound", constraints.Window("timer", timer, 0, 5*time.Second), idle, mem{Foe: 0}, bt.Pass, ""},
		{"chance 0 never passes", constraints.Chance[mem](0), idle, mem{}, bt.Fail, "chance 0% missed"},
		{"from answers for itself", done, idle, mem{}, bt.Done, "at rest"},
		{"skipping adds options to any constraint", constraints.Skipping(failing, constraints.SkipWhileRunning()), running, mem{}, bt.Pass, ""},
		{"skipping keeps the constraint otherwise", constraints.Skipping(failing, constraints.SkipWhileRunning()), idle, mem{}, bt.Fail, "broken"},
		{"a field is its value", foe.Is(3), idle, mem{Foe: 3}, bt.Pass, ""},
		{"a field is not another", foe.Is(3), idle, mem{Foe: 4}, bt.Fail, "foe is not 3"},
		{"a field in values", foe.In([]int{2, 4}), idle, mem{Foe: 4}, bt.Pass, ""},
		{"a field in none of them", foe.In([]int{2, 4}), idle, mem{Foe: 3}, bt.Fail, "foe is not 2 or 4"},
		{"a field skipped while running", foe.Is(3, constraints.SkipWhileRunning()), running, mem{Foe: 4}, bt.Pass, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check, reason := tt.c.Evaluate(tt.s, &tt.m)
			if check != tt.check || reason != tt.reason {
				t.Errorf("Evaluate = %v %q, want %v %q", check, reason, tt.check, tt.reason)
			}
		})
	}
}

func TestDescriptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		c    bt.Constraint[mem]
		want string
	}{
		{inReach, "in reach"},
		{constraints.Not(shielded), "not shield up"},
		{constraints.All(inReach, shielded), "all(in reach, shield up)"},
		{constraints.Any(inReach, constraints.Not(shielded)), "any(in reach, not shield up)"},
		{constraints.Cooldown[mem](1500 * time.Millisecond), "cooldown 1.5s"},
		{constraints.Window("timer", func(*mem) time.Duration { return 0 }, time.Second, 0), "timer in [1s, ∞]"},
		{constraints.Chance[mem](0.25), "chance 25%"},
		{constraints.Skipping(inReach, constraints.SkipWhileRunning()), "in reach"},
		{foe.In([]int{1, 2}), "foe is 1 or 2"},
	} {
		if got := fmt.Sprint(tt.c); got != tt.want {
			t.Errorf("description %q, want %q", got, tt.want)
		}
	}
}

// A node guarded by the constraint c, in a sequence that runs for a while:
// the sequence begins in reach, then the foe steps away.
func runAway(t *testing.T, c bt.Constraint[mem]) []string {
	rec := &treetest.Recorder{}
	n := bt.New[mem]()
	tree := treetest.MustBuild(t, bt.Config[mem]{},
		n.Sequence("combo",
			n.Do("jab", treetest.Act(rec, "jab", nil, bt.Running, bt.Success)),
			n.Do("hook", treetest.Act(rec, "hook", nil, bt.Running, bt.Success)),
		).Constrain(c))
	m := mem{Foe: 3}
	treetest.TickN(t, tree, &m, 1)
	m.Foe = 9
	treetest.TickN(t, tree, &m, 3)
	return rec.Take()
}

// Skip while running: the combo keeps going after its target steps out of
// reach; without it, the combo is cut short.
func TestSkipWhileRunningInATree(t *testing.T) {
	t.Parallel()
	reach := func(opts ...constraints.Option) bt.Constraint[mem] {
		return constraints.Func("in reach", func(m *mem) bool { return m.Foe <= 5 }, opts...)
	}
	if got, want := runAway(t, reach()), []string{"jab.begin", "jab.end(Running)"}; !cmp.Equal(got, want) {
		t.Errorf("without skip: %v, want %v", got, want)
	}
	want := []string{"jab.begin", "jab.update", "jab.end(Success)", "hook.begin", "hook.update", "hook.end(Success)"}
	if got := runAway(t, reach(constraints.SkipWhileRunning())); !cmp.Equal(got, want) {
		t.Errorf("skip while running: %v, want %v", got, want)
	}
}

// Skip while simulating: the planner counts on the node, which then meets
// its constraint live.
func TestSkipWhileSimulatingInATree(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	for _, skip := range []bool{false, true} {
		var opts []constraints.Option
		if skip {
			opts = append(opts, constraints.SkipWhileSimulating())
		}
		rec := &treetest.Recorder{}
		tree := treetest.MustBuild(t, bt.Config[mem]{Heuristic: treetest.Goal},
			n.Selector("plan",
				n.Do("strike", treetest.Act(rec, "strike", treetest.HitFoe(1))).Constrain(constraints.Func("door open", func(*mem) bool { return false }, opts...)),
				n.Do("pose", treetest.Act(rec, "pose", treetest.Shine)),
			))
		p, _ := tree.Preview(&mem{Foe: 5}, 0)
		chosen, _ := p.Decisions[0].Choice()
		status, _ := tree.Tick(&mem{Foe: 5}, time.Second)
		switch {
		case !skip && (chosen.Name != "pose" || status != bt.Success):
			t.Errorf("checked while simulating: planned %s, status %v; want pose, Success", chosen.Name, status)
		case skip && (chosen.Name != "strike" || status != bt.Failure):
			t.Errorf("skipped while simulating: planned %s, status %v; want strike that then fails", chosen.Name, status)
		}
	}
}

// Cooldown refuses the node it guards until the time has passed since it
// last ended, and a prediction in between judges the node Impossible,
// saying why; once the time has passed, the node is possible again.
func TestCooldownInATree(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	rec := &treetest.Recorder{}
	tree := treetest.MustBuild(t, bt.Config[mem]{Heuristic: treetest.Goal},
		n.Do("x", treetest.Act(rec, "x", nil)).Constrain(constraints.Cooldown[mem](250*time.Millisecond)))
	if got, want := treetest.TickN(t, tree, &mem{}, 4), []bt.Status{bt.Success, bt.Failure, bt.Failure, bt.Success}; !cmp.Equal(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	if got, want := rec.Take(), []string{"x.begin", "x.end(Success)", "x.begin", "x.end(Success)"}; !cmp.Equal(got, want) {
		t.Errorf("log %v, want %v", got, want)
	}

	tree = treetest.MustBuild(t, bt.Config[mem]{Heuristic: treetest.Goal},
		n.Sequence("when",
			n.Condition("foe in sight", func(m *mem) bool { return m.Foe > 0 }),
			n.Do("x", treetest.Act(rec, "x", treetest.HitFoe(1))).Constrain(constraints.Cooldown[mem](time.Second)),
		))
	m := mem{Foe: 10}
	treetest.TickN(t, tree, &m, 1)
	m.Foe = 0 // let time pass without running the cooled-down node
	if p, _ := tree.Preview(&mem{Foe: 10}, 0); p.Verdict != (heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "cooling down (1s)"}) {
		t.Errorf("while cooling: %v, want Impossible (cooling down (1s))", p.Verdict)
	}
	treetest.TickN(t, tree, &m, 10)
	if p, _ := tree.Preview(&mem{Foe: 10}, 0); p.Verdict.Outcome != heuristic.Beneficial {
		t.Errorf("after cooling: %v, want Beneficial", p.Verdict)
	}
}

// Chance comes from the tree's seeded source: the odds hold over seeds, the
// same seed gives the same rolls, and the roll a selector planned with is
// the roll the node begins with.
func TestChanceInATree(t *testing.T) {
	t.Parallel()
	const seeds = 2000
	passed := 0
	n := bt.New[mem]()
	for seed := uint64(0); seed < seeds; seed++ {
		var planned, begun []string
		trace := bt.TracerFunc(func(e *bt.Event) {
			switch e.Kind {
			case bt.EventDecision:
				c, _ := e.Decision.Choice()
				planned = append(planned, c.Name)
			case bt.EventBegin:
				begun = append(begun, e.Path)
			case bt.EventConstraint:
				t.Fatalf("seed %d: a planned node met its constraint at Begin: %s", seed, e.Reason)
			}
		})
		rec := &treetest.Recorder{}
		tree := treetest.MustAgent(t, bt.Config[mem]{Heuristic: treetest.Goal},
			n.Selector("plan",
				n.Do("gamble", treetest.Act(rec, "gamble", treetest.HitFoe(1))).Constrain(constraints.Chance[mem](0.3)),
				n.Do("pose", treetest.Act(rec, "pose", treetest.Shine)),
			), seed, trace)
		treetest.TickN(t, tree, &mem{Foe: 5}, 1)
		if planned[0] == "gamble" {
			passed++
		}
	}
	// 2000 fixed seeds, so this is deterministic; the band guards the odds.
	if passed < 500 || passed > 700 {
		t.Errorf("Chance(0.3) passed %d times in %d seeds, want about %d", passed, seeds, seeds*3/10)
	}
}

func TestSettingsAreCheckedByBuild(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	for _, tt := range invalidConstraints() {
		_, err := bt.Build(bt.Config[mem]{},
			n.Sequence("s",
				n.Do("x", treetest.Act(&treetest.Recorder{}, "x", nil)).Constrain(tt.c),
			))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want it to contain %q", err, tt.want)
		}
	}
}

// An invalidConstraint is a constraint whose settings make no sense, and
// what Build says of it when it guards node x of sequence s.
type invalidConstraint struct {
	c    bt.Constraint[mem]
	want string
}

// invalidConstraints returns one of every constructor's settings that
// make no sense.
func invalidConstraints() []invalidConstraint {
	timer := func(*mem) time.Duration { return 0 }
	return []invalidConstraint{
		{constraints.Func[mem]("ok", nil), "s/x: Func ok: nil function"},
		{constraints.Func("", func(*mem) bool { return true }), "s/x: Func: empty name"},
		{constraints.From[mem]("ok", nil), "s/x: From ok: nil function"},
		{constraints.Not[mem](nil), "s/x: Not: nil constraint"},
		{constraints.All[mem](), "s/x: All: no constraints"},
		{constraints.Any(inReach, nil), "s/x: Any: constraint 2 is nil"},
		{constraints.All(inReach, constraints.Cooldown[mem](-time.Second)), "s/x: Cooldown: negative duration -1s"},
		{constraints.Cooldown[mem](-time.Second), "s/x: Cooldown: negative duration -1s"},
		{constraints.Window("timer", timer, 5*time.Second, 2*time.Second), "s/x: Window timer: minimum 5s above maximum 2s"},
		{constraints.Window("timer", timer, -time.Second, 0), "s/x: Window timer: negative bound"},
		{constraints.Window[mem]("timer", nil, 0, 0), "s/x: Window timer: nil function"},
		{constraints.Chance[mem](1.5), "s/x: Chance: probability 1.5 is not in [0, 1]"},
		{constraints.Chance[mem](-0.1), "s/x: Chance: probability -0.1"},
		{constraints.Chance[mem](math.NaN()), "s/x: Chance: probability NaN"},
		{constraints.Func("ok", func(*mem) bool { return true }, nil), "s/x: nil constraint option"},
		{constraints.Func("ok", func(*mem) bool { return true }, constraints.WhenFalse("")), `s/x: WhenFalse: no words in ""`},
		{constraints.Func("ok", func(*mem) bool { return true }, constraints.WhenFalse(" \n")), `s/x: WhenFalse: no words in " \n"`},
		{constraints.Func("ok", func(*mem) bool { return true }, constraints.WhenFalse("no"), constraints.WhenFalse("nay")),
			`s/x: WhenFalse given twice ("no", then "nay")`},
		{constraints.Skipping[mem](nil), "s/x: Skipping: nil constraint"},
		{foe.Is(-1), "s/x: Is: value -1 of field foe is not in [0, 65535]"},
		{foe.Is(65536), "s/x: Is: value 65536 of field foe"},
		{foe.In(nil), "s/x: In: field foe: no values"},
		{constraints.NewField[mem]("foe", nil).Is(1), "s/x: Is: a field with no function"},
		{(*constraints.Field[mem])(nil).Is(1), "s/x: Is: a field with no function"},
		{constraints.NewField("", func(*mem) int { return 0 }).Is(1), "s/x: Is: a field with no name"},
	}
}

// A constraint whose settings make no sense never panics, however it is
// asked, outside a tree (as the package doc promises): it fails, with its
// settings error as the reason. So does one made of it (Not, Skipping,
// All, Any), which would otherwise pass where it fails.
func TestInvalidConstraintsNeverPanic(t *testing.T) {
	t.Parallel()
	situations := []struct {
		name string
		st   bt.Situation
	}{
		{"idle", bt.Situation{Now: time.Second}},
		{"running", bt.Situation{Now: time.Second, Running: true}},
		{"simulating", bt.Situation{Now: time.Second, Simulating: true}},
		{"ended", bt.Situation{Now: time.Second}.After(0)},
	}
	for _, tt := range invalidConstraints() {
		want := strings.TrimPrefix(tt.want, "s/x: ")
		for _, c := range []bt.Constraint[mem]{
			tt.c,
			constraints.Not(tt.c),
			constraints.Skipping(tt.c, constraints.SkipWhileRunning()),
			constraints.All(inReach, tt.c),
			constraints.Any(shielded, tt.c),
		} {
			for _, s := range situations {
				name, st := s.name, s.st
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%v, %s: Evaluate panicked: %v", c, name, r)
						}
					}()
					if check, why := c.Evaluate(st, &mem{Foe: 3}); check != bt.Fail || !strings.Contains(why, want) {
						t.Errorf("%v, %s: Evaluate = %v, %q; want Fail, %q", c, name, check, why, want)
					}
				}()
			}
		}
	}
}

// An invalid answer inside All or Any is reported as the tree reports a
// bare constraint's: a fault naming the node, and the node held back.
// (Before, All took it for Pass and Any for Fail, silently.)
func TestInvalidChecksInsideGroupsAreFaults(t *testing.T) {
	t.Parallel()
	broken := constraints.From("broken", func(bt.Situation, *mem) (bt.Check, string) { return bt.Check(9), "?" })
	n := bt.New[mem]()
	for name, c := range map[string]bt.Constraint[mem]{
		"bare": broken,
		"all":  constraints.All(inReach, broken),
		"any":  constraints.Any(shielded, broken),
	} {
		rec := &treetest.Recorder{}
		tree := treetest.MustBuild(t, bt.Config[mem]{},
			n.Sequence("s",
				n.Do("x", treetest.Act(rec, "x", nil)).Constrain(c),
			))
		s, err := tree.Tick(&mem{Foe: 3}, 0)
		var ne *decide.Error
		if s != bt.Failure || !errors.As(err, &ne) || ne.Path != "s/x" || !strings.Contains(err.Error(), "invalid check") {
			t.Errorf("%s: Tick = %v, %v; want Failure and a fault for s/x", name, s, err)
		}
		if log := rec.Take(); len(log) != 0 {
			t.Errorf("%s: the node ran: %v", name, log)
		}
	}
}
