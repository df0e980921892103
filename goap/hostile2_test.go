package goap_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// counter is the memory of the tests below.
type counter struct {
	N    int
	Done bool
}

func countKey(m *counter) counter { return *m }

var (
	step   = bt.Instant(func(m *counter) bool { m.N++; return true }, func(m *counter) { m.N++ })
	finish = bt.Instant(func(m *counter) bool { m.Done = true; return true }, func(m *counter) { m.Done = true })
	done   = func(m *counter) bool { return m.Done }

	counting = must(new(catalogue.Builder[counter]).Action("step", step).Action("finish", finish).Build())
)

// Panics in user code come back from Plan as errors, and the planner
// plans again afterwards.
func TestPlanPanics(t *testing.T) {
	calls := 0
	d, err := goap.New(counting, func(m *counter) counter {
		if calls++; calls == 1 {
			panic("key")
		}
		return *m
	}).Do("finish").Goal("done", 1, done).Build()
	if err != nil {
		t.Fatal(err)
	}
	p := d.NewSession()
	var pe *bt.PanicError
	if _, err := p.Plan(&counter{}); !errors.As(err, &pe) || pe.Value != "key" || pe.Method != "Plan" {
		t.Fatalf("a panicking key: %v", err)
	}
	if plan, err := p.Plan(&counter{}); err != nil || len(plan.Steps) != 1 {
		t.Fatalf("after the panic: %v %v", plan, err)
	}
	unhashable, err := goap.New(counting, func(m *counter) any { return []int{m.N} }).Do("finish").Goal("done", 1, done).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := unhashable.NewSession().Plan(&counter{}); !errors.As(err, &pe) {
		t.Errorf("an unhashable key: %v", err)
	}
}

// A nil Builder builds nothing, a zero Builder asks for what goap.New
// takes, and a nil or zero Domain plans nothing; none panics.
func TestZeroValues(t *testing.T) {
	var zb goap.Builder[counter, counter]
	if _, err := zb.Do("finish").Goal("done", 1, done).Build(); err == nil || !strings.Contains(err.Error(), "goap.New") {
		t.Errorf("a zero Builder: %v", err)
	}
	var nb *goap.Builder[counter, counter]
	if _, err := nb.Do("finish").Cost(nil).Goal("done", 1, done).Relevant(nil).Utility(nil).Estimate(nil).
		Choose(decide.ByCost).Budget(decide.Budget{Tries: 1, PerTick: 1}).Copy(nil).Build(); err == nil {
		t.Error("a nil Builder built")
	}
	var zd goap.Domain[counter, counter]
	if _, err := zd.NewSession().Plan(&counter{}); err == nil || !strings.Contains(err.Error(), "a planner with no domain") {
		t.Errorf("a zero Domain: %v", err)
	}
	if zd.Nodes() != nil || zd.Steps() != nil || zd.Validate() == nil {
		t.Error("a zero Domain has nodes or steps, or says it is valid")
	}
	n := bt.New[counter]()
	if _, err := bt.Build(bt.Config[counter]{}, n.Plan("g", &zd)); err == nil || !strings.HasPrefix(err.Error(), "g: ") {
		t.Errorf("a zero Domain's runner: %v", err)
	}
}

// Names that would break a tree's paths are refused: a goal's by Build,
// an action's by its catalogue, which has none such to give.
func TestSlashInName(t *testing.T) {
	if _, err := goap.New(counting, countKey).Do("finish").Goal("a/b", 1, done).Build(); err == nil ||
		!strings.Contains(err.Error(), `goals/a/b: name "a/b" contains '/'`) {
		t.Errorf("a goal named a/b: %v", err)
	}
	if _, err := goap.New(counting, countKey).Do("a/b").Goal("done", 1, done).Build(); err == nil ||
		!strings.Contains(err.Error(), `"a/b"`) {
		t.Errorf("an action named a/b: %v", err)
	}
}

// In a tree, a cost that breaks its contract is a fault of user code:
// Tick returns it.
func TestBadCostInTree(t *testing.T) {
	d, err := goap.New(counting, countKey).Do("finish").Cost(func(_, _ *counter) float64 { return -1 }).
		Goal("done", 1, done).Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[counter]()
	tree, err := bt.Build(bt.Config[counter]{}, n.Plan("g", d))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var pe *bt.PanicError
	if _, err := agent.Tick(&counter{}, time.Millisecond); !errors.As(err, &pe) || !strings.Contains(err.Error(), "costs -1") {
		t.Errorf("a negative cost: %v", err)
	}
}

// A plan whose cost overflows is an error, never a plan costing +Inf.
func TestCostOverflow(t *testing.T) {
	d, err := goap.New(counting, countKey).
		Do("step").Cost(func(_, _ *counter) float64 { return 1e308 }).
		Do("finish", reached(2)).
		Goal("done", 1, done).Build()
	if err != nil {
		t.Fatal(err)
	}
	if plan, err := d.NewSession().Plan(&counter{}); err == nil || !strings.Contains(err.Error(), "float64") {
		t.Errorf("an overflowing plan: %+v, %v", plan, err)
	}
}

func reached(n int) bt.Constraint[counter] {
	return checkFunc(func(m *counter) bool { return m.N >= n })
}

type checkFunc func(m *counter) bool

func (f checkFunc) Evaluate(_ bt.Situation, m *counter) (bt.Check, string) {
	if f(m) {
		return bt.Pass, ""
	}
	return bt.Fail, "not reached"
}

// A precondition that panics when the runner checks it before the step
// begins is the step's fault, as when the tree checks it: its leaf is
// quarantined, not the runner.
func TestPreconditionPanicBlamesTheStep(t *testing.T) {
	live := panicLive{}
	d, err := goap.New(counting, countKey).Do("finish", live).Goal("done", 1, done).Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[counter]()
	tree, err := bt.Build(bt.Config[counter]{}, n.Plan("g", d))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var pe *bt.PanicError
	if _, err := agent.Tick(&counter{}, time.Millisecond); !errors.As(err, &pe) || pe.Path != "g/finish" {
		t.Fatalf("a panicking precondition: %v", err)
	}
	if q := agent.Quarantined(); len(q) != 1 || q[0] != "g/finish" {
		t.Errorf("quarantined %v, want the step's leaf", q)
	}
}

// panicLive passes while simulating and panics when checked live.
type panicLive struct{}

func (panicLive) Evaluate(s bt.Situation, _ *counter) (bt.Check, string) {
	if !s.Simulating {
		panic("live check")
	}
	return bt.Pass, ""
}
