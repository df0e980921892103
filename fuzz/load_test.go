package fuzz

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// FuzzLoad feeds tree files of arbitrary bytes to a registry: it never
// panics, and it gives either a tree, which is written back to the same
// file it reads again, or errors that each have a place in the file.
func FuzzLoad(f *testing.F) {
	for _, seed := range []string{
		`{"kind": "selector", "name": "root", "replan": "0s", "children": [
  {"kind": "action", "name": "hit", "action": "hit", "constraints": ["foe seen", "rested"], "cosmetic": true},
  {"kind": "random", "name": "r", "children": [{"kind": "action", "name": "a", "action": "shine", "weight": 0.5}]},
  {"kind": "decorator", "name": "d", "decorator": "invert", "children": [{"kind": "condition", "name": "c", "test": "hp even"}]}
]}`,
		`{"kind": "sequence", "name": "s", "loop": true, "minOutcome": "Harmful", "children": [{"kind": "ifelse", "name": "i", "test": "hp even", "children": [{"kind": "action", "name": "a", "action": "hit"}]}]}`,
		`{"kind": "parallel", "name": "p", "succeedOnOne": true, "children": []}`,
		`{"kind": "action", "name": "a", "action": "nope", "weight": -1, "extra": [[[{}]]]}`,
		`{"kind": "sequence", "name": "s", "children": [{"kind": "sequence", "name": "s", "children": [{"kind": "sequence", "name": "s", "children": [`,
		`[]`, `"x"`, `{"a":1,"a":2}`, "\xff\xfe{}",
		`{"kind": "decorator", "name": "d", "decorator": "retry", "args": {"times": 2}, "children": [{"kind": "action", "name": "w", "action": "wait", "args": {"for": "1s"}, "constraints": [{"name": "cooldown", "args": {"for": "2s"}}, "cooldown"]}]}`,
		`{"kind": "utility", "name": "u", "replan": "0s", "random": true, "within": 0.2, "bonus": 0.1, "minimum": 0.01, "foresee": {"considerations": [{"input": "foe", "min": 0, "max": 10, "curve": {"kind": "linear", "slope": -1, "intercept": 1}}]}, "children": [
  {"kind": "action", "name": "hit", "action": "hit", "consider": {"weight": 2, "considerations": [{"input": "hp", "min": 0, "max": 14, "curve": {"kind": "logistic", "steepness": 8, "midpoint": 0.4}}]}},
  {"kind": "action", "name": "shine", "action": "shine", "consider": {"sum": true, "considerations": [{"input": "foe", "min": 0, "max": 12, "curve": {"kind": "points", "points": [[0, 0], [0.5, 1], [1, 0.2]]}, "weight": 2}, {"input": "hp", "min": 0, "max": 1, "curve": {"kind": "step", "at": 0.5, "below": 0, "above": 1}}]}}
]}`,
	} {
		f.Add([]byte(seed))
	}
	rec := &treetest.Recorder{}
	reg := &btjson.Registry[treetest.Mem]{
		Actions: map[string]bt.Action[treetest.Mem]{
			"hit":   treetest.Act(rec, "hit", treetest.HitFoe(1)),
			"shine": bt.Instant(func(m *treetest.Mem) bool { treetest.Shine(m); return true }, treetest.Shine),
		},
		Conditions: map[string]func(*treetest.Mem) bool{"hp even": func(m *treetest.Mem) bool { return m.HP%2 == 0 }},
		Constraints: map[string]bt.Constraint[treetest.Mem]{
			"foe seen": constraints.Func("foe seen", func(m *treetest.Mem) bool { return m.Foe > 0 }),
			"rested":   constraints.Cooldown[treetest.Mem](300e6),
		},
		Decorators: map[string]bt.Decorator[treetest.Mem]{"invert": decorators.Invert[treetest.Mem]()},
		Inputs: map[string]func(*treetest.Mem) float64{
			"foe": func(m *treetest.Mem) float64 { return float64(m.Foe) },
			"hp":  func(m *treetest.Mem) float64 { return float64(m.HP) },
		},
		ActionFactories: map[string]btjson.Factory[bt.Action[treetest.Mem]]{
			"wait": {Params: []btjson.Param{{Name: "for", Type: btjson.Duration}},
				Make: func(a btjson.Args) (bt.Action[treetest.Mem], error) {
					return bt.Wait[treetest.Mem](a.Duration("for")), nil
				}},
		},
		DecoratorFactories: map[string]btjson.Factory[bt.Decorator[treetest.Mem]]{
			"retry": {Params: []btjson.Param{{Name: "times", Type: btjson.Integer, Default: 1}},
				Make: func(a btjson.Args) (bt.Decorator[treetest.Mem], error) {
					return decorators.Retry[treetest.Mem](a.Int("times")), nil
				}},
		},
		ConstraintFactories: map[string]btjson.Factory[bt.Constraint[treetest.Mem]]{
			"cooldown": {Params: []btjson.Param{{Name: "for", Type: btjson.Duration, Default: time.Second}},
				Make: func(a btjson.Args) (bt.Constraint[treetest.Mem], error) {
					return constraints.Cooldown[treetest.Mem](a.Duration("for")), nil
				}},
		},
		Limits: btjson.Limits{Depth: 32, Nodes: 500},
	}
	cfg := bt.Config[treetest.Mem]{Heuristic: treetest.Goal}
	f.Fuzz(func(t *testing.T, file []byte) {
		def, err := reg.Load(file)
		if err != nil {
			placed(t, err)
			return
		}
		tree, err := reg.Build(cfg, file)
		if err != nil {
			placed(t, err)
			return
		}
		out, err := reg.Marshal(def)
		if err != nil {
			t.Fatalf("Marshal of a loaded tree: %v", err)
		}
		again, err := reg.Load(out)
		if err != nil {
			t.Fatalf("Load of a written tree: %v\n%s", err, out)
		}
		if out2, err := reg.Marshal(again); err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("written again (%v):\n%s\nfirst:\n%s", err, out2, out)
		}
		if rebuilt, err := bt.Build(cfg, again); err != nil || rebuilt.String() != tree.String() {
			t.Fatalf("rebuilt (%v):\n%s\nfirst:\n%s", err, rebuilt, tree)
		}
	})
}

// placed checks that every error joined in err has a place in the file.
func placed(t *testing.T, err error) {
	t.Helper()
	errs := treetest.Errors(err)
	for _, e := range errs {
		var fe *btjson.Error
		if strings.HasPrefix(e.Error(), "and ") && strings.HasSuffix(e.Error(), " more errors") {
			continue
		}
		if !errors.As(e, &fe) || fe.Line < 1 || fe.Column < 1 || !strings.HasPrefix(fe.Path, "$") {
			t.Fatalf("error without a place in the file: %v", e)
		}
	}
}
