package fsm_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/fsm"
)

// stateNames lists a machine's states, in the order declared, from its
// description.
func stateNames(m *fsm.Machine[mem]) []string {
	var names []string
	for _, n := range m.Nodes() {
		if n.Kind == "state" {
			names = append(names, n.Name)
		}
	}
	return names
}

// A machine describes each transition by the state it enters and what
// fires it (its detail), and two transitions from one state to the same
// state by what fires each too (their names), so that they read apart:
// the guard's attack goes back to its chase when its blow ends, and when
// the intruder runs off, and says which is which, where it once named
// the second "→ chase ~2". Paths stay distinct.
func TestNodesSayWhatFiresEachTransition(t *testing.T) {
	type row struct{ Name, Detail string }
	var got []row
	paths := map[string]bool{}
	for _, n := range guardMachine(t).Nodes() {
		if paths[n.Path] {
			t.Errorf("a second node at %q", n.Path)
		}
		paths[n.Path] = true
		if n.Parent == "machine/attack" {
			got = append(got, row{n.Name, n.Detail})
		}
	}
	want := []row{
		{"→ patrol", "transition: succeeded and out of sight"},
		{"→ chase: succeeded", "transition: succeeded"},
		{"→ chase: far", "transition: far"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("attack's transitions (-want +got):\n%s", diff)
	}
}

// The description says which state begins the machine and which end it,
// in each state's detail: what package draw reads to mark them.
func TestNodesSayInitialAndFinal(t *testing.T) {
	details := map[string]string{}
	for _, n := range guardMachine(t).Nodes() {
		details[n.Path] = n.Detail
	}
	for path, want := range map[string]string{
		"machine":        "fsm: 5 states, initial patrol",
		"machine/patrol": "state, initial: does patrol",
		"machine/dead":   "state, final: does fall",
		"machine/chase":  "state: does chase",
	} {
		if details[path] != want {
			t.Errorf("%s: %q, want %q", path, details[path], want)
		}
	}
}

// Package draw reads the description to draw the machine, and an
// agent's last report to colour it: of the attack's two transitions back
// to its chase, the one that fired is the one drawn taken.
func TestDrawnFromNodes(t *testing.T) {
	machine := guardMachine(t)
	a, log := agentOf(t, bt.New[mem]().Plan("guard", machine))
	var m mem
	for _, senses := range []func(){
		func() { m.Seen = true },  // patrol → chase
		func() { m.Near = true },  // chase → attack
		func() { m.Near = false }, // attack → chase: far
	} {
		senses()
		a.Tick(&m, time.Second)
	}
	var last *decide.Report
	for _, e := range *log {
		if e.Kind == bt.EventPlan {
			last = e.Plan
		}
	}
	if last == nil || last.Reason != "attack → chase: far" {
		t.Fatalf("the last report: %+v", last)
	}
	var b strings.Builder
	if err := (draw.Machine{Nodes: machine.Nodes(), Last: last}).Mermaid(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"s2 --> s1 : succeeded\n", "s2 --> s1 : far (last)\n", "class s1 current\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}

// A machine with states in states is drawn in one picture, each state
// that holds others around the states it holds: a cluster in DOT, a
// composite state in Mermaid.
func TestNodesDrawNested(t *testing.T) {
	m, err := hierarchy(false, nil, nil).Build()
	if err != nil {
		t.Fatal(err)
	}
	var dot, mermaid strings.Builder
	pic := draw.Machine{Title: "guard", Nodes: m.Nodes()}
	if err := pic.DOT(&dot); err != nil {
		t.Fatal(err)
	}
	if err := pic.Mermaid(&mermaid); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  subgraph cluster_s0 {\n    label=\"alive\\nstate, initial: holds patrol, fight\";",
		"    subgraph cluster_s2 {\n      label=\"fight\\nstate: holds chase, attack\";", "lhead=cluster_s2"} {
		if !strings.Contains(dot.String(), want) {
			t.Errorf("no %q in\n%s", want, dot.String())
		}
	}
	for _, want := range []string{"  state s0 {\n    state \"patrol\" as s1\n", "    state s2 {\n      state \"chase\" as s3\n"} {
		if !strings.Contains(mermaid.String(), want) {
			t.Errorf("no %q in\n%s", want, mermaid.String())
		}
	}
}
