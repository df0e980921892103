package catalogue_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

type mem struct{ N int }

type nop struct{}

func (nop) Begin(*mem) bt.Status                 { return bt.Success }
func (nop) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (nop) End(*mem, bt.Status)                  {}
func (nop) Simulate(*bt.Sim[mem], *mem)          {}

// Build reports every misuse at once, each a *decide.Error at the entry's
// name.
func TestBuildErrors(t *testing.T) {
	var nilAction *nopPtr
	var b catalogue.Builder[mem]
	b.Takes(time.Second) // before any entry
	b.Action("", nop{})
	b.Action("a/b", nop{})
	b.Action("dup", nop{}).Action("dup", nop{})
	b.Action("nil", nil)
	b.Action("typed nil", nilAction)
	b.Action("bad pre", nop{}, nil, constraints.Chance[mem](1.5), constraints.Func[mem]("x", nil))
	b.Action("neg", nop{}).Takes(-time.Second).Cost(nil)
	b.Action("twice", nop{}).Expect(func(*mem) {}).Expect(func(*mem) {})
	b.Behaviour("empty", bt.Def[mem]{})
	_, err := b.Build()
	if err == nil {
		t.Fatal("built")
	}
	for _, want := range []string{
		"catalogue: Takes must follow Action or Behaviour",
		"entry 1: an entry needs a name",
		`a/b: name "a/b" contains '/'`,
		"dup: declared twice",
		"nil: nil action",
		"typed nil: nil action",
		"bad pre: precondition 1 is nil",
		"bad pre: precondition 2: Chance: probability 1.5 is not in [0, 1]",
		"bad pre: precondition 3:",
		"neg: Takes: negative duration -1s",
		"neg: nil cost function",
		"twice: a second expected effect",
		"empty: an empty behaviour",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	var de *decide.Error
	if !errors.As(err, &de) {
		t.Errorf("errors.As finds no *decide.Error in %v", err)
	}
}

type nopPtr struct{ nop }

// A zero Builder is ready; an empty one is refused; Build may be called
// again after more calls, and the catalogue built first stays as it was.
func TestBuildAgain(t *testing.T) {
	var b catalogue.Builder[mem]
	if _, err := b.Build(); err == nil || !strings.Contains(err.Error(), "no entries") {
		t.Errorf("empty: %v", err)
	}
	first, err := b.Action("a", nop{}).Build()
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Action("b", nop{}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Names()) != 1 || len(second.Names()) != 2 {
		t.Errorf("catalogues of %d and %d entries, want 1 and 2", len(first.Names()), len(second.Names()))
	}
}

// Do makes the entry's node: its action, its preconditions, its duration;
// an entry's Def names it as asked; a name the catalogue lacks is refused
// by Build with the node's path.
func TestDo(t *testing.T) {
	ready := constraints.Func("ready", func(m *mem) bool { return m.N > 0 })
	var b catalogue.Builder[mem]
	b.Action("strike", nop{}, ready).Takes(300 * time.Millisecond)
	n := bt.New[mem]()
	b.Behaviour("combo", n.Sequence("combo", n.Do("one", nop{}), n.Do("two", nop{})), ready)
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := actions.Do("strike")
	if d.Kind != bt.KindAction || d.Entry != "strike" || len(d.Constraints) != 1 ||
		len(d.Options) != 1 || d.Options[0].Key() != "takes" || d.Options[0].Value() != 300*time.Millisecond {
		t.Errorf("Do(strike) = %+v", d)
	}
	combo, ok := actions.Entry("combo")
	if !ok {
		t.Fatal("no entry combo")
	}
	c := combo.Def("opener")
	if c.Kind != bt.KindSequence || c.Name != "opener" || c.Entry != "combo" || len(c.Children) != 2 || len(c.Constraints) != 1 {
		t.Errorf("combo's Def(opener) = %+v", c)
	}
	_, err = bt.Build(bt.Config[mem]{}, n.Sequence("s", actions.Do("strike"), actions.Do("stirke")))
	if err == nil || !strings.Contains(err.Error(), `s/stirke: the catalogue has no "stirke" (it has "strike", "combo")`) {
		t.Errorf("unknown entry: %v", err)
	}
}

// A catalogue names each action once; a tree takes its actions from it
// by name.
func Example() {
	ready := constraints.Func("ready", func(m *mem) bool { return m.N > 0 })
	var b catalogue.Builder[mem]
	b.Action("wait", nop{})
	b.Action("strike", nop{}, ready).Takes(300 * time.Millisecond)
	actions, err := b.Build()
	if err != nil {
		panic(err)
	}
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Priority("fight", actions.Do("strike"), actions.Do("wait")))
	if err != nil {
		panic(err)
	}
	fmt.Print(tree)
	// Output:
	// fight  priority
	// ├─ strike  action takes=300ms  [ready]
	// └─ wait  action
}

