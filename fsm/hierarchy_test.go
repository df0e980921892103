package fsm_test

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/google/go-cmp/cmp"
)

// hierarchical is the tests' guard with its fight in a state of its
// own: alive holds patrol and fight, which holds chase and attack; the
// hurt guard rests (from alive, whatever it does in it), a hit while it
// fights makes it flinch, and a dead one falls. Attack goes out to patrol
// across two levels when it loses sight; patrol goes into fight's attack
// when it finds the intruder near at once.
func hierarchical(t testing.TB, inner bool) *fsm.Machine[mem] {
	t.Helper()
	m, err := hierarchy(inner, nil, nil).Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// hierarchy describes the hierarchical guard; with a hook, each state
// calls it as the machine enters or leaves it, and the machine after
// each change; with hold, fight is not left unless it passes.
func hierarchy(inner bool, hook fsm.Hook[mem], hold bt.Constraint[mem]) *fsm.Builder[mem] {
	b := fsm.New(actions).Inbox(inbox)
	if inner {
		b.InnerFirst()
	}
	state := func(name string) *fsm.Builder[mem] {
		b.State(name)
		if hook != nil {
			b.Entry(hook).Exit(hook)
		}
		return b
	}
	if hook != nil {
		b.Transitioned(hook).Unhandled(hook)
	}
	b.Any().To("dead", dead)
	state("alive").To("rest", hurt)
	state("patrol").In("alive").Do("patrol").To("attack", seen, near).To("fight", seen)
	if hook != nil {
		b.Delay(200*time.Millisecond).
			Internal(noise.Trigger(), hook, fsm.Payload(noise, "loud", func(_ *mem, level uint8) bool { return level > 2 }))
	}
	state("fight").In("alive").On("hit", "flinch")
	if hook != nil {
		b.Utility(func(m *mem) float64 { return -float64(m.Hits) }) // never above patrol's 0: first on a tie
	}
	if hold != nil {
		b.LeaveIf(hold)
	}
	state("chase").In("fight").Do("chase").To("attack", near).To("patrol", unseen)
	if hook != nil {
		b.EnterIf(constraints.Not(hurt))
	}
	state("attack").In("fight").Do("attack").On(fsm.Succeeded, "chase").To("patrol", unseen)
	if hook != nil {
		b.Ignore("hit")
	}
	state("flinch").Do("flinch").On(fsm.Succeeded, "alive")
	state("rest").Do("patrol").To("alive", constraints.Not(hurt))
	if hook != nil {
		b.Params(func(m *mem) { m.Walked = 0 })
	}
	state("dead").Do("fall").Final()
	return b
}

// noise is a trigger that says how loud it was.
const noise fsm.Event[uint8] = "noise"

// countedHierarchy is the hierarchical guard whose every state counts
// the changes in Falls, which no guard reads (and the triggers no
// transition took, which it drops), whose fight is held mid-swing, whose
// patrol hears loud noises in place and goes to fight 200ms after it
// sees, whose chase the hurt do not enter, whose alive chooses between
// patrol and fight by utility, whose rest has a parameter,
// and whose attack ignores hits.
func countedHierarchy(t testing.TB) *fsm.Machine[mem] {
	t.Helper()
	m, err := hierarchy(false, func(m *mem, _ fsm.Change) error { m.Falls++; return nil },
		constraints.Func("between blows", func(m *mem) bool { return !m.Swing })).Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A machine with states in states stands in a state with no substates,
// and is in the states that hold it: a state's transitions leave any of
// its substates, entering a state with substates enters its first, and
// a transition may cross levels, leaving the states out to the one that
// holds its target too and entering those in to the target. Each report
// names the innermost state entered.
func TestStatesInStates(t *testing.T) {
	n := bt.New[mem]()
	a, log := agentOf(t, n.Plan("guard", hierarchical(t, false)))
	var w mem
	got := play(t, a, log, &w,
		nil,
		func(m *mem) { m.Seen = true },
		func(m *mem) { m.Near = true },
		func(m *mem) { m.Seen = false },
		func(m *mem) { m.Seen, m.Near = true, true },
		func(m *mem) { m.Inbox.Post("hit") },
		func(m *mem) { m.Hurt = true },
		func(m *mem) { m.Hurt = false },
	)
	want := []string{
		"begin guard | plan guard patrol: made (initial state alive) [patrol] | begin guard/patrol",
		// into fight, whose first substate is chase
		"end guard/patrol Running | plan guard chase: replaced (patrol → fight: in sight) [chase] | begin guard/chase",
		"end guard/chase Running | plan guard attack: replaced (chase → attack: near) [attack] | begin guard/attack",
		// out of fight, two levels, to patrol
		"end guard/attack Running | plan guard patrol: replaced (attack → patrol: out of sight) [patrol] | begin guard/patrol",
		// into fight's attack, from outside fight
		"end guard/patrol Running | plan guard attack: replaced (patrol → attack: in sight and near) [attack] | begin guard/attack",
		// fight's own transition, from its substate attack
		"end guard/attack Running | plan guard flinch: replaced (fight → flinch: on hit) [flinch] | begin guard/flinch | " +
			"end guard/flinch Success | plan guard patrol: replaced (flinch → alive: succeeded) [patrol] | " +
			"plan guard attack: replaced (patrol → attack: in sight and near) [attack] | begin guard/attack",
		// alive's, from two levels in
		"end guard/attack Running | plan guard rest: replaced (alive → rest: hurt) [rest] | begin guard/rest",
		"end guard/rest Running | plan guard patrol: replaced (rest → alive: not hurt) [patrol] | " +
			"plan guard attack: replaced (patrol → attack: in sight and near) [attack] | begin guard/attack",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Where transitions of several states the machine is in fire at once,
// the outermost wins, after those from any state; with InnerFirst, the
// innermost wins, and those from any state come last. A transition on
// its node's end of the innermost state comes before those of the states
// that hold it either way: they take the ends the substate leaves.
func TestPrecedence(t *testing.T) {
	n := bt.New[mem]()
	for _, tc := range []struct {
		inner bool
		want  string
	}{
		{false, "plan guard rest: replaced (alive → rest: hurt) [rest]"},
		{true, "plan guard patrol: replaced (attack → patrol: out of sight) [patrol]"},
	} {
		a, log := agentOf(t, n.Plan("guard", hierarchical(t, tc.inner)))
		w := mem{Seen: true, Near: true}
		play(t, a, log, &w, nil) // attack
		got := play(t, a, log, &w, func(m *mem) { m.Seen, m.Hurt = false, true })
		if want := "end guard/attack Running | " + tc.want; got[0][:min(len(got[0]), len(want))] != want {
			t.Errorf("inner first %v: %q, want it to begin %q", tc.inner, got[0], want)
		}
	}
	for _, inner := range []bool{false, true} {
		b := fsm.New(actions)
		if inner {
			b.InnerFirst()
		}
		b.Any().To("fall", dead)
		b.State("fight").On(fsm.Succeeded, "done").To("fall", hurt)
		b.State("strike").In("fight").Do("flinch").On(fsm.Succeeded, "again", seen).To("done", hurt)
		b.State("again").In("fight").Do("flinch")
		b.State("done").Final()
		b.State("fall").Do("fall").Final()
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		a, log := agentOf(t, n.Plan("m", m))
		got := play(t, a, log, &mem{Seen: true}, nil)
		want := "begin m | plan m strike: made (initial state fight) [strike] | begin m/strike | end m/strike Success | " +
			"plan m again: replaced (strike → again: succeeded and in sight) [again] | begin m/again | end m/again Success | " +
			"plan m done: replaced (fight → done: succeeded) [] | end m Success"
		if got[0] != want {
			t.Errorf("inner first %v, ends:\n%s\nwant\n%s", inner, got[0], want)
		}
		a, log = agentOf(t, n.Plan("m", m))
		got = play(t, a, log, &mem{Seen: true, Hurt: true, Dead: true}, nil)
		want = "begin m | plan m strike: made (initial state fight) [strike] | plan m fall: replaced (any state → fall: dead) [fall] | begin m/fall"
		if inner {
			want = "begin m | plan m strike: made (initial state fight) [strike] | plan m done: replaced (strike → done: hurt) [] | end m Success"
		}
		if got[0] != want {
			t.Errorf("inner first %v, hurt and dead:\n%s\nwant\n%s", inner, got[0], want)
		}
	}
}

// A save names the innermost state the machine stands in, and restores
// into an agent that goes on from there; one that names a state holding
// others (which the machine never stands in) is refused, with why.
func TestSavedInStatesInStates(t *testing.T) {
	tree, err := bt.Build(bt.Config[mem]{}, bt.New[mem]().Plan("guard", hierarchical(t, false)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	w := mem{Seen: true, Near: true}
	for range 2 {
		if _, err := a.Tick(&w, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	save, err := a.MarshalJSON()
	if err != nil || !bytes.Contains(save, []byte(`"state":{"state":"attack",`)) {
		t.Fatalf("%s, %v", save, err)
	}
	b, _ := tree.NewAgent(1)
	if err := b.UnmarshalJSON(save); err != nil {
		t.Fatal(err)
	}
	w2 := w
	for range 5 {
		w.Seen, w2.Seen = !w.Seen, !w2.Seen
		sa, _ := a.Tick(&w, 100*time.Millisecond)
		sb, _ := b.Tick(&w2, 100*time.Millisecond)
		if sa != sb || w != w2 {
			t.Fatalf("the restored agent parts from the saved: %v %+v, %v %+v", sa, w, sb, w2)
		}
	}
	bad := reseal(t, save, `"state":{"state":"attack",`, `"state":{"state":"fight",`)
	dropped, err := b.Restore(bad)
	if err != nil || len(dropped) == 0 || !strings.Contains(dropped[0], `the state "fight" holds others: the machine stands in one of them`) {
		t.Errorf("restored a save in fight: %q, %v", dropped, err)
	}
}

// reseal puts new in place of old in a save of the JSON form, and seals
// it again with its checksum.
func reseal(t *testing.T, save []byte, old, new string) []byte {
	t.Helper()
	const tail = len(`,"checksum":"00000000"}`)
	if !bytes.Contains(save, []byte(old)) {
		t.Fatalf("the save does not hold %s:\n%s", old, save)
	}
	body := bytes.Replace(save[:len(save)-tail], []byte(old), []byte(new), 1)
	return fmt.Appendf(body, `,"checksum":"%08x"}`, crc32.ChecksumIEEE(body))
}
