package fuzz

import (
	"errors"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// FuzzDomain feeds the HTN domain builder, and the catalogue of actions it
// takes its primitive tasks from, any sequence of calls, names and nils,
// invalid conditions and budgets included: Build never panics, and either
// builds a domain that plans, runs, previews and describes itself without
// error, under any replanning setting, or reports every misuse with its
// path. Runs keep the life cycle.
func FuzzDomain(f *testing.F) {
	nb := bt.New[treetest.Mem]()
	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) {
		// Mostly well-formed, with a misuse now and then: a name drawn
		// from anywhere (a duplicate, an empty one, one with a slash, a
		// compound named as an action), a nil or an invalid constraint, a
		// nil action or effect, a negative duration or bound, a call out
		// of order.
		misuse := func(label string) bool { return rapid.IntRange(0, 23).Draw(t, label) == 7 } // not an edge, which rapid favours
		anyName := func(label string) string {
			return rapid.SampledFrom([]string{"root", "a", "b", "c", "c1", "c2", "", "a/b"}).Draw(t, label)
		}
		low := constraints.Func("low", func(m *treetest.Mem) bool { return m.Foe < 3 })
		cond := func(label string) []bt.Constraint[treetest.Mem] {
			if misuse(label + " misuse") {
				return []bt.Constraint[treetest.Mem]{rapid.SampledFrom([]bt.Constraint[treetest.Mem]{nil,
					constraints.Func[treetest.Mem]("broken", nil), constraints.Chance[treetest.Mem](1.5)}).Draw(t, label)}
			}
			switch rapid.IntRange(0, 5).Draw(t, label) {
			case 0, 1:
				return []bt.Constraint[treetest.Mem]{low}
			case 2:
				return []bt.Constraint[treetest.Mem]{constraints.Chance[treetest.Mem](0.5)}
			}
			return nil
		}

		// The catalogue: actions a, b, c..., each maybe with
		// preconditions, a duration and an expected effect.
		var cb catalogue.Builder[treetest.Mem]
		var acts []string
		for i, n := 0, rapid.IntRange(1, 4).Draw(t, "actions"); i < n; i++ {
			var act bt.Action[treetest.Mem]
			if !misuse("nil action") {
				hit := treetest.HitFoe(rapid.IntRange(0, 2).Draw(t, "hit"))
				act = bt.Instant(func(m *treetest.Mem) bool { hit(m); return m.Foe > -5 }, hit)
			}
			name := string(rune('a' + i))
			if misuse("action name") {
				name = anyName("action")
			}
			acts = append(acts, name)
			cb.Action(name, act, cond("pre")...)
			if rapid.Bool().Draw(t, "takes") {
				d := time.Duration(rapid.IntRange(0, 30).Draw(t, "duration")) * time.Millisecond
				if misuse("negative duration") {
					d = -d - 1
				}
				cb.Takes(d)
			}
			if rapid.IntRange(0, 3).Draw(t, "expects") == 0 {
				effect := func(m *treetest.Mem) { m.Shield = 0 }
				if misuse("nil expect") {
					effect = nil
				}
				cb.Expect(effect)
			}
		}
		actions, err := cb.Build()
		if err != nil {
			checkDomainErrors(t, err)
			actions = nil // the domain builder must refuse it in turn
		}

		// The domain: compound tasks root, c1, c2..., whose methods do
		// actions and compound tasks.
		d := htn.New(actions)
		if misuse("zero builder") {
			d = &htn.Builder[treetest.Mem]{}
		}
		compounds := []string{"root", "c1", "c2"}[:rapid.IntRange(1, 3).Draw(t, "compounds")]
		tasks := append(append([]string(nil), acts...), compounds...)
		stray := func() {
			switch rapid.IntRange(0, 4).Draw(t, "stray call") {
			case 0:
				d.Compound(anyName("compound"))
			case 1:
				d.Method(anyName("method"), cond("cond")...)
			case 2:
				d.Do(anyName("task"))
			case 3:
				d.Pause()
			case 4:
				d.Budget(decide.Budget{Steps: rapid.IntRange(-1, 8).Draw(t, "steps"),
					Tries: rapid.IntRange(-1, 30).Draw(t, "tries"), PerTick: rapid.IntRange(-1, 1).Draw(t, "per tick")})
			}
		}
		for j, c := range compounds {
			if misuse("stray") {
				stray()
			}
			d.Compound(c)
			for k, nm := 0, rapid.IntRange(1, 3).Draw(t, "methods"); k < nm; k++ {
				d.Method("m"+string(rune('0'+k)), cond("cond")...)
				for i, ns := 0, rapid.IntRange(1, 3).Draw(t, "steps"); i < ns; i++ {
					if i > 0 && rapid.IntRange(0, 5).Draw(t, "pause") == 0 {
						d.Pause()
					}
					d.Do(rapid.SampledFrom(tasks).Draw(t, "task"))
				}
				if k == 0 && j+1 < len(compounds) {
					d.Do(compounds[j+1]) // every compound task is reached
				}
			}
		}
		if misuse("stray") {
			stray()
		}
		if rapid.Bool().Draw(t, "budget") {
			d.Budget(decide.Budget{Steps: rapid.IntRange(0, 8).Draw(t, "steps"), Tries: rapid.IntRange(0, 30).Draw(t, "tries")})
		}
		rootless := misuse("root") // a builder with no compound task, so no root
		if rootless {
			d = htn.New(actions)
		}
		dom, err := d.Build()
		if err != nil {
			checkDomainErrors(t, err)
			return
		}
		if actions == nil {
			t.Fatal("a domain built without a catalogue")
		}
		if rootless {
			t.Fatal("a domain built without a compound task")
		}
		m := treetest.Mem{HP: 10, Foe: 5, Shield: 1}
		if _, err := dom.NewSession().Plan(&m); err != nil && !errors.Is(err, decide.ErrNoPlan) && !errors.Is(err, decide.ErrOutOfBudget) {
			t.Fatalf("Plan: %v", err)
		}
		if len(dom.Nodes()) == 0 {
			t.Fatal("a built domain describes nothing")
		}
		var opts []bt.Option
		switch rapid.IntRange(0, 3).Draw(t, "replan") {
		case 1:
			opts = append(opts, bt.Replan(0))
		case 2:
			opts = append(opts, bt.Replan(20*time.Millisecond))
		case 3:
			opts = append(opts, bt.ReplanOn(func(m *treetest.Mem) bool { return m.Foe%2 == 0 }))
		}
		tree, err := bt.Build(bt.Config[treetest.Mem]{Heuristic: treetest.Goal}, nb.Plan("run", dom, opts...))
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
	errs := treetest.Errors(err)
	for _, e := range errs {
		var de *decide.Error
		if !errors.As(e, &de) || de.Path == "" {
			t.Fatalf("an error names no place: %q", e)
		}
	}
}
