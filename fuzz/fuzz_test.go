package fuzz

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/utility"
)

func FuzzTree(f *testing.F) {
	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) {
		s := treetest.DrawShape(t, 3)
		seed := rapid.Uint64().Draw(t, "seed")
		steps := treetest.DrawSteps(t)
		nodes, trace, log := treetest.Run(t, s, seed, steps)
		treetest.CheckLifeCycle(t, nodes, trace, log)
		_, again, againLog := treetest.Run(t, s, seed, steps)
		if !slices.Equal(trace, again) || !slices.Equal(log, againLog) {
			t.Fatalf("the same input gave different events:\n%s\n---\n%s", treetest.Joined(trace), treetest.Joined(again))
		}
	}))
}

// FuzzBuilder slips misuse into the nested description of a random tree,
// node by node on its way up (treetest.Shape.DefWith): nil and invalid
// constraints, options of the wrong kind, given twice or of bad values,
// values of the wrong type or none, other kinds, empty, slashed or
// duplicate names, bad weights, children taken away or added. Build
// either makes a tree that runs, or reports every misuse as a
// *decide.Error with its node's path; it never panics.
func FuzzBuilder(f *testing.F) {
	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) {
		cfg := bt.Config[treetest.Mem]{}
		seed := rapid.Uint64().Draw(t, "seed")
		if rapid.Bool().Draw(t, "heuristic") {
			cfg.Heuristic = treetest.Goal
		}
		// Mostly a well-formed tree with a few slips, so Build gets far.
		misuse := rapid.IntRange(0, 8).Draw(t, "misuse") // in 8: the chance of a slip at a node
		edit := func(d bt.Def[treetest.Mem]) bt.Def[treetest.Mem] {
			if rapid.IntRange(0, 7).Draw(t, "slip") < misuse {
				return slip(t, d)
			}
			return d
		}
		root := treetest.DrawShape(t, 3).DefWith(nil, "root", "root", edit)
		tree, err := bt.Build(cfg, root)
		if err != nil {
			checkErrors(t, err)
			return
		}
		agent, err := tree.NewAgent(seed)
		if err != nil {
			t.Fatalf("NewAgent of a tree that built: %v", err)
		}
		m := treetest.Mem{HP: 10, Foe: 5, Shield: 1}
		for range 5 {
			if _, err := agent.Tick(&m, 50*time.Millisecond); err != nil {
				t.Fatalf("a tree that built fails to run: %v\n%s", err, tree)
			}
		}
		if _, err := agent.Preview(&m, 0); err != nil {
			t.Fatalf("Preview: %v", err)
		}
	}))
}

// checkErrors checks that each error of a failed Build is a
// *decide.Error that names a node's path.
func checkErrors(t *rapid.T, err error) {
	for _, e := range treetest.Errors(err) {
		var de *decide.Error
		if !errors.As(e, &de) || de.Path == "" {
			t.Fatalf("an error names no node: %q", e)
		}
	}
}

// slip returns d with one misuse, or what may be one: on a node of
// another kind, or given once, the same change can be right.
func slip(t *rapid.T, d bt.Def[treetest.Mem]) bt.Def[treetest.Mem] {
	switch rapid.IntRange(0, 9).Draw(t, "slip kind") {
	case 0:
		return d.Constrain(constraint(t))
	case 1:
		return d.With(option(t))
	case 2: // given twice
		if len(d.Options) > 0 {
			return d.With(rapid.SampledFrom(d.Options).Draw(t, "again"))
		}
		o := option(t)
		return d.With(o, o)
	case 3:
		return d.With(bt.Option{})
	case 4:
		d.Value = value(t)
	case 5:
		d.Kind = rapid.SampledFrom([]bt.NodeKind{bt.KindSequence, bt.KindReactiveSequence, bt.KindSelector,
			bt.KindRandom, bt.KindParallel, bt.KindPriority, bt.KindReactivePriority, bt.KindIfElse,
			bt.KindDecorator, bt.KindComposite, bt.KindAction, bt.KindCondition, bt.KindLeaf, bt.KindPlanner,
			bt.KindUtility, "nope"}).Draw(t, "kind")
	case 6: // "n0" and "n1" are the names of siblings
		d.Name = rapid.SampledFrom([]string{"", "a/b", "n0", "n1", "root", "long name with spaces"}).Draw(t, "name")
	case 7: // in place of a random selector's child's weight, or on another node
		d.Options = slices.DeleteFunc(slices.Clone(d.Options), func(o bt.Option) bool { return o.Key() == "weight" })
		return d.With(bt.Weight(weight(t)))
	case 8:
		d.Children = nil
	default:
		var b bt.Builder[treetest.Mem]
		d.Children = append(slices.Clip(d.Children), rapid.SampledFrom([]bt.Def[treetest.Mem]{{},
			b.Succeed("extra"), b.Do("n0", treetest.Act(nil, "n0", treetest.Shine, bt.Success))}).Draw(t, "child"))
	}
	return d
}

