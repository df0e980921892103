package fsm_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/google/go-cmp/cmp"
)

// A Run answers where the machine stands (State), whether it is in a
// state (In), whether a trigger would fire a transition now and why not
// (Can), and which would (Triggers), from the machine's state and the
// memory, changing nothing; it stands in no state before the first tick
// and after a halt.
func TestRunAnswers(t *testing.T) {
	n := bt.New[mem]()
	a, _ := agentOf(t, n.Sequence("root", n.Plan("guard", countedHierarchy(t))))
	run, err := fsm.At(a, "root/guard")
	if err != nil {
		t.Fatal(err)
	}
	var w mem
	if run.State() != "" || run.In("alive") {
		t.Errorf("before the first tick: %q, in alive %v", run.State(), run.In("alive"))
	}
	if ok, why := run.Can(&w, "hit"); ok || why != "the machine stands in no state" {
		t.Errorf("before the first tick: %v, %q", ok, why)
	}
	a.Tick(&w, time.Second)
	if got := run.State(); got != "patrol" || !run.In("alive") || !run.In("patrol") || run.In("fight") || run.In("lair") {
		t.Errorf("patrolling: %q", got)
	}
	for _, tc := range []struct {
		trigger fsm.Trigger
		loud    int // a noise of this level waiting; -1 none
		ok      bool
		why     string
	}{
		{"noise", -1, false, "patrol (internal): not loud"},
		{"noise", 4, true, "patrol (internal): on noise and loud"},
		{"hit", -1, false, "no transition of patrol, of a state that holds it or from any state waits for hit"},
		{"bark", -1, false, "no transition of patrol, of a state that holds it or from any state waits for bark"},
	} {
		w.Inbox = fsm.Inbox{}
		if tc.loud >= 0 {
			noise.Post(&w.Inbox, uint8(tc.loud))
		}
		before := w
		if ok, why := run.Can(&w, tc.trigger); ok != tc.ok || why != tc.why {
			t.Errorf("patrolling, can %s (noise %d): %v, %q; want %v, %q", tc.trigger, tc.loud, ok, why, tc.ok, tc.why)
		}
		if w != before {
			t.Errorf("Can changed the memory: %+v, was %+v", w, before)
		}
	}
	w = mem{Seen: true, Near: true}
	a.Tick(&w, time.Second)
	if run.State() != "attack" || !run.In("fight") {
		t.Fatalf("attacking: %q", run.State())
	}
	if ok, why := run.Can(&w, "hit"); !ok || why != "attack (ignore): on hit" {
		t.Errorf("attacking, can hit: %v, %q", ok, why)
	}
	w.Swing = true
	if got := run.Triggers(&w, nil); !cmp.Equal(got, []fsm.Trigger{"hit"}) {
		t.Errorf("attacking, the triggers: %q", got)
	}
	b := fsm.New(actions).Inbox(inbox)
	b.State("fight").LeaveIf(constraints.Func("between blows", func(m *mem) bool { return !m.Swing })).On("hit", "flinch").On("horn", "flinch")
	b.State("attack").In("fight").Do("attack").On("bell", "patrol", seen).Internal("horn", func(*mem, fsm.Change) error { return nil })
	b.State("patrol").Do("patrol").To("fight", seen)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, _ = agentOf(t, n.Plan("guard", m))
	run, _ = fsm.At(a, "guard")
	w = mem{Swing: true}
	a.Tick(&w, time.Second)
	if ok, why := run.Can(&w, "hit"); ok || why != "fight → flinch: not between blows" {
		t.Errorf("mid-swing, can hit: %v, %q", ok, why)
	}
	if ok, why := run.Can(&w, "bell"); ok || why != "attack → patrol: not in sight" {
		t.Errorf("mid-swing, out of sight, can bell: %v, %q", ok, why)
	}
	w.Seen = true
	if ok, why := run.Can(&w, "bell"); ok || why != "attack → patrol: not between blows" {
		t.Errorf("mid-swing, can bell: %v, %q", ok, why)
	}
	w.Seen = false
	if got := run.Triggers(&w, make([]fsm.Trigger, 0, 4)); !cmp.Equal(got, []fsm.Trigger{"horn"}) {
		t.Errorf("mid-swing, the triggers: %q", got)
	}
	w.Swing, w.Seen = false, true
	if got := run.Triggers(&w, nil); !cmp.Equal(got, []fsm.Trigger{"hit", "horn", "bell"}) {
		t.Errorf("between blows, the triggers: %q", got)
	}
	dst := make([]fsm.Trigger, 0, 8)
	if allocs := testing.AllocsPerRun(50, func() {
		_ = run.Triggers(&w, dst[:0])
		_ = run.State()
		_ = run.In("fight")
	}); allocs != 0 {
		t.Errorf("Triggers, State and In allocate %v", allocs)
	}
	a.Halt(&w)
	if run.State() != "" || run.In("fight") {
		t.Errorf("halted: %q", run.State())
	}
}

