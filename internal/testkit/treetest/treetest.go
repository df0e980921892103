// Package treetest has what the tests of foresight's packages share: a
// small memory with a rule-list heuristic, scripted actions that record
// their life cycle, a tracer that writes lines, and random trees with the
// invariants every tree must keep, for property tests and fuzzing.
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package treetest

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
)

// Mem is the tests' memory: a small value struct.
type Mem struct {
	HP     int // own hit points
	Foe    int // the enemy's hit points
	Shield int // the enemy's shield: blows do nothing while it is up
	Shine  int // cosmetic flourishes
	Live   int // written only by live action methods
	Sim    int // written only by predicted effects: must stay zero in live memory
}

// Goal is the tests' heuristic.
var Goal = mustRules(heuristic.Irrelevant,
	heuristic.Match("hurt", func(b, a *Mem) (heuristic.Outcome, bool) {
		if a.HP <= 0 {
			return heuristic.Deadly, a.HP < b.HP
		}
		return heuristic.Harmful, a.HP < b.HP
	}),
	heuristic.When("healed", heuristic.Safe, func(b, a *Mem) bool { return a.HP > b.HP }),
	heuristic.When("hit foe", heuristic.Beneficial, func(b, a *Mem) bool { return a.Foe < b.Foe }),
	heuristic.When("shield broken", heuristic.Beneficial, func(b, a *Mem) bool { return a.Shield < b.Shield }),
	heuristic.When("shine", heuristic.Cosmetic, func(b, a *Mem) bool { return a.Shine > b.Shine }),
)

func mustRules(otherwise heuristic.Outcome, rules ...heuristic.Rule[Mem]) *heuristic.Rules[Mem] {
	r, err := heuristic.NewRules(otherwise, rules...)
	if err != nil {
		panic(err)
	}
	return r
}

// Predicted effects for scripted actions. Each marks the memory as
// simulated, so a prediction that leaks into live memory shows.

// HitFoe strikes the foe for n, unless its shield is up.
func HitFoe(n int) func(*Mem) {
	return func(m *Mem) {
		if m.Shield == 0 {
			m.Foe -= n
		}
		m.Sim++
	}
}

// Hurt costs n hit points.
func Hurt(n int) func(*Mem) { return func(m *Mem) { m.HP -= n; m.Sim++ } }

// Heal restores n hit points.
func Heal(n int) func(*Mem) { return func(m *Mem) { m.HP += n; m.Sim++ } }

// Shine adds a flourish.
func Shine(m *Mem) { m.Shine++; m.Sim++ }

// Nothing predicts no change.
func Nothing(*Mem) {}

// Recorder collects the live calls of scripted actions, in order.
type Recorder struct{ Log []string }

// Add appends a formatted line.
func (r *Recorder) Add(format string, args ...any) {
	r.Log = append(r.Log, fmt.Sprintf(format, args...))
}

// Take returns the log and empties it.
func (r *Recorder) Take() []string {
	l := r.Log
	r.Log = nil
	return l
}

// Scripted is an action that plays a script of statuses: the first for
// Begin, the next for each Update, the last one repeating. It records its
// live calls when it has a recorder, and predicts Effect.
type Scripted struct {
	Name   string
	Rec    *Recorder
	Script []bt.Status
	Effect func(*Mem)
	step   int
}

// Act returns a scripted action; without a script it succeeds at once.
func Act(rec *Recorder, name string, effect func(*Mem), script ...bt.Status) *Scripted {
	if len(script) == 0 {
		script = []bt.Status{bt.Success}
	}
	return &Scripted{Name: name, Rec: rec, Script: script, Effect: effect}
}

// Begin records the call and returns the script's first status.
func (a *Scripted) Begin(m *Mem) bt.Status {
	a.record("begin")
	a.step = 0
	m.Live++
	return a.Script[0]
}

// Update records the call and returns the script's next status.
func (a *Scripted) Update(m *Mem, _ time.Duration) bt.Status {
	a.record("update")
	a.step++
	m.Live++
	return a.Script[min(a.step, len(a.Script)-1)]
}

// End records the call with its status.
func (a *Scripted) End(_ *Mem, s bt.Status) {
	if a.Rec != nil {
		a.Rec.Add("%s.end(%v)", a.Name, s)
	}
}

// record logs a call, unless the action is quiet: without a recorder it
// allocates nothing, for allocation tests.
func (a *Scripted) record(call string) {
	if a.Rec != nil {
		a.Rec.Add("%s.%s", a.Name, call)
	}
}

// Simulate applies Effect.
func (a *Scripted) Simulate(_ *bt.Sim[Mem], m *Mem) {
	if a.Effect != nil {
		a.Effect(m)
	}
}

// TraceLog is a tracer that writes each event as a short line.
type TraceLog struct{ Lines []string }

// Trace appends the event's line.
func (l *TraceLog) Trace(e *bt.Event) { l.Lines = append(l.Lines, Line(e)) }

// Line formats an event as "begin a/b", "end a/b Success", "constraint a
// Fail why", "decision ..." or "fault a why".
func Line(e *bt.Event) string { return contract.From(e).String() }

// Check adapts a function to a constraint.
type Check func(s bt.Situation, m *Mem) (bt.Check, string)

// Evaluate calls the function.
func (f Check) Evaluate(s bt.Situation, m *Mem) (bt.Check, string) { return f(s, m) }

// MustBuild builds the tree and makes an agent of it with seed 0, or fails
// the test.
func MustBuild[M any](t T, cfg bt.Config[M], root bt.Def[M]) *bt.Agent[M] {
	t.Helper()
	return MustAgent(t, cfg, root, 0, nil)
}

// MustAgent builds the tree and makes an agent of it with the seed and the
// tracer (which may be nil), or fails the test.
func MustAgent[M any](t T, cfg bt.Config[M], root bt.Def[M], seed uint64, tr bt.Tracer) *bt.Agent[M] {
	t.Helper()
	tree, err := bt.Build(cfg, root)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	a, err := tree.NewAgent(seed)
	if err != nil {
		t.Fatalf("NewAgent: %v", err)
	}
	a.SetTracer(tr)
	return a
}

// TickN ticks an agent n times with a 100 ms step and returns the
// statuses.
func TickN[M any](t T, tree *bt.Agent[M], m *M, n int) []bt.Status {
	t.Helper()
	var out []bt.Status
	for i := 0; i < n; i++ {
		s, err := tree.Tick(m, 100*time.Millisecond)
		if err != nil {
			t.Fatalf("tick %d: %v", i+1, err)
		}
		out = append(out, s)
	}
	return out
}

// Joined joins lines for messages.
func Joined(lines []string) string { return strings.Join(lines, "\n") }
