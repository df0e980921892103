package bt_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
)

// Reloading ends the old tree's running nodes once each, deepest first,
// and the next tick begins the new tree; the agent keeps its seed, clock,
// tick count and tracer.
func TestReloadHaltsTheOldTree(t *testing.T) {
	rec, trace := &recorder{}, &traceLog{}
	n := bt.New[mem]()
	cfg := bt.Config[mem]{Heuristic: goal}
	old, err := bt.Build(cfg, n.Sequence("root",
		n.Parallel("both",
			n.Do("a", act(rec, "a", nil, R)),
			n.Decorate("d", decorators.Invert[mem](), n.Do("b", act(rec, "b", shine, R))),
		),
	))
	if err != nil {
		t.Fatal(err)
	}
	edited, err := bt.Build(cfg, n.Sequence("root", n.Do("c", act(rec, "c", nil, R))))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := old.NewAgent(7)
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(trace)
	m := mem{}
	tickN(t, agent, &m, 2)
	now, ticks := agent.Now(), agent.Ticks()
	rec.Take()
	trace.Lines = nil

	if _, err := agent.Reload(edited, &m); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"end root/both/a Running",
		"end root/both/d/b Running",
		"end root/both/d Running",
		"end root/both Running",
		"end root Running",
	}
	if diff := cmp.Diff(want, trace.Lines); diff != "" {
		t.Errorf("old tree's ends (-want +got):\n%s", diff)
	}
	if got := rec.Take(); !cmp.Equal(got, []string{"a.end(Running)", "b.end(Running)"}) {
		t.Errorf("actions told %v", got)
	}
	if agent.Tree() != edited || agent.Running() || agent.Now() != now || agent.Ticks() != ticks {
		t.Errorf("after Reload: tree %p (want %p), running %v, clock %v (want %v), ticks %d (want %d)",
			agent.Tree(), edited, agent.Running(), agent.Now(), now, agent.Ticks(), ticks)
	}
	trace.Lines = nil
	tickN(t, agent, &m, 1)
	if got := rec.Take(); !cmp.Equal(got, []string{"c.begin"}) {
		t.Errorf("first tick after Reload: %v, want the new tree begun", got)
	}
	if len(trace.Lines) == 0 {
		t.Error("the tracer was lost")
	}
	// Reloading a halted agent ends nothing.
	if err := agent.Halt(&m); err != nil {
		t.Fatal(err)
	}
	rec.Take()
	if _, err := agent.Reload(old, &m); err != nil || len(rec.Take()) != 0 {
		t.Errorf("Reload of a halted agent: %v", err)
	}
}

// Reloading keeps the agent's seed: the agent then draws what an agent of
// the new tree made with its seed draws at the same tick.
func TestReloadKeepsTheSeed(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	var kids []bt.Part
	for i := range 16 {
		name := string(rune('a' + i))
		kids = append(kids, n.Do(name, act(rec, name, nil)))
	}
	random, err := bt.Build(bt.Config[mem]{}, n.RandomSelector("pick", kids...))
	if err != nil {
		t.Fatal(err)
	}
	other, err := bt.Build(bt.Config[mem]{}, n.Do("x", act(nil, "x", nil)))
	if err != nil {
		t.Fatal(err)
	}
	agent := func(tree *bt.Tree[mem], seed uint64) *bt.Agent[mem] {
		a, err := tree.NewAgent(seed)
		if err != nil {
			t.Fatal(err)
		}
		tickN(t, a, &mem{}, 2)
		rec.Take()
		return a
	}
	draws := func(a *bt.Agent[mem]) []string {
		tickN(t, a, &mem{}, 8)
		return rec.Take()
	}
	reloaded := agent(other, 7)
	if _, err := reloaded.Reload(random, &mem{}); err != nil {
		t.Fatal(err)
	}
	got, want := draws(reloaded), draws(agent(random, 7))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("draws after Reload (-seed 7 +reloaded):\n%s", diff)
	}
	if cmp.Equal(want, draws(agent(random, 8))) {
		t.Error("seeds 7 and 8 draw the same: the test cannot tell seeds apart")
	}
}

