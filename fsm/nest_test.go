package fsm_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/google/go-cmp/cmp"
)

// A machine nested in a state is checked after the enclosing machine,
// which preempts it; leaving the state halts it deepest first (the inner
// state's node, then the inner machine). With History it comes back to
// the state it was interrupted in, and its node begins afresh; without,
// to its initial state.
func TestNestingAndHistory(t *testing.T) {
	n := bt.New[mem]()
	for _, history := range []bool{true, false} {
		inner := fsm.New(actions)
		if history {
			inner.History()
		}
		inner.State("patrol").Do("patrol").To("chase", seen)
		inner.State("chase").Do("chase").To("patrol", unseen)
		fight, err := inner.Build()
		if err != nil {
			t.Fatal(err)
		}
		outer := fsm.New(actions)
		outer.Any().To("rest", hurt)
		outer.State("alive").Run(n.Plan("", fight))
		outer.State("rest").Do("patrol").To("alive", constraints.Not(hurt))
		m, err := outer.Build()
		if err != nil {
			t.Fatal(err)
		}
		a, log := agentOf(t, n.Plan("guard", m))
		var w mem
		got := play(t, a, log, &w, nil, func(m *mem) { m.Seen = true }, func(m *mem) { m.Hurt = true },
			func(m *mem) { m.Hurt = false })
		back := "plan guard/alive chase: made (history: back to chase) [chase] | begin guard/alive/chase"
		if !history {
			back = "plan guard/alive patrol: made (initial state patrol) [patrol] | " + // and, in sight, at once:
				"plan guard/alive chase: replaced (patrol → chase: in sight) [chase] | begin guard/alive/chase"
		}
		want := []string{
			"begin guard | plan guard alive: made (initial state alive) [alive] | begin guard/alive | " +
				"plan guard/alive patrol: made (initial state patrol) [patrol] | begin guard/alive/patrol",
			"end guard/alive/patrol Running | plan guard/alive chase: replaced (patrol → chase: in sight) [chase] | begin guard/alive/chase",
			"end guard/alive/chase Running | end guard/alive Running | plan guard rest: replaced (any state → rest: hurt) [rest] | " +
				"begin guard/rest",
			"end guard/rest Running | plan guard alive: replaced (rest → alive: not hurt) [alive] | begin guard/alive | " + back,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("history %v (-want +got):\n%s", history, diff)
		}
	}
}

// An event fires one transition: the transition takes it out of the
// inbox. An event no transition takes stays; previews and predictions
// never touch the live inbox.
func TestEvents(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions).Inbox(inbox)
	b.State("patrol").Do("patrol").On("noise", "search")
	b.State("search").Do("chase").On("noise", "patrol", seen)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("guard", m))
	w := mem{}
	play(t, a, log, &w, nil)
	w.Inbox.Post("noise")
	w.Inbox.Post("noise")
	w.Inbox.Post("bark")
	before := w.Inbox
	if p, err := a.Preview(&w, 0); err != nil || leaf(p) != "guard/search" || w.Inbox != before || len(p.Plans) != 1 {
		t.Errorf("preview: %v, %v; inbox %v", p.Path, err, w.Inbox.String())
	}
	got := play(t, a, log, &w, nil)
	if want := "plan guard search: replaced (patrol → search: on noise) [search]"; !strings.Contains(got[0], want) {
		t.Errorf("%q; want %q", got[0], want)
	}
	if w.Inbox.String() != "[noise bark]" {
		t.Errorf("inbox after one transition: %v", w.Inbox.String())
	}
	if got = play(t, a, log, &w, nil); got[0] != "" {
		t.Errorf("search left without sight: %q", got[0])
	}
	got = play(t, a, log, &w, func(m *mem) { m.Seen = true })
	if want := "plan guard patrol: replaced (search → patrol: on noise and in sight) [patrol]"; !strings.Contains(got[0], want) {
		t.Errorf("%q; want %q", got[0], want)
	}
	if w.Inbox.String() != "[bark]" {
		t.Errorf("inbox after two: %v", w.Inbox.String())
	}
}

