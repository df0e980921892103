package bt_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// Build makes the tree that nested calls of a Builder describe, and a
// tree prints as the outline the calls read as.
func ExampleBuild() {
	n := bt.New[Guard]()
	strike := bt.Instant(
		func(g *Guard) bool { g.IntruderHP -= 10; return true },
		func(g *Guard) { g.IntruderHP -= 10 },
	)
	inReach := func(g *Guard) bool { return g.Intruder >= 0 && abs(g.Intruder-g.Pos) <= 1 }

	tree, err := bt.Build(bt.Config[Guard]{Heuristic: guardGoal()},
		n.Selector("guard",
			n.Sequence("attack",
				n.Condition("in reach", inReach),
				n.Do("strike", strike),
			),
			n.Do("chase", stepToward{}),
		),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	// Output:
	// guard  selector
	// ├─ attack  sequence
	// │  ├─ in reach  condition
	// │  └─ strike  action
	// └─ chase  action
}

// A Builder writes Defs: its nested calls describe the same tree as a
// Def written field by field, options, weights and constraints included.
func TestBuilderWritesDefs(t *testing.T) {
	rec := &recorder{}
	a, b := act(rec, "a", hitFoe(1)), act(rec, "b", shine)
	cond := func(*mem) bool { return true }
	cfg := bt.Config[mem]{Heuristic: goal}
	n := bt.New[mem]()
	nested := n.Selector("root", bt.Replan(250*time.Millisecond), bt.Debounce(),
		n.Sequence("seq", bt.Loop(), bt.MinOutcome(heuristic.Harmful),
			n.Do("a", a, bt.CosmeticWhileRunning()).Constrain(foeVisible),
			n.Condition("c", cond),
		),
		n.RandomSelector("rnd",
			n.Do("a", a).With(bt.Weight(0.5)),
			n.Do("b", b, bt.Cosmetic()).With(bt.Weight(2)),
		),
		n.Parallel("par", bt.SucceedOnOne(),
			n.Do("a", a),
			n.Decorate("d", passThrough, n.Do("b", b)),
		),
	).Constrain(foeVisible)
	leaf := func(kind bt.NodeKind, name string, v any, opts ...bt.Option) bt.Def[mem] {
		return bt.Def[mem]{Kind: kind, Name: name, Value: v, Options: opts}
	}
	plain := bt.Def[mem]{Kind: bt.KindSelector, Name: "root",
		Options:     []bt.Option{bt.Replan(250 * time.Millisecond), bt.Debounce()},
		Constraints: []bt.Constraint[mem]{foeVisible},
		Children: []bt.Def[mem]{
			{Kind: bt.KindSequence, Name: "seq", Options: []bt.Option{bt.Loop(), bt.MinOutcome(heuristic.Harmful)},
				Children: []bt.Def[mem]{
					leaf(bt.KindAction, "a", a, bt.CosmeticWhileRunning()).Constrain(foeVisible),
					leaf(bt.KindCondition, "c", cond),
				}},
			{Kind: bt.KindRandom, Name: "rnd", Children: []bt.Def[mem]{
				leaf(bt.KindAction, "a", a, bt.Weight(0.5)),
				leaf(bt.KindAction, "b", b, bt.Cosmetic(), bt.Weight(2)),
			}},
			{Kind: bt.KindParallel, Name: "par", Options: []bt.Option{bt.SucceedOnOne()}, Children: []bt.Def[mem]{
				leaf(bt.KindAction, "a", a),
				{Kind: bt.KindDecorator, Name: "d", Value: bt.Decorator[mem](passThrough),
					Children: []bt.Def[mem]{leaf(bt.KindAction, "b", b)}},
			}},
		},
	}
	if nested.Name != "root" || len(nested.Children) != 3 || len(nested.Options) != 2 ||
		nested.Children[1].Children[0].Options[0].Value() != 0.5 {
		t.Fatalf("the Builder's Def = %+v, not the description", nested)
	}
	t1, err := bt.Build(cfg, nested)
	if err != nil {
		t.Fatal(err)
	}
	t2, err := bt.Build(cfg, plain)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(t2.Nodes(), t1.Nodes()); diff != "" || t1.String() != t2.String() {
		t.Fatalf("nested:\n%s\nplain:\n%s\nnodes (-plain +nested):\n%s", t1, t2, diff)
	}
	// The tree keeps what the description held when it was built.
	nested.Children[0].Name = "renamed"
	if t1.Nodes()[1].Name != "seq" {
		t.Errorf("renaming a child of the description renamed the tree's node")
	}
}

// A description that Go code or a data file got wrong is reported in
// full, each problem with its node's path.
func TestBuildReportsBadDefs(t *testing.T) {
	rec := &recorder{}
	a := act(rec, "a", nil)
	cfg := bt.Config[mem]{Heuristic: goal}
	n := bt.New[mem]()
	tests := []struct {
		name string
		def  bt.Def[mem]
		want []string
	}{
		{"empty", bt.Def[mem]{}, []string{"empty tree: add a root node"}},
		{"unknown kind", bt.Def[mem]{Kind: "loop", Name: "x"}, []string{`x: unknown kind "loop"`}},
		{"a leaf with children", bt.Def[mem]{Kind: bt.KindAction, Name: "x", Value: a,
			Children: []bt.Def[mem]{n.Do("y", a)}}, []string{"x: an action takes no children, has 1"}},
		{"a setting of another kind", bt.Def[mem]{Kind: bt.KindSequence, Name: "s",
			Options: []bt.Option{bt.Debounce(), bt.Cosmetic()}, Children: []bt.Def[mem]{n.Do("a", a)}},
			[]string{"s: Debounce is not for a sequence", "s: Cosmetic is not for a sequence"}},
		{"a setting given twice", bt.Def[mem]{Kind: bt.KindSequence, Name: "s",
			Options: []bt.Option{bt.Loop(), bt.Loop()}, Children: []bt.Def[mem]{n.Do("a", a)}},
			[]string{"s: Loop given twice"}},
		{"what another kind runs", bt.Def[mem]{Kind: bt.KindCondition, Name: "c", Value: a},
			[]string{"c: a condition runs a test of the memory, func(*M) bool, not a value of type *treetest.Scripted"}},
		{"a sound tree", n.Selector("s", n.Do("a", a)), nil},
		{"odds outside a random selector", n.Sequence("s", n.Do("a", a).With(bt.Weight(1))),
			[]string{"s/a: Weight: only children of a RandomSelector have weights"}},
		{"infinite odds", n.RandomSelector("r", n.Do("a", a).With(bt.Weight(math.Inf(1)))),
			[]string{"r/a: Weight: +Inf is not a finite weight"}},
		{"an option of another composite", n.Sequence("s", bt.Debounce(), n.Do("a", a)),
			[]string{"s: Debounce is not for a sequence"}},
		{"a child of another memory type", n.Sequence("s", bt.New[int]().Do("a", nil), n.Do("b", a)),
			[]string{"s: bt.Def[int] is neither a child"}},
		{"a nil part", n.Sequence("s", nil, n.Do("b", a)), []string{"s: a nil part"}},
		{"both cosmetic settings", bt.Def[mem]{Kind: bt.KindAction, Name: "a", Value: a,
			Options: []bt.Option{bt.Cosmetic(), bt.CosmeticWhileRunning()}}, []string{"a: Cosmetic and CosmeticWhileRunning"}},
		{"decorator with two children", bt.Def[mem]{Kind: bt.KindDecorator, Name: "d", Value: passThrough,
			Children: []bt.Def[mem]{n.Do("a", a), n.Do("b", a)}}, []string{"d: a decorator needs exactly one child, has 2"}},
		{"duplicates and nameless, deep", n.Selector("root",
			n.Sequence("s", n.Do("a", a), n.Do("a", a), n.Do("", a)),
			n.IfElse("i", nil, n.Do("a", a)),
		), []string{`root/s/a: duplicate name "a"`, "root/s/#3: a node needs a name", "root/i: nil condition: IfElse"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree, err := bt.Build(cfg, tt.def)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Build: %v", err)
				}
				return
			}
			if err == nil || tree != nil {
				t.Fatalf("Build() = %v, %v; want an error", tree, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
		})
	}
}

// A Def made by a Builder mixes with Defs written field by field, and a
// Def written field by field gets the same checks.
func TestBuilderTakesPlainDefs(t *testing.T) {
	rec := &recorder{}
	a := act(rec, "a", nil)
	n := bt.New[mem]()
	plain := bt.Def[mem]{Kind: bt.KindSequence, Name: "nested", Children: []bt.Def[mem]{
		{Kind: bt.KindAction, Name: "a", Value: a},
		{Kind: bt.KindAction, Name: "b", Value: a},
	}}
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal},
		n.Selector("root",
			plain.Constrain(foeVisible),
			n.Do("c", a),
		))
	if err != nil {
		t.Fatal(err)
	}
	want := "root  selector\n├─ nested  sequence  [treetest.Check]\n│  ├─ a  action\n│  └─ b  action\n└─ c  action\n"
	if got := tree.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	bad := bt.Def[mem]{Kind: bt.KindSequence, Name: "s", Options: []bt.Option{bt.Debounce()},
		Children: []bt.Def[mem]{{Kind: bt.KindAction, Name: "a"}}}
	_, err = bt.Build(bt.Config[mem]{}, n.Selector("root", bt.Replan(0), bad))
	if err == nil || !strings.Contains(err.Error(), "root/s: Debounce is not for a sequence") || !strings.Contains(err.Error(), "root/s/a: nil action") {
		t.Errorf("misuse in a plain Def: %v", err)
	}
}
