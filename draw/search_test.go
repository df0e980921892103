package draw

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/decide"
	"github.com/google/go-cmp/cmp"
)

// search builds a small search whose title, names, outcomes and reasons
// are the given texts, with a trial of every kind: a planned one with a
// cost and an estimate, one under it, and ones whose parents are not
// earlier trials (itself, a later one, one past the end), which are drawn
// as roots.
func search(title, name, outcome, reason string) Search {
	return Search{Title: title, Trials: []decide.Trial{
		{Parent: -1, Name: name, Outcome: outcome, Reason: reason, Planned: true, Cost: 1.5, Estimate: 2},
		{Parent: 0, Name: outcome, Outcome: name, Cost: 3},
		{Parent: 0, Name: reason, Outcome: outcome, Reason: name, Planned: true, Estimate: 0.25},
		{Parent: 3, Name: name},
		{Parent: 7, Name: reason, Outcome: reason},
		{Parent: 2, Name: name, Outcome: outcome, Planned: true},
	}}
}

// searches draws the hostile texts and the random ones in every place a
// text of a search can go.
func searches() []Search {
	out := []Search{{}}
	for i, s := range append(append([]string(nil), hostile...), hostileRand(100)...) {
		next := hostile[(i+1)%len(hostile)]
		out = append(out, search(s, s, s, s), search(next, s, next, s))
	}
	return out
}

func drawSearch(t testing.TB, s Search, mermaid bool) string {
	t.Helper()
	var b bytes.Buffer
	write := s.DOT
	if mermaid {
		write = s.Mermaid
	}
	if err := write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// searchDOTLine matches every line Search.DOT writes, with each quoted
// string replaced by Q.
var searchDOTLine = regexp.MustCompile(`^(digraph Q \{|  rankdir=TB;|  node \[shape=box, style=Q, fontname=Q, fillcolor=Q\];|` +
	`  edge \[fontname=Q, fontsize=10\];|  t\d+ \[label=Q(, fillcolor=Q, penwidth=3)?\];|` +
	`  t\d+ -> t\d+( \[penwidth=3\])?;|\})$`)

// edges lists a search's edges as "parent child", as both formats
// should draw them.
func (s *Search) edges() []string {
	var out []string
	for i := range s.Trials {
		if p := s.parent(i); p >= 0 {
			out = append(out, strconv.Itoa(p)+" "+strconv.Itoa(i))
		}
	}
	return out
}

// checkSearchDOT checks the DOT written for s as checkDOT does a
// picture's: every line well formed, every label reading back as the
// visible text of what it shows, and the edges those of the trials.
func checkSearchDOT(t testing.TB, s Search, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	var labels, edges []string
	edge := regexp.MustCompile(`^  t(\d+) -> t(\d+)`)
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !searchDOTLine.MatchString(dotQuoted.ReplaceAllString(line, "Q")) {
			t.Fatalf("malformed line %q in\n%s", line, out)
		}
		for _, m := range dotQuoted.FindAllStringSubmatch(line, -1) {
			labels = append(labels, unDOT(m[1]))
		}
		if m := edge.FindStringSubmatch(line); m != nil {
			edges = append(edges, m[1]+" "+m[2])
		}
	}
	want := []string{shownInDOT(s.title()), "rounded,filled", "Helvetica", "#ffffff", "Helvetica"}
	for i := range s.Trials {
		want = append(want, shownInDOT(trialLines(&s.Trials[i])...))
		if s.Trials[i].Planned {
			want = append(want, plannedColour)
		}
	}
	if diff := cmp.Diff(want, labels); diff != "" {
		t.Errorf("DOT strings read back (-want +got):\n%s\n%s", diff, out)
	}
	if diff := cmp.Diff(s.edges(), edges); diff != "" {
		t.Errorf("DOT edges (-want +got):\n%s\n%s", diff, out)
	}
}

var (
	searchMermaidNode  = regexp.MustCompile(`^  t\d+\["(.*)<br/><small>(.*)</small>"\]$`)
	searchMermaidEdge  = regexp.MustCompile(`^  t(\d+) (-->|==>) t(\d+)$`)
	searchMermaidOther = regexp.MustCompile(`^(flowchart TD|---|  class t\d+ planned|  classDef planned fill:#[0-9a-f]{6},stroke-width:3px|` +
		`  linkStyle [0-9,]+ stroke-width:3px)$`)
)

