package bttest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

// A scenario is set to its moment: the agent brought there by ticks
// (After) sees its running child and its clock; the step and seed are
// the tick's; a bad scenario is an error, not a panic.
func TestScenarioMoments(t *testing.T) {
	t.Parallel()
	n := bt.New[Yard]()
	tree, err := bt.Build(bt.Config[Yard]{Heuristic: yardGoal},
		n.Selector("guard", n.Do("chase", chase).Constrain(sees), n.Do("patrol", patrol)))
	if err != nil {
		t.Fatal(err)
	}
	seen := Yard{Guard: 1, Intruder: 5, Sees: true}
	s := bttest.Given(tree, seen).Seed(7).Step(100 * time.Millisecond)
	if err := s.Chooses("guard/chase", "Beneficial (caught up)"); err != nil {
		t.Error(err)
	}
	if err := s.Chooses("patrol", ""); err == nil || !strings.Contains(err.Error(), "* chase") {
		t.Errorf("a wrong choice: %v; want the options shown, chase marked", err)
	}
	// Brought to a moment when it has lost sight of the intruder, by a
	// tick on the scenario's memory, the guard goes back to its round.
	after := bttest.Given(tree, seen).After(func(a *bt.Agent[Yard], m *Yard) error {
		m.Sees = false
		_, err := a.Tick(m, time.Second)
		return err
	})
	if err := after.Chooses("patrol", "on the round"); err != nil {
		t.Errorf("after a tick: %v", err)
	}
	if err := bttest.Given[Yard](nil, seen).Chooses("chase", ""); err == nil {
		t.Error("a scenario of a nil tree: no error")
	}
}

// A scenario's error says what is wrong with it, or names each decision
// of the tick by its node's path, a planner's as a selector's: what was
// asked of it is misuse when no node could be so named (an empty option,
// which read "want  because ..."), and a plan was "a planner:"'s.
func TestScenarioErrors(t *testing.T) {
	t.Parallel()
	n := bt.New[Yard]()
	guard, err := bt.Build(bt.Config[Yard]{Heuristic: yardGoal},
		n.Selector("guard", n.Do("chase", chase).Constrain(sees), n.Do("patrol", patrol)))
	if err != nil {
		t.Fatal(err)
	}
	var b catalogue.Builder[Yard]
	b.Action("chase", chase, sees)
	b.Action("patrol", patrol)
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	domain, err := htn.New(actions).Compound("guard").Method("fight", sees).Do("chase").Method("watch").Do("patrol").Build()
	if err != nil {
		t.Fatal(err)
	}
	planner, err := bt.Build(bt.Config[Yard]{}, n.Sequence("yard", n.Plan("think", domain)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name            string
		scenario        *bttest.Scenario[Yard]
		option, because string
		want            string // the whole error
	}{
		{"an empty option", bttest.Given(guard, Yard{}), "", "caught up",
			`bttest: Chooses of an empty option: name a node ("guard/chase" or "chase"), or a planner's first step`},
		{"an empty option, for any reason", bttest.Given(guard, Yard{}), "", "",
			`bttest: Chooses of an empty option: name a node ("guard/chase" or "chase"), or a planner's first step`},
		{"a negative step", bttest.Given(guard, Yard{}).Step(-time.Second), "patrol", "",
			`bttest: preview: bt: negative time step: -1s`},
		{"a planner's plan, by its path", bttest.Given(planner, Yard{}), "chase", "[fight]",
			"bttest: want chase because \"[fight]\", but the tick decides:\n" +
				"  yard/think: plan made [watch] for guard\n" +
				"    steps: patrol\n" +
				"    not guard/fight: sees no one"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.scenario.Chooses(tt.option, tt.because)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Chooses(%q, %q) = %v\nwant %s", tt.option, tt.because, err, tt.want)
			}
		})
	}
}

// Counted is a memory that holds a slice, which Config.Copy copies.
type Counted struct{ Seen []int }

func copyCounted(dst, src *Counted) { dst.Seen = append(dst.Seen[:0:0], src.Seen...) }

// A scenario copies its memory as the tree does (Config.Copy), so that
// what After does (the intruder is seen once more, and the agent ticks)
// changes neither the caller's memory nor the moment the scenario holds:
// the same scenario asked twice answers the same.
func TestScenarioCopiesAsTheTreeDoes(t *testing.T) {
	t.Parallel()
	n := bt.New[Counted]()
	calm := heuristic.Func[Counted](func(before, after *Counted) heuristic.Outcome { return heuristic.Safe })
	tree, err := bt.Build(bt.Config[Counted]{Copy: copyCounted, Heuristic: calm},
		n.Selector("guard",
			n.Sequence("chase", n.Condition("seen once", func(m *Counted) bool { return m.Seen[0] == 1 }), n.Succeed("run")),
			n.Succeed("patrol")))
	if err != nil {
		t.Fatal(err)
	}
	given := Counted{Seen: []int{0}}
	s := bttest.Given(tree, given).After(func(a *bt.Agent[Counted], m *Counted) error {
		m.Seen[0]++
		_, err := a.Tick(m, time.Second)
		return err
	})
	for ask := range 2 {
		if err := s.Chooses("chase", ""); err != nil {
			t.Errorf("asked %d times: %v", ask+1, err)
		}
	}
	if given.Seen[0] != 0 {
		t.Errorf("After changed the caller's memory: %v", given.Seen)
	}
}
