package fsm_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
)

// A machine's runner keeps the life cycle of a composite over any
// children, as the test kit checks it, through every kind of transition:
// the kit's probes finish at once, fail, take two ticks or run until
// halted, and its sensing turns the guards on and off and posts events.
func TestKit(t *testing.T) {
	b := fsm.New(actions).Inbox(inbox)
	b.Any().To("c", hurt).On("hit", "a")
	b.State("a").Do("patrol").To("b", seen).On(fsm.Succeeded, "c").On(fsm.Failed, "b")
	b.State("b").Do("chase").On(fsm.Succeeded, "a").To("c", near).To("a", unseen)
	b.State("c").Do("attack").On(fsm.Failed, "a").On(fsm.Succeeded, "b")
	for _, history := range []bool{false, true} {
		if history {
			b.History()
		}
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if err := kitCheck(m, false); err != nil {
			t.Errorf("history %v:\n%v", history, err)
		}
	}
	for _, inner := range []bool{false, true} {
		// The kit names the children a, b, c and d: so are the states that
		// run them.
		b := fsm.New(actions).Inbox(inbox)
		if inner {
			b.InnerFirst()
		}
		count := func(m *mem, _ fsm.Change) error { m.Falls++; return nil }
		b.Any().On("hit", "d")
		b.Transitioned(count)
		b.State("g").To("d", hurt).On(fsm.Failed, "a").Entry(count).Exit(count)
		b.State("a").In("g").Do("patrol").To("b", seen).On(fsm.Succeeded, "c").Exit(count)
		b.State("h").In("g").On(fsm.Succeeded, "a").To("a", unseen).Entry(count).
			LeaveIf(constraints.Func("between blows", func(m *mem) bool { return !m.Swing }))
		b.State("b").In("h").Do("chase").To("c", near).On(fsm.Failed, "d")
		b.State("c").In("h").Do("attack").On(fsm.Succeeded, "b", seen)
		b.State("d").Do("flinch").On(fsm.Succeeded, "h").On(fsm.Failed, "g")
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if err := kitCheck(m, true); err != nil {
			t.Errorf("states in states, inner first %v:\n%v", inner, err)
		}
	}
}

// kitCheck runs the test kit's composite checks on m's runner, sensing
// as TestKit does: the guards turn on and off, a hit is posted every
// fifth step, and with swings, a blow is under way every fourth.
func kitCheck(m *fsm.Machine[mem], swings bool) error {
	runner := func(kids []*bt.Child[mem]) (bt.Node[mem], error) { return m.Runner(kids, bt.Replanning[mem]{}) }
	return bttest.TestComposite(runner, bttest.Config[mem]{
		Tree:     bt.Config[mem]{Heuristic: goal},
		Memories: []mem{{}, {Seen: true}, {Near: true, Hurt: true}},
		Sense: func(step int, m *mem) {
			m.Seen = step%3 != 0
			m.Near = step%4 == 1
			m.Hurt = step == 6
			m.Swing = swings && step%4 == 2
			if step%5 == 2 {
				m.Inbox.Post("hit")
			}
		},
		Children: len(m.Steps()),
	})
}

// foreseen checks a preview's promise about the machine's reports: the
// reports the tick made before it first acted (a leaf began, a node
// finished other than interrupted, a fault) are the preview's Plans,
// alike in every field.
func foreseen(p bt.Preview, leaf map[string]bool, tick []bt.Event) error {
	var got []decide.Report
	for _, e := range tick {
		if e.Kind == bt.EventPlan {
			got = append(got, *e.Plan)
		}
		if e.Kind == bt.EventFault || e.Kind == bt.EventEnd && e.Status != bt.Running || e.Kind == bt.EventBegin && leaf[e.Path] {
			break
		}
	}
	if len(got) != len(p.Plans) {
		return fmt.Errorf("the tick reported %d plans before it acted, the preview %d: %v against %v", len(got), len(p.Plans), got, p.Plans)
	}
	for i := range got {
		if fmt.Sprint(got[i]) != fmt.Sprint(p.Plans[i]) {
			return fmt.Errorf("report %d: the tick's %+v, the preview's %+v", i+1, got[i], p.Plans[i])
		}
	}
	return nil
}

// tickKeeper keeps a tick's events, and, in a world w, the states a
// machine at the root enters and where the run was then.
type tickKeeper struct {
	events []bt.Event
	w      *world
	visits []visit
}

