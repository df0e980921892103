package fsm_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/google/go-cmp/cmp"
)

// always and never are guards that always pass, and never do.
var (
	always = constraints.Func("always", func(*mem) bool { return true })
	never  = constraints.Func("never", func(*mem) bool { return false })
)

// A transition into a state entered already in the tick waits for the
// next tick, and meanwhile the state the machine rests in runs its node:
// it was entered, so it begins. The smallest case re-enters itself every
// tick; the ordinary one takes two hits in one frame (idle → flinch, and
// flinch → flinch waiting), and one resumed by history with an event
// queued. It once reported the state entered and left its node unbegun,
// so that it ended, next tick, what never began.
func TestReentryWaitsAndRunsTheState(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("a").Do("patrol").To("a", always).To("b", never)
	b.State("b").Do("chase").To("a", always)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("m", m))
	var w mem
	got := play(t, a, log, &w, nil, nil, nil)
	want := []string{
		"begin m | plan m a: made (initial state a) [a] | begin m/a",
		"end m/a Running | plan m a: replaced (a → a: always) [a] | begin m/a",
		"end m/a Running | plan m a: replaced (a → a: always) [a] | begin m/a",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("a state that re-enters itself (-want +got):\n%s", diff)
	}

	b = fsm.New(actions).Inbox(inbox)
	b.State("idle").Do("patrol").On("hit", "flinch")
	b.State("flinch").Do("chase").On("hit", "flinch").To("idle", unseen)
	if m, err = b.Build(); err != nil {
		t.Fatal(err)
	}
	a, log = agentOf(t, n.Plan("guard", m))
	w = mem{Seen: true}
	play(t, a, log, &w, nil)
	w.Inbox.Post("hit")
	w.Inbox.Post("hit")
	got = play(t, a, log, &w, nil, nil)
	want = []string{
		"end guard/idle Running | plan guard flinch: replaced (idle → flinch: on hit) [flinch] | begin guard/flinch",
		"end guard/flinch Running | plan guard flinch: replaced (flinch → flinch: on hit) [flinch] | begin guard/flinch",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("two hits in one frame (-want +got):\n%s", diff)
	}
}

// A cooldown among the guards of a transition into a state that runs
// nothing spaces the visits to that state, as it does for a state that
// runs a node: it counts from when the machine last left the state. It
// once read the machine's own timing, which never ends while the machine
// runs, and let a state of 1s cooldown be visited every other tick.
func TestCooldownIntoAStateThatRunsNothing(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("look", constraints.Cooldown[mem](time.Second))
	b.State("look").To("patrol", always)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("guard", m))
	var w mem
	visits := 0
	for range 10 { // a second, in ticks of 100ms
		for _, line := range play(t, a, log, &w, nil) {
			visits += strings.Count(line, "patrol → look")
		}
	}
	if visits != 1 {
		t.Errorf("%d visits to look in a second of 1s cooldown, want 1", visits)
	}
}

// A state's description says what it runs in words: "runs an action",
// never "runs a action".
func TestNodesSayAnAction(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("walk").Run(n.Do("", bt.Lasting(func(*mem, time.Duration) bt.Status { return bt.Running }, nil))).To("wait", seen)
	b.State("wait").Run(n.Sequence("", actions.Do("patrol"))).To("walk", unseen)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, info := range m.Nodes() {
		if info.Kind == "state" {
			got = append(got, info.Detail)
		}
	}
	want := []string{"state, initial: runs an action", "state: runs a sequence"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// When the machine last left a state that runs nothing is saved with the
// agent, by the state's name: an agent restored from a save goes on
// spacing the visits as the agent saved would have, in either form, and
// a save restored into a machine whose state now runs a node (which
// keeps its own last run) passes the time over.
func TestCooldownIntoAStateThatRunsNothingIsSaved(t *testing.T) {
	build := func(lookRuns bool) *bt.Tree[mem] {
		t.Helper()
		b := fsm.New(actions)
		b.State("patrol").Do("patrol").To("look", constraints.Cooldown[mem](time.Second))
		b.State("look").To("patrol", always)
		if lookRuns {
			b.Do("flinch")
		}
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[mem]{}, bt.New[mem]().Plan("guard", m))
		if err != nil {
			t.Fatal(err)
		}
		return tree
	}
	visits := func(a *bt.Agent[mem], ticks int) []int {
		var at []int
		var log []contract.Event
		a.SetTracer(bt.TracerFunc(func(e *bt.Event) { log = append(log, contract.From(e)) }))
		var w mem
		for i := range ticks {
			for _, line := range play(t, a, &log, &w, nil) {
				if strings.Contains(line, "patrol → look") {
					at = append(at, i)
				}
			}
		}
		return at
	}
	tree := build(false)
	a, _ := tree.NewAgent(1)
	visits(a, 3) // look visited at once, and left in the next tick, at 200ms
	wantJSON := `"state":{"state":"patrol","ended":"","history":"","set":"","delayed":"","due":0,"idle":"/look","left look":200000000}`
	save, err := a.MarshalJSON()
	if err != nil || !strings.Contains(string(save), wantJSON) {
		t.Fatalf("the save: %s, %v; want %s", save, err, wantJSON)
	}
	binarySave, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	want := visits(a, 25)
	for _, restore := range []func(*bt.Agent[mem]) error{
		func(b *bt.Agent[mem]) error { return b.UnmarshalJSON(save) },
		func(b *bt.Agent[mem]) error { return b.UnmarshalBinary(binarySave) },
	} {
		b, _ := tree.NewAgent(2)
		if err := restore(b); err != nil {
			t.Fatal(err)
		}
		if got := visits(b, 25); !cmp.Equal(got, want) {
			t.Errorf("restored, visits look at ticks %v; the agent saved did at %v", got, want)
		}
	}
	edited, _ := build(true).NewAgent(1)
	if dropped, err := edited.Restore(save); err != nil || len(dropped) != 0 {
		t.Errorf("restored into a machine whose look runs a node: dropped %q, %v", dropped, err)
	}
}
