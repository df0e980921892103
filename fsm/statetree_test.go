package fsm_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/google/go-cmp/cmp"
)

// armed is an enter condition: a guard that has struck fewer than four
// blows may attack.
var armed = constraints.Func("armed", func(m *mem) bool { return m.Hits < 4 })

// selective is a machine whose states have enter conditions: rest for
// the hurt, and fight, which holds attack, for the armed, and chase, for
// a guard that sees.
func selective(t testing.TB) *fsm.Machine[mem] {
	t.Helper()
	b := fsm.New(actions)
	b.State("rest").EnterIf(hurt).Do("patrol").To("fight", constraints.Not(hurt))
	b.State("fight").To("rest", hurt)
	b.State("attack").In("fight").EnterIf(armed).Do("attack").To("chase", far)
	b.State("chase").In("fight").EnterIf(seen).Do("chase").To("attack", near)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The machine begins in the first top-level state it may enter, and in
// the first substate of it it may, and so on down; it fails, reporting
// why, where it may enter none. A preview foresees it.
func TestEnterIfBegins(t *testing.T) {
	n := bt.New[mem]()
	for _, tc := range []struct {
		name string
		w    mem
		want string
	}{
		{"hurt", mem{Hurt: true}, "begin guard | plan guard rest: made (initial state rest) [rest] | begin guard/rest"},
		{"armed", mem{}, "begin guard | plan guard attack: made (initial state fight) [attack] | begin guard/attack"},
		{"unarmed, in sight", mem{Hits: 4, Seen: true}, "begin guard | plan guard chase: made (initial state fight) [chase] | begin guard/chase"},
		{"unarmed, out of sight", mem{Hits: 4}, "begin guard | plan guard : none (not hurt) [] | end guard Failure"},
	} {
		a, log := agentOf(t, n.Plan("guard", selective(t)))
		w := tc.w
		p, err := a.Preview(&w, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := play(t, a, log, &w, nil)
		if got[0] != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got[0], tc.want)
		}
		if len(p.Plans) != 1 || p.Plans[0].Change == decide.None && len(p.Path) != 1 {
			t.Errorf("%s: the preview %+v, %v", tc.name, p.Plans, p.Path)
		}
	}
}

