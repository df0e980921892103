package fuzz

import (
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// machineMem is treetest's memory with an inbox for a machine's events.
type machineMem struct {
	treetest.Mem
	Inbox fsm.Inbox
}

// FuzzMachine feeds the state machine builder any sequence of calls,
// names and nils, invalid guards and events included: Build never
// panics, and either builds a machine that runs, previews, predicts and
// describes itself without error, nested in another machine's state or
// not, or reports every misuse with its path. Runs keep the life cycle.
func FuzzMachine(f *testing.F) {
	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) {
		misuse := func(label string) bool { return rapid.IntRange(0, 23).Draw(t, label) == 7 }
		names := []string{"a", "b", "c", "d", "", "a/b"}
		state := func(label string, n int) string {
			if misuse(label + " misuse") {
				return rapid.SampledFrom(names).Draw(t, label)
			}
			return names[rapid.IntRange(0, n-1).Draw(t, label)]
		}
		low := constraints.Func("low", func(m *machineMem) bool { return m.Foe < 3 })
		high := constraints.Func("high", func(m *machineMem) bool { return m.Foe >= 3 })
		guards := func(label string) []bt.Constraint[machineMem] {
			if misuse(label + " misuse") {
				return []bt.Constraint[machineMem]{rapid.SampledFrom([]bt.Constraint[machineMem]{nil,
					constraints.Func[machineMem]("broken", nil), constraints.Chance[machineMem](1.5)}).Draw(t, label)}
			}
			switch rapid.IntRange(0, 4).Draw(t, label) {
			case 0:
				return []bt.Constraint[machineMem]{low}
			case 1:
				return []bt.Constraint[machineMem]{high}
			case 2:
				return []bt.Constraint[machineMem]{constraints.Cooldown[machineMem](30 * time.Millisecond), low}
			case 3:
				return []bt.Constraint[machineMem]{constraints.Chance[machineMem](0.5)}
			}
			return nil
		}
		event := func(label string) fsm.Trigger {
			return fsm.Trigger(rapid.SampledFrom([]string{"succeeded", "failed", "bell", ""}).Draw(t, label))
		}

		var cb catalogue.Builder[machineMem]
		for i, name := range []string{"hit", "wait", "fail"} {
			effect := treetest.HitFoe(i)
			var act bt.Action[machineMem]
			switch i {
			case 0:
				act = bt.Instant(func(m *machineMem) bool { effect(&m.Mem); return true }, func(m *machineMem) { effect(&m.Mem) })
			case 1:
				act = bt.Lasting(func(m *machineMem, _ time.Duration) bt.Status {
					if m.Shine++; m.Shine%3 == 0 {
						return bt.Success
					}
					return bt.Running
				}, nil)
			default:
				act = bt.Instant(func(*machineMem) bool { return false }, nil)
			}
			cb.Action(name, act)
		}
		actions, err := cb.Build()
		if err != nil {
			t.Fatal(err)
		}

		build := func(label string) (*fsm.Machine[machineMem], error) {
			b := fsm.New(actions)
			if misuse(label + " zero builder") {
				b = &fsm.Builder[machineMem]{}
			}
			if !misuse(label + " no inbox") {
				b.Inbox(func(m *machineMem) *fsm.Inbox { return &m.Inbox })
			}
			if rapid.Bool().Draw(t, label+" history") {
				b.History()
			}
			n := rapid.IntRange(1, 4).Draw(t, label+" states")
			if rapid.Bool().Draw(t, label+" any") {
				b.Any()
				for range rapid.IntRange(1, 2).Draw(t, label+" any transitions") {
					b.On(event(label+" any event"), state(label+" any to", n), append(guards(label+" any guards"), low)...)
				}
			}
			// Each state's calls are kept until the initial state is drawn,
			// then made from the initial state's on, round: the first state
			// declared is the initial one.
			decls := make([][]func(), n)
			for i := range n {
				add := func(call func()) { decls[i] = append(decls[i], call) }
				if misuse(label + " stray") {
					to, gs := state(label+" stray to", n), guards(label+" stray guards")
					add(func() { b.To(to, gs...) })
				}
				name := state(label+" name", i+1) // i+1: the names in order, a duplicate now and then
				add(func() { b.State(name) })
				switch rapid.IntRange(0, 5).Draw(t, label+" node") {
				case 0:
				case 1:
					entry := rapid.SampledFrom([]string{"hit", "fail", "nothing"}).Draw(t, label+" entry")
					add(func() { b.Do(entry) })
				default:
					entry := rapid.SampledFrom([]string{"hit", "wait", "fail"}).Draw(t, label+" entry")
					add(func() { b.Do(entry) })
				}
				if i == n-1 && rapid.Bool().Draw(t, label+" final") {
					add(func() { b.Final() })
					continue
				}
				ev, gs := event(label+" event"), guards(label+" guards")
				add(func() { b.On(ev, names[(i+1)%n], gs...) })
				for range rapid.IntRange(0, 2).Draw(t, label+" more") {
					if rapid.Bool().Draw(t, label+" to") {
						to, gs := state(label+" to", n), guards(label+" guards")
						add(func() { b.To(to, gs...) })
					} else {
						ev, to, gs := event(label+" event"), state(label+" to", n), guards(label+" guards")
						add(func() { b.On(ev, to, gs...) })
					}
				}
			}
			initial := slices.Index(names[:n], state(label+" initial", n))
			if initial < 0 { // not a state: a machine with no states instead, which Build refuses
				m, err := b.Build()
				if err == nil {
					t.Fatalf("a machine with no states built: %v", m.Nodes())
				}
				return nil, err
			}
			for j := range n {
				for _, call := range decls[(initial+j)%n] {
					call()
				}
			}
			return b.Build()
		}
		machine, err := build("inner")
		if err != nil {
			checkDomainErrors(t, err)
			return
		}
		var pic strings.Builder
		if err := (draw.Machine{Nodes: machine.Nodes()}).DOT(&pic); err != nil || !strings.Contains(pic.String(), "  s0 [") {
			t.Fatalf("a built machine describes nothing to draw (%v):\n%s", err, pic.String())
		}
		node := bt.New[machineMem]().Plan("run", machine)
		if rapid.Bool().Draw(t, "nested") {
			outer := fsm.New(actions).Inbox(func(m *machineMem) *fsm.Inbox { return &m.Inbox })
			outer.Any().On("bell", "rest")
			outer.State("inner").Run(node).On(fsm.Succeeded, "rest").On(fsm.Failed, "rest")
			outer.State("rest").Do("wait").On(fsm.Succeeded, "inner")
			nested, err := outer.Build()
			if err != nil {
				t.Fatalf("the outer machine: %v", err)
			}
			node = bt.New[machineMem]().Plan("run", nested)
		}
		tree, err := bt.Build(bt.Config[machineMem]{Heuristic: machineGoal}, bt.New[machineMem]().Selector("root", bt.Replan(0),
			node, bt.New[machineMem]().Do("idle", bt.Instant(func(*machineMem) bool { return true }, nil), bt.Cosmetic())))
		if err != nil {
			t.Fatalf("a machine that built makes no tree: %v", err)
		}
		agent, err := tree.NewAgent(1)
		if err != nil {
			t.Fatal(err)
		}
		var log treetest.TraceLog
		agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind != bt.EventPlan {
				log.Trace(e)
			}
		}))
		m := machineMem{Mem: treetest.Mem{HP: 10, Foe: 5, Shield: 0}}
		for i := range 8 {
			if rapid.Bool().Draw(t, "post") {
				m.Inbox.Post("bell")
			}
			if _, err := agent.Preview(&m, 10*time.Millisecond); err != nil {
				t.Fatalf("Preview: %v", err)
			}
			if _, err := agent.Tick(&m, 10*time.Millisecond); err != nil {
				t.Fatalf("tick %d: %v", i, err)
			}
		}
		if err := agent.Halt(&m); err != nil {
			t.Fatal(err)
		}
		treetest.CheckLifeCycle(t, tree.Nodes(), log.Lines, nil)
	}))
}

// machineGoal judges a machine against an idle: blows are Beneficial.
var machineGoal = func() *heuristic.Rules[machineMem] {
	r, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("hit foe", heuristic.Beneficial, func(b, a *machineMem) bool { return a.Foe < b.Foe }))
	if err != nil {
		panic(err)
	}
	return r
}()
