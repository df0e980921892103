package fsm_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

func inbox(m *mem) *fsm.Inbox { return &m.Inbox }

// Build reports every misuse of a description, each a *decide.Error at
// its place: a state, a transition, the machine.
func TestBuildMisuse(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(b *fsm.Builder[mem])
		want  []string // each an error's text, path first
	}{
		{"transition to an unknown state", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("b", seen)
		}, []string{`a → b: unknown state "b" (the states: "a")`,
			"a: no way out: give it a transition to another state, or mark it Final"}},
		{"transitions but no state", func(b *fsm.Builder[mem]) {
			b.Any().To("a", seen)
		}, []string{"machine: a machine with no states: add them with State",
			`any state → a: unknown state "a" (the states: )`}},
		{"unreachable state", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("b", seen)
			b.State("b").Do("chase").To("a", unseen)
			b.State("c").Do("attack").To("a", unseen)
		}, []string{`c: unreachable from the initial state "a"`}},
		{"no way out", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("b", seen)
			b.State("b").Do("chase").To("b", unseen)
		}, []string{"b: no way out: give it a transition to another state, or mark it Final"}},
		{"a second state of one name", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").Final()
			b.State("a").Do("chase")
		}, []string{"a: a second state of this name"}},
		{"names", func(b *fsm.Builder[mem]) {
			b.State("").Do("patrol")
			b.State("x/y").Do("patrol")
			b.State("a").Do("fall").Final()
		}, []string{"state 1: a state needs a name", `state 2: name "x/y" contains '/', which separates path elements`}},
		{"guards", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("b", seen, nil).To("b", constraints.Chance[mem](1.5))
			b.State("b").Do("fall").Final()
		}, []string{"a → b: guard 2 is nil", "a → b: guard 1: Chance: probability 1.5 is not in [0, 1]"}},
		{"an unknown action", func(b *fsm.Builder[mem]) {
			b.State("a").Do("dance").Final()
		}, []string{`a: Do("dance"): the catalogue has no "dance" (it has "patrol", "chase", "attack", "flinch", "fall", "stumble")`}},
		{"two nodes", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").Do("chase").Final()
		}, []string{"a: a second node to run: a state runs one (a sequence of several is a node)"}},
		{"an empty node", func(b *fsm.Builder[mem]) {
			b.State("a").Run(bt.Def[mem]{}).Final()
		}, []string{"a: Run: an empty node: give it a subtree, a planner node or a machine"}},
		{"a transition from a final state", func(b *fsm.Builder[mem]) {
			b.State("a").Do("fall").Final().To("b", seen)
			b.State("b").Do("patrol").To("a", unseen)
		}, []string{"a → b: a transition from a final state: a final state ends the machine"}},
		{"the end of a state that runs nothing", func(b *fsm.Builder[mem]) {
			b.State("a").On(fsm.Succeeded, "b")
			b.State("b").Do("fall").Final()
		}, []string{"a → b: on succeeded, but the state runs nothing"}},
		{"an event with no inbox", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").On("hit", "b")
			b.State("b").Final()
		}, []string{`a → b: on trigger "hit", but the machine has no Inbox: give the builder one with Inbox`}},
		{"an empty event", func(b *fsm.Builder[mem]) {
			b.Inbox(inbox).State("a").Do("patrol").On("", "b")
			b.State("b").Final()
		}, []string{"a → b: On: an empty event"}},
		{"a second transition like one before", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("b", seen).To("b", seen)
			b.State("b").Final()
		}, []string{"a → b: a second transition like this one: remove it"}},
		{"a transition that always fires", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("b")
			b.State("b").Final()
		}, []string{"a → b: with neither a trigger nor a guard it leaves the state at once, before its node runs"}},
		{"a transition after one that always fires", func(b *fsm.Builder[mem]) {
			b.State("choose").To("b").To("c", seen)
			b.State("b").Do("fall").Final()
			b.State("c").Final()
		}, []string{"choose → c: never fires: choose → b before it always fires"}},
		{"from any state, always", func(b *fsm.Builder[mem]) {
			b.Any().To("b")
			b.State("a").Do("patrol")
			b.State("b").Final()
		}, []string{"any state → b: a transition from any state with neither a trigger nor a guard would leave every state at once"}},
		{"calls out of place", func(b *fsm.Builder[mem]) {
			b.To("a", seen)
			b.Final()
			b.Any().Do("patrol")
			b.State("a").Do("fall").Final()
		}, []string{"machine: To must follow State or Any", "machine: Final must follow State", "any state: Do must follow State, not Any"}},
		{"no states", func(b *fsm.Builder[mem]) {}, []string{"machine: a machine with no states: add them with State"}},
		{"states that run nothing", func(b *fsm.Builder[mem]) {
			b.State("a").To("b", seen)
			b.State("b").Final()
		}, []string{"machine: no state runs anything: give one a node with Do or Run"}},
		{"in an unknown state", func(b *fsm.Builder[mem]) {
			b.State("a").In("b").Do("patrol").To("a", seen)
		}, []string{`a: In("b"): unknown state (the states: "a")`,
			"a: no way out: give it a transition to another state, or mark it Final"}},
		{"in itself", func(b *fsm.Builder[mem]) {
			b.State("a").In("a").Do("fall").Final()
		}, []string{`a: In("a"): a state in itself`}},
		{"in a cycle", func(b *fsm.Builder[mem]) {
			b.State("a").In("b").To("c", seen)
			b.State("b").In("a")
			b.State("c").Do("fall").Final()
		}, []string{`a: In("b"): a cycle of states, each in the next`}},
		{"in two states", func(b *fsm.Builder[mem]) {
			b.State("a")
			b.State("b").In("a").Do("patrol").To("c", seen)
			b.State("c").In("a").In("b").Do("fall").Final()
		}, []string{`c: In("b"): a second state to be in: a state is in one, In("a")`}},
		{"In out of place", func(b *fsm.Builder[mem]) {
			b.Any().In("a")
			b.State("a").In("").Do("fall").Final()
		}, []string{"any state: In must follow State, not Any", "a: In: an empty name"}},
		{"a state with substates that runs a node, or is final", func(b *fsm.Builder[mem]) {
			b.State("a").Do("patrol").To("c", seen)
			b.State("b").In("a").Do("chase")
			b.State("c").Final()
			b.State("d").In("c").Do("fall").Final()
		}, []string{"a: a state with substates runs none of its own (its substates do): take its node into a substate, or run it in a state of its own",
			"c: a state with substates cannot be Final: mark a substate Final"}},
		{"substates that none leaves, or none reaches", func(b *fsm.Builder[mem]) {
			b.State("a").To("c", seen)
			b.State("b").In("a").Do("chase")
			b.State("e").In("a").Do("patrol").To("b", unseen)
			b.State("c").Do("fall").Final()
		}, []string{`e: unreachable from the initial state "a"`}},
		{"a state with substates that never leaves them", func(b *fsm.Builder[mem]) {
			b.State("a")
			b.State("b").In("a").Do("chase").To("c", seen)
			b.State("c").In("a").Do("patrol").To("c", unseen)
		}, []string{"c: no way out: give it a transition to another state, or mark it Final"}},
		{"hooks and guards on leaving, nil or out of place", func(b *fsm.Builder[mem]) {
			b.Transitioned(nil)
			b.Any().Entry(func(*mem, fsm.Change) error { return nil })
			b.State("a").Do("fall").Final().Entry(nil).Exit(nil).LeaveIf(nil).LeaveIf(constraints.Chance[mem](2))
		}, []string{"machine: Transitioned(nil): give it a hook", "any state: Entry must follow State, not Any",
			"a: Entry(nil): give it a hook", "a: Exit(nil): give it a hook", "a: LeaveIf: guard 1 is nil",
			"a: LeaveIf: guard 1: Chance: probability 2 is not in [0, 1]"}},
		{"internal transitions and ignored triggers misused", func(b *fsm.Builder[mem]) {
			hook := func(*mem, fsm.Change) error { return nil }
			b.Any().Ignore("hit").Internal("hit", hook)
			b.State("a").Do("patrol").Internal(fsm.Succeeded, hook).Ignore(fsm.Failed).Internal("noise", nil).
				Ignore("").Internal("bell", hook).To("b", seen)
			b.State("b").Do("fall").Final()
		}, []string{"any state: Ignore must follow State, not Any", "any state: Internal must follow State, not Any",
			`a (internal): Internal("succeeded"): the end of the state's node is there until the state is left: a transition must take it`,
			`a (ignore): Ignore("failed"): the end of the state's node is there until the state is left: a transition must take it`,
			`a: Internal("noise", nil): give it a hook (Ignore handles a trigger with none)`,
			"a (ignore): Ignore: an empty event",
			`a (internal): on trigger "bell", but the machine has no Inbox: give the builder one with Inbox`}},
		{"delays, enter conditions and parameters misused", func(b *fsm.Builder[mem]) {
			b.Delay(time.Second)
			b.Any().To("a", seen).Delay(time.Second)
			b.State("a").Do("patrol").EnterIf(nil).Params(nil).Utility(nil).Delay(time.Second).
				Utility(func(*mem) float64 { return 1 }).Utility(func(*mem) float64 { return 2 }).
				Internal("noise", func(*mem, fsm.Change) error { return nil }).Delay(time.Second).
				To("b", seen).Delay(0).To("b", near).Delay(time.Second).Delay(time.Second)
			b.Inbox(inbox)
			b.State("b").Do("fall").Final()
		}, []string{"machine: Delay must follow To or On, from a state", "a: EnterIf: guard 1 is nil",
			"a: Params(nil): give it a function that writes them", "a: Utility(nil): give it a function that scores the state",
			"a: a second Utility", "a (internal): Delay: a trigger handled in place takes no time",
			"a → b: Delay(0s): a delay is more than 0", "a → b: a second Delay"}},
		{"a trigger taken whatever else holds, then again", func(b *fsm.Builder[mem]) {
			hook := func(*mem, fsm.Change) error { return nil }
			b.Inbox(inbox)
			b.State("a").Do("patrol").Ignore("hit").Internal("hit", hook).On("hit", "b").
				On("noise", "c").On("noise", "b", seen).Internal("bell", hook, seen).Ignore("bell").
				On(fsm.Succeeded, "b").On(fsm.Succeeded, "c")
			b.State("b").Do("fall").Final()
			b.State("c").Do("fall").Final()
		}, []string{`a (internal): never fires: a (ignore) takes "hit" before it, whatever else holds`,
			`a → b: never fires: a (ignore) takes "hit" before it, whatever else holds`,
			`a → b: never fires: a → c takes "noise" before it, whatever else holds`,
			`a → c: never fires: a → b takes "succeeded" before it, whatever else holds`}},
		{"Inbox(nil)", func(b *fsm.Builder[mem]) {
			b.Inbox(nil).State("a").Do("fall").Final()
		}, []string{"machine: Inbox(nil): give it the way to the memory's Inbox"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := fsm.New(actions)
			tc.build(b)
			m, err := b.Build()
			if err == nil {
				t.Fatalf("built %v; want %q", stateNames(m), tc.want)
			}
			got := map[string]bool{}
			for _, e := range treetest.Errors(err) {
				var de *decide.Error
				if !errors.As(e, &de) || de.Path == "" {
					t.Errorf("%q is not a *decide.Error with a path", e)
				}
				got[e.Error()] = true
			}
			for _, w := range tc.want {
				if !got[w] {
					t.Errorf("missing %q in:\n%v", w, err)
				}
			}
			if len(got) != len(tc.want) {
				t.Errorf("%d errors, want %d:\n%v", len(got), len(tc.want), err)
			}
		})
	}
}

