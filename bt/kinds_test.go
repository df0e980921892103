package bt

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
)

// kmem is the memory of the internal tests: a plain value.
type kmem struct{ N int }

// passNode is a node that succeeds at once: a Leaf, and a planner's runner.
type passNode struct{}

func (passNode) Begin(*kmem) Status                           { return Success }
func (passNode) Update(*kmem, time.Duration) Status           { return Success }
func (passNode) End(*kmem, Status)                            {}
func (passNode) Simulate(*Sim[kmem], *kmem) heuristic.Verdict { return heuristic.Verdict{} }

// onePlanner plans with a single step, and its runner succeeds at once.
type onePlanner struct{}

func (onePlanner) Steps() []Def[kmem] { return []Def[kmem]{New[kmem]().Succeed("step")} }
func (onePlanner) Runner([]*Child[kmem], Replanning[kmem]) (Node[kmem], error) {
	return passNode{}, nil
}

// anyChooser is a utility node's value that takes any children, and
// whose runner succeeds at once.
type anyChooser struct{}

func (anyChooser) Runner([]*Child[kmem], Replanning[kmem]) (Node[kmem], error) {
	return passNode{}, nil
}
func (anyChooser) CheckOption(int) error { return nil }

// kindConfig configures the internal tests' trees.
var kindConfig = Config[kmem]{Heuristic: heuristic.Func[kmem](func(b, a *kmem) heuristic.Outcome { return heuristic.Safe })}

// kindDef returns a Def of kind k that Build takes as it is, with the
// value and the children its kind needs.
func kindDef(k NodeKind) Def[kmem] {
	b := New[kmem]()
	leaf := b.Succeed("leaf")
	yes := func(*kmem) bool { return true }
	d := Def[kmem]{Kind: k, Name: "n"}
	switch k {
	case KindIfElse:
		d.Value = yes
	case KindCondition:
		d.Value = yes
	case KindAction:
		d.Value = alwaysSucceed[kmem]()
	case KindLeaf:
		d.Value = passNode{}
	case KindPlanner:
		d.Value = onePlanner{}
	case KindUtility:
		d.Value = anyChooser{}
	case KindDecorator:
		d.Value = func(c *Child[kmem]) (Node[kmem], error) { return passNode{}, nil }
	case KindComposite:
		d.Value = func([]*Child[kmem]) (Node[kmem], error) { return passNode{}, nil }
	}
	if least, _, _ := kinds.Children(string(k)); least > 0 {
		d.Children = []Def[kmem]{leaf}
	}
	return d
}

// Build knows every kind of the table, once each, and nothing else.
func TestKindsAreBuildsKinds(t *testing.T) {
	if len(engineKind) != len(kinds.All) {
		t.Errorf("Build knows %d kinds, the table has %d", len(engineKind), len(kinds.All))
	}
	for i, k := range kinds.All {
		if _, ok := engineKind[NodeKind(k)]; !ok || slices.Index(kinds.All, k) != i {
			t.Errorf("kind %q: known to Build %v, first at %d, not %d", k, ok, slices.Index(kinds.All, k), i)
		}
		if _, err := Build(kindConfig, kindDef(NodeKind(k))); err != nil {
			t.Errorf("kind %q: %v", k, err)
		}
	}
	_, err := Build(Config[kmem]{}, Def[kmem]{Kind: "bush", Name: "n"})
	if err == nil || !strings.Contains(err.Error(), `n: unknown kind "bush"`) {
		t.Errorf("an unknown kind: %v", err)
	}
}

// Build refuses an option exactly on the kinds that do not take it, as
// kinds.Takes says, and children likewise.
func TestBuildTakesWhatKindsTake(t *testing.T) {
	opts := []Option{
		Loop(), AllowFailure(), MinOutcome(heuristic.Harmful),
		Replan(time.Second), ReplanOn(func(*kmem) bool { return false }),
		AllowNegative(), PreferFirst(), Debounce(), SucceedOnOne(), FailOnOne(),
		Cosmetic(), CosmeticWhileRunning(), Takes(time.Second),
		SimulateWith(func(*Sim[kmem], *kmem) heuristic.Verdict { return heuristic.Verdict{} }),
		Weight(2),
	}
	cfg := kindConfig
	b := New[kmem]()
	for _, k := range kinds.All {
		for _, o := range opts {
			// Under a random selector, where a child may have a weight.
			d := kindDef(NodeKind(k)).With(o)
			_, err := Build(cfg, b.RandomSelector("root", d))
			refused := err != nil && strings.Contains(err.Error(), "is not for")
			if want := !kinds.Takes(k, o.Key()); refused != want {
				t.Errorf("%s with %s: refused %v, want %v (%v)", k, o.Key(), refused, want, err)
			}
			if err != nil && !refused {
				t.Errorf("%s with %s: %v", k, o.Key(), err)
			}
		}
		d := kindDef(NodeKind(k))
		d.Children = append(d.Children, b.Succeed("extra"))
		_, most, _ := kinds.Children(k)
		_, err := Build(cfg, d)
		refused := err != nil && strings.Contains(err.Error(), " child")
		if want := !kinds.Takes(k, "children") || most == 1; refused != want {
			t.Errorf("%s with another child: refused %v, want %v (%v)", k, refused, want, err)
		}
	}
}