// A tree whose custom nodes cannot be made for the agent leaves it as it
// was: still running its old tree.
func TestReloadRefusesAndChangesNothing(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	cfg := bt.Config[mem]{Heuristic: goal}
	old, err := bt.Build(cfg, n.Sequence("root", n.Do("a", act(rec, "a", nil, R))))
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	flaky, err := bt.Build(cfg, n.Decorate("d", func(c *bt.Child[mem]) (bt.Node[mem], error) {
		if made++; made > 1 { // the first is Build's own check
			return nil, errors.New("out of parts")
		}
		return decorators.Invert[mem]()(c)
	}, n.Do("b", act(rec, "b", nil))))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := old.NewAgent(1)
	m := mem{}
	tickN(t, agent, &m, 1)
	rec.Take()
	if _, err := agent.Reload(flaky, &m); err == nil {
		t.Fatal("Reload succeeded with a factory that fails")
	}
	if agent.Tree() != old || !agent.Running() || len(rec.Take()) != 0 {
		t.Errorf("a refused Reload changed the agent")
	}
	reload := func(a *bt.Agent[mem], tree *bt.Tree[mem], m *mem) error {
		_, err := a.Reload(tree, m)
		return err
	}
	for name, err := range map[string]error{
		"nil memory":     reload(agent, old, nil),
		"tree not built": reload(agent, nil, &m),
		"nil agent":      reload(nil, old, &m),
	} {
		if err == nil {
			t.Errorf("Reload with a %s succeeded", name)
		}
	}
}

// Reloading from inside the agent's own tick is refused.
func TestReloadFromInsideIsRefused(t *testing.T) {
	var agent *bt.Agent[mem]
	var tree *bt.Tree[mem]
	var got error
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Do("reload", bt.Instant(func(m *mem) bool {
		_, got = agent.Reload(tree, m)
		return true
	}, nil)))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ = tree.NewAgent(1)
	tickN(t, agent, &mem{}, 1)
	if !errors.Is(got, bt.ErrReentrant) {
		t.Errorf("Reload from inside a tick: %v, want ErrReentrant", got)
	}
}

// Reloading a tree edited elsewhere keeps what still applies: the
// cooldown under way holds, and the action under way goes on, neither
// ended nor begun again; the new node starts fresh.
func TestReloadKeepsWhatStillApplies(t *testing.T) {
	rec := &recorder{}
	attack, patrol := act(rec, "attack", hitFoe(1)), act(rec, "patrol", nil, R) // a catalogue's, shared by both trees
	build := func(extra ...bt.Def[mem]) *bt.Tree[mem] {
		n := bt.New[mem]()
		tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.Priority("fight", append([]bt.Def[mem]{
			n.Do("attack", attack).Constrain(constraints.Cooldown[mem](30 * time.Second)),
			n.Do("patrol", patrol),
		}, extra...)...))
		if err != nil {
			t.Fatal(err)
		}
		return tree
	}
	agent, _ := build().NewAgent(1)
	m := mem{Foe: 10}
	tickN(t, agent, &m, 3) // attacked; patrolling while the attack cools down
	n := bt.New[mem]()
	edited := build(n.Do("taunt", act(rec, "taunt", nil)))
	rec.Take()
	dropped, err := agent.Reload(edited, &m)
	if err != nil || len(dropped) > 0 {
		t.Fatalf("Reload: dropped %q, %v", dropped, err)
	}
	if got := rec.Take(); len(got) > 0 {
		t.Errorf("the reload ended or began %v", got)
	}
	for range 5 {
		if _, err := agent.Tick(&m, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(slices.Repeat([]string{"patrol.update"}, 5), rec.Take()); diff != "" {
		t.Errorf("after the reload (-want +got):\n%s", diff)
	}
}