func (k *tickKeeper) Trace(e *bt.Event) {
	c := *e
	if e.Plan != nil {
		c.Plan = e.Plan.Clone()
	}
	k.events = append(k.events, c)
	switch {
	case k.w == nil:
	case e.Kind == bt.EventPlan && !strings.Contains(e.Path, "/") && e.Plan.Change != decide.Kept: // Kept: handled in place
		k.visits = append(k.visits, visit{e.Plan.Goal, k.w.N})
	case e.Kind == bt.EventEnd && !strings.Contains(e.Path, "/") && e.Status != bt.Running:
		k.visits = append(k.visits, visit{"", k.w.N})
	}
}

// nestedGuard is a machine with the guard's machine nested in a state
// "alive", with history, beside the reactions.
func nestedGuard(t testing.TB) *fsm.Machine[mem] {
	t.Helper()
	inner := fsm.New(actions).History()
	inner.State("patrol").Do("patrol").To("chase", seen)
	inner.State("chase").Do("chase").To("attack", near).To("patrol", unseen)
	inner.State("attack").Do("attack").On(fsm.Succeeded, "chase").To("chase", far)
	fight, err := inner.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	outer := fsm.New(actions).Inbox(inbox)
	outer.Any().To("dead", dead).On("hit", "flinch")
	outer.State("alive").Run(n.Plan("", fight)).To("rest", hurt)
	outer.State("flinch").Do("flinch").On(fsm.Succeeded, "alive")
	outer.State("rest").Do("patrol").To("alive", constraints.Not(hurt))
	outer.State("dead").Do("fall").Final()
	m, err := outer.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomSenses changes the memory as a restless world would.
func randomSenses(r *rand.Rand) sense {
	return func(m *mem) {
		m.Seen = r.IntN(3) > 0
		m.Near = r.IntN(3) == 0
		m.Hurt = r.IntN(12) == 0
		m.Dead = r.IntN(200) == 0
		m.Swing = r.IntN(3) == 0
		if r.IntN(6) == 0 {
			m.Inbox.Post("hit")
		}
		if r.IntN(5) == 0 {
			noise.Post(&m.Inbox, uint8(r.IntN(5)))
		}
		if r.IntN(4) == 0 {
			m.Inbox = fsm.Inbox{}
		}
	}
}

// Before every tick of long random runs, of a machine at the root and of
// one nested in a machine's state, the preview is the tick: the same
// path, decisions and plan reports; the runs keep the life cycle (End
// once per Begin, deepest first); and two agents with the same senses
// do the same.
func TestPreviewIsTick(t *testing.T) {
	n := bt.New[mem]()
	for k, root := range []bt.Def[mem]{n.Plan("guard", guardMachine(t)), n.Plan("guard", nestedGuard(t)),
		n.Plan("guard", hierarchical(t, false)), n.Plan("guard", hierarchical(t, true)), n.Plan("guard", countedHierarchy(t))} {
		// The game sets the state now and then, but in the machine that
		// runs another in a state: a preview follows the way into the node
		// of a state the tick leaves and enters again as the node runs now,
		// and a machine it runs reports beginning again in the tick, before
		// any action, where the preview does not (a set to rest, whose way
		// back to alive fires at once).
		setting := k != 1
		tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, root)
		if err != nil {
			t.Fatal(err)
		}
		nodes := tree.Nodes()
		leaf := map[string]bool{}
		for _, info := range nodes {
			leaf[info.Path] = info.Children == 0
		}
		for seed := range uint64(20) {
			a, _ := tree.NewAgent(seed)
			var k tickKeeper
			a.SetTracer(&k)
			var all, twin []contract.Event
			b, _ := tree.NewAgent(seed)
			b.SetTracer(bt.TracerFunc(func(e *bt.Event) { twin = append(twin, contract.From(e)) }))
			var m, mb mem
			r := rand.New(rand.NewPCG(seed, 1))
			senses := randomSenses(r)
			runA, errA := fsm.At(a, "guard")
			runB, errB := fsm.At(b, "guard")
			if errA != nil || errB != nil {
				t.Fatal(errA, errB)
			}
			for i := range 300 {
				senses(&m)
				mb = m
				if state := []string{"patrol", "chase", "attack", "fight", "alive", "flinch", "rest", "dead"}[r.IntN(8)]; setting && r.IntN(25) == 0 {
					_, _ = runA.Set(state), runB.Set(state) // a state the machine lacks sets nothing
				}
				running := contract.Running(all)
				p, err := a.Preview(&m, 100*time.Millisecond)
				if err != nil {
					t.Fatal(err)
				}
				k.events = k.events[:0]
				if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
					t.Fatal(err)
				}
				if _, err := b.Tick(&mb, 100*time.Millisecond); err != nil {
					t.Fatal(err)
				}
				var tick []contract.Event
				for j := range k.events {
					tick = append(tick, contract.From(&k.events[j]))
				}
				all = append(all, tick...)
				if err := contract.PlanIsAct(p, nodes, running, tick); err != nil {
					t.Fatalf("seed %d, tick %d: %v", seed, i, err)
				}
				if err := foreseen(p, leaf, k.events); err != nil {
					t.Fatalf("seed %d, tick %d: %v\n%s", seed, i, err, contract.Lines(tick))
				}
				if m != mb {
					t.Fatalf("seed %d, tick %d: two agents differ: %+v and %+v", seed, i, m, mb)
				}
			}
			k.events = k.events[:0]
			if err := a.Halt(&m); err != nil {
				t.Fatal(err)
			}
			all = append(all, eventsOf(k.events)...)
			if err := contract.LifeCycle(nodes, all); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if contract.Lines(all[:len(twin)]) != contract.Lines(twin) {
				t.Fatalf("seed %d: two agents traced differently", seed)
			}
		}
	}
}

