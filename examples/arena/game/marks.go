package game

import (
	"image/color"
	"strconv"

	"github.com/foresight-bt/foresight/scene"
)

// A Mark is one thing the window draws of a panel's scene, in the
// window's pixels: what a shape of the scene comes to (a filled
// rectangle is two marks, its fill and its outline). Marks are worked
// out here, apart from Ebitengine, so that the tests can check headless
// that every kind of shape is drawn, for the desktop and the browser
// alike.
type Mark struct {
	Kind   MarkKind
	X, Y   float64 // a circle's centre, a line's first end, a rectangle's top left corner
	X2, Y2 float64 // a line's other end, a rectangle's bottom right corner
	R      float64 // a circle's radius
	Colour color.RGBA
}

// A MarkKind says how a Mark is drawn.
type MarkKind uint8

// The kinds of marks.
const (
	// Box: a filled rectangle.
	Box MarkKind = iota + 1
	// Edge: a rectangle's outline.
	Edge
	// Disc: a filled circle.
	Disc
	// Ring: a circle's outline.
	Ring
	// Segment: a line.
	Segment
)

// minRing is the smallest radius a circle is drawn with, in pixels, so
// that a small one stays in sight.
const minRing = 2

// Marks appends to dst what the window draws of the panel's shapes, in
// the scene's order (the ground first), and returns it: a circle's and a
// rectangle's fill under their outline, a line, a cell's unit square
// filled with its colour, as the inspector's page draws them. Entities
// are drawn over them by the window.
func (p *Panel) Marks(dst []Mark) []Mark {
	scale := p.Scale()
	for i := range p.Scene.Shapes {
		s := &p.Scene.Shapes[i]
		c := Colour(s.Colour)
		switch s.Kind {
		case scene.Circle:
			x, y := p.ToScreen(s.X, s.Y)
			r := max(s.R*scale, minRing)
			if s.Fill != "" {
				dst = append(dst, Mark{Kind: Disc, X: x, Y: y, R: r, Colour: Colour(s.Fill)})
			}
			dst = append(dst, Mark{Kind: Ring, X: x, Y: y, R: r, Colour: c})
		case scene.Line:
			x, y := p.ToScreen(s.X, s.Y)
			x2, y2 := p.ToScreen(s.X2, s.Y2)
			dst = append(dst, Mark{Kind: Segment, X: x, Y: y, X2: x2, Y2: y2, Colour: c})
		case scene.Rect:
			m := p.box(s.X, s.Y, s.X2, s.Y2)
			if s.Fill != "" {
				m.Kind, m.Colour = Box, Colour(s.Fill)
				dst = append(dst, m)
			}
			m.Kind, m.Colour = Edge, c
			dst = append(dst, m)
		case scene.Cell:
			m := p.box(s.X-0.5, s.Y-0.5, s.X+0.5, s.Y+0.5)
			m.Kind, m.Colour = Box, c
			dst = append(dst, m)
		}
	}
	return dst
}

// box returns the rectangle with corners (x, y) and (x2, y2) of the
// world as a Mark in the window's pixels, its corners top left and
// bottom right (the world's y may run up or down).
func (p *Panel) box(x, y, x2, y2 float64) Mark {
	ax, ay := p.ToScreen(x, y)
	bx, by := p.ToScreen(x2, y2)
	return Mark{X: min(ax, bx), Y: min(ay, by), X2: max(ax, bx), Y2: max(ay, by)}
}

// grey is the colour of a scene's empty or unknown colour.
var grey = color.RGBA{0x90, 0x90, 0x90, 0xff}

// Colour reads a scene's CSS colour, "#rrggbb"; anything else is grey.
func Colour(css string) color.RGBA {
	if len(css) == 7 && css[0] == '#' {
		if v, err := strconv.ParseUint(css[1:], 16, 32); err == nil {
			return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
		}
	}
	return grey
}
