package bt_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

func TestBuilderReportsMisuse(t *testing.T) {
	rec := &recorder{}
	a := func() bt.Action[mem] { return act(rec, "a", nil) }
	cfg := bt.Config[mem]{Heuristic: goal}
	tests := []struct {
		name  string
		build func() *bt.Builder[mem]
		want  []string // each must appear in the error
	}{
		{"empty tree", func() *bt.Builder[mem] { return bt.New(cfg) },
			[]string{"empty tree: add a root node"}},
		{"End with nothing open", func() *bt.Builder[mem] { return bt.New(cfg).Do("a", a()).End() },
			[]string{"End with nothing open"}},
		{"unclosed composites", func() *bt.Builder[mem] {
			return bt.New(cfg).Selector("combat").Sequence("engage").Do("swing", a())
		}, []string{"combat/engage: not closed: add End()", "combat: not closed: add End()"}},
		{"empty composite", func() *bt.Builder[mem] { return bt.New(cfg).Selector("combat").Sequence("engage").End().End() },
			[]string{"combat/engage: empty sequence"}},
		{"nil action", func() *bt.Builder[mem] { return bt.New(cfg).Sequence("combat").Do("swing", nil).End() },
			[]string{"combat/swing: nil action"}},
		{"nil instant run", func() *bt.Builder[mem] {
			return bt.New(cfg).Sequence("s").Do("x", bt.Instant[mem](nil, nil)).End()
		}, []string{"s/x: nil run function"}},
		{"nil condition", func() *bt.Builder[mem] { return bt.New(cfg).Sequence("s").Condition("ok?", nil).End() },
			[]string{"s/ok?: nil condition function"}},
		{"nil decorator", func() *bt.Builder[mem] { return bt.New(cfg).Decorate("d", nil).Do("a", a()).End() },
			[]string{"d: nil decorator"}},
		{"decorator without a child", func() *bt.Builder[mem] { return bt.New(cfg).Decorate("d", passThrough).End() },
			[]string{"d: a decorator needs exactly one child, has 0"}},
		{"decorator with two children", func() *bt.Builder[mem] {
			return bt.New(cfg).Decorate("d", passThrough).Do("a", a()).Do("b", a()).End()
		}, []string{"d: a decorator needs exactly one child, has 2"}},
		{"decorator error", func() *bt.Builder[mem] {
			return bt.New(cfg).Decorate("d", func(*bt.Child[mem]) (bt.Node[mem], error) {
				return nil, errors.New("bad setting")
			}).Do("a", a()).End()
		}, []string{"d: bad setting"}},
		{"composite making nil", func() *bt.Builder[mem] {
			return bt.New(cfg).Composite("c", func([]*bt.Child[mem]) (bt.Node[mem], error) {
				return nil, nil
			}).Do("a", a()).End()
		}, []string{"c: made a nil node"}},
		{"negative weight", func() *bt.Builder[mem] { return bt.New(cfg).RandomSelector("r").Do("a", a()).Weight(-1).End() },
			[]string{"r/a: Weight: -1 is not a finite weight >= 0"}},
		{"NaN weight", func() *bt.Builder[mem] { return bt.New(cfg).RandomSelector("r").Do("a", a()).Weight(math.NaN()).End() },
			[]string{"r/a: Weight: NaN"}},
		{"weight outside a random selector", func() *bt.Builder[mem] { return bt.New(cfg).Selector("s").Do("a", a()).Weight(2).End() },
			[]string{"s/a: Weight: only children of a RandomSelector have weights"}},
		{"invalid minimum outcome", func() *bt.Builder[mem] {
			return bt.New(cfg).Sequence("s", bt.MinOutcome(heuristic.Outcome(42))).Do("a", a()).End()
		}, []string{"s: MinOutcome: invalid outcome Outcome(42)"}},
		{"invalid policy", func() *bt.Builder[mem] { return bt.New(cfg).Parallel("p", bt.SucceedOn(0)).Do("a", a()).End() },
			[]string{"p: SucceedOn: invalid policy"}},
		{"nil option", func() *bt.Builder[mem] { return bt.New(cfg).Selector("s", nil).Do("a", a()).End() },
			[]string{"s: nil option"}},
		{"prefer-current off on a random selector", func() *bt.Builder[mem] {
			return bt.New(cfg).RandomSelector("r", bt.PreferFirst()).Do("a", a()).End()
		}, []string{"r: PreferFirst is not for a random"}},
		{"nameless node", func() *bt.Builder[mem] { return bt.New(cfg).Sequence("s").Do("", a()).End() },
			[]string{"s/#1: a node needs a name"}},
		{"slash in a name", func() *bt.Builder[mem] { return bt.New(cfg).Sequence("s").Do("a/b", a()).End() },
			[]string{`s/a/b: name "a/b" contains '/'`}},
		{"duplicate sibling names", func() *bt.Builder[mem] { return bt.New(cfg).Sequence("s").Do("a", a()).Do("a", a()).End() },
			[]string{`s/a: duplicate name "a"`}},
		{"two roots", func() *bt.Builder[mem] { return bt.New(cfg).Do("a", a()).Do("b", a()) },
			[]string{"b: a second root"}},
		{"a selector without a heuristic", func() *bt.Builder[mem] {
			return bt.New(bt.Config[mem]{}).Selector("s").Do("a", a()).End()
		}, []string{"s: a simulated selector needs a heuristic"}},
		{"Constrain before any node", func() *bt.Builder[mem] {
			return bt.New(cfg).Constrain(foeVisible).Do("a", a())
		}, []string{"Constrain before any node was added"}},
		{"nil constraint", func() *bt.Builder[mem] { return bt.New(cfg).Do("a", a()).Constrain(nil) },
			[]string{"a: Constrain: constraint 1 is nil"}},
		{"if/else with three children", func() *bt.Builder[mem] {
			return bt.New(cfg).IfElse("i", func(*mem) bool { return true }).Do("a", a()).Do("b", a()).Do("c", a()).End()
		}, []string{"i: takes at most 2 children, has 3"}},
		{"nil branch", func() *bt.Builder[mem] { return bt.New(cfg).Sequence("s").Branch(nil).Do("a", a()).End() },
			[]string{"s: nil branch"}},
		{"a leaf option for another memory type", func() *bt.Builder[mem] {
			return bt.New(cfg).Do("a", a(), bt.SimulateWith(func(*bt.Sim[int], *int) heuristic.Verdict {
				return heuristic.Verdict{}
			}))
		}, []string{"a: option bt.simulateOption[int] is not a leaf option for this memory type"}},
		{"a typed nil heuristic", func() *bt.Builder[mem] {
			return bt.New(bt.Config[mem]{Heuristic: heuristic.Func[mem](nil)}).Selector("s").Do("a", a()).End()
		}, []string{"Config.Heuristic is a nil heuristic.Func[", "s: a simulated selector needs a heuristic"}},
		{"a nil rule list", func() *bt.Builder[mem] {
			return bt.New(bt.Config[mem]{Heuristic: (*heuristic.Rules[mem])(nil)}).Do("a", a())
		}, []string{"Config.Heuristic is a nil *heuristic.Rules["}},
		{"SimulateWith(nil)", func() *bt.Builder[mem] {
			return bt.New(cfg).Sequence("s").Do("a", a(), bt.SimulateWith[mem](nil)).Condition("c", func(*mem) bool { return true }, bt.SimulateWith[mem](nil)).End()
		}, []string{"s/a: SimulateWith(nil)", "s/c: SimulateWith(nil)"}},
		{"a typed nil action", func() *bt.Builder[mem] { return bt.New(cfg).Do("a", (*quiet)(nil)) },
			[]string{"a: nil action (a nil *bt_test.quiet)"}},
		{"a typed nil constraint", func() *bt.Builder[mem] { return bt.New(cfg).Do("a", a()).Constrain(fn(nil)) },
			[]string{"a: Constrain: constraint 1 is nil"}},
		{"a typed nil goal", func() *bt.Builder[mem] {
			return bt.New(cfg).Decorate("g", func(c *bt.Child[mem]) (bt.Node[mem], error) {
				return &goalOf{pass{c}, heuristic.Func[mem](nil)}, nil
			}).Do("a", a()).End()
		}, []string{"g: a nil goal"}},
		{"a self-recursive branch", func() *bt.Builder[mem] {
			var loop bt.Branch[mem]
			loop = func(b *bt.Builder[mem]) { b.Sequence("s").Branch(loop).End() }
			return bt.New(cfg).Branch(loop)
		}, []string{"branches nested more than 256 deep"}},
		{"every problem at once", func() *bt.Builder[mem] {
			return bt.New(cfg).Selector("combat").Sequence("engage").Do("swing", nil).End().Sequence("empty").End()
		}, []string{"combat/engage/swing: nil action", "combat/empty: empty sequence", "combat: not closed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tree *bt.Tree[mem]
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("builder panicked: %v", r)
					}
				}()
				tree, err = tt.build().Build()
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

// Build may be called again, after more calls, for a tree with them; the
// tree built first is left as it was.
func TestBuildTwice(t *testing.T) {
	b := bt.New(bt.Config[mem]{}).Sequence("s").Do("a", act(&recorder{}, "a", nil))
	if _, err := b.Build(); err == nil || !strings.Contains(err.Error(), "s: not closed") {
		t.Fatalf("first Build: %v, want s not closed", err)
	}
	first, err := b.Do("b", act(&recorder{}, "b", nil)).End().Build()
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(first.Nodes()), 3; got != want || len(second.Nodes()) != want {
		t.Errorf("trees of %d and %d nodes, want %d", got, len(second.Nodes()), want)
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

// A Branch is a reusable subtree.
func TestBranchReusedAcrossTrees(t *testing.T) {
	n := bt.New[mem]()
	rec := &recorder{}
	flee := func(b *bt.Builder[mem]) {
		b.Sequence("flee").Do("turn", act(rec, "turn", nil)).Do("run", act(rec, "run", nil)).End()
	}
	for _, root := range []string{"guard", "thief"} {
		tree := mustBuild(t, bt.New(bt.Config[mem]{}).Sequence(root).Branch(flee).End())
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
	if err := tree.SetHeuristic(nil); err != nil || tree.Heuristic() != heuristic.Heuristic[mem](goal) {
		t.Errorf("SetHeuristic(nil): %v; want the tree's heuristic back", err)
	}
}
