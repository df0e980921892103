package fuzz

import (
	"errors"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/internal/treetest"
)

// FuzzDomain feeds the HTN domain builder any sequence of calls, names
// and nils: Build never panics, and either builds a domain that plans,
// runs, previews and describes itself without error, or reports every
// misuse with its path. Runs keep the life cycle.
func FuzzDomain(f *testing.F) {
	f.Fuzz(fuzzed(func(t *rapid.T) {
		names := []string{"root", "a", "b", "c", "d", "", "a/b"}
		name := func(label string) string { return rapid.SampledFrom(names).Draw(t, label) }
		low := constraints.Func("low", func(m *treetest.Mem) bool { return m.Foe < 3 })
		cond := func(label string) []bt.Constraint[treetest.Mem] {
			switch rapid.IntRange(0, 5).Draw(t, label) {
			case 0:
				return []bt.Constraint[treetest.Mem]{nil}
			case 1, 2:
				return []bt.Constraint[treetest.Mem]{low}
			}
			return nil
		}
		d := htn.New[treetest.Mem]()
		for i, n := 0, rapid.IntRange(0, 24).Draw(t, "calls"); i < n; i++ {
			switch rapid.IntRange(0, 8).Draw(t, "call") {
			case 0, 1:
				var act bt.Action[treetest.Mem]
				if rapid.IntRange(0, 7).Draw(t, "nil action") > 0 {
					hit := treetest.HitFoe(rapid.IntRange(0, 2).Draw(t, "hit"))
					act = bt.Instant(func(m *treetest.Mem) bool { hit(m); return m.Foe > -5 }, hit)
				}
				d.Primitive(name("primitive"), act, cond("pre")...)
			case 2:
				var effect func(*treetest.Mem)
				if rapid.Bool().Draw(t, "expect") {
					effect = func(m *treetest.Mem) { m.Shield = 0 }
				}
				d.Expect(effect)
			case 3:
				d.Compound(name("compound"))
			case 4:
				d.Method(name("method"), cond("cond")...)
			case 5, 6:
				d.Do(name("task"))
			case 7:
				d.Pause()
			case 8:
				d.Budget(htn.Budget{Record: rapid.IntRange(-1, 8).Draw(t, "record"), Steps: rapid.IntRange(-1, 8).Draw(t, "steps"),
					Tries: rapid.IntRange(-1, 30).Draw(t, "tries")})
			}
		}
		dom, err := d.Build(name("root"))
		if err != nil {
			checkDomainErrors(t, err)
			return
		}
		m := treetest.Mem{HP: 10, Foe: 5, Shield: 1}
		if _, err := dom.Plan(&m); err != nil && !errors.Is(err, htn.ErrNoPlan) && !errors.Is(err, htn.ErrOutOfBudget) {
			t.Fatalf("Plan: %v", err)
		}
		if len(dom.Nodes()) == 0 {
			t.Fatal("a built domain describes nothing")
		}
		tree, err := bt.New(bt.Config[treetest.Mem]{Heuristic: treetest.Goal}).Branch(dom.Branch("run")).Build()
		if err != nil {
			t.Fatalf("a domain that built makes no tree: %v", err)
		}
		agent, err := tree.NewAgent(1)
		if err != nil {
			t.Fatal(err)
		}
		var log treetest.TraceLog
		agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind != bt.EventPlan {
				log.Trace(e)
			}
		}))
		for range 6 {
			if _, err := agent.Preview(&m, 10*time.Millisecond); err != nil {
				t.Fatalf("Preview: %v", err)
			}
			if _, err := agent.Tick(&m, 10*time.Millisecond); err != nil {
				t.Fatalf("Tick: %v", err)
			}
		}
		if err := agent.Halt(&m); err != nil {
			t.Fatal(err)
		}
		treetest.CheckLifeCycle(t, tree.Nodes(), log.Lines, nil)
	}))
}

// checkDomainErrors checks that each error of a failed Build names where.
func checkDomainErrors(t *rapid.T, err error) {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		var de *decide.Error
		if !errors.As(e, &de) || de.Path == "" {
			t.Fatalf("an error names no place: %q", e)
		}
	}
}