// The Inbox holds InboxSize events in the order posted, refuses what it
// cannot hold, and gives them up one at a time: a transition takes out
// the first of its event, keeping the order of the others. The zero
// Inbox is empty.
func TestInbox(t *testing.T) {
	var b fsm.Inbox
	if b.String() != "[]" {
		t.Errorf("the zero Inbox holds %v", b.String())
	}
	for _, e := range []fsm.Trigger{"", fsm.Succeeded, fsm.Failed} {
		if b.Post(e) {
			t.Errorf("posted %q", e)
		}
	}
	for i := range fsm.InboxSize {
		if !b.Post(fsm.Trigger(rune('a' + i))) {
			t.Fatalf("event %d refused", i)
		}
	}
	if b.Post("z") || b.String() != "[a b c d e f g h]" {
		t.Errorf("a full inbox took another: %v", b.String())
	}
	n := bt.New[mem]()
	mb := fsm.New(actions).Inbox(inbox)
	mb.State("patrol").Do("patrol").On("c", "search")
	mb.State("search").Do("chase").On("c", "patrol")
	m, err := mb.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("guard", m))
	w := mem{Inbox: b}
	got := play(t, a, log, &w, nil)
	if want := "plan guard search: replaced (patrol → search: on c) [search]"; !strings.Contains(got[0], want) ||
		w.Inbox.String() != "[a b d e f g h]" {
		t.Errorf("after taking c: %v; %q, want %q", w.Inbox.String(), got[0], want)
	}
	if got = play(t, a, log, &w, nil); strings.Contains(got[0], "plan") || w.Inbox.String() != "[a b d e f g h]" {
		t.Errorf("c taken twice: %v; %q", w.Inbox.String(), got[0])
	}
}

// A guard is told the situation of the target state's node as if about
// to begin it, so a cooldown among a transition's guards spaces the
// visits to the state.
func TestGuardSituation(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("attack", near, constraints.Cooldown[mem](250*time.Millisecond))
	b.State("attack").Do("attack").On(fsm.Succeeded, "patrol")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("guard", m))
	w := mem{Near: true}
	var entered []int
	for i := range 12 {
		for _, line := range play(t, a, log, &w, nil) {
			if strings.Contains(line, "patrol → attack") {
				entered = append(entered, i)
			}
		}
	}
	// attack takes two ticks (its blows), and cools down for 250ms after:
	// from the tick it ends, three ticks of 100ms go by before it is entered again
	if want := []int{0, 5, 10}; !cmp.Equal(entered, want) {
		t.Errorf("entered attack at ticks %v, want %v", entered, want)
	}
}

// Under a simulated selector a machine predicts its run: it settles as
// the tick would, predicts the state's node, and follows the transitions
// its end takes, each state once; the selector weighs the whole.
func TestSimulate(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("chase").Do("chase").On(fsm.Succeeded, "attack", near).To("idle", unseen)
	b.State("attack").Do("attack").On(fsm.Succeeded, "chase")
	b.State("idle").Do("patrol").To("chase", seen)
	hunt, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.Selector("guard", bt.Replan(0),
		n.Plan("hunt", hunt),
		actions.Do("chase"),
	))
	if err != nil {
		t.Fatal(err)
	}
	a, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	w := mem{Seen: true}
	p, err := a.Preview(&w, 0)
	if err != nil {
		t.Fatal(err)
	}
	// the machine predicts chase (which brings the guard near), then
	// attack, then stops where it would chase again: blows, Beneficial;
	// the lone chase is only Cosmetic
	if got := p.Decisions[0].String(); got != "guard → hunt (best outcome) [hunt: Beneficial (blows), chase: Cosmetic (closer)]" {
		t.Errorf("decision: %s", got)
	}
	w = mem{}
	if p, err = a.Preview(&w, 0); err != nil {
		t.Fatal(err)
	}
	// out of sight the machine goes idle at once: it walks, which no rule values
	if got := p.Decisions[0].String(); got != "guard → chase (best outcome) [hunt: Irrelevant (otherwise), chase: Cosmetic (closer)]" {
		t.Errorf("decision out of sight: %s", got)
	}
}
