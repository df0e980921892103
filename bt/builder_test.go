package bt_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// A tree that Go code got wrong is refused by Build, which reports every
// problem at once, each with its node's path, and never panics.
func TestBuildReportsMisuse(t *testing.T) {
	rec := &recorder{}
	a := func() bt.Action[mem] { return act(rec, "a", nil) }
	cfg := bt.Config[mem]{Heuristic: goal}
	n := bt.New[mem]()
	yes := func(*mem) bool { return true }
	simulateInt := bt.SimulateWith(func(*bt.Sim[int], *int) heuristic.Verdict { return heuristic.Verdict{} })
	tests := []struct {
		name string
		cfg  *bt.Config[mem] // nil: cfg
		root bt.Def[mem]
		want []string // each must appear in the error
	}{
		{"empty tree", nil, bt.Def[mem]{}, []string{"empty tree: add a root node"}},
		{"empty composite", nil, n.Selector("combat", n.Sequence("engage")),
			[]string{"combat/engage: empty sequence"}},
		{"nil action", nil, n.Sequence("combat", n.Do("swing", nil)),
			[]string{"combat/swing: nil action"}},
		{"nil instant run", nil, n.Sequence("s", n.Do("x", bt.Instant[mem](nil, nil))),
			[]string{"s/x: nil run function"}},
		{"nil condition", nil, n.Sequence("s", n.Condition("ok?", nil)),
			[]string{"s/ok?: nil condition function"}},
		{"nil decorator", nil, n.Decorate("d", nil, n.Do("a", a())),
			[]string{"d: nil decorator"}},
		{"nil composite function", nil, n.Composite("c", nil, n.Do("a", a())),
			[]string{"c: nil composite function"}},
		{"nil leaf node", nil, n.Leaf("l", nil), []string{"l: nil node"}},
		{"decorator without a child", nil, bt.Def[mem]{Kind: bt.KindDecorator, Name: "d", Value: bt.Decorator[mem](passThrough)},
			[]string{"d: a decorator needs exactly one child, has 0"}},
		{"decorator with two children", nil, bt.Def[mem]{Kind: bt.KindDecorator, Name: "d", Value: bt.Decorator[mem](passThrough),
			Children: []bt.Def[mem]{n.Do("a", a()), n.Do("b", a())}},
			[]string{"d: a decorator needs exactly one child, has 2"}},
		{"decorator error", nil, n.Decorate("d", func(*bt.Child[mem]) (bt.Node[mem], error) {
			return nil, errors.New("bad setting")
		}, n.Do("a", a())), []string{"d: bad setting"}},
		{"composite making nil", nil, n.Composite("c", func([]*bt.Child[mem]) (bt.Node[mem], error) {
			return nil, nil
		}, n.Do("a", a())), []string{"c: made a nil node"}},
		{"negative weight", nil, n.RandomSelector("r", n.Do("a", a()).With(bt.Weight(-1))),
			[]string{"r/a: Weight: -1 is not a finite weight >= 0"}},
		{"NaN weight", nil, n.RandomSelector("r", n.Do("a", a()).With(bt.Weight(math.NaN()))),
			[]string{"r/a: Weight: NaN"}},
		{"weight outside a random selector", nil, n.Selector("s", n.Do("a", a()).With(bt.Weight(2))),
			[]string{"s/a: Weight: only children of a RandomSelector have weights"}},
		{"invalid minimum outcome", nil, n.Sequence("s", bt.MinOutcome(heuristic.Outcome(42)), n.Do("a", a())),
			[]string{"s: MinOutcome: invalid outcome Outcome(42)"}},
		{"negative duration", nil, n.Do("a", a(), bt.Takes(-time.Second)),
			[]string{"a: Takes: negative duration -1s"}},
		{"nil part", nil, n.Selector("s", nil, n.Do("a", a())),
			[]string{"s: a nil part: give a selector its children and options"}},
		{"zero option", nil, n.Selector("s", bt.Option{}, n.Do("a", a())),
			[]string{"s: a zero Option"}},
		{"a child of another memory type", nil, n.Sequence("s", bt.New[int]().Succeed("x"), n.Do("a", a())),
			[]string{"s: bt.Def[int] is neither a child of this tree's memory type nor an option of a sequence"}},
		{"prefer-first on a random selector", nil, n.RandomSelector("r", bt.PreferFirst(), n.Do("a", a())),
			[]string{"r: PreferFirst is not for a random"}},
		{"an option of a composite on a leaf", nil, n.Sequence("s", n.Do("a", a()).With(bt.Loop())),
			[]string{"s/a: Loop is not for an action"}},
		{"an option of a leaf on a composite", nil, n.Selector("s", bt.Cosmetic(), n.Do("a", a())),
			[]string{"s: Cosmetic is not for a selector"}},
		{"an option of an action on a condition", nil, n.Condition("c", yes, bt.Takes(time.Second)),
			[]string{"c: Takes is not for a condition"}},
		{"an option given twice", nil, n.Selector("s", bt.Replan(0), n.Do("a", a()), bt.Replan(time.Second)),
			[]string{"s: Replan given twice"}},
		{"a leaf option given twice", nil, n.Sequence("s", n.Do("a", a(), bt.Cosmetic()).With(bt.Cosmetic())),
			[]string{"s/a: Cosmetic given twice"}},
		{"both cosmetic options", nil, n.Do("a", a(), bt.Cosmetic(), bt.CosmeticWhileRunning()),
			[]string{"a: Cosmetic and CosmeticWhileRunning: choose one"}},
		{"nameless node", nil, n.Sequence("s", n.Do("", a())),
			[]string{"s/#1: a node needs a name"}},
		{"slash in a name", nil, n.Sequence("s", n.Do("a/b", a())),
			[]string{`s/a/b: name "a/b" contains '/'`}},
		{"duplicate sibling names", nil, n.Sequence("s", n.Do("a", a()), n.Do("a", a())),
			[]string{`s/a: duplicate name "a"`}},
		{"a selector without a heuristic", &bt.Config[mem]{}, n.Selector("s", n.Do("a", a())),
			[]string{"s: a simulated selector needs a heuristic"}},
		{"nil constraint", nil, n.Do("a", a()).Constrain(nil),
			[]string{"a: Constrain: constraint 1 is nil"}},
		{"if/else with three children", nil, n.IfElse("i", yes, n.Do("a", a()), n.Do("b", a()), n.Do("c", a())),
			[]string{"i: takes at most 2 children, has 3"}},
		{"nil if/else condition", nil, n.IfElse("i", nil, n.Do("a", a())),
			[]string{"i: nil condition: IfElse needs the function that picks the branch"}},
		{"a leaf option for another memory type", nil, n.Do("a", a(), simulateInt),
			[]string{"a: SimulateWith: a function of func(*bt.Sim[int], *int) heuristic.Verdict, not of this tree's memory"}},
		{"a replan test for another memory type", nil, n.Selector("s", bt.ReplanOn(func(*int) bool { return true }), n.Do("a", a())),
			[]string{"s: ReplanOn: a test of func(*int) bool, not of this tree's memory"}},
		{"a typed nil heuristic", &bt.Config[mem]{Heuristic: heuristic.Func[mem](nil)}, n.Selector("s", n.Do("a", a())),
			[]string{"Config.Heuristic is a nil heuristic.Func[", "s: a simulated selector needs a heuristic"}},
		{"a nil rule list", &bt.Config[mem]{Heuristic: (*heuristic.Rules[mem])(nil)}, n.Do("a", a()),
			[]string{"Config.Heuristic is a nil *heuristic.Rules["}},
		{"SimulateWith(nil)", nil, n.Sequence("s",
			n.Do("a", a(), bt.SimulateWith[mem](nil)),
			n.Condition("c", yes, bt.SimulateWith[mem](nil)),
		), []string{"s/a: SimulateWith(nil)", "s/c: SimulateWith(nil)"}},
		{"ReplanOn(nil)", nil, n.Selector("s", bt.ReplanOn[mem](nil), n.Do("a", a())),
			[]string{"s: ReplanOn(nil)"}},
		{"a typed nil action", nil, n.Do("a", (*quiet)(nil)),
			[]string{"a: nil action (a nil *bt_test.quiet)"}},
		{"a typed nil constraint", nil, n.Do("a", a()).Constrain(fn(nil)),
			[]string{"a: Constrain: constraint 1 is nil"}},
		{"a typed nil goal", nil, n.Decorate("g", func(c *bt.Child[mem]) (bt.Node[mem], error) {
			return &goalOf{pass{c}, heuristic.Func[mem](nil)}, nil
		}, n.Do("a", a())), []string{"g: a nil goal"}},
		{"a misuse noted by WithErr", nil, n.Sequence("s", n.Do("a", a()).WithErr(errors.New("no such entry"))),
			[]string{"s/a: no such entry"}},
		{"every problem at once", nil, n.Selector("combat",
			n.Sequence("engage", n.Do("swing", nil)),
			n.Sequence("empty"),
			n.Do("swing", a(), bt.Loop()),
		), []string{"combat/engage/swing: nil action", "combat/empty: empty sequence", "combat/swing: Loop is not for an action"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := cfg
			if tt.cfg != nil {
				c = *tt.cfg
			}
			var tree *bt.Tree[mem]
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Build panicked: %v", r)
					}
				}()
				tree, err = bt.Build(c, tt.root)
			}()
			if err == nil || tree != nil {
				t.Fatalf("Build() = %v, %v; want an error", tree, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not contain %q", err, w)
				}
			}
		})
	}
}