// checkSearchMermaid checks the Mermaid written for s as checkSearchDOT
// checks DOT.
func checkSearchMermaid(t testing.TB, s Search, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 4 || !strings.HasPrefix(lines[1], "title: ") {
		t.Fatalf("no title in\n%s", out)
	}
	if text, err := strconv.Unquote(strings.TrimPrefix(lines[1], "title: ")); err != nil || text != visible(s.title()) {
		t.Errorf("title %s reads back as %q (%v), want %q", lines[1], text, err, visible(s.title()))
	}
	var got, want, edges, wantEdges []string
	for _, line := range append(lines[:1:1], lines[2:]...) {
		switch {
		case searchMermaidNode.MatchString(line):
			for _, text := range searchMermaidNode.FindStringSubmatch(line)[1:] {
				if !mermaidLabel.MatchString(text) {
					t.Fatalf("unsafe label text %q", text)
				}
				got = append(got, unMermaid(text))
			}
		case searchMermaidEdge.MatchString(line):
			m := searchMermaidEdge.FindStringSubmatch(line)
			edges = append(edges, m[1]+" "+m[3]+" "+m[2])
		case searchMermaidOther.MatchString(line):
		default:
			t.Fatalf("malformed line %q in\n%s", line, out)
		}
	}
	for i := range s.Trials {
		l := trialLines(&s.Trials[i])
		want = append(want, visible(l[0]), visible(strings.Join(l[1:], "  ")))
	}
	for _, e := range s.edges() {
		child, _ := strconv.Atoi(e[strings.IndexByte(e, ' ')+1:])
		wantEdges = append(wantEdges, e+" "+map[bool]string{false: "-->", true: "==>"}[s.Trials[child].Planned])
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Mermaid labels read back (-want +got):\n%s\n%s", diff, out)
	}
	if diff := cmp.Diff(wantEdges, edges); diff != "" {
		t.Errorf("Mermaid edges (-want +got):\n%s\n%s", diff, out)
	}
}

// A search's boxes say what each trial was, what became of it and its
// cost; its parents that are not earlier trials make roots, never a loop.
func TestSearch(t *testing.T) {
	t.Parallel()
	s := search("", "smelt", "expanded", "no ore")
	for _, tt := range []struct {
		trial int
		want  []string
	}{
		{0, []string{"smelt", "expanded, cost 1.5 + 2 to go", "no ore"}},
		{1, []string{"expanded", "smelt, cost 3"}},
		{2, []string{"no ore", "expanded, cost 0 + 0.25 to go", "smelt"}},
		{3, []string{"smelt", ""}},
	} {
		if diff := cmp.Diff(tt.want, trialLines(&s.Trials[tt.trial])); diff != "" {
			t.Errorf("trial %d's box (-want +got):\n%s", tt.trial, diff)
		}
	}
	if diff := cmp.Diff([]string{"0 1", "0 2", "2 5"}, s.edges()); diff != "" {
		t.Errorf("edges (-want +got):\n%s", diff)
	}
	if s.title() != "search" {
		t.Errorf("untitled search is titled %q", s.title())
	}
	dot := drawSearch(t, s, false)
	for _, want := range []string{`t0 [label="smelt\nexpanded, cost 1.5 + 2 to go\nno ore", fillcolor="#a1d99b", penwidth=3];`,
		`t1 [label="expanded\nsmelt, cost 3"];`, "t0 -> t2 [penwidth=3];", "t0 -> t1;"} {
		if !strings.Contains(dot, want) {
			t.Errorf("no %s in\n%s", want, dot)
		}
	}
	mermaid := drawSearch(t, s, true)
	for _, want := range []string{"t2 ==> t5", "linkStyle 1,2 stroke-width:3px", "class t5 planned"} {
		if !strings.Contains(mermaid, want) {
			t.Errorf("no %s in\n%s", want, mermaid)
		}
	}
}

// Every hostile text, in every place of a search, is drawn well formed
// and reads back as what it shows; the tools need not be installed.
func TestSearchHostileTexts(t *testing.T) {
	t.Parallel()
	for _, s := range searches() {
		checkSearchDOT(t, s, drawSearch(t, s, false))
		checkSearchMermaid(t, s, drawSearch(t, s, true))
	}
}
