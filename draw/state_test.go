package draw

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/google/go-cmp/cmp"
)

// guardDiagram is a guard's machine, in a chase it began on sight.
func guardDiagram() StateDiagram {
	return StateDiagram{
		Title: "guard",
		States: []State{
			{Name: "patrol", Detail: "state, initial: does patrol", Initial: true},
			{Name: "chase", Detail: "state: does chase", Current: true},
			{Name: "dead", Detail: "state, final: does fall", Final: true},
		},
		Transitions: []Transition{
			{To: "dead", Label: "dead"},
			{From: "patrol", To: "chase", Label: "in sight", Taken: true},
			{From: "chase", To: "patrol", Label: "lost"},
		},
	}
}

func TestStateGolden(t *testing.T) {
	for _, tt := range []struct {
		name string
		draw func(StateDiagram, *bytes.Buffer) error
	}{
		{"state.dot", func(d StateDiagram, b *bytes.Buffer) error { return d.DOT(b) }},
		{"state.mmd", func(d StateDiagram, b *bytes.Buffer) error { return d.Mermaid(b) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.draw(guardDiagram(), &b); err != nil {
				t.Fatal(err)
			}
			treetest.Golden(t, tt.name, b.Bytes())
		})
	}
}

// A transition may name a state the diagram does not list: it gets a
// state of its own, so every edge has both ends; a state listed twice is
// drawn once.
func TestStateUnlisted(t *testing.T) {
	d := StateDiagram{States: []State{{Name: "a"}, {Name: "a"}}, Transitions: []Transition{{From: "a", To: "b"}, {From: "c", To: "a"}}}
	var b bytes.Buffer
	if err := d.Mermaid(&b); err != nil {
		t.Fatal(err)
	}
	want := "stateDiagram-v2\n  state \"a\" as s0\n  state \"b\" as s2\n  state \"c\" as s3\n  s0 --> s2\n  s3 --> s0\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// stateDiagrams puts the hostile texts, and random ones, in every place
// a state diagram shows one (a hundred random ones with $FORESIGHT_FULL,
// internal/testkit/testsize).
func stateDiagrams() []StateDiagram {
	var out []StateDiagram
	for _, s := range append(append([]string(nil), hostile...), hostileRand(testsize.Pick(10, 20, 100))...) {
		if s == "" {
			s = "-"
		}
		other := s + " 2"
		out = append(out, StateDiagram{
			Title: s,
			States: []State{
				{Name: s, Detail: s, Initial: true, Current: true},
				{Name: other, Final: true},
			},
			Transitions: []Transition{
				{From: s, To: other, Label: s, Taken: true},
				{To: s, Label: s},
				{From: other, To: s, Label: other},
			},
		})
	}
	return out
}

func drawStateDOT(t testing.TB, d StateDiagram) string {
	t.Helper()
	var b bytes.Buffer
	if err := d.DOT(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func drawStateMermaid(t testing.TB, d StateDiagram) string {
	t.Helper()
	var b bytes.Buffer
	if err := d.Mermaid(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// stateDOTLine matches every line a state diagram writes in DOT, with
// each quoted string replaced by Q.
var stateDOTLine = regexp.MustCompile(`^(digraph Q \{|  rankdir=LR;|  node \[shape=box, style=Q, fontname=Q, fillcolor=Q\];|` +
	`  edge \[fontname=Q, fontsize=10\];|  s\d+ \[label=Q(, peripheries=2)?(, fillcolor=Q, penwidth=3)?\];|` +
	`  any \[label=Q, style=Q\];|  starts\d+ \[shape=point, width=0\.15, style=filled, fillcolor=Q, label=Q\];|  starts\d+ -> s\d+;|` +
	`  (s\d+|any) -> s\d+ \[label=Q(, style=dashed)?(, penwidth=3, color=Q)?\];|\})$`)

// checkStateDOT checks the escaping of the DOT of d as checkDOT does a
// tree's: each quoted string reads back as the visible text it shows.
func checkStateDOT(t testing.TB, d StateDiagram, out string) {
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
	want := []string{shownInDOT(d.Title), "rounded,filled", "Helvetica", "#ffffff", "Helvetica"}
	for _, s := range d.States {
		want = append(want, shownInDOT(s.Name, s.Detail))
		if s.Detail == "" {
			want[len(want)-1] = shownInDOT(s.Name)
		}
		if s.Current {
			want = append(want, currentFill)
		}
	}
	want = append(want, "any state", "dashed,rounded", "#000000", "") // the source of transitions from any state; the start point
	for _, tr := range d.Transitions {
		want = append(want, shownInDOT(tr.Label))
		if tr.Taken {
			want = append(want, takenColour)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DOT strings read back (-want +got):\n%s\n%s", diff, out)
	}
}

var (
	stateMermaidState = regexp.MustCompile(`^  state "(.*)" as (s\d+|any)$`)
	stateMermaidEdge  = regexp.MustCompile(`^  (s\d+|any|\[\*\]) --> (s\d+|\[\*\])( : (.*))?$`)
	stateMermaidOther = regexp.MustCompile(`^(stateDiagram-v2|---|  classDef current fill:#[0-9a-f]{6},stroke-width:3px|  class [s0-9,]+ current)$`)
)

// checkStateMermaid checks the escaping of the Mermaid of d as
// checkMermaid does a tree's.
func checkStateMermaid(t testing.TB, d StateDiagram, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "title: ") {
		t.Fatalf("no title in\n%s", out)
	}
	if text, err := strconv.Unquote(strings.TrimPrefix(lines[1], "title: ")); err != nil || text != visible(d.Title) {
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
	for _, s := range d.States {
		want = append(want, visible(s.Name))
	}
	want = append(want, "any state")
	for _, tr := range d.Transitions {
		label := tr.Label
		if tr.Taken {
			label += " (last)"
		}
		want = append(want, visible(label))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Mermaid texts read back (-want +got):\n%s\n%s", diff, out)
	}
}