// A Def whose Value is not what its kind runs is refused, saying what it
// is instead; the plain function types of a Decorator and a
// CompositeFunc are taken as well as the named ones.
func TestBuildRefusesAValueOfTheWrongType(t *testing.T) {
	a := act(nil, "a", nil)
	kid := []bt.Def[mem]{bt.New[mem]().Do("a", a)}
	def := func(kind bt.NodeKind, v any, kids []bt.Def[mem]) bt.Def[mem] {
		return bt.Def[mem]{Kind: kind, Name: "x", Value: v, Children: kids}
	}
	pass := func(c *bt.Child[mem]) (bt.Node[mem], error) { return passThrough(c) }
	first := func(cs []*bt.Child[mem]) (bt.Node[mem], error) { return passThrough(cs[0]) }
	for _, tt := range []struct {
		name string
		def  bt.Def[mem]
		want string // "": Build takes it
	}{
		{"an action", def(bt.KindAction, 42, nil), "x: an action runs an Action, not a value of type int"},
		{"a condition", def(bt.KindCondition, func(*int) bool { return true }, nil),
			"x: a condition runs a test of the memory, func(*M) bool, not a value of type func(*int) bool"},
		{"an if/else", def(bt.KindIfElse, "yes", kid), "x: an ifelse runs a test of the memory, func(*M) bool, not a value of type string"},
		{"a leaf", def(bt.KindLeaf, a, nil), "x: a leaf runs a Node, not a value of type *treetest.Scripted"},
		{"a decorator", def(bt.KindDecorator, a, kid), "x: a decorator runs a Decorator, not a value of type *treetest.Scripted"},
		{"a composite", def(bt.KindComposite, pass, kid), "x: a composite runs a CompositeFunc, not a value of type func(*bt.Child["},
		{"a sequence", def(bt.KindSequence, a, kid), "x: a sequence runs no value of its own: its Value is a *treetest.Scripted"},
		{"a decorator's plain function", def(bt.KindDecorator, pass, kid), ""},
		{"a composite's plain function", def(bt.KindComposite, first, kid), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := bt.Build(bt.Config[mem]{}, tt.def)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Build: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Build: %v\nwant an error containing %q", err, tt.want)
			}
		})
	}
}