// A transition into a state whose enter conditions fail, or into a
// state that holds others none of which it may enter, does not fire, and
// says why; once they pass, it fires.
func TestEnterIfRefuses(t *testing.T) {
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Plan("guard", selective(t)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var reps reports
	a.SetTracer(&reps)
	w := mem{Hits: 4, Seen: true}
	a.Tick(&w, 0) // chase
	w.Near = true
	a.Tick(&w, 0) // chase → attack: not armed
	w.Hits = 0
	reps = nil
	a.Tick(&w, 0)
	if len(reps) != 1 || reps[0].Reason != "chase → attack: near" {
		t.Fatalf("armed: %v", reps)
	}

	a, _ = tree.NewAgent(1)
	reps = nil
	a.SetTracer(&reps)
	w = mem{Hurt: true, Hits: 4}
	a.Tick(&w, 0) // rest
	w.Hurt = false
	a.Tick(&w, 0) // rest → fight: none of its substates
	w.Seen = true
	a.Tick(&w, 0)
	want := []string{"initial state rest", "rest → fight: not hurt"}
	var got []string
	for _, r := range reps {
		got = append(got, r.Reason)
	}
	if !cmp.Equal(got, want) || len(reps) != 2 || reps[1].Goal != "chase" {
		t.Errorf("reports %q, %v; want %q into chase", got, reps, want)
	}

	// the reason, as the report of the transition that fired says it
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("attack", near).To("chase", near)
	b.State("attack").EnterIf(armed).Do("attack").To("patrol", far)
	b.State("chase").Do("chase").To("patrol", far)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, _ = agentOf(t, n.Plan("guard", m))
	reps = nil
	a.SetTracer(&reps)
	w = mem{Hits: 4}
	a.Tick(&w, 0)
	w.Near = true
	a.Tick(&w, 0)
	if len(reps) != 2 || reps[1].Reason != "patrol → chase: near" ||
		!cmp.Equal(reps[1].Rejected, []decide.Rejection{{Name: "patrol → attack", Reason: "not armed"}}) {
		t.Errorf("reports %+v", reps)
	}
}

// A delayed transition that fires is taken when its delay has passed, if
// the machine has not left its state by then: the state's node runs on
// meanwhile, the trigger it waited for is taken as it fired, the
// transitions after it are checked as ever (and say it waits), and a
// preview foresees when it is taken. Left before, it is dropped. A save
// keeps it waiting, and when it is due.
func TestDelay(t *testing.T) {
	b := fsm.New(actions).Inbox(inbox)
	b.State("patrol").Do("patrol").To("chase", seen).Delay(300*time.Millisecond).On("hit", "flinch")
	b.State("chase").Do("chase").To("patrol", unseen)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Plan("guard", m))
	if err != nil {
		t.Fatal(err)
	}
	at := func(a *bt.Agent[mem], w *mem, ticks int) []string {
		var got []string
		a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind == bt.EventPlan {
				got = append(got, e.Time.String()+" "+e.Plan.Reason)
			}
		}))
		for range ticks {
			p, err := a.Preview(w, 100*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			before := len(got)
			a.Tick(w, 100*time.Millisecond)
			// the preview foresees the reports until the tick acts: here, the
			// first, if any
			if len(p.Plans) != min(1, len(got)-before) || len(p.Plans) == 1 && !strings.HasSuffix(got[before], " "+p.Plans[0].Reason) {
				t.Errorf("the preview foresaw %+v, the tick made %q", p.Plans, got[before:])
			}
		}
		return got
	}
	a, _ := tree.NewAgent(1)
	w := mem{}
	at(a, &w, 1)
	w.Seen = true
	got := at(a, &w, 5) // sighted at 200ms: chase at 500ms
	want := []string{"500ms patrol → chase: in sight after 300ms"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if w.Walked < 3 {
		t.Errorf("the patrol walked %d times meanwhile", w.Walked)
	}

	// a hit while the chase waits: the patrol is left, and the chase dropped
	a, _ = tree.NewAgent(1)
	w = mem{}
	at(a, &w, 1)
	w.Seen = true
	at(a, &w, 1)
	w.Inbox.Post("hit")
	w.Seen = false
	got = at(a, &w, 5)
	want = []string{"300ms patrol → flinch: on hit", "300ms flinch → patrol: succeeded"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("left before it was due (-want +got):\n%s", diff)
	}

	// saved while it waits, restored, it is taken when it was due
	a, _ = tree.NewAgent(1)
	w = mem{Seen: true}
	at(a, &w, 2)
	save, err := a.MarshalJSON()
	if err != nil || !strings.Contains(string(save), `"delayed":"patrol → chase: in sight after 300ms","due":400000000`) {
		t.Fatalf("the save: %s, %v", save, err)
	}
	wantRun := at(a, &w, 4)
	for _, binary := range []bool{false, true} {
		b, _ := tree.NewAgent(2)
		data := save
		if binary {
			a2, _ := tree.NewAgent(1)
			a2.UnmarshalJSON(save)
			if data, err = a2.MarshalBinary(); err != nil {
				t.Fatal(err)
			}
			err = b.UnmarshalBinary(data)
		} else {
			err = b.UnmarshalJSON(data)
		}
		if err != nil {
			t.Fatal(err)
		}
		w2 := mem{Seen: true}
		if got := at(b, &w2, 4); !cmp.Equal(got, wantRun) {
			t.Errorf("restored (binary %v): %q, want %q", binary, got, wantRun)
		}
	}
}

