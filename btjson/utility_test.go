package btjson_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/utility"
)

var (
	hpIn  = func(m *mem) float64 { return float64(m.HP) }
	foeIn = func(m *mem) float64 { return float64(m.Foe) }
	hp    = utility.Input[mem]{Name: "hp", Read: hpIn}
	foe   = utility.Input[mem]{Name: "foe", Read: foeIn}
)

// utilityRegistry names the inputs of the utility trees, beside the test
// registry's values.
func utilityRegistry() *btjson.Registry[mem] {
	reg := testRegistry()
	reg.Inputs = map[string]func(*mem) float64{"hp": hpIn, "foe": foeIn}
	rec := &treetest.Recorder{}
	reg.Actions["shine"] = treetest.Act(rec, "shine", treetest.Shine)
	return reg
}

// utilityTree is a utility node with every setting, and children with
// measures of every kind, written in Go with the registry's values.
func utilityTree(reg *btjson.Registry[mem]) bt.Def[mem] {
	n := bt.New[mem]()
	s := utility.Selector[mem]{Random: true, Within: 0.25, Bonus: 0.1, Margin: 0.05, Minimum: 0.01,
		Foresee:   &utility.Measure[mem]{Weight: 1, Considerations: []utility.Consideration[mem]{foe.Over(0, 10, utility.Linear(-1, 1))}},
		ByOutcome: true}
	sum := utility.Consider(n.Do("shine", reg.Actions["shine"]),
		hp.Over(0, 10, utility.Points(0, 0, 0.4, 1, 1, 1)), foe.Over(-5, 5, utility.Step(0.5, 0.2, 0.9)).Weighted(2))
	sum.Sum = true
	return utility.Select("fight", s,
		utility.Consider(n.Do("chase", reg.Actions["chase"]).Constrain(reg.Constraints["in sight"]),
			hp.Over(0, 10, utility.Logistic(8, 0.3)), foe.Over(0, 10, utility.Polynomial(2, -1, 0, 1))),
		sum.Weighted(0.5),
		utility.Consider(n.Sequence("wait", n.Do("again", reg.Actions["shine"]))),
	).With(bt.Replan(0))
}

// A utility tree written from Go reads back as the same tree, deciding
// the same, and is written again byte for byte.
func TestUtilityRoundTrip(t *testing.T) {
	reg := utilityRegistry()
	def := utilityTree(reg)
	file, err := reg.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"kind": "utility", "name": "fight", "replan": "0s", "random": true, "within": 0.25, "bonus": 0.1, "margin": 0.05, "minimum": 0.01, ` +
		`"foresee": {"considerations": [{"input": "foe", "min": 0, "max": 10, "curve": {"kind": "linear", "slope": -1, "intercept": 1}}]}, "byOutcome": true, "children": [
  {"kind": "action", "name": "chase", "action": "chase", "consider": {"considerations": [{"input": "hp", "min": 0, "max": 10, "curve": {"kind": "logistic", "steepness": 8, "midpoint": 0.3}}, {"input": "foe", "min": 0, "max": 10, "curve": {"kind": "polynomial", "exponent": 2, "slope": -1, "shift": 0, "intercept": 1}}]}, "constraints": ["in sight"]},
  {"kind": "action", "name": "shine", "action": "shine", "consider": {"weight": 0.5, "sum": true, "considerations": [{"input": "hp", "min": 0, "max": 10, "curve": {"kind": "points", "points": [[0, 0], [0.4, 1], [1, 1]]}}, {"input": "foe", "min": -5, "max": 5, "curve": {"kind": "step", "at": 0.5, "below": 0.2, "above": 0.9}, "weight": 2}]}},
  {"kind": "sequence", "name": "wait", "children": [
    {"kind": "action", "name": "again", "action": "shine"}
  ]}
]}
`
	if diff := cmp.Diff(want, string(file)); diff != "" {
		t.Fatalf("the file (-want +got):\n%s", diff)
	}
	loaded, err := reg.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	again, err := reg.Marshal(loaded)
	if err != nil || !bytes.Equal(again, file) {
		t.Fatalf("written again (%v):\n%s", err, again)
	}
	cfg := bt.Config[mem]{Heuristic: goal}
	fromGo, err := bt.Build(cfg, def)
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := bt.Build(cfg, loaded)
	if err != nil {
		t.Fatal(err)
	}
	if fromGo.String() != fromFile.String() {
		t.Fatalf("loaded:\n%s\nfrom Go:\n%s", fromFile, fromGo)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		a, _ := fromGo.NewAgent(seed)
		b, _ := fromFile.NewAgent(seed)
		for i, m := range []mem{{HP: 3, Foe: 4}, {HP: 9, Foe: 1}, {HP: 1, Foe: 9}, {HP: 5, Foe: 5}} {
			p, _ := a.Preview(&m, time.Second)
			q, _ := b.Preview(&m, time.Second)
			if diff := cmp.Diff(p, q); diff != "" {
				t.Fatalf("seed %d, memory %d: the previews differ (-Go +file):\n%s", seed, i, diff)
			}
		}
	}
}

// What a file gets wrong of a utility node is reported where the file
// says it.
func TestUtilityFileErrors(t *testing.T) {
	reg := utilityRegistry()
	for _, tc := range []struct {
		name, file string
		want       []string
	}{
		{"unknown input", `{"kind": "utility", "name": "u", "children": [
  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hq", "min": 0, "max": 1, "curve": {"kind": "linear", "slope": 1, "intercept": 0}}]}}]}`,
			[]string{`2:96: $.children[0].consider.considerations[0].input: unknown input "hq": did you mean "hp"? (want one of "foe", "hp")`}},
		{"bad curve", `{"kind": "utility", "name": "u", "children": [
  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hp", "min": 0, "max": 1, "curve": {"kind": "logistic", "steepness": 0, "midpoint": 1}}]}}]}`,
			[]string{"$.children[0].consider.considerations[0].curve: logistic: steepness 0 is flat"}},
		{"no range", `{"kind": "utility", "name": "u", "children": [
  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hp", "curve": {"kind": "linear", "slope": 1, "intercept": 0}}]}}]}`,
			[]string{`$.children[0].consider.considerations[0]: a consideration needs its range: "min" and "max"`}},
		{"empty range", `{"kind": "utility", "name": "u", "children": [
  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hp", "min": 3, "max": 1, "curve": {"kind": "linear", "slope": 1, "intercept": 0}}]}}]}`,
			[]string{"2:3: $.children[0]: u/a: consideration 1: hp: the range [3, 1] is empty"}},
		{"unknown field", `{"kind": "utility", "name": "u", "children": [
  {"kind": "action", "name": "a", "action": "chase", "consider": {"weigth": 2}}]}`,
			[]string{`$.children[0].consider: a measure is {"weight"`, `unknown field "weigth"`}},
		{"not an object", `{"kind": "utility", "name": "u", "children": [{"kind": "action", "name": "a", "action": "chase", "consider": 2}]}`,
			[]string{`$.children[0].consider: want an object such as {"weight": 1, "considerations": [...]}, not a number`}},
		{"outside a utility node", `{"kind": "sequence", "name": "s", "children": [
  {"kind": "action", "name": "a", "action": "chase", "consider": {"weight": 2}}]}`,
			[]string{"2:3: $.children[0].consider: consider: only a child of a utility node is weighed, not a child of a sequence"}},
		{"a setting on a sequence", `{"kind": "sequence", "name": "s", "bonus": 0.2, "children": [{"kind": "action", "name": "a", "action": "chase"}]}`,
			[]string{`1:44: $.bonus: "bonus" is a utility node's setting, not a sequence's`}},
		{"a value", `{"kind": "utility", "name": "u", "action": "chase", "children": [{"kind": "action", "name": "a", "action": "chase"}]}`,
			[]string{"1:1: $: a utility node runs its children: it takes no action"}},
		{"bad settings", `{"kind": "utility", "name": "u", "within": 0.5, "bonus": "lots", "children": [{"kind": "action", "name": "a", "action": "chase"}]}`,
			[]string{"$.bonus: want a number, not a string", "1:1: $: u: Within draws among the best: it is for a Random selector"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := reg.Build(bt.Config[mem]{Heuristic: goal}, []byte(tc.file))
			if err == nil {
				t.Fatal("built")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("no %q in\n%v", w, err)
				}
			}
		})
	}
}

