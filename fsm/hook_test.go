package fsm_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/google/go-cmp/cmp"
)

// hooked is the hierarchical guard with a hook on every state's entry
// and exit, and one after every change, each noting in calls what it was
// told, as "exit patrol: patrol → chase on hit".
func hooked(t testing.TB, calls *[]string) *fsm.Machine[mem] {
	t.Helper()
	note := func(what string) fsm.Hook[mem] {
		return func(_ *mem, c fsm.Change) error {
			line := fmt.Sprintf("%s: %s → %s", what, c.From, c.To)
			if c.Trigger != "" {
				line += " on " + string(c.Trigger)
			}
			*calls = append(*calls, line)
			return nil
		}
	}
	b := fsm.New(actions).Inbox(inbox).Transitioned(note("transitioned"))
	state := func(name string) *fsm.Builder[mem] {
		return b.State(name).Entry(note("enter " + name)).Exit(note("exit " + name))
	}
	b.Any().To("dead", dead)
	state("alive").To("rest", hurt)
	state("patrol").In("alive").Do("patrol").To("attack", seen, near).To("fight", seen)
	state("fight").In("alive").On("hit", "flinch")
	state("chase").In("fight").Do("chase").To("attack", near).To("patrol", unseen)
	state("attack").In("fight").Do("attack").On(fsm.Succeeded, "chase").To("patrol", unseen)
	state("flinch").Do("flinch").On(fsm.Succeeded, "alive")
	state("rest").Do("patrol").To("alive", constraints.Not(hurt))
	state("dead").Do("fall").Final()
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A machine calls its states' entry and exit hooks and its Transitioned
// as it changes state, live, each told the change (the state it stood
// in and the one it will, and the trigger): it leaves the states it
// leaves innermost first, once their node is halted, enters the states
// it enters outermost first, then calls Transitioned; as it begins, it
// enters from nothing; as it ends or is halted, it leaves every state
// for nothing. A preview and a prediction call none.
func TestHooks(t *testing.T) {
	var calls []string
	n := bt.New[mem]()
	machine := hooked(t, &calls)
	a, log := agentOf(t, n.Plan("guard", machine))
	var w mem
	var got [][]string
	for _, sense := range []sense{
		nil,
		func(m *mem) { m.Seen = true },
		func(m *mem) { m.Near = true },
		func(m *mem) { m.Inbox.Post("hit") },
		func(m *mem) { m.Seen = false },
		func(m *mem) { m.Dead = true },
	} {
		calls = nil
		if _, err := a.Preview(&w, 100*time.Millisecond); err != nil || len(calls) > 0 {
			t.Fatalf("a preview: %v, calls %q", err, calls)
		}
		play(t, a, log, &w, sense)
		got = append(got, calls)
	}
	calls = nil
	if err := a.Halt(&w); err != nil {
		t.Fatal(err)
	}
	got = append(got, calls)
	want := [][]string{
		{"enter alive:  → patrol", "enter patrol:  → patrol", "transitioned:  → patrol"},
		{"exit patrol: patrol → chase", "enter fight: patrol → chase", "enter chase: patrol → chase", "transitioned: patrol → chase"},
		{"exit chase: chase → attack", "enter attack: chase → attack", "transitioned: chase → attack"},
		{"exit attack: attack → flinch on hit", "exit fight: attack → flinch on hit", "exit alive: attack → flinch on hit",
			"enter flinch: attack → flinch on hit", "transitioned: attack → flinch on hit",
			"exit flinch: flinch → patrol on succeeded", "enter alive: flinch → patrol on succeeded",
			"enter patrol: flinch → patrol on succeeded", "transitioned: flinch → patrol on succeeded",
			// and, the intruder in sight and near, at once into fight's attack
			"exit patrol: patrol → attack", "enter fight: patrol → attack", "enter attack: patrol → attack", "transitioned: patrol → attack"},
		{"exit attack: attack → patrol", "exit fight: attack → patrol", "enter patrol: attack → patrol", "transitioned: attack → patrol"},
		{"exit patrol: patrol → dead", "exit alive: patrol → dead", "enter dead: patrol → dead", "transitioned: patrol → dead"},
		{"exit dead: dead → "},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	// Under a selector that predicts the machine every tick, only the
	// live run calls hooks.
	calls = nil
	a, log = agentOf(t, n.Selector("pick", bt.Replan(0), n.Plan("guard", machine), actions.Do("stumble")))
	play(t, a, log, &mem{Seen: true}, nil)
	if want := []string{"enter alive:  → patrol", "enter patrol:  → patrol", "transitioned:  → patrol",
		"exit patrol: patrol → chase", "enter fight: patrol → chase", "enter chase: patrol → chase", "transitioned: patrol → chase",
	}; !cmp.Equal(calls, want) {
		t.Errorf("under a selector, the hooks called: %q, want %q", calls, want)
	}
}

// A hook's error does not stop the machine: the change is made, and the
// tick returns the error as a *decide.Error at the machine's path, which
// it traces as a fault.
func TestHookErrors(t *testing.T) {
	broken := func(what string) fsm.Hook[mem] {
		return func(*mem, fsm.Change) error { return errors.New(what + " is broken") }
	}
	b := fsm.New(actions).Transitioned(broken("the radio"))
	b.State("patrol").Do("patrol").To("chase", seen).Exit(broken("the lamp"))
	b.State("chase").Do("chase").To("patrol", unseen).Entry(broken("the horn"))
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, bt.New[mem]().Plan("guard", m))
	w := mem{}
	if _, err := a.Tick(&w, 0); err == nil || err.Error() != "guard: Transitioned,  → patrol: the radio is broken" {
		t.Errorf("the first tick: %v", err)
	}
	w.Seen = true
	*log = (*log)[:0]
	s, err := a.Tick(&w, 0)
	var de *decide.Error
	if s != bt.Running || !errors.As(err, &de) || de.Path != "guard" {
		t.Fatalf("the tick: %v, %v", s, err)
	}
	for _, want := range []string{"guard: leaving patrol: the lamp is broken", "guard: entering chase: the horn is broken",
		"guard: Transitioned, patrol → chase: the radio is broken"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v\nwant %q in it", err, want)
		}
	}
	trace := contract.Lines(*log)
	for _, want := range []string{"fault guard leaving patrol: the lamp is broken", "begin guard/chase"} {
		if !strings.Contains(trace, want) {
			t.Errorf("the trace:\n%s\nwant %q in it", trace, want)
		}
	}
}

