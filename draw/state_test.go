package draw

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/google/go-cmp/cmp"
)

// guardDiagram is a guard's machine, in a chase it began on sight.
func guardDiagram() stateDiagram {
	return stateDiagram{
		title: "guard",
		states: []state{
			{name: "patrol", detail: "state, initial: does patrol", initial: true},
			{name: "chase", detail: "state: does chase", current: true},
			{name: "dead", detail: "state, final: does fall", final: true},
		},
		transitions: []transition{
			{to: "dead", label: "dead"},
			{from: "patrol", to: "chase", label: "in sight", taken: true},
			{from: "chase", to: "patrol", label: "lost"},
		},
	}
}

// nestedDiagram is a guard's machine with states in states, alive
// holding patrol and fight, fight holding chase and attack, in an attack.
func nestedDiagram() stateDiagram {
	return stateDiagram{
		title: "guard",
		states: []state{
			{name: "alive", detail: "state, initial: holds patrol, fight", initial: true},
			{name: "patrol", parent: "alive", detail: "state, initial: does patrol", initial: true},
			{name: "fight", parent: "alive", detail: "state: holds chase, attack"},
			{name: "chase", parent: "fight", detail: "state, initial: does chase", initial: true},
			{name: "attack", parent: "fight", detail: "state: does attack", current: true},
			{name: "flinch", detail: "state: does flinch"},
			{name: "dead", detail: "state, final: does fall", final: true},
		},
		transitions: []transition{
			{to: "dead", label: "dead"},
			{from: "alive", to: "flinch", label: "on hit"},
			{from: "patrol", to: "fight", label: "in sight"},
			{from: "patrol", to: "attack", label: "near"},
			{from: "fight", to: "patrol", label: "out of sight"},
			{from: "fight", to: "fight", label: "on bark"},
			{from: "chase", to: "attack", label: "near", taken: true},
			{from: "attack", to: "chase", label: "far"},
			{from: "flinch", to: "alive", label: "succeeded"},
		},
	}
}

// machineOf describes d as package fsm describes a machine (its Nodes),
// with the last report of an agent in d's current state, taken there by
// d's taken transition: what a Machine draws as d.
func machineOf(d stateDiagram) Machine {
	m := Machine{Title: d.title, Nodes: []bt.NodeInfo{{Path: "machine", Name: "machine", Kind: "machine"}}}
	add := func(parent string, from string) {
		targets := map[string]int{}
		for _, t := range d.transitions {
			if t.from == from {
				targets[t.to]++
			}
		}
		for _, t := range d.transitions {
			if t.from != from {
				continue
			}
			name := "→ " + t.to
			if targets[t.to] > 1 {
				name += ": " + t.label
			}
			m.Nodes = append(m.Nodes, bt.NodeInfo{Path: parent + "/" + name, Name: name, Kind: kindTransition,
				Parent: parent, Detail: "transition: " + t.label})
			if t.taken {
				if from == "" {
					from = anyName
				}
				m.Last = &decide.Report{Change: decide.Replaced, Reason: from + " → " + t.to + ": " + t.label}
			}
		}
	}
	for _, t := range d.transitions {
		if t.from == "" {
			m.Nodes = append(m.Nodes, bt.NodeInfo{Path: "machine/" + anyName, Name: anyName, Kind: kindAny, Parent: "machine"})
			add("machine/"+anyName, "")
			break
		}
	}
	paths := map[string]string{"": "machine"} // the states' paths, by name
	for _, s := range d.states {
		path := paths[s.parent] + "/" + s.name
		paths[s.name] = path
		m.Nodes = append(m.Nodes, bt.NodeInfo{Path: path, Name: s.name, Kind: kindState, Parent: paths[s.parent], Detail: s.detail})
		add(path, s.name)
	}
	for _, s := range d.states {
		if s.current {
			if m.Last == nil {
				m.Last = &decide.Report{Change: decide.Kept}
			}
			m.Last.Goal = s.name
		}
	}
	return m
}

// The pictures of a machine, and of one with states in states, whose
// states that hold others are drawn around them.
func TestStateGolden(t *testing.T) {
	for _, tt := range []struct {
		name string
		d    stateDiagram
		draw func(Machine, *bytes.Buffer) error
	}{
		{"state.dot", guardDiagram(), func(m Machine, b *bytes.Buffer) error { return m.DOT(b) }},
		{"state.mmd", guardDiagram(), func(m Machine, b *bytes.Buffer) error { return m.Mermaid(b) }},
		{"nested.dot", nestedDiagram(), func(m Machine, b *bytes.Buffer) error { return m.DOT(b) }},
		{"nested.mmd", nestedDiagram(), func(m Machine, b *bytes.Buffer) error { return m.Mermaid(b) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.draw(machineOf(tt.d), &b); err != nil {
				t.Fatal(err)
			}
			treetest.Golden(t, tt.name, b.Bytes())
		})
	}
}