// What a file gets wrong inside a "consider" is placed at the value that
// is wrong, line and column, and a key given twice there is refused, as
// it is in a node.
func TestUtilityFileErrorsPlaced(t *testing.T) {
	reg := utilityRegistry()
	const head = `{"kind": "utility", "name": "u", "children": [` + "\n"
	for _, tc := range []struct {
		name, line, at, want string // at: where in line the error is placed
	}{
		{"a curve", `  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hp", "min": 0, "max": 1, "curve": {"kind": "logistic", "steepness": 0, "midpoint": 1}}]}}]}`,
			`{"kind": "logistic"`, "$.children[0].consider.considerations[0].curve: logistic: steepness 0 is flat"},
		{"an input", `  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hq", "min": 0, "max": 1, "curve": {"kind": "linear", "slope": 1, "intercept": 0}}]}}]}`,
			`"hq"`, `$.children[0].consider.considerations[0].input: unknown input "hq"`},
		{"the second consideration", `  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hp", "min": 0, "max": 1, "curve": {"kind": "linear", "slope": 1, "intercept": 0}}, {"input": "hp", "curve": {"kind": "linear", "slope": 1, "intercept": 0}}]}}]}`,
			`{"input": "hp", "curve"`, `$.children[0].consider.considerations[1]: a consideration needs its range`},
		{"a weight twice", `  {"kind": "action", "name": "a", "action": "chase", "consider": {"weight": 1, "weight": 2}}]}`,
			`"weight": 2`, `$.children[0].consider.weight: "weight" given twice`},
		{"a curve's kind twice", `  {"kind": "action", "name": "a", "action": "chase", "consider": {"considerations": [{"input": "hp", "min": 0, "max": 1, "curve": {"kind": "linear", "slope": 1, "intercept": 0, "kind": "step"}}]}}]}`,
			`"kind": "step"`, `$.children[0].consider.considerations[0].curve.kind: "kind" given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := reg.Build(bt.Config[mem]{Heuristic: goal}, []byte(head+tc.line))
			if err == nil {
				t.Fatal("built")
			}
			want := fmt.Sprintf("2:%d: %s", strings.Index(tc.line, tc.at)+1, tc.want)
			if !strings.Contains(err.Error(), want) {
				t.Errorf("no %q in\n%v", want, err)
			}
		})
	}
}

// A tree whose inputs the registry does not name is not serialisable,
// and says which.
func TestUtilityMarshalRefuses(t *testing.T) {
	reg := utilityRegistry()
	n := bt.New[mem]()
	other := utility.Input[mem]{Name: "hp", Read: func(m *mem) float64 { return 0 }}
	_, err := reg.Marshal(utility.Select("u", utility.Selector[mem]{},
		utility.Consider(n.Do("chase", reg.Actions["chase"]), other.Over(0, 1, utility.Curve{}))))
	if err == nil || !strings.Contains(err.Error(), `u/chase: consideration 1: input "hp" is not serialisable`) {
		t.Fatalf("Marshal: %v", err)
	}
}
