package fuzz

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/jedi"
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

// globalComplaints are the builder's errors that belong to no node.
var globalComplaints = []string{
	"End with nothing open",
	"empty tree: add a root node",
	"Constrain before any node was added",
	"Weight before any node was added",
	"nil branch",
}

func FuzzBuilder(f *testing.F) {
	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) {
		cfg := bt.Config[treetest.Mem]{}
		seed := rapid.Uint64().Draw(t, "seed")
		if rapid.Bool().Draw(t, "heuristic") {
			cfg.Heuristic = treetest.Goal
		}
		b := bt.New(cfg)
		// Mostly a well-formed tree with a few calls slipped in, so Build
		// gets far; sometimes calls alone, for misuse at the top.
		misuse := rapid.IntRange(0, 8).Draw(t, "misuse") // in 8: the chance of a call between nodes
		between := func() {
			if rapid.IntRange(0, 7).Draw(t, "slip") < misuse {
				call(t, b)
			}
		}
		if rapid.IntRange(0, 4).Draw(t, "shape") > 0 {
			treetest.DrawShape(t, 3).BuildWith(b, nil, "root", "root", between)
		}
		for i, n := 0, rapid.IntRange(0, 6).Draw(t, "calls"); i < n; i++ {
			call(t, b)
		}
		def, err := b.Build()
		if err != nil {
			checkErrors(t, err)
			return
		}
		tree, err := def.NewAgent(seed)
		if err != nil {
			t.Fatalf("NewAgent of a tree that built: %v", err)
		}
		m := treetest.Mem{HP: 10, Foe: 5, Shield: 1}
		for i := 0; i < 5; i++ {
			if _, err := tree.Tick(&m, 50*time.Millisecond); err != nil {
				t.Fatalf("a tree that built fails to run: %v\n%s", err, def)
			}
		}
		if _, err := tree.Preview(&m, 0); err != nil {
			t.Fatalf("Preview: %v", err)
		}
	}))
}

// checkErrors checks that each error of a failed Build names a node's path
// or is a global complaint.
func checkErrors(t *rapid.T, err error) {
	errs := treetest.Errors(err)
	for _, e := range errs {
		var ne *decide.Error
		switch {
		case errors.As(e, &ne) && ne.Path != "":
		case slices.Contains(globalComplaints, e.Error()), strings.HasPrefix(e.Error(), "bt: "):
		default:
			t.Fatalf("an error names no node: %q", e)
		}
	}
}

var names = []string{"a", "b", "x", "x", "", "a/b", "root", "long name with spaces"}

// call makes one random builder call, misuse included. A call that opens
// a scope usually completes it with a child and an End, so that odd parts
// (a nil decorator, a bad option) reach Build intact rather than breaking
// the structure around them.
func call(t *rapid.T, b *bt.Builder[treetest.Mem]) {
	op := rapid.IntRange(0, 14).Draw(t, "call")
	raw(t, b, op)
	if op <= 6 && rapid.IntRange(0, 3).Draw(t, "complete") > 0 { // ops 0-6 open a scope
		b.Do(rapid.SampledFrom([]string{"only", "child"}).Draw(t, "child"), treetest.Act(nil, "child", treetest.Shine))
		b.End()
	}
}

// raw makes builder call number op.
func raw(t *rapid.T, b *bt.Builder[treetest.Mem], op int) {
	name := rapid.SampledFrom(names).Draw(t, "name")
	act := func() bt.Action[treetest.Mem] {
		if rapid.IntRange(0, 9).Draw(t, "nil action") == 0 {
			return nil
		}
		script := rapid.SliceOfN(rapid.SampledFrom([]bt.Status{bt.Running, bt.Success, bt.Failure}), 1, 3).Draw(t, "script")
		return treetest.Act(nil, name, treetest.Shine, script...)
	}
	switch op {
	case 0:
		b.Sequence(name, rapid.SampledFrom([]bt.Option{bt.Loop(), bt.AllowFailure(),
			bt.MinOutcome(heuristic.Outcome(rapid.IntRange(-2, 10).Draw(t, "min"))), nil}).Draw(t, "seq option"))
	case 1:
		b.Selector(name, rapid.SampledFrom([]bt.Option{bt.Replan(time.Duration(rapid.IntRange(-5, 5).Draw(t, "every"))),
			bt.AllowNegative(), bt.PreferCurrent(rapid.Bool().Draw(t, "prefer")), bt.Debounce(), nil}).Draw(t, "sel option"))
	case 2:
		b.RandomSelector(name, rapid.SampledFrom([]bt.Option{bt.PreferFirst(), bt.Replan(0), nil}).Draw(t, "random option"))
	case 3:
		b.Parallel(name, bt.SucceedOn(bt.Policy(rapid.IntRange(0, 3).Draw(t, "succeed"))), bt.FailOn(bt.RequireOne))
	case 4:
		b.Priority(name)
	case 5:
		var cond func(*treetest.Mem) bool
		if rapid.Bool().Draw(t, "cond") {
			cond = func(m *treetest.Mem) bool { return m.Foe > 3 }
		}
		b.IfElse(name, cond)
	case 6:
		b.Decorate(name, rapid.SampledFrom([]bt.Decorator[treetest.Mem]{
			decorators.Invert[treetest.Mem](), decorators.Repeat[treetest.Mem](rapid.IntRange(-1, 3).Draw(t, "n")),
			decorators.Timeout[treetest.Mem](time.Duration(rapid.IntRange(-1, 3).Draw(t, "d")) * time.Second),
			decorators.FakeSim(decorators.Fake[treetest.Mem]{Edit: treetest.Shine, Floor: heuristic.Outcome(rapid.IntRange(-1, 9).Draw(t, "floor"))}),
			decorators.FakeSim(decorators.Fake[treetest.Mem]{}), nil,
		}).Draw(t, "decorator"))
	case 7:
		opts := rapid.SampledFrom([][]bt.Option{nil, {bt.Cosmetic()}, {bt.CosmeticWhileRunning()}, {nil},
			{bt.SimulateWith(func(*bt.Sim[int], *int) heuristic.Verdict { return heuristic.Verdict{} })}}).Draw(t, "leaf options")
		b.Do(name, act(), opts...)
	case 8:
		var test func(*treetest.Mem) bool
		if rapid.Bool().Draw(t, "test") {
			test = func(m *treetest.Mem) bool { return m.HP > 5 }
		}
		b.Condition(name, test)
	case 9, 10:
		b.End()
	case 11:
		b.Constrain(rapid.SampledFrom([]bt.Constraint[treetest.Mem]{nil,
			constraints.Cooldown[treetest.Mem](time.Duration(rapid.IntRange(-2, 2).Draw(t, "cooldown")) * time.Second),
			constraints.Chance[treetest.Mem](rapid.Float64Range(-1, 2).Draw(t, "p")),
			constraints.Func("foe near", func(m *treetest.Mem) bool { return m.Foe < 4 }),
		}).Draw(t, "constraint"))
	case 12:
		b.Weight(rapid.SampledFrom([]float64{1, 0, -1, 2.5, math.NaN(), math.Inf(1)}).Draw(t, "weight"))
	case 13:
		if rapid.Bool().Draw(t, "branch") {
			b.Branch(nil)
		} else {
			b.Branch(func(b *bt.Builder[treetest.Mem]) { b.Sequence("branch").Do("step", act()).End() })
		}
	case 14:
		b.Leaf(name, nil)
	}
}
