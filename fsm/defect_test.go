package fsm_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
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