// At finds a machine's run by its node's path, and says why not where
// the node is not a machine's, or not there.
func TestAt(t *testing.T) {
	n := bt.New[mem]()
	a, _ := agentOf(t, n.Sequence("root", n.Plan("guard", guardMachine(t)), actions.Do("patrol")))
	if _, err := fsm.At(a, "root/guard"); err != nil {
		t.Error(err)
	}
	for path, want := range map[string]string{
		"root/patrol": `fsm: no node "root/patrol" in the agent's tree runs a custom node`,
		"nowhere":     `fsm: no node "nowhere" in the agent's tree runs a custom node`,
	} {
		if _, err := fsm.At(a, path); err == nil || err.Error() != want {
			t.Errorf("At(%q): %v, want %q", path, err, want)
		}
	}
	other, _ := agentOf(t, n.Composite("box", func(kids []*bt.Child[mem]) (bt.Node[mem], error) {
		return box{kids[0]}, nil
	}, actions.Do("patrol")))
	if _, err := fsm.At(other, "box"); err == nil || err.Error() != `fsm: the node "box" runs no machine` {
		t.Errorf("At(box): %v", err)
	}
	var zero fsm.Run[mem]
	if zero.State() != "" || zero.In("a") || zero.Set("a") == nil || len(zero.Triggers(&mem{}, nil)) != 0 {
		t.Error("the zero Run answers")
	}
}

// Set makes the machine enter a state at its next tick, as a transition
// would (the states left, their nodes halted and hooks called, the
// state entered reported), but one that nothing vetoes; a preview
// foresees it, a save keeps it, and a machine that stands in none
// begins in it. A state that holds others is entered at its first
// substate; an unknown state is an error.
func TestSet(t *testing.T) {
	var calls []string
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Plan("guard", hooked(t, &calls)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var log []string
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			log = append(log, e.Plan.Goal+": "+e.Plan.Reason)
		}
	}))
	run, err := fsm.At(a, "guard")
	if err != nil {
		t.Fatal(err)
	}
	if err := run.Set("fight"); err != nil {
		t.Fatal(err)
	}
	w := mem{Seen: true}
	a.Tick(&w, time.Second)
	if want := []string{"chase: set to chase"}; !cmp.Equal(log, want) || run.State() != "chase" {
		t.Errorf("begun as set: %q, in %q", log, run.State())
	}
	if err := run.Set("lair"); err == nil || !strings.Contains(err.Error(), `no state "lair"`) {
		t.Errorf("Set(lair): %v", err)
	}
	w.Hurt = true // LeaveIf does not hold a set, nor does rest's guard
	if err := run.Set("patrol"); err != nil {
		t.Fatal(err)
	}
	p, err := a.Preview(&w, time.Second)
	if err != nil || len(p.Plans) == 0 || p.Plans[0].Reason != "set to patrol" {
		t.Errorf("the preview: %+v, %v", p.Plans, err)
	}
	save, err := a.MarshalJSON()
	if err != nil || !strings.Contains(string(save), `"set":"patrol"`) {
		t.Fatalf("the save: %s, %v", save, err)
	}
	log, calls = nil, nil
	a.Tick(&w, time.Second)
	if len(log) < 1 || log[0] != "patrol: set to patrol" {
		t.Errorf("set: %q", log)
	}
	if len(calls) < 4 || !cmp.Equal(calls[:4], []string{"exit chase: chase → patrol", "exit fight: chase → patrol",
		"enter patrol: chase → patrol", "transitioned: chase → patrol"}) {
		t.Errorf("the hooks: %q", calls)
	}
	b, _ := tree.NewAgent(1)
	if err := b.UnmarshalJSON(save); err != nil {
		t.Fatal(err)
	}
	var blog []string
	b.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			blog = append(blog, e.Plan.Goal+": "+e.Plan.Reason)
		}
	}))
	w = mem{Seen: true, Hurt: true}
	b.Tick(&w, time.Second)
	if !cmp.Equal(blog, log) {
		t.Errorf("restored: %q, where the agent saved did %q", blog, log)
	}
}

// box is a custom composite that runs its one child.
type box struct{ kid *bt.Child[mem] }

func (b box) Begin(m *mem) bt.Status                            { return b.kid.Tick(m, 0) }
func (b box) Update(m *mem, dt time.Duration) bt.Status         { return b.kid.Tick(m, dt) }
func (b box) End(*mem, bt.Status)                               {}
func (b box) Simulate(c *bt.Sim[mem], m *mem) heuristic.Verdict { return b.kid.Simulate(c, m) }