// A Machine reads back from a description what was described: the
// states with their marks, the transitions with their ends and labels,
// the current state and the transition taken. Two transitions from one
// state to another, whose names end in their labels, are told apart and
// marked as the report says, and a transition to a state named so is
// still read as entering it; the hostile texts read back too.
func TestMachineReadsItsDescription(t *testing.T) {
	twice := stateDiagram{
		states: []state{
			{name: "attack", detail: "state: does attack"},
			{name: "chase", detail: "state, initial: does chase", initial: true, current: true},
			{name: "chase: far", detail: "state, final: runs nothing", final: true},
		},
		transitions: []transition{
			{from: "attack", to: "chase", label: "succeeded"},
			{from: "attack", to: "chase", label: "far", taken: true},
			{from: "chase", to: "attack", label: "near"},
			{from: "chase", to: "chase: far", label: "far"},
		},
	}
	for _, d := range append([]stateDiagram{guardDiagram(), nestedDiagram(), twice}, stateDiagrams()...) {
		m := machineOf(d)
		if diff := cmp.Diff(d, m.diagram(), cmp.AllowUnexported(stateDiagram{}, state{}, transition{})); diff != "" {
			t.Errorf("%q read back (-described +read):\n%s", d.title, diff)
		}
	}
}

// A transition may enter a state the description does not list: it gets
// a state of its own, so every edge has both ends; a state listed twice
// is drawn once; a transition under no state, and nodes of other kinds,
// are left out.
func TestStateUnlisted(t *testing.T) {
	m := Machine{Nodes: []bt.NodeInfo{
		{Path: "machine", Name: "machine", Kind: "machine"},
		{Path: "machine/a", Name: "a", Kind: kindState, Parent: "machine"},
		{Path: "machine/a/→ b", Name: "→ b", Kind: kindTransition, Parent: "machine/a"},
		{Path: "machine/a", Name: "a", Kind: kindState, Parent: "machine"},
		{Path: "machine/c/→ a", Name: "→ a", Kind: kindTransition, Parent: "machine/c"},
		{Path: "machine/note", Name: "note", Kind: "note", Parent: "machine"},
	}}
	var b bytes.Buffer
	if err := m.Mermaid(&b); err != nil {
		t.Fatal(err)
	}
	want := "stateDiagram-v2\n  state \"a\" as s0\n  state \"b\" as s2\n  s0 --> s2\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// stateDiagrams puts the hostile texts, and random ones, in every place
// a state diagram shows one (a hundred random ones with $FORESIGHT_FULL,
// internal/testkit/testsize).
func stateDiagrams() []stateDiagram {
	var out []stateDiagram
	for _, s := range append(append([]string(nil), hostile...), hostileRand(testsize.Pick(10, 20, 100))...) {
		if s == "" {
			s = "-"
		}
		other, box := s+" 2", s+" 3"
		out = append(out, stateDiagram{ // and with other in a box
			title: s,
			states: []state{
				{name: s, detail: "state, initial: " + s, initial: true, current: true},
				{name: box, detail: "state: holds " + other},
				{name: other, parent: box, detail: "state, initial, final: runs nothing", initial: true, final: true},
			},
			transitions: []transition{
				{from: s, to: box, label: s, taken: true},
				{from: box, to: other, label: box},
				{from: other, to: s, label: other},
			},
		})
		out = append(out, stateDiagram{
			title: s,
			states: []state{
				{name: s, detail: "state, initial: " + s, initial: true, current: true},
				{name: other, detail: "state, final: runs nothing", final: true},
			},
			transitions: []transition{
				{to: s, label: s},
				{from: s, to: other, label: s, taken: true},
				{from: other, to: s, label: other},
			},
		})
	}
	return out
}

func drawStateDOT(t testing.TB, d stateDiagram) string {
	t.Helper()
	var b bytes.Buffer
	if err := machineOf(d).DOT(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func drawStateMermaid(t testing.TB, d stateDiagram) string {
	t.Helper()
	var b bytes.Buffer
	if err := machineOf(d).Mermaid(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// stateDOTLine matches every line a state diagram writes in DOT, with
// each quoted string replaced by Q.
var stateDOTLine = regexp.MustCompile(`^(digraph Q \{|  rankdir=LR;|  compound=true;|  node \[shape=box, style=Q, fontname=Q, fillcolor=Q\];|` +
	`  edge \[fontname=Q, fontsize=10\];|(  )+s\d+ \[label=Q(, peripheries=2)?(, fillcolor=Q, penwidth=3)?\];|` +
	`(  )+subgraph cluster_s\d+ \{|(  )+  label=Q;|(  )+  style=rounded;|(  )+  fontname=Q;|` +
	`(  )+s\d+ \[shape=point, style=invis, width=0, height=0, label=Q\];|(  )+\}|` +
	`  any \[label=Q, style=Q\];|(  )+starts\d+ \[shape=point, width=0\.15, style=filled, fillcolor=Q, label=Q\];|(  )+starts\d+ -> s\d+( \[lhead=cluster_s\d+\])?;|` +
	`  (s\d+|any) -> s\d+ \[label=Q(, style=dashed)?(, penwidth=3, color=Q)?(, ltail=cluster_s\d+)?(, lhead=cluster_s\d+)?\];|\})$`)

// inOrder calls f for each state of d in the order a picture of it
// lays them out: each state that holds others, then the states in it,
// and then after for it, if not nil.
func (d stateDiagram) inOrder(f func(s state, holds bool), after func(s state)) {
	holds := map[string]bool{}
	for _, s := range d.states {
		holds[s.parent] = true
	}
	var walk func(in string)
	walk = func(in string) {
		for _, s := range d.states {
			if s.parent == in {
				f(s, holds[s.name])
				if holds[s.name] {
					walk(s.name)
					if after != nil {
						after(s)
					}
				}
			}
		}
	}
	walk("")
}

// anySource reports whether d has transitions from any state.
func (d stateDiagram) anySource() bool {
	return slices.ContainsFunc(d.transitions, func(t transition) bool { return t.from == "" })
}

// checkStateDOT checks the escaping of the DOT of d as checkDOT does a
// tree's: each quoted string reads back as the visible text it shows.
func checkStateDOT(t testing.TB, d stateDiagram, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if bare := dotQuoted.ReplaceAllString(line, "Q"); !stateDOTLine.MatchString(bare) {
			t.Fatalf("malformed line %q (as %q)", line, bare)
		}
		for _, m := range dotQuoted.FindAllStringSubmatch(line, -1) {
			got = append(got, unDOT(m[1]))
		}
	}
	want := []string{shownInDOT(d.title), "rounded,filled", "Helvetica", "#ffffff", "Helvetica"}
	starts := map[string]int{} // the initial states, by the state that holds them
	for _, s := range d.states {
		if s.initial {
			starts[s.parent]++
		}
	}
	d.inOrder(func(s state, holds bool) {
		want = append(want, shownInDOT(s.name, s.detail))
		if s.detail == "" {
			want[len(want)-1] = shownInDOT(s.name)
		}
		if holds {
			want = append(want, "Helvetica", "") // its font, and the point its edges end at
		}
		if s.current {
			want = append(want, currentFill)
		}
	}, func(s state) {
		for range starts[s.name] {
			want = append(want, "#000000", "")
		}
	})
	if d.anySource() {
		want = append(want, "any state", "dashed,rounded") // the source of transitions from any state
	}
	for range starts[""] {
		want = append(want, "#000000", "") // the start point
	}
	for _, tr := range d.transitions {
		want = append(want, shownInDOT(tr.label))
		if tr.taken {
			want = append(want, takenColour)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DOT strings read back (-want +got):\n%s\n%s", diff, out)
	}
}

var (
	stateMermaidState = regexp.MustCompile(`^(?:  )+state "(.*)" as (s\d+|any)$`)
	stateMermaidEdge  = regexp.MustCompile(`^(?:  )+(s\d+|any|\[\*\]) --> (s\d+|\[\*\])( : (.*))?$`)
	stateMermaidOther = regexp.MustCompile(`^(stateDiagram-v2|---|  classDef current fill:#[0-9a-f]{6},stroke-width:3px|  class [s0-9,]+ current|` +
		`(  )+state s\d+ \{|(  )+\})$`)
)

// checkStateMermaid checks the escaping of the Mermaid of d as
// checkMermaid does a tree's.
func checkStateMermaid(t testing.TB, d stateDiagram, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "title: ") {
		t.Fatalf("no title in\n%s", out)
	}
	if text, err := strconv.Unquote(strings.TrimPrefix(lines[1], "title: ")); err != nil || text != visible(d.title) {
		t.Errorf("title %s reads back as %q (%v)", lines[1], text, err)
	}
	var got []string
	for _, line := range append(lines[:1:1], lines[2:]...) {
		var text string
		switch {
		case stateMermaidState.MatchString(line):
			text = stateMermaidState.FindStringSubmatch(line)[1]
		case stateMermaidEdge.MatchString(line):
			if m := stateMermaidEdge.FindStringSubmatch(line); m[3] != "" {
				text = m[4]
			} else {
				continue
			}
		case stateMermaidOther.MatchString(line):
			continue
		default:
			t.Fatalf("malformed line %q in\n%s", line, out)
		}
		if !mermaidLabel.MatchString(text) {
			t.Fatalf("unsafe text %q", text)
		}
		got = append(got, unMermaid(text))
	}
	var want []string
	d.inOrder(func(s state, _ bool) { want = append(want, visible(s.name)) }, nil)
	if d.anySource() {
		want = append(want, "any state")
	}
	for _, tr := range d.transitions {
		label := tr.label
		if tr.taken {
			label += " (last)"
		}
		want = append(want, visible(label))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Mermaid texts read back (-want +got):\n%s\n%s", diff, out)
	}
}