// Every error of an entry without a name names it by its place, so that
// each carries a path, as Build promises.
func TestUnnamedEntryErrorsHavePaths(t *testing.T) {
	noop := bt.Instant(func(*mem) bool { return true }, nil)
	tests := []struct {
		name  string
		build func(b *catalogue.Builder[mem])
		path  string
	}{
		{"nil action", func(b *catalogue.Builder[mem]) { b.Action("", nil) }, "entry 1"},
		{"nil precondition", func(b *catalogue.Builder[mem]) { b.Action("", noop, nil) }, "entry 1"},
		{"negative duration", func(b *catalogue.Builder[mem]) { b.Action("", noop).Takes(-1) }, "entry 1"},
		{"nil cost", func(b *catalogue.Builder[mem]) { b.Action("", noop).Cost(nil) }, "entry 1"},
		{"nil expected effect", func(b *catalogue.Builder[mem]) { b.Action("a", noop).Action("", noop).Expect(nil) }, "entry 2"},
		{"empty behaviour", func(b *catalogue.Builder[mem]) { b.Behaviour("", bt.Def[mem]{}) }, "entry 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b catalogue.Builder[mem]
			tt.build(&b)
			_, err := b.Build()
			if err == nil {
				t.Fatal("built")
			}
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var de *decide.Error
				if !errors.As(e, &de) || de.Path != tt.path {
					t.Errorf("%q: want the path %q", e, tt.path)
				}
			}
		})
	}
}

// leafNode is a custom leaf that may refuse its settings.
type leafNode struct{ bad bool }

func (leafNode) Begin(*mem) bt.Status                 { return bt.Success }
func (leafNode) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (leafNode) End(*mem, bt.Status)                  {}
func (leafNode) Simulate(*bt.Sim[mem], *mem) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Irrelevant}
}
func (l leafNode) Validate() error {
	if l.bad {
		return errors.New("bad settings")
	}
	return nil
}

// A Leaf entry is a custom leaf as a node of a tree, named after the
// entry and guarded by its preconditions; a nil leaf and one whose
// settings are wrong are refused with the entry's name.
func TestLeafEntry(t *testing.T) {
	ready := constraints.Func("ready", func(m *mem) bool { return m.N > 0 })
	var b catalogue.Builder[mem]
	b.Leaf("find path", leafNode{}, ready)
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := actions.Do("find path")
	if d.Kind != bt.KindLeaf || d.Name != "find path" || d.Entry != "find path" || len(d.Constraints) != 1 {
		t.Errorf("the entry's node: kind %q, name %q, entry %q, %d constraints", d.Kind, d.Name, d.Entry, len(d.Constraints))
	}
	if _, err := bt.Build(bt.Config[mem]{}, d); err != nil {
		t.Error(err)
	}
	var bad catalogue.Builder[mem]
	bad.Leaf("nil", nil).Leaf("wrong", leafNode{bad: true})
	_, err = bad.Build()
	for _, want := range []string{"nil: nil leaf", "wrong: bad settings"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}