// Key and Value say what an option sets, under the key tree files use.
func TestOptionKeyAndValue(t *testing.T) {
	replanOn := func(*mem) bool { return true }
	simulate := func(*bt.Sim[mem], *mem) heuristic.Verdict { return heuristic.Verdict{} }
	for _, tt := range []struct {
		opt   bt.Option
		key   string
		value any
	}{
		{bt.Loop(), "loop", true},
		{bt.AllowFailure(), "allowFailure", true},
		{bt.MinOutcome(heuristic.Harmful), "minOutcome", heuristic.Harmful},
		{bt.Replan(time.Second), "replan", time.Second},
		{bt.AllowNegative(), "allowNegative", true},
		{bt.PreferFirst(), "preferFirst", true},
		{bt.Debounce(), "debounce", true},
		{bt.SucceedOnOne(), "succeedOnOne", true},
		{bt.FailOnOne(), "failOnOne", true},
		{bt.Cosmetic(), "cosmetic", true},
		{bt.CosmeticWhileRunning(), "cosmeticWhileRunning", true},
		{bt.Takes(2 * time.Second), "takes", 2 * time.Second},
		{bt.Weight(2.5), "weight", 2.5},
		{bt.Option{}, "", nil},
	} {
		if tt.opt.Key() != tt.key || tt.opt.Value() != tt.value {
			t.Errorf("option %q = %v, want %q = %v", tt.opt.Key(), tt.opt.Value(), tt.key, tt.value)
		}
	}
	// The functions come back as given (functions do not compare: see
	// that they are the functions of the memory type).
	if o := bt.ReplanOn(replanOn); o.Key() != "replanOn" || o.Value().(func(*mem) bool) == nil {
		t.Errorf("ReplanOn = %q: %T", o.Key(), o.Value())
	}
	if o := bt.SimulateWith(simulate); o.Key() != "simulate" || o.Value().(func(*bt.Sim[mem], *mem) heuristic.Verdict) == nil {
		t.Errorf("SimulateWith = %q: %T", o.Key(), o.Value())
	}
}