// A transition after one on the same trigger, or after one that always
// fires, may still fire where the one before it can be refused: its
// target's enter conditions, or the LeaveIf of a state it leaves. Build
// takes such machines.
func TestBuildTakesTransitionsAnEarlierOneMayLeave(t *testing.T) {
	hook := func(*mem, fsm.Change) error { return nil }
	for name, build := range map[string]func(b *fsm.Builder[mem]){
		"the target's enter condition": func(b *fsm.Builder[mem]) {
			b.State("guard").Do("patrol").On("hit", "attack").On("hit", "flee").On(fsm.Succeeded, "guard")
			b.State("attack").EnterIf(seen).Do("attack").On(fsm.Succeeded, "guard")
			b.State("flee").Do("flinch").On(fsm.Succeeded, "guard")
		},
		"a state above the target's enter condition": func(b *fsm.Builder[mem]) {
			b.State("guard").Do("patrol").On("hit", "strike").On("hit", "flee").On(fsm.Succeeded, "guard")
			b.State("fight").EnterIf(seen)
			b.State("strike").In("fight").Do("attack").On(fsm.Succeeded, "guard")
			b.State("flee").Do("flinch").On(fsm.Succeeded, "guard")
		},
		"the LeaveIf of the state left": func(b *fsm.Builder[mem]) {
			b.State("guard").Do("patrol").LeaveIf(seen).On("hit", "flee").Internal("hit", hook).On(fsm.Succeeded, "guard")
			b.State("flee").Do("flinch").On(fsm.Succeeded, "guard")
		},
		"the LeaveIf of a substate left": func(b *fsm.Builder[mem]) {
			b.State("fight").On("hit", "flee").Internal("hit", hook)
			b.State("swing").In("fight").Do("attack").LeaveIf(seen).On(fsm.Succeeded, "flee")
			b.State("flee").Do("flinch").On(fsm.Succeeded, "fight")
		},
		"from any state, the target's enter condition": func(b *fsm.Builder[mem]) {
			b.Any().On("hit", "attack").On("hit", "flee")
			b.State("guard").Do("patrol").On(fsm.Succeeded, "attack")
			b.State("attack").EnterIf(seen).Do("attack").On(fsm.Succeeded, "guard")
			b.State("flee").Do("flinch").On(fsm.Succeeded, "guard")
		},
	} {
		b := fsm.New(actions).Inbox(inbox)
		build(b)
		if _, err := b.Build(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Every misuse of one builder is reported at once.
func TestBuildReportsAllAtOnce(t *testing.T) {
	b := fsm.New(actions)
	b.State("a").Do("dance").To("nowhere", nil)
	b.State("a")
	b.State("b").Do("patrol")
	_, err := b.Build()
	for _, want := range []string{`a: Do("dance")`, "a → nowhere: guard 1 is nil", "a: a second state of this name",
		`a → nowhere: unknown state "nowhere"`, `b: unreachable from the initial state "a"`, "b: no way out"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
}

// The zero Builder is ready; a nil one and a nil catalogue are refused
// with a reason; Build may be called again after more calls.
func TestBuilderZeroNilAndAgain(t *testing.T) {
	var zero fsm.Builder[mem]
	n := bt.New[mem]()
	zero.State("idle").Run(n.Do("", actions.Do("patrol").Value.(bt.Action[mem]))).Final()
	if m, err := zero.Build(); err != nil || m.Nodes()[0].Detail != "fsm: 1 states, initial idle" {
		t.Errorf("zero Builder: %v, %v", m, err)
	}
	zero.State("patrol").Do("patrol")
	if _, err := zero.Build(); err == nil || !strings.Contains(err.Error(), "patrol: Do(\"patrol\"): no catalogue") {
		t.Errorf("Do without a catalogue: %v", err)
	}
	var nilb *fsm.Builder[mem]
	if _, err := nilb.State("a").Final().Build(); err == nil {
		t.Error("a nil Builder built")
	}
	if _, err := fsm.New[mem](nil).State("a").Final().Build(); err == nil || !strings.Contains(err.Error(), "nil catalogue") {
		t.Errorf("a nil catalogue: %v", err)
	}
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("chase", seen)
	if _, err := b.Build(); err == nil {
		t.Error("built with an unknown state")
	}
	b.State("chase").Do("chase").To("patrol", unseen)
	m, err := b.Build()
	if err != nil || len(stateNames(m)) != 2 {
		t.Errorf("again: %v, %v", stateNames(m), err)
	}
}

// A tree refuses a machine node with Replan or ReplanOn, a zero Machine,
// and reports a misuse inside a state's node at the node's path.
func TestTreeMisuse(t *testing.T) {
	n := bt.New[mem]()
	m := guardMachine(t)
	for _, tc := range []struct {
		root bt.Def[mem]
		want string
	}{
		{n.Plan("guard", m, bt.Replan(0)), "guard: fsm: a machine checks its transitions every tick"},
		{n.Plan("guard", m, bt.ReplanOn(func(*mem) bool { return true })), "guard: fsm: a machine checks its transitions every tick"},
		{n.Plan("guard", &fsm.Machine[mem]{}), "guard: a planner with no steps"},
	} {
		if _, err := bt.Build(bt.Config[mem]{}, tc.root); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v; want %q", err, tc.want)
		}
	}
	b := fsm.New(actions)
	b.State("fight").Run(n.Sequence("", actions.Do("patrol"), n.Sequence("empty"))).To("rest", hurt)
	b.State("rest").Do("flinch").On(fsm.Succeeded, "fight")
	broken, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	_, err = bt.Build(bt.Config[mem]{}, n.Plan("guard", broken))
	if err == nil || !strings.Contains(err.Error(), "guard/fight/empty: empty sequence") {
		t.Errorf("a broken node in a state: %v", err)
	}
}
