package htn_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Random small domains over a memory of four counters, checked against a
// brute-force enumerator: every decomposition of the root, in record
// order, with no pruning, the first that passes every condition being the
// plan.

type counters struct{ V [4]int8 }

// A cond is a test "V[I] >= K" (or "<" when Below).
type cond struct {
	I     int
	K     int8
	Below bool
}

func (c cond) holds(m *counters) bool { return (m.V[c.I] >= c.K) != c.Below }

func (c cond) name() string {
	op := ">="
	if c.Below {
		op = "<"
	}
	return fmt.Sprintf("V%d %s %d", c.I, op, c.K)
}

type primSpec struct {
	Pre    []cond
	I      int  // the counter it changes
	Add    int8 // by this much
	Expect int  // the counter it expects to set to 1, or -1
}

type methodSpec struct {
	Conds []cond
	Steps []int // task indices: primitives first, then compounds
}

type domainSpec struct {
	Prims     []primSpec
	Compounds [][]methodSpec // compound i may use compounds after it only
	Start     counters
}

func (d *domainSpec) name(task int) string {
	if task < len(d.Prims) {
		return "p" + strconv.Itoa(task)
	}
	return "c" + strconv.Itoa(task-len(d.Prims))
}

func drawCond(t *rapid.T, label string) cond {
	return cond{I: rapid.IntRange(0, 3).Draw(t, label+"i"), K: int8(rapid.IntRange(-1, 2).Draw(t, label+"k")),
		Below: rapid.Bool().Draw(t, label+"below")}
}

func drawDomain(t *rapid.T) *domainSpec {
	d := &domainSpec{}
	nPrims := rapid.IntRange(1, 5).Draw(t, "prims")
	for i := range nPrims {
		p := primSpec{I: rapid.IntRange(0, 3).Draw(t, "i"), Add: int8(rapid.IntRange(-1, 2).Draw(t, "add")), Expect: -1}
		for range rapid.IntRange(0, 1).Draw(t, "pres") {
			p.Pre = append(p.Pre, drawCond(t, "pre"))
		}
		if rapid.IntRange(0, 3).Draw(t, "expects") == 0 {
			p.Expect = rapid.IntRange(0, 3).Draw(t, "expect")
		}
		d.Prims = append(d.Prims, p)
		_ = i
	}
	nComp := rapid.IntRange(1, 4).Draw(t, "compounds")
	for c := range nComp {
		var methods []methodSpec
		for range rapid.IntRange(1, 3).Draw(t, "methods") {
			m := methodSpec{}
			for range rapid.IntRange(0, 2).Draw(t, "conds") {
				m.Conds = append(m.Conds, drawCond(t, "cond"))
			}
			// Steps: primitives, or compounds after this one (no recursion:
			// every decomposition is finite, so the enumerator ends).
			for range rapid.IntRange(1, 3).Draw(t, "steps") {
				choices := nPrims + nComp - c - 1
				k := rapid.IntRange(0, choices-1).Draw(t, "step")
				if k >= nPrims {
					k += c + 1 // a later compound
				}
				m.Steps = append(m.Steps, k)
			}
			methods = append(methods, m)
		}
		d.Compounds = append(d.Compounds, methods)
	}
	for i := range d.Start.V {
		d.Start.V[i] = int8(rapid.IntRange(0, 2).Draw(t, "start"))
	}
	return d
}

// act is a primitive's action: its effect, live and simulated alike.
func (p primSpec) act() bt.Action[counters] {
	effect := func(m *counters) { m.V[p.I] += p.Add }
	return bt.Instant(func(m *counters) bool { effect(m); return true }, effect)
}

func (p primSpec) constraints() []bt.Constraint[counters] {
	var cs []bt.Constraint[counters]
	for _, c := range p.Pre {
		cs = append(cs, fconstraint(c))
	}
	return cs
}

func fconstraint(c cond) bt.Constraint[counters] {
	return bt.Constraint[counters](checkFunc(func(m *counters) (bt.Check, string) {
		if c.holds(m) {
			return bt.Pass, ""
		}
		return bt.Fail, "not " + c.name()
	}))
}

type checkFunc func(m *counters) (bt.Check, string)

func (f checkFunc) Evaluate(_ bt.Situation, m *counters) (bt.Check, string) { return f(m) }

// build makes the domain, keeping only the tasks the root reaches.
func (d *domainSpec) build() (*htn.Domain[counters], error) {
	reach := d.reachable()
	var cb catalogue.Builder[counters]
	for i, p := range d.Prims {
		if !reach[i] {
			continue
		}
		cb.Action(d.name(i), p.act(), p.constraints()...)
		if p.Expect >= 0 {
			cb.Expect(func(m *counters) { m.V[p.Expect] = 1 })
		}
	}
	actions, err := cb.Build()
	if err != nil {
		return nil, err
	}
	b := htn.New(actions)
	for c, methods := range d.Compounds {
		if !reach[len(d.Prims)+c] {
			continue
		}
		b.Compound(d.name(len(d.Prims) + c))
		for k, m := range methods {
			var cs []bt.Constraint[counters]
			for _, cd := range m.Conds {
				cs = append(cs, fconstraint(cd))
			}
			b.Method("m"+strconv.Itoa(k), cs...)
			for _, s := range m.Steps {
				b.Do(d.name(s))
			}
		}
	}
	b.Budget(decide.Budget{Tries: 1 << 20})
	return b.Build() // compound 0, the root, comes first
}