// With adds options to a Def without changing the Def it was called on,
// and the options it adds are the node's in the tree.
func TestDefWith(t *testing.T) {
	n := bt.New[mem]()
	a := act(nil, "a", shine)
	d := n.Do("a", a, bt.Cosmetic())
	heavy := d.With(bt.Weight(3))
	timed := d.With(bt.Takes(time.Second), bt.Weight(0))
	keys := func(d bt.Def[mem]) []string {
		var ks []string
		for _, o := range d.Options {
			ks = append(ks, o.Key())
		}
		return ks
	}
	if diff := cmp.Diff([]string{"cosmetic"}, keys(d)); diff != "" {
		t.Errorf("With changed the Def it was called on (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"cosmetic", "weight"}, keys(heavy)); diff != "" {
		t.Errorf("d.With(Weight) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"cosmetic", "takes", "weight"}, keys(timed)); diff != "" {
		t.Errorf("d.With(Takes, Weight) (-want +got):\n%s", diff)
	}
	if got := d.With(); len(got.Options) != 1 {
		t.Errorf("With() has %d options, want 1", len(got.Options))
	}
	timed.Name = "timed"
	tree, err := bt.Build(bt.Config[mem]{}, n.RandomSelector("r", heavy, timed))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, info := range tree.Nodes()[1:] {
		got = append(got, fmt.Sprintf("%s: weight %v, %s", info.Path, info.Weight, info.Detail))
	}
	want := []string{"r/a: weight 3, action", "r/timed: weight 0, action takes=1s"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the tree's nodes (-want +got):\n%s", diff)
	}
}

// goalOf is a pass-through node that gives its subtree a goal.
type goalOf struct {
	pass
	h heuristic.Heuristic[mem]
}

func (g *goalOf) Goal() heuristic.Heuristic[mem] { return g.h }

// quiet is an action that does nothing.
type quiet struct{ noop }

func passThrough(c *bt.Child[mem]) (bt.Node[mem], error) {
	return &pass{c}, nil
}

// pass is a decorator that changes nothing.
type pass struct{ c *bt.Child[mem] }

func (p *pass) Begin(m *mem) bt.Status { return p.c.Tick(m, 0) }
func (p *pass) Update(m *mem, dt time.Duration) bt.Status {
	return p.c.Tick(m, dt)
}
func (p *pass) End(*mem, bt.Status) {}
func (p *pass) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	return p.c.Simulate(ctx, m)
}

// A Def may be built again, after changes, for a tree with them; the tree
// built first keeps what the Def held when it was built.
func TestBuildTwice(t *testing.T) {
	n := bt.New[mem]()
	root := n.Sequence("s", n.Do("a", act(&recorder{}, "a", nil)))
	first, err := bt.Build(bt.Config[mem]{}, root)
	if err != nil {
		t.Fatal(err)
	}
	root.Children = append(root.Children, n.Do("b", act(&recorder{}, "b", nil)))
	root.Children[0].Name = "renamed"
	second, err := bt.Build(bt.Config[mem]{}, root)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(first.Nodes()), 2; got != want || len(second.Nodes()) != 3 {
		t.Errorf("trees of %d and %d nodes, want %d and 3", got, len(second.Nodes()), want)
	}
	if got := first.Nodes()[1].Name; got != "a" {
		t.Errorf("renaming a child of the description renamed the first tree's node: %q", got)
	}
	if got := second.Nodes()[1].Name; got != "renamed" {
		t.Errorf("the second tree's first child is %q, want renamed", got)
	}
}

// A decide.Error can be picked out of Build's joined error.
func TestBuildErrorsAreNodeErrors(t *testing.T) {
	n := bt.New[mem]()
	_, err := bt.Build(bt.Config[mem]{},
		n.Sequence("s",
			n.Do("a", nil),
		))
	var ne *decide.Error
	if !errors.As(err, &ne) || ne.Path != "s/a" {
		t.Errorf("errors.As(%v) = %v, want a decide.Error for s/a", err, ne)
	}
}

// A function that returns a Def is a reusable subtree.
func TestSubtreeReusedAcrossTrees(t *testing.T) {
	n := bt.New[mem]()
	rec := &recorder{}
	flee := func() bt.Def[mem] {
		return n.Sequence("flee", n.Do("turn", act(rec, "turn", nil)), n.Do("run", act(rec, "run", nil)))
	}
	for _, root := range []string{"guard", "thief"} {
		tree := mustBuild(t, bt.Config[mem]{}, n.Sequence(root, flee()))
		tickN(t, tree, &mem{}, 1)
	}
	want := "turn.begin turn.end(Success) run.begin run.end(Success) "
	if got := strings.Join(rec.Take(), " ") + " "; got != want+want {
		t.Errorf("log = %q", got)
	}
}

// A memory that plain assignment cannot copy safely is refused at Build,
// naming the field, unless Config.Copy says how to copy it: otherwise one
// Preview would change the live memory through the shared slice.
func TestBuildRefusesSharedMemory(t *testing.T) {
	type enemy struct{ HP int }
	type world struct {
		Self    struct{ HP int }
		Enemies []enemy
	}
	shine := bt.Instant(func(*world) bool { return true }, func(w *world) { w.Enemies[0].HP-- })
	n := bt.New[world]()
	_, err := bt.Build(bt.Config[world]{}, n.Do("a", shine))
	if err == nil || !strings.Contains(err.Error(), "field Enemies is a slice") || !strings.Contains(err.Error(), "set Config.Copy") {
		t.Fatalf("Build: %v; want the shared slice named, and what to do", err)
	}
	deep := func(dst, src *world) { *dst = *src; dst.Enemies = append(dst.Enemies[:0:0], src.Enemies...) }
	tree := mustBuild(t, bt.Config[world]{Copy: deep}, n.Do("a", shine))
	w := world{Enemies: []enemy{{HP: 3}}}
	if _, err := tree.Preview(&w, 0); err != nil || w.Enemies[0].HP != 3 {
		t.Errorf("Preview: %v; live enemy at %d hp, want 3", err, w.Enemies[0].HP)
	}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"pointer", buildWith[struct{ P *int }](), "field P is a ptr"},
		{"map in an array", buildWith[struct{ A [2]struct{ M map[int]int } }](), "field A[0].M is a map"},
		{"interface", buildWith[struct{ X any }](), "field X is a interface"},
		{"the memory itself", buildWith[[]int](), "memory type []int: it is a slice"},
		{"a value struct", buildWith[struct {
			A [4]int
			S string
		}](), ""},
	} {
		if got := fmt.Sprint(tt.err); tt.want == "" && tt.err != nil || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, tt.err, tt.want)
		}
	}
}

