package draw_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
)

func pictures(t *testing.T) (plain, annotated draw.Picture) {
	latest := &trace.Latest{}
	tree := treetest.MustAgent(t, treetest.DuelConfig(), treetest.Duel(), 3, latest)
	plain = draw.Picture{Nodes: tree.Tree().Nodes()}
	treetest.DuelRun(t, tree)
	annotated = draw.Picture{Title: "duel after 1.5s", Nodes: tree.Tree().Nodes(), Decisions: latest.Decisions()}
	return plain, annotated
}

func TestGolden(t *testing.T) {
	t.Parallel()
	plain, annotated := pictures(t)
	for _, tt := range []struct {
		name string
		pic  draw.Picture
		draw func(draw.Picture, *bytes.Buffer) error
	}{
		{"plain.dot", plain, func(p draw.Picture, b *bytes.Buffer) error { return p.DOT(b) }},
		{"annotated.dot", annotated, func(p draw.Picture, b *bytes.Buffer) error { return p.DOT(b) }},
		{"plain.mmd", plain, func(p draw.Picture, b *bytes.Buffer) error { return p.Mermaid(b) }},
		{"annotated.mmd", annotated, func(p draw.Picture, b *bytes.Buffer) error { return p.Mermaid(b) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.draw(tt.pic, &b); err != nil {
				t.Fatal(err)
			}
			treetest.Golden(t, tt.name, b.Bytes())
		})
	}
}

// The annotated picture colours predictions and draws the chosen path
// bold; the plain one does neither.
func TestAnnotations(t *testing.T) {
	t.Parallel()
	plain, annotated := pictures(t)
	var p, a bytes.Buffer
	plain.DOT(&p)
	annotated.DOT(&a)
	if strings.Contains(p.String(), "penwidth") || strings.Contains(p.String(), "#a1d99b") {
		t.Error("the plain picture is annotated")
	}
	for _, want := range []string{
		`n1 [label="attack\nsequence\n[in reach]", fillcolor="#a1d99b", penwidth=3]`, // chosen, Beneficial
		`n0 -> n1 [label="Beneficial (hit foe)", penwidth=3]`,
		`n0 -> n4 [label="Cosmetic (shine)"]`,
	} {
		if !strings.Contains(a.String(), want) {
			t.Errorf("annotated DOT lacks %s", want)
		}
	}
}

// Names, constraint descriptions and reasons cannot break out of their
// quotes, nor use the tools' escapes, entities or syntax.
func TestEscaping(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, dot, mermaid string
	}{
		{`say "hi"`, `"say \"hi\"`, `"say #34;hi#34;`},
		{`say \"hi\"`, `"say \\\"hi\\\"`, `"say #92;#34;hi#92;#34;`},
		{`back\`, `"back\\`, `"back#92;`},
		{`\N \G \l`, `"\\N \\G \\l`, `"#92;N #92;G #92;l`},
		{"two\nlines", `"two\nlines`, `"two<br/>lines`},
		{"&lt; <b>", `"&amp;lt; <b>`, `"#38;lt; #60;b#62;`},
		{"`md` #quot; a;b", "\"`md` #quot; a;b", `"#96;md#96; #35;quot; a;b`},
		{`%%{init: {}}%% $$x$$`, `"%%{init: {}}%% $$x$$`, `"#37;#37;#123;init#58; #123;#125;#125;#37;#37; #36;#36;x#36;#36;`},
		{"[a] |b| {c}", `"[a] |b| {c}`, `"#91;a#93; #124;b#124; #123;c#125;`},
		{"fa:fa-car ﬂ¶", `"fa:fa-car ﬂ¶`, `"fa#58;fa-car #64258;#182;`},
		{"tab\tnul\x00del\x7f", `"tab␉nul␀del␡`, `"tab␉nul␀del␡`},
		{"bad\xffutf8", "\"bad\ufffdutf8", "\"bad\ufffdutf8"},
		{"é 日本 👍", `"é 日本 👍`, `"é 日本 👍`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pic := draw.Picture{Nodes: []bt.NodeInfo{
				{Path: "root", Name: tt.name, Kind: "action", Constraints: []string{tt.name}},
			}}
			var d, m bytes.Buffer
			if err := pic.DOT(&d); err != nil {
				t.Fatal(err)
			}
			if err := pic.Mermaid(&m); err != nil {
				t.Fatal(err)
			}
			dotLabel := tt.dot + `\naction\n[` + tt.dot[1:] + `]"`
			if want := "  n0 [label=" + dotLabel + "];\n"; !strings.Contains(d.String(), want) {
				t.Errorf("DOT lacks %s\n%s", want, d.String())
			}
			if want := "digraph " + tt.dot + `" {`; !strings.HasPrefix(d.String(), want) {
				t.Errorf("DOT does not start with %s\n%s", want, d.String())
			}
			mermaidLabel := tt.mermaid + "<br/><small>action  #91;" + tt.mermaid[1:] + `#93;</small>"`
			if want := "  n0[" + mermaidLabel + "]\n"; !strings.Contains(m.String(), want) {
				t.Errorf("Mermaid lacks %s\n%s", want, m.String())
			}
		})
	}
}

// A Picture made by hand may hold what no tree gives: an unknown outcome,
// a node that is its own parent, a parent that is not drawn. Drawing it
// neither panics nor loops, colours nothing by an unknown outcome, and
// draws no edge from a missing parent.
func TestMadeUpPictures(t *testing.T) {
	t.Parallel()
	bad := heuristic.Verdict{Outcome: heuristic.Outcome(99), Reason: "made up"}
	for _, tt := range []struct {
		name  string
		pic   draw.Picture
		edges int
	}{
		{"empty", draw.Picture{}, 0},
		{"unknown outcome", draw.Picture{
			Nodes:     []bt.NodeInfo{{Path: "r", Name: "r", Kind: "selector"}, {Path: "r/a", Name: "a", Kind: "action", Parent: "r"}},
			Decisions: []bt.Decision{{Selector: "r", Chosen: 0, Candidates: []bt.Candidate{{Name: "a", Verdict: bad}}}},
		}, 1},
		{"own parent", draw.Picture{
			Nodes:     []bt.NodeInfo{{Path: "r", Name: "r", Kind: "selector", Parent: "r"}},
			Decisions: []bt.Decision{{Selector: "x", Chosen: -1}},
		}, 1},
		{"missing parent", draw.Picture{
			Nodes:     []bt.NodeInfo{{Path: "r", Name: "r", Kind: "selector"}, {Path: "q/a", Name: "a", Kind: "action", Parent: "q"}},
			Decisions: []bt.Decision{{Selector: "r", Chosen: 3}},
		}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var d, m bytes.Buffer
			if err := tt.pic.DOT(&d); err != nil {
				t.Fatal(err)
			}
			if err := tt.pic.Mermaid(&m); err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(d.String(), " -> "); n != tt.edges {
				t.Errorf("DOT has %d edges, want %d:\n%s", n, tt.edges, d.String())
			}
			if n := strings.Count(m.String(), "-->") + strings.Count(m.String(), "==>"); n != tt.edges {
				t.Errorf("Mermaid has %d edges, want %d:\n%s", n, tt.edges, m.String())
			}
			if strings.Count(d.String(), "fillcolor=") != 1 || strings.Contains(m.String(), "class n") {
				t.Errorf("coloured by an unknown outcome:\n%s\n%s", d.String(), m.String())
			}
		})
	}
}
