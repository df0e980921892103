package bt_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// mem is the memory of the tests: a small value struct.
type mem struct {
	HP    int // own hit points
	Foe   int // the enemy's hit points
	Shine int // cosmetic flourishes
	Live  int // written only by live action methods
	Sim   int // written only by simulations: must stay zero in live memory
}

// goal is the tests' heuristic, as a rule list.
var goal = mustRules(heuristic.Irrelevant,
	heuristic.Rule[mem]{Name: "hurt", Match: func(b, a *mem) (heuristic.Outcome, bool) {
		if a.HP <= 0 {
			return heuristic.Deadly, a.HP < b.HP
		}
		return heuristic.Harmful, a.HP < b.HP
	}},
	heuristic.When("healed", heuristic.Safe, func(b, a *mem) bool { return a.HP > b.HP }),
	heuristic.When("hit foe", heuristic.Beneficial, func(b, a *mem) bool { return a.Foe < b.Foe }),
	heuristic.When("shine", heuristic.Cosmetic, func(b, a *mem) bool { return a.Shine > b.Shine }),
)

func mustRules(otherwise heuristic.Outcome, rules ...heuristic.Rule[mem]) *heuristic.Rules[mem] {
	r, err := heuristic.NewRules(otherwise, rules...)
	if err != nil {
		panic(err)
	}
	return r
}

// Effects that scripted actions predict.
func hitFoe(n int) func(*mem) { return func(m *mem) { m.Foe -= n; m.Sim++ } }
func hurt(n int) func(*mem)   { return func(m *mem) { m.HP -= n; m.Sim++ } }
func heal(n int) func(*mem)   { return func(m *mem) { m.HP += n; m.Sim++ } }
func shine(m *mem)            { m.Shine++; m.Sim++ }
func nothing(*mem)            {}

// recorder collects the live calls of scripted actions, in order.
type recorder struct{ log []string }

func (r *recorder) add(format string, args ...any) {
	r.log = append(r.log, fmt.Sprintf(format, args...))
}

func (r *recorder) take() []string {
	l := r.log
	r.log = nil
	return l
}

// scripted is an action that plays a script of statuses: the first for
// Begin, the next for each Update, the last one repeating.
type scripted struct {
	name   string
	rec    *recorder
	script []bt.Status
	effect func(*mem)
	step   int
}

func (a *scripted) Begin(m *mem) bt.Status {
	a.rec.add("%s.begin", a.name)
	a.step = 0
	m.Live++
	return a.script[0]
}

func (a *scripted) Update(m *mem, dt time.Duration) bt.Status {
	a.rec.add("%s.update", a.name)
	a.step++
	m.Live++
	return a.script[min(a.step, len(a.script)-1)]
}

func (a *scripted) End(m *mem, s bt.Status) { a.rec.add("%s.end(%v)", a.name, s) }

func (a *scripted) Simulate(_ *sim.Context[mem], m *mem) {
	if a.effect != nil {
		a.effect(m)
	}
}

// act returns a scripted action.
func act(rec *recorder, name string, effect func(*mem), script ...bt.Status) *scripted {
	if len(script) == 0 {
		script = []bt.Status{bt.Success}
	}
	return &scripted{name: name, rec: rec, script: script, effect: effect}
}

// Shorthands for scripts.
const (
	R = bt.Running
	S = bt.Success
	F = bt.Failure
)

// traceLog is a tracer that writes events as short lines.
type traceLog struct{ lines []string }

func (l *traceLog) Trace(e *bt.Event) {
	switch e.Kind {
	case bt.EventBegin:
		l.lines = append(l.lines, "begin "+e.Path)
	case bt.EventEnd:
		l.lines = append(l.lines, "end "+e.Path+" "+e.Status.String())
	case bt.EventConstraint:
		l.lines = append(l.lines, "constraint "+e.Path+" "+e.Check.String()+" "+e.Reason)
	case bt.EventDecision:
		l.lines = append(l.lines, "decision "+e.Decision.String())
	case bt.EventFault:
		l.lines = append(l.lines, "fault "+e.Path+" "+e.Reason)
	}
}

// mustBuild builds or fails the test.
func mustBuild[M any](t testing.TB, b *bt.Builder[M]) *bt.Tree[M] {
	t.Helper()
	tree, err := b.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return tree
}

// tickN ticks a tree n times with a 100 ms step and returns the statuses.
func tickN[M any](t testing.TB, tree *bt.Tree[M], m *M, n int) []bt.Status {
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

// fn is a constraint built from a function, for tests.
type fn func(s bt.Situation, m *mem) (bt.Check, string)

func (f fn) Evaluate(s bt.Situation, m *mem) (bt.Check, string) { return f(s, m) }

func joined(lines []string) string { return strings.Join(lines, "\n") }

// noop is an action that does nothing, to embed in odd test actions.
type noop struct{}

func (noop) Begin(*mem) bt.Status                 { return bt.Success }
func (noop) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (noop) End(*mem, bt.Status)                  {}
func (noop) Simulate(*sim.Context[mem], *mem)     {}