func eventsOf(events []bt.Event) []contract.Event {
	var out []contract.Event
	for i := range events {
		out = append(out, contract.From(&events[i]))
	}
	return out
}

// After warm-up a tick allocates nothing, through transitions, events,
// nesting and history, traced or not.
func TestNoAllocation(t *testing.T) {
	n := bt.New[mem]()
	for _, c := range []struct {
		traced  bool
		machine *fsm.Machine[mem]
	}{{false, nestedGuard(t)}, {true, nestedGuard(t)}, {false, hierarchical(t, false)}, {true, hierarchical(t, true)},
		{true, countedHierarchy(t)}} {
		traced := c.traced
		tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.Plan("guard", c.machine))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := tree.NewAgent(1)
		if traced {
			a.SetTracer(bt.TracerFunc(func(*bt.Event) {}))
		}
		var m mem
		i := 0
		tick := func() {
			i++
			m.Seen = i%3 != 0
			m.Near = i%4 == 1
			m.Hurt = i%11 == 0
			m.Swing = i%5 == 0
			if i%7 == 0 {
				m.Inbox.Post("hit")
			}
			if i%3 == 0 {
				noise.Post(&m.Inbox, uint8(i%5))
			}
			if i%9 == 0 {
				m.Inbox = fsm.Inbox{}
			}
			if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
				t.Fatal(err)
			}
		}
		for range 200 {
			tick()
		}
		if allocs := testing.AllocsPerRun(500, tick); allocs != 0 {
			t.Errorf("traced %v: %v allocations a tick", traced, allocs)
		}
	}
}

// A guard that panics is the machine's code: the tick returns a
// *bt.PanicError and the machine is quarantined. A state's node that
// panics is quarantined itself, and the machine takes its failure.
func TestPanics(t *testing.T) {
	n := bt.New[mem]()
	boom := constraints.Func("boom", func(m *mem) bool {
		if m.Seen {
			panic(errors.New("boom"))
		}
		return false
	})
	b := fsm.New(actions)
	b.State("patrol").Do("patrol").To("chase", boom)
	b.State("chase").Do("chase").To("patrol", unseen)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := agentOf(t, n.Plan("guard", m))
	w := mem{}
	if _, err := a.Tick(&w, 0); err != nil {
		t.Fatal(err)
	}
	w.Seen = true
	_, err = a.Tick(&w, 0)
	var pe *bt.PanicError
	if !errors.As(err, &pe) || !slices.Equal(a.Quarantined(), []string{"guard"}) {
		t.Errorf("a panicking guard: %v; quarantined %v", err, a.Quarantined())
	}

	shaky := bt.Lasting(func(m *mem, _ time.Duration) bt.Status {
		if m.Seen {
			panic("shaky")
		}
		return bt.Running
	}, nil)
	b = fsm.New(actions)
	b.State("patrol").Run(n.Do("", shaky)).On(fsm.Failed, "chase")
	b.State("chase").Do("chase").To("patrol", unseen)
	if m, err = b.Build(); err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("guard", m))
	w = mem{}
	got := play(t, a, log, &w, nil, nil, func(m *mem) { m.Seen = true }, nil, func(m *mem) { m.Seen = false }, nil)
	if !slices.Equal(a.Quarantined(), []string{"guard/patrol"}) {
		t.Errorf("quarantined %v, want the state's node", a.Quarantined())
	}
	if want := "plan guard chase: replaced (patrol → chase: failed) [chase] | begin guard/chase"; !strings.Contains(got[3], want) {
		t.Errorf("after the panic: %q; want %q", got[3], want)
	}
	if want := "plan guard chase: replaced (patrol → chase: failed)"; !strings.Contains(got[4], want) {
		t.Errorf("back in the quarantined state: %q; want %q", got[4], want)
	}
}