// A state's LeaveIf guards veto every transition that would leave it:
// its own, those of the states that hold it and from any state; the
// transition is reported among those that did not fire, and the next
// checked may fire. Transitions within the state it holds are not
// vetoed, nor the machine's halt. The preview foresees the veto.
func TestLeaveIf(t *testing.T) {
	betweenBlows := constraints.Func("between blows", func(m *mem) bool { return !m.Swing })
	b := fsm.New(actions)
	b.Any().To("dead", dead)
	b.State("fight").LeaveIf(betweenBlows).To("patrol", unseen).To("rest", hurt)
	b.State("attack").In("fight").Do("attack").To("guard", near)
	b.State("guard").In("fight").Do("patrol").To("attack", far)
	b.State("patrol").Do("patrol").To("fight", seen)
	b.State("rest").Do("patrol").To("patrol", constraints.Not(hurt))
	b.State("dead").Do("fall").Final()
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, bt.New[mem]().Plan("m", m))
	var reps reports
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		*log = append(*log, contract.From(e))
		reps.Trace(e)
	}))
	w := mem{Seen: true}
	play(t, a, log, &w, nil) // fight's attack
	w = mem{Swing: true, Hurt: true, Dead: true, Near: true}
	p, err := a.Preview(&w, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	reps = nil
	got := play(t, a, log, &w, nil)
	// mid-swing: neither dead, patrol nor rest, but guard, within fight
	if want := "end m/attack Running | plan m guard: replaced (attack → guard: near) [guard] | begin m/guard"; got[0] != want {
		t.Errorf("mid-swing: %q, want %q", got[0], want)
	}
	wantRejected := []decide.Rejection{
		{Name: "any state → dead", Reason: "not between blows"},
		{Name: "fight → patrol", Reason: "not between blows"},
		{Name: "fight → rest", Reason: "not between blows"},
	}
	if len(reps) != 1 || !cmp.Equal(reps[0].Rejected, wantRejected) {
		t.Errorf("reports %+v; want the transitions out of fight refused: %v", reps, wantRejected)
	}
	if len(p.Plans) != 1 || p.Plans[0].Reason != "attack → guard: near" || leaf(p) != "m/guard" {
		t.Errorf("the preview: %v, %v", p.Plans, p.Path)
	}
	got = play(t, a, log, &w, func(m *mem) { m.Swing = false })
	if want := "end m/guard Running | plan m dead: replaced (any state → dead: dead) [dead] | begin m/dead"; got[0] != want {
		t.Errorf("between blows: %q, want %q", got[0], want)
	}
	w = mem{Seen: true}
	a, log = agentOf(t, bt.New[mem]().Plan("m", m))
	play(t, a, log, &w, nil)
	w.Swing = true
	if err := a.Halt(&w); err != nil {
		t.Fatal(err)
	}
	if got := contract.Lines(*log); !strings.HasSuffix(got, "end m/attack Running\nend m Running") {
		t.Errorf("halted mid-swing:\n%s", got)
	}
}
