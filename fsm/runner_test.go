package fsm_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/google/go-cmp/cmp"
)

// A sense changes the memory before a tick, as a game does.
type sense func(m *mem)

// play ticks agent a once per sense, after it, and returns the trace of
// each tick, one line an event, after the tick's error if any.
func play(t *testing.T, a *bt.Agent[mem], log *[]contract.Event, m *mem, senses ...sense) []string {
	t.Helper()
	var out []string
	for _, s := range senses {
		if s != nil {
			s(m)
		}
		*log = (*log)[:0]
		line := ""
		if _, err := a.Tick(m, 100*time.Millisecond); err != nil {
			line = fmt.Sprintf("error %v | ", err)
		}
		out = append(out, line+strings.ReplaceAll(contract.Lines(*log), "\n", " | "))
	}
	return out
}

// The guard runs through its states: each tick settles first (from any
// state, then the state's own, in order), then runs the state's node;
// the node's end fires its transitions in the same tick; a final state
// is left by nothing.
func TestTransitions(t *testing.T) {
	n := bt.New[mem]()
	a, log := agentOf(t, n.Plan("guard", guardMachine(t)))
	var m mem
	got := play(t, a, log, &m,
		nil,
		func(m *mem) { m.Seen = true },
		func(m *mem) { m.Near = true },
		nil,
		nil,
		func(m *mem) { m.Inbox.Post("hit") },
		func(m *mem) { m.Dead = true },
		func(m *mem) { m.Inbox.Post("hit") },
	)
	want := []string{
		"begin guard | plan guard patrol: made (initial state patrol) [patrol] | begin guard/patrol",
		"end guard/patrol Running | plan guard chase: replaced (patrol → chase: in sight) [chase] | begin guard/chase",
		"end guard/chase Running | plan guard attack: replaced (chase → attack: near) [attack] | begin guard/attack",
		"", // the first blow
		// the second ends the attack; chase, entered, settles at once into attack
		"end guard/attack Success | plan guard chase: replaced (attack → chase: succeeded) [chase] | " +
			"plan guard attack: replaced (chase → attack: near) [attack] | begin guard/attack",
		// an event preempts from any state; flinch ends at once and the guard settles back
		"end guard/attack Running | plan guard flinch: replaced (any state → flinch: on hit) [flinch] | " +
			"begin guard/flinch | end guard/flinch Success | plan guard patrol: replaced (flinch → patrol: succeeded) [patrol] | " +
			"plan guard chase: replaced (patrol → chase: in sight) [chase] | plan guard attack: replaced (chase → attack: near) [attack] | " +
			"begin guard/attack",
		"end guard/attack Running | plan guard dead: replaced (any state → dead: dead) [dead] | begin guard/dead",
		"", // nothing leaves a final state
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// reports keeps the machine's reports.
type reports []*decide.Report

func (r *reports) Trace(e *bt.Event) {
	if e.Kind == bt.EventPlan {
		*r = append(*r, e.Plan.Clone())
	}
}

// A report names the transition that fired and, in order, the ones
// checked before it that did not, each with its reason: the guard's, or
// the event that was not there.
func TestRejectedReasons(t *testing.T) {
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Plan("guard", guardMachine(t)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var got reports
	a.SetTracer(&got)
	m := mem{Seen: true, Near: true}
	for range 4 {
		if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	last := got[len(got)-1] // the attack's end
	want := &decide.Report{Change: decide.Replaced, Reason: "attack → chase: succeeded", Plan: decide.Plan{
		Goal: "chase", Steps: []string{"chase"}, Rejected: []decide.Rejection{
			{Name: "any state → dead", Reason: "not dead"},
			{Name: "any state → flinch", Reason: "no trigger hit"},
			{Name: "attack → patrol", Reason: "not out of sight"},
		}}}
	if len(got) < 2 {
		t.Fatalf("reports: %v", got)
	}
	if diff := cmp.Diff(want, got[len(got)-2]); diff != "" {
		t.Errorf("(-want +got):\n%s\nlast: %+v", diff, last)
	}
}

// A node that ends with no transition to take ends the machine with its
// status, and the tree's root begins it again in the next tick; a final
// state that runs nothing ends the machine with Success as it is entered;
// a state that runs nothing and is not final waits for a transition.
func TestEnds(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("trip").Do("stumble").On(fsm.Succeeded, "idle")
	b.State("idle").To("home", seen)
	b.State("home").Final()
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("walker", m))
	var w mem
	got := play(t, a, log, &w, nil, nil)
	want := []string{
		"begin walker | plan walker trip: made (initial state trip) [trip] | begin walker/trip | end walker/trip Failure | end walker Failure",
		"begin walker | plan walker trip: made (initial state trip) [trip] | begin walker/trip | end walker/trip Failure | end walker Failure",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("a node's end with no transition (-want +got):\n%s", diff)
	}

	b = fsm.New(actions)
	b.State("wait").To("home", seen).To("busy", near)
	b.State("busy").Do("patrol").To("wait", far)
	b.State("home").Final()
	if m, err = b.Build(); err != nil {
		t.Fatal(err)
	}
	a, log = agentOf(t, n.Plan("walker", m))
	w = mem{}
	got = play(t, a, log, &w, nil, func(m *mem) { m.Near = true }, func(m *mem) { m.Near = false },
		func(m *mem) { m.Seen = true })
	want = []string{
		"begin walker | plan walker wait: made (initial state wait) []",
		"plan walker busy: replaced (wait → busy: near) [busy] | begin walker/busy",
		"end walker/busy Running | plan walker wait: replaced (busy → wait: far) []",
		"plan walker home: replaced (wait → home: in sight) [] | end walker Success",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("states that run nothing (-want +got):\n%s", diff)
	}
}

// In one tick a machine enters each state once: a transition into a
// state it entered already in the tick waits for the next, where it is
// checked again. Two states whose nodes end at once, each leading to the
// other, run each once a tick.
func TestOncePerTick(t *testing.T) {
	n := bt.New[mem]()
	b := fsm.New(actions)
	b.State("left").Do("flinch").On(fsm.Succeeded, "right")
	b.State("right").Do("flinch").On(fsm.Succeeded, "left")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, n.Plan("pace", m))
	var w mem
	got := play(t, a, log, &w, nil, nil)
	want := []string{
		"begin pace | plan pace left: made (initial state left) [left] | begin pace/left | end pace/left Success | " +
			"plan pace right: replaced (left → right: succeeded) [right] | begin pace/right | end pace/right Success",
		"plan pace left: replaced (right → left: succeeded) [left] | begin pace/left | end pace/left Success | " +
			"plan pace right: replaced (left → right: succeeded) [right] | begin pace/right | end pace/right Success",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if w.Flinched != 4 {
		t.Errorf("flinched %d times in two ticks, want 4", w.Flinched)
	}
}