func (d *domainSpec) reachable() []bool {
	reach := make([]bool, len(d.Prims)+len(d.Compounds))
	var visit func(int)
	visit = func(k int) {
		if reach[k] {
			return
		}
		reach[k] = true
		if k >= len(d.Prims) {
			for _, m := range d.Compounds[k-len(d.Prims)] {
				for _, s := range m.Steps {
					visit(s)
				}
			}
		}
	}
	visit(len(d.Prims))
	return reach
}

// bruteForce enumerates every decomposition of the root in record order,
// without pruning, and returns the first whose every condition and
// precondition held where it was checked, with the memory it predicts.
func (d *domainSpec) bruteForce() (tasks []string, record []int, end counters, ok bool) {
	type state struct {
		m      counters
		valid  bool
		tasks  []string
		record []int
	}
	var walk func(agenda []int, s state) bool
	walk = func(agenda []int, s state) bool {
		if len(agenda) == 0 {
			if s.valid {
				tasks, record, end, ok = s.tasks, s.record, s.m, true
				return true
			}
			return false
		}
		k, rest := agenda[0], agenda[1:]
		if k < len(d.Prims) {
			p := d.Prims[k]
			for _, c := range p.Pre {
				s.valid = s.valid && c.holds(&s.m)
			}
			s.m.V[p.I] += p.Add
			if p.Expect >= 0 {
				s.m.V[p.Expect] = 1
			}
			s.tasks = append(slices.Clip(s.tasks), d.name(k))
			return walk(rest, s)
		}
		for i, me := range d.Compounds[k-len(d.Prims)] {
			next := s
			for _, c := range me.Conds {
				next.valid = next.valid && c.holds(&s.m)
			}
			next.record = append(slices.Clip(s.record), i)
			if walk(append(slices.Clip(me.Steps), rest...), next) {
				return true
			}
		}
		return false
	}
	walk([]int{len(d.Prims)}, state{m: d.Start, valid: true})
	return
}

// Claim 7: the plan is the first valid decomposition in method order; and
// claim 6 on random domains: the plan, replayed through Simulate from the
// memory it was made on, passes every precondition and ends on the
// memory the planner predicted. The runner, in a tree, makes the same
// plan as a Session.
func TestPlanIsFirstValidDecomposition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := drawDomain(t)
		dom, err := spec.build()
		if err != nil {
			t.Fatalf("build: %v", err)
		}
		start := spec.Start
		p := dom.NewSession()
		got, err := p.Plan(&start)
		tasks, record, end, ok := spec.bruteForce()
		switch {
		case errors.Is(err, decide.ErrNoPlan):
			if ok {
				t.Fatalf("no plan, but %v %v is valid", record, tasks)
			}
			return
		case err != nil:
			t.Fatalf("plan: %v", err)
		case !ok:
			t.Fatalf("planned %v %v, but no decomposition is valid", got.Record, got.Steps)
		}
		if diff := cmp.Diff(tasks, got.Steps); diff != "" || !cmp.Equal(record, []int(got.Record)) {
			t.Fatalf("planned %v %v, the first valid decomposition is %v %v", got.Record, got.Steps, record, tasks)
		}
		if len(got.Methods) != len(got.Record) {
			t.Fatalf("record %v, methods %v", got.Record, got.Methods)
		}
		for i, k := range got.Record {
			if !strings.HasSuffix(got.Methods[i], "/m"+strconv.Itoa(k)) {
				t.Fatalf("record %v, methods %v", got.Record, got.Methods)
			}
		}
		predicted := *p.Prediction()
		if predicted != end {
			t.Fatalf("predicted %v, the enumerator %v", predicted, end)
		}
		if replayed := spec.replay(t, start, got.Steps); replayed != predicted {
			t.Fatalf("replayed to %v, planned %v", replayed, predicted)
		}
		if steps := runnerPlan(t, dom, start); !cmp.Equal(steps, got.Steps) {
			t.Fatalf("the runner planned %v, a Session %v", steps, got.Steps)
		}
	})
}

// replay runs tasks through the actions' Simulate, checking each
// precondition first and applying each expected effect after.
func (d *domainSpec) replay(t *rapid.T, m counters, tasks []string) counters {
	ctx := bt.NewSim(bt.Config[counters]{})
	for _, name := range tasks {
		k, _ := strconv.Atoi(name[1:])
		p := d.Prims[k]
		for _, c := range p.constraints() {
			if got, why := c.Evaluate(bt.Situation{Simulating: true}, &m); got != bt.Pass {
				t.Fatalf("replaying %v: %s: %s", tasks, name, why)
			}
		}
		p.act().Simulate(ctx, &m)
		if p.Expect >= 0 {
			m.V[p.Expect] = 1
		}
	}
	return m
}

// runnerPlan is the first plan a runner of dom makes on m, in a tree.
func runnerPlan(t *rapid.T, dom *htn.Domain[counters], m counters) []string {
	n := bt.New[counters]()
	tree, err := bt.Build(bt.Config[counters]{}, n.Plan("run", dom))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	var rec trace.Recorder
	agent.SetTracer(&rec)
	if _, err := agent.Tick(&m, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	plans := ofKind(rec.Events, bt.EventPlan)
	if len(plans) == 0 {
		t.Fatal("the runner reported no plan")
	}
	return plans[0].Plan.Steps
}
