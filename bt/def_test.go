package bt_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// The same tree as ExampleBuilder, written as nested calls: gofmt keeps
// each child indented under its parent.
func ExampleFor() {
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

// The Builder and For make the same description, and so the same tree.
func TestBuilderAndForAgree(t *testing.T) {
	rec := &recorder{}
	a, b := act(rec, "a", hitFoe(1)), act(rec, "b", shine)
	cfg := bt.Config[mem]{Heuristic: goal}
	n := bt.New[mem]()
	nested := n.Selector("root", bt.Replan(250*time.Millisecond), bt.Debounce(),
		n.Sequence("seq", bt.Loop(), bt.MinOutcome(heuristic.Harmful),
			n.Do("a", a, bt.CosmeticWhileRunning()).Constrain(foeVisible),
			n.Condition("c", func(*mem) bool { return true }),
		),
		n.RandomSelector("rnd",
			n.Do("a", a).With(bt.Weight(0.5)),
			n.Do("b", b, bt.Cosmetic()).With(bt.Weight(2)),
		),
		n.Parallel("par", bt.SucceedOn(bt.RequireOne),
			n.Do("a", a),
			n.Decorate("d", passThrough, n.Do("b", b)),
		),
	).Constrain(foeVisible)
	fluent := bt.New(cfg).
		Selector("root", bt.Replan(250*time.Millisecond), bt.Debounce()).Constrain(foeVisible).
		Sequence("seq", bt.Loop(), bt.MinOutcome(heuristic.Harmful)).
		Do("a", a, bt.CosmeticWhileRunning()).Constrain(foeVisible).
		Condition("c", func(*mem) bool { return true }).
		End().
		RandomSelector("rnd").
		Do("a", a).Weight(0.5).
		Do("b", b, bt.Cosmetic()).Weight(2).
		End().
		Parallel("par", bt.SucceedOn(bt.RequireOne)).
		Do("a", a).
		Decorate("d", passThrough).Do("b", b).End().
		End().
		End()
	d := fluent.Def()
	if d.Name != "root" || len(d.Children) != 3 || d.Settings != nested.Settings ||
		d.Children[1].Children[0].Weight != 0.5 || !d.Children[1].Children[0].Weighted {
		t.Fatalf("Builder.Def() = %+v, not the nested description", d)
	}
	t1, err := bt.Build(cfg, nested)
	if err != nil {
		t.Fatal(err)
	}
	t2, err := fluent.Build()
	if err != nil {
		t.Fatal(err)
	}
	if t1.String() != t2.String() {
		t.Fatalf("nested:\n%s\nfluent:\n%s", t1, t2)
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
		{"a leaf with children", bt.Def[mem]{Kind: bt.KindAction, Name: "x", Action: a,
			Children: []bt.Def[mem]{n.Do("y", a)}}, []string{"x: an action takes no children, has 1"}},
		{"a setting of another kind", bt.Def[mem]{Kind: bt.KindSequence, Name: "s",
			Settings: bt.Settings{Debounce: true, Cosmetic: true}, Children: []bt.Def[mem]{n.Do("a", a)}},
			[]string{"s: Debounce is not for a sequence", "s: Cosmetic is not for a sequence"}},
		{"what another kind runs", bt.Def[mem]{Kind: bt.KindCondition, Name: "c", Action: a},
			[]string{"c: Action is not for a condition", "c: nil condition function"}},
		{"an interval without Replan", withSettings(n.Selector("s", n.Do("a", a)), bt.Settings{Interval: time.Second}),
			[]string{"s: Settings.Interval without Replan"}},
		{"a sound tree", n.Selector("s", n.Do("a", a)), nil},
		{"weight without Weighted", n.RandomSelector("r", bt.Def[mem]{Kind: bt.KindAction, Name: "a", Action: a, Weight: 2}),
			[]string{"r/a: Weight without Weighted"}},
		{"odds outside a random selector", n.Sequence("s", n.Do("a", a).With(bt.Weight(1))),
			[]string{"s/a: Weight: only children of a RandomSelector have weights"}},
		{"infinite odds", n.RandomSelector("r", n.Do("a", a).Odds(math.Inf(1))),
			[]string{"r/a: Weight: +Inf is not a finite weight"}},
		{"an option of another composite", n.Sequence("s", bt.Debounce(), n.Do("a", a)),
			[]string{"s: Debounce is not for a sequence"}},
		{"a child of another memory type", n.Sequence("s", bt.New[int]().Do("a", nil), n.Do("b", a)),
			[]string{"s: bt.Def[int] is neither a child"}},
		{"a nil part", n.Sequence("s", nil, n.Do("b", a)), []string{"s: a nil part"}},
		{"both cosmetic settings", bt.Def[mem]{Kind: bt.KindAction, Name: "a", Action: a,
			Settings: bt.Settings{Cosmetic: true, CosmeticWhileRunning: true}}, []string{"a: Cosmetic and CosmeticWhileRunning"}},
		{"an invalid policy", withSettings(n.Parallel("p", n.Do("a", a)), bt.Settings{FailOn: 7}),
			[]string{"p: FailOn: invalid policy"}},
		{"a negative interval", withSettings(n.Selector("s", n.Do("a", a)), bt.Settings{Replan: true, Interval: -time.Second}),
			[]string{"s: Replan: negative interval -1s"}},
		{"decorator with two children", bt.Def[mem]{Kind: bt.KindDecorator, Name: "d", Decorator: passThrough,
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

func withSettings(d bt.Def[mem], s bt.Settings) bt.Def[mem] {
	d.Settings = s
	return d
}

// Builder.Add mixes the two forms: a subtree written as nested calls,
// added where the builder is.
func TestBuilderAdd(t *testing.T) {
	rec := &recorder{}
	a := act(rec, "a", nil)
	n := bt.New[mem]()
	nb := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal},
		nb.Selector("root",
			n.Sequence("nested", n.Do("a", a), n.Do("b", a)).Constrain(foeVisible),
			nb.Do("c", a),
		))
	if err != nil {
		t.Fatal(err)
	}
	want := "root  selector\n├─ nested  sequence  [treetest.Check]\n│  ├─ a  action\n│  └─ b  action\n└─ c  action\n"
	if got := tree.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	_, err = bt.Build(bt.Config[mem]{}, n.Sequence("s", bt.Debounce(), n.Do("a", nil)))
	if err == nil || !strings.Contains(err.Error(), "s: Debounce is not for a sequence") || !strings.Contains(err.Error(), "s/a: nil action") {
		t.Errorf("misuse in an added Def: %v", err)
	}
}