func weight(t *rapid.T) float64 {
	return rapid.SampledFrom([]float64{1, 0, -1, 2.5, math.NaN(), math.Inf(1)}).Draw(t, "weight")
}

// constraint returns a nil or invalid constraint, or now and then a good
// one.
func constraint(t *rapid.T) bt.Constraint[treetest.Mem] {
	return rapid.SampledFrom([]bt.Constraint[treetest.Mem]{nil,
		constraints.Cooldown[treetest.Mem](time.Duration(rapid.IntRange(-2, 2).Draw(t, "cooldown")) * time.Second),
		constraints.Chance[treetest.Mem](rapid.Float64Range(-1, 2).Draw(t, "p")),
		constraints.Func[treetest.Mem]("broken", nil),
		constraints.Func("foe near", func(m *treetest.Mem) bool { return m.Foe < 4 }),
	}).Draw(t, "constraint")
}

// option returns an option of any kind, some of bad values or of another
// memory.
func option(t *rapid.T) bt.Option {
	return rapid.SampledFrom([]bt.Option{
		bt.Loop(), bt.AllowFailure(), bt.MinOutcome(heuristic.Outcome(rapid.IntRange(-2, 10).Draw(t, "min"))),
		bt.Replan(time.Duration(rapid.IntRange(-5, 5).Draw(t, "every"))),
		bt.ReplanOn(func(m *treetest.Mem) bool { return m.Foe > 3 }), bt.ReplanOn[treetest.Mem](nil),
		bt.ReplanOn(func(*int) bool { return true }),
		bt.AllowNegative(), bt.PreferFirst(), bt.Debounce(), bt.SucceedOnOne(), bt.FailOnOne(),
		bt.Cosmetic(), bt.CosmeticWhileRunning(),
		bt.Takes(time.Duration(rapid.IntRange(-2, 2).Draw(t, "takes")) * 100 * time.Millisecond),
		bt.SimulateWith(func(*bt.Sim[treetest.Mem], *treetest.Mem) heuristic.Verdict { return heuristic.Verdict{} }),
		bt.SimulateWith[treetest.Mem](nil),
		bt.SimulateWith(func(*bt.Sim[int], *int) heuristic.Verdict { return heuristic.Verdict{} }),
		bt.Weight(weight(t)),
	}).Draw(t, "option")
}

// value returns what a node of some kind runs, nil, a nil of a type, or
// a value of no kind's type or of another memory.
func value(t *rapid.T) any {
	return rapid.SampledFrom([]any{nil, 42, "x",
		treetest.Act(nil, "act", treetest.Shine, bt.Success), (*treetest.Scripted)(nil),
		bt.Instant(func(*int) bool { return true }, nil),
		func(m *treetest.Mem) bool { return m.HP > 5 }, (func(*treetest.Mem) bool)(nil),
		decorators.Invert[treetest.Mem](), decorators.Repeat[treetest.Mem](rapid.IntRange(-1, 3).Draw(t, "n")),
		bt.Decorator[treetest.Mem](nil), decorators.Invert[int](),
		bt.CompositeFunc[treetest.Mem](nil),
		&utility.Selector[treetest.Mem]{}, (*utility.Selector[treetest.Mem])(nil), &utility.Selector[int]{},
		&utility.Selector[treetest.Mem]{Options: []utility.Measure[treetest.Mem]{{Weight: -1}, {Weight: 1}}, Within: 2},
	}).Draw(t, "value")
}