// A delayed transition on a node's end keeps the machine in the state
// whose node ended, till it is due: the machine does not end.
func TestDelayOnTheEnd(t *testing.T) {
	b := fsm.New(actions)
	b.State("strike").Do("flinch").On(fsm.Succeeded, "rest").Delay(200 * time.Millisecond)
	b.State("rest").Do("patrol").To("strike", seen)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, bt.New[mem]().Plan("guard", m))
	got := play(t, a, log, &mem{}, nil, nil, nil)
	want := []string{
		"begin guard | plan guard strike: made (initial state strike) [strike] | begin guard/strike | end guard/strike Success",
		"",
		"plan guard rest: replaced (strike → rest: succeeded after 200ms) [rest] | begin guard/rest",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Parameters: one action, run by two states, works to each state's: the
// parameters are written as the state is entered, live, and in the
// preview's and the prediction's copies alike.
func TestParams(t *testing.T) {
	b := fsm.New(actions)
	b.State("near post").Do("patrol").Params(func(m *mem) { m.Near = true }).To("far post", seen)
	b.State("far post").Do("patrol").Params(func(m *mem) { m.Near = false }).To("near post", unseen)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	a, log := agentOf(t, n.Plan("guard", m))
	w := mem{}
	play(t, a, log, &w, nil)
	if !w.Near {
		t.Error("the near post's parameters not written")
	}
	w.Seen = true
	p, err := a.Preview(&w, 0)
	if err != nil || !w.Near || leaf(p) != "guard/far post" {
		t.Errorf("the preview: %v, %v; near %v (it must write only its copy)", p.Path, err, w.Near)
	}
	play(t, a, log, &w, nil)
	if w.Near {
		t.Error("the far post's parameters not written")
	}
}

// A substate with no enter conditions of its own is not always entered:
// where each of its substates has conditions that fail, the machine
// enters the next. Build counts such a next substate among the states a
// run can reach, and the machine enters it.
func TestEnterIfPassesOverAStateItCannotEnter(t *testing.T) {
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("fight", seen)
	b.State("fight").To("patrol", unseen)
	b.State("close").In("fight")
	b.State("attack").In("close").EnterIf(near).Do("attack")
	b.State("chase").In("fight").Do("chase")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, bt.New[mem]().Plan("guard", m))
	w := mem{}
	play(t, a, log, &w, nil)
	w.Seen = true
	got := play(t, a, log, &w, nil)
	want := []string{"end guard/patrol Running | plan guard chase: replaced (patrol → fight: in sight) [chase] | begin guard/chase"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Utility: entering fight enters, of its substates it may enter, the one
// that scores highest, the first declared on a tie, a NaN lowest; where
// the best holds none it may enter, the next best; top-level states are
// chosen so as the machine begins. Every substate is reachable. A
// preview foresees the choice.
func TestUtility(t *testing.T) {
	score := func(f func(m *mem) float64) func(m *mem) float64 { return f }
	b := fsm.New(actions)
	b.State("rest").Do("patrol").Utility(score(func(m *mem) float64 { return float64(m.Falls) })).To("fight", seen)
	b.State("fight").Utility(score(func(m *mem) float64 { return 1 })).To("rest", unseen)
	b.State("attack").In("fight").EnterIf(armed).Do("attack").
		Utility(score(func(m *mem) float64 { return float64(m.Hits) }))
	b.State("chase").In("fight").Do("chase").Utility(score(func(m *mem) float64 {
		if m.Near {
			return math.NaN()
		}
		return float64(m.Walked)
	}))
	b.State("close").In("fight").Utility(score(func(m *mem) float64 { return float64(m.Flinched) }))
	b.State("strike").In("close").EnterIf(near).Do("attack")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	for _, tc := range []struct {
		name string
		w    mem
		want string // the state the machine begins in
	}{
		{"attack scores highest", mem{Seen: true, Hits: 3, Walked: 2}, "attack"},
		{"chase scores highest", mem{Seen: true, Hits: 2, Walked: 3}, "chase"},
		{"a tie: the first declared", mem{Seen: true, Hits: 2, Walked: 2}, "attack"},
		{"the best may not be entered", mem{Seen: true, Hits: 5, Walked: 3}, "chase"},
		{"a NaN scores lowest", mem{Seen: true, Near: true, Hits: 5, Walked: 3, Flinched: -1}, "strike"},
		{"the best holds none to enter", mem{Seen: true, Hits: 5, Walked: 3, Flinched: 9}, "chase"},
		{"rest scores highest", mem{Falls: 2, Hits: 3}, "rest"},
	} {
		a, _ := agentOf(t, n.Plan("guard", m))
		w := tc.w
		p, err := a.Preview(&w, 0)
		if err != nil {
			t.Fatal(err)
		}
		var reps reports
		a.SetTracer(&reps)
		a.Tick(&w, 0)
		if len(reps) != 1 || reps[0].Goal != tc.want || leaf(p) != "guard/"+tc.want {
			t.Errorf("%s: entered %+v, foreseen %s; want %s", tc.name, reps, leaf(p), tc.want)
		}
	}
}

// A delayed transition that is due takes its place in the order the
// transitions are checked: a reaction from any state that fires in the
// same tick wins, and the delayed transition, whose state is left, is
// dropped (it was taken before every other, entering its target, and
// the reaction left that in the same tick).
func TestDelayDueKeepsItsPlace(t *testing.T) {
	b := fsm.New(actions)
	b.Any().To("dead", dead)
	b.State("patrol").Do("patrol").To("chase", seen).Delay(200 * time.Millisecond)
	b.State("chase").Do("chase").To("patrol", unseen)
	b.State("dead").Do("fall").Final()
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := bt.Build(bt.Config[mem]{}, bt.New[mem]().Plan("guard", m))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var reps reports
	a.SetTracer(&reps)
	w := mem{Seen: true}
	a.Tick(&w, 100*time.Millisecond) // sighted: chase due at 300ms
	a.Tick(&w, 100*time.Millisecond)
	w.Dead = true
	a.Tick(&w, 100*time.Millisecond) // due, and dead
	var got []string
	for _, r := range reps {
		got = append(got, r.Reason)
	}
	want := []string{"initial state patrol", "any state → dead: dead"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A NaN scores below every number, -Inf included, as Utility's doc says:
// it was taken for -Inf, and the first declared won the tie.
func TestUtilityNaNBelowMinusInf(t *testing.T) {
	b := fsm.New(actions)
	b.State("nan").Do("patrol").Utility(func(*mem) float64 { return math.NaN() }).To("floor", seen)
	b.State("floor").Do("chase").Utility(func(*mem) float64 { return math.Inf(-1) }).To("nan", seen)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := agentOf(t, bt.New[mem]().Plan("guard", m))
	var reps reports
	a.SetTracer(&reps)
	w := mem{}
	a.Tick(&w, 0)
	if len(reps) != 1 || reps[0].Goal != "floor" {
		t.Errorf("entered %+v; want floor", reps)
	}
}

// A delay too long for the clock to reach waits for good: the time it is
// due saturates, where it wrapped round to a time long gone and the
// transition fired at the next tick.
func TestDelayBeyondTheClock(t *testing.T) {
	for _, d := range []time.Duration{math.MaxInt64, math.MaxInt64 - time.Second, time.Hour} {
		b := fsm.New(actions)
		b.State("patrol").Do("patrol").To("chase", seen).Delay(d)
		b.State("chase").Do("chase").To("patrol", unseen)
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		a, _ := agentOf(t, bt.New[mem]().Plan("guard", m))
		w := mem{Seen: true}
		for range 5 {
			a.Tick(&w, time.Second)
		}
		if p, _ := a.Preview(&w, time.Second); leaf(p) != "guard/patrol" {
			t.Errorf("a delay of %v: the machine stands in %s after 5 s; want patrol", d, leaf(p))
		}
	}
}
