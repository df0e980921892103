package game

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"image/color"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/scene"
)

// sceneKinds reads the kinds of shapes package scene has from its
// source, by name: the constants of type scene.ShapeKind.
func sceneKinds(t *testing.T) map[string]scene.ShapeKind {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "scene") // the arena's module replaces the library's with ../..
	fset := token.NewFileSet()
	var files []*ast.File
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range matches {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/foresight-bt/foresight/scene", fset, files, nil)
	if err != nil {
		t.Fatalf("package scene, read from %s: %v", dir, err)
	}
	kind := pkg.Scope().Lookup("ShapeKind")
	if kind == nil {
		t.Fatal("package scene has no ShapeKind")
	}
	kinds := map[string]scene.ShapeKind{}
	for _, name := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), kind.Type()) {
			continue
		}
		v, ok := constantUint8(c)
		if !ok {
			t.Fatalf("scene.%s = %v: not a ShapeKind this test can read", name, c.Val())
		}
		kinds[name] = scene.ShapeKind(v)
	}
	return kinds
}

// constantUint8 returns c's value, if it is a whole number that fits a
// uint8.
func constantUint8(c *types.Const) (uint8, bool) {
	v, exact := constant.Uint64Val(c.Val())
	if !exact || v > 255 {
		return 0, false
	}
	return uint8(v), true
}

// A panel of 20 by 20 units of the world on 200 by 220 pixels: 10 pixels
// a unit, below the title, with the world's +y up.
func testPanel(shapes ...scene.Shape) *Panel {
	return &Panel{Bounds: Rect{W: 200, H: 200 + titleHeight}, View: Rect{X: -10, Y: -10, W: 20, H: 20}, FlipY: true,
		Scene: scene.Scene{Shapes: shapes}}
}

// The window draws every kind of shape package scene has: a kind added
// to scene and not drawn fails here, since the kinds are read from
// scene's source. Each shape is drawn in its colours, within the panel.
func TestMarksDrawEveryShapeKind(t *testing.T) {
	kinds := sceneKinds(t)
	if len(kinds) < 4 {
		t.Fatalf("scene has %d kinds of shapes, want at least 4: %v", len(kinds), kinds)
	}
	colour, fill := color.RGBA{0x10, 0x20, 0x30, 0xff}, color.RGBA{0x40, 0x50, 0x60, 0xff}
	for name, k := range kinds {
		p := testPanel(scene.Shape{Kind: k, X: 1, Y: 1, X2: 3, Y2: 2, R: 2, Colour: "#102030", Fill: "#405060"})
		marks := p.Marks(nil)
		if len(marks) == 0 {
			t.Errorf("scene.%s: not drawn", name)
		}
		for _, m := range marks {
			if m.Colour != colour && m.Colour != fill {
				t.Errorf("scene.%s: a mark of colour %v, neither the shape's colour nor its fill", name, m.Colour)
			}
			if !p.Bounds.Contains(m.X, m.Y) || !p.Bounds.Contains(m.X2, m.Y2) {
				t.Errorf("scene.%s: %+v is not within the panel", name, m)
			}
		}
	}
}

// Each kind of shape is drawn as the inspector's page draws it.
func TestMarks(t *testing.T) {
	red, sand, grass := color.RGBA{0xd6, 0x27, 0x28, 0xff}, color.RGBA{0xd9, 0xbf, 0x8c, 0xff}, color.RGBA{0x5f, 0xae, 0x5a, 0xff}
	for _, tt := range []struct {
		name  string
		shape scene.Shape
		want  []Mark
	}{
		{"a ring", scene.Shape{Kind: scene.Circle, X: 1, Y: 2, R: 0.5, Colour: "#d62728"},
			[]Mark{{Kind: Ring, X: 110, Y: 80 + titleHeight, R: 5, Colour: red}}},
		{"a filled circle", scene.Shape{Kind: scene.Circle, X: 1, Y: 2, R: 0.5, Colour: "#d62728", Fill: "#d9bf8c"},
			[]Mark{{Kind: Disc, X: 110, Y: 80 + titleHeight, R: 5, Colour: sand}, {Kind: Ring, X: 110, Y: 80 + titleHeight, R: 5, Colour: red}}},
		{"a tiny circle", scene.Shape{Kind: scene.Circle, R: 0.01},
			[]Mark{{Kind: Ring, X: 100, Y: 100 + titleHeight, R: minRing, Colour: grey}}},
		{"a line", scene.Shape{Kind: scene.Line, X: -1, Y: 0, X2: 2, Y2: 3, Colour: "#d62728"},
			[]Mark{{Kind: Segment, X: 90, Y: 100 + titleHeight, X2: 120, Y2: 70 + titleHeight, Colour: red}}},
		{"an open rectangle", scene.Shape{Kind: scene.Rect, X: 2, Y: 1, X2: -1, Y2: -1, Colour: "#d62728"},
			[]Mark{{Kind: Edge, X: 90, Y: 90 + titleHeight, X2: 120, Y2: 110 + titleHeight, Colour: red}}},
		{"a bridge", scene.Shape{Kind: scene.Rect, X: -1.5, Y: -0.5, X2: 1.5, Y2: 0.5, Colour: "#d62728", Fill: "#d9bf8c"},
			[]Mark{{Kind: Box, X: 85, Y: 95 + titleHeight, X2: 115, Y2: 105 + titleHeight, Colour: sand},
				{Kind: Edge, X: 85, Y: 95 + titleHeight, X2: 115, Y2: 105 + titleHeight, Colour: red}}},
		{"a tree's cell", scene.Shape{Kind: scene.Cell, X: 3, Y: -2, Colour: "#5fae5a"},
			[]Mark{{Kind: Box, X: 125, Y: 115 + titleHeight, X2: 135, Y2: 125 + titleHeight, Colour: grass}}},
	} {
		if got := testPanel(tt.shape).Marks(nil); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: marks\n%+v\nwant\n%+v", tt.name, got, tt.want)
		}
	}
}

// The troll's map is drawn whole: its edge and ground, its trees and its
// bridges, as a game's panel shows them.
func TestTrollMapDrawn(t *testing.T) {
	g, err := New(Config{Seed: 1, Arenas: 1, Trolls: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	ps := g.Panels(nil)
	count := map[MarkKind]int{}
	for _, m := range ps[1].Marks(nil) {
		count[m.Kind]++
	}
	// the ground and the bridges, filled and framed; a cell a tree
	if count[Edge] < 2 || count[Box] < count[Edge]+1 {
		t.Errorf("the troll's map is drawn as %v: want its edge, its bridges and its trees", count)
	}
}