func buildWith[M any]() error {
	n := bt.New[M]()
	_, err := bt.Build(bt.Config[M]{}, n.Do("a", bt.Instant(func(*M) bool { return true }, nil)))
	return err
}

// SetHeuristic refuses a typed nil heuristic; nil gives the agent the
// tree's back.
func TestSetHeuristicRefusesNil(t *testing.T) {
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Selector("s",
			n.Do("a", act(nil, "a", shine)),
		))
	other := heuristic.Func[mem](func(*mem, *mem) heuristic.Outcome { return heuristic.Safe })
	if err := tree.SetHeuristic(other); err != nil {
		t.Fatal(err)
	}
	for _, h := range []heuristic.Heuristic[mem]{heuristic.Func[mem](nil), (*heuristic.Rules[mem])(nil)} {
		if err := tree.SetHeuristic(h); err == nil {
			t.Errorf("SetHeuristic(%#v) = nil, want an error", h)
		}
	}
	if p, _ := tree.Preview(&mem{}, 0); p.Verdict.Outcome != heuristic.Safe {
		t.Error("a refused SetHeuristic replaced the agent's heuristic")
	}
	if err := tree.SetHeuristic(nil); err != nil {
		t.Errorf("SetHeuristic(nil): %v; want the tree's heuristic back", err)
	}
	if p, _ := tree.Preview(&mem{}, 0); p.Verdict.Outcome != heuristic.Cosmetic || p.Verdict.Reason != "shine" {
		t.Errorf("after SetHeuristic(nil), Preview judged %v; want the tree's heuristic's Cosmetic (shine)", p.Verdict)
	}
}
