package draw_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/internal/treetest"
)

func pictures(t *testing.T) (plain, annotated draw.Picture) {
	tree := treetest.MustBuild(t, treetest.Duel(bt.Config[treetest.Mem]{Seed: 3}))
	plain = draw.Picture{Nodes: tree.Nodes()}
	treetest.DuelRun(t, tree)
	annotated = draw.Picture{Title: "duel after 1.5s", Nodes: tree.Nodes(), Decisions: tree.LastDecisions()}
	return plain, annotated
}

func TestGolden(t *testing.T) {
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

// Names and labels cannot break out of their quotes.
func TestEscaping(t *testing.T) {
	pic := draw.Picture{Nodes: []bt.NodeInfo{
		{Path: `say "hi"`, Name: `say "hi"`, Kind: "action", Constraints: []string{"a [b] | <c>"}},
	}}
	var d, m bytes.Buffer
	pic.DOT(&d)
	pic.Mermaid(&m)
	if !strings.Contains(d.String(), `label="say \"hi\"\naction\n[a [b] | <c>]"`) {
		t.Errorf("DOT escaping: %s", d.String())
	}
	for _, want := range []string{
		`title: "say \"hi\""`,
		`n0["say #quot;hi#quot;<br/><small>action  #91;a #91;b#93; #124; #lt;c#gt;#93;</small>"]`,
	} {
		if !strings.Contains(m.String(), want) {
			t.Errorf("Mermaid lacks %s:\n%s", want, m.String())
		}
	}
}
