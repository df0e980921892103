// Package scene is a picture of a game's world at one moment, for tools
// that show what agents did: the entities (agents, enemies), each with a
// position, heading, label, colour and health, and shapes (projectiles,
// ranges, areas, a grid game's cells). A game fills one Scene per frame; the inspector
// (package inspect) records and draws them. It is apart from the
// inspector so that a game's samples can describe their world without
// linking a web server.
package scene

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"
	"unicode/utf8"
)

// A Scene is a picture of the world at one moment, for the page's world
// view: the entities, and shapes such as projectiles or areas. Positions
// are in the game's own units, on a plane with y up; the page fits every
// scene of a recording in its view. A game fills one Scene per frame and
// hands it to a Writer or a Live, which copy what they keep.
type Scene struct {
	Time     time.Duration // the game's clock, the one the tree's events carry
	Entities []Entity
	Shapes   []Shape
}

// An Entity is one thing in a Scene: an agent, an enemy.
type Entity struct {
	Label   string  // shown beside it, e.g. "droid 3"
	X, Y    float64 // its position
	Heading float64 // where it faces, in radians from +x towards +y (counter-clockwise, as the page draws +y up)
	Radius  float64 // its size; 0 draws a small dot
	Colour  string  // a CSS colour such as "#1f77b4"; empty is grey
	// Health and MaxHealth draw a health bar when MaxHealth is above 0.
	Health, MaxHealth float64
}

// A ShapeKind says what a Shape draws.
type ShapeKind uint8

// The kinds of shapes.
const (
	// Circle: a ring of radius R around (X, Y).
	Circle ShapeKind = iota + 1
	// Line: a segment from (X, Y) to (X2, Y2).
	Line
	// Rect: a rectangle with corners (X, Y) and (X2, Y2), its sides
	// along the axes: an area, a room, a bridge.
	Rect
	// Cell: the unit square centred on (X, Y), filled with its Colour: a
	// grid game's cell (a wall, a tree, fog), in a game whose things
	// stand at whole coordinates.
	Cell
)

// A Shape is a mark in a Scene that is not an entity: a projectile's
// path, a range, an area, a cell. The page draws the shapes in order (put
// the ground first), then the entities, then every label where it covers
// the least.
type Shape struct {
	Kind   ShapeKind
	X, Y   float64
	X2, Y2 float64 // Line: the other end; Rect: the opposite corner
	R      float64 // Circle: the radius
	Colour string  // a CSS colour (a cell's fill, other shapes' outline); empty is grey
	Fill   string  // Circle and Rect: a CSS colour to fill them with; empty leaves them open
	Label  string
}

// Limits on what a scene may hold, so a recording stays a size a browser
// can show.
const (
	MaxEntities = 1000
	MaxShapes   = 1000
	maxText     = 200 // bytes in a label or colour
)

// Validate reports the first thing in s that cannot be drawn: a
// negative time, too many entities or shapes, a number that is not
// finite, a negative radius, a text too long or not UTF-8.
func (s *Scene) Validate() error {
	switch {
	case s.Time < 0:
		return fmt.Errorf("scene at %v: a negative time", s.Time)
	case len(s.Entities) > MaxEntities:
		return fmt.Errorf("scene at %v: %d entities, more than %d", s.Time, len(s.Entities), MaxEntities)
	case len(s.Shapes) > MaxShapes:
		return fmt.Errorf("scene at %v: %d shapes, more than %d", s.Time, len(s.Shapes), MaxShapes)
	}
	for i := range s.Entities {
		e := &s.Entities[i]
		if err := e.validate(); err != nil {
			return fmt.Errorf("scene at %v: entity %d (%q): %v", s.Time, i, e.Label, err)
		}
	}
	for i := range s.Shapes {
		sh := &s.Shapes[i]
		if err := sh.validate(); err != nil {
			return fmt.Errorf("scene at %v: shape %d (%q): %v", s.Time, i, sh.Label, err)
		}
	}
	return nil
}

func (e *Entity) validate() error {
	if err := finite(e.X, e.Y, e.Heading, e.Radius, e.Health, e.MaxHealth); err != nil {
		return err
	}
	if e.Radius < 0 {
		return errors.New("a negative radius")
	}
	return texts(e.Label, e.Colour)
}

func (s *Shape) validate() error {
	if s.Kind < Circle || s.Kind > Cell {
		return fmt.Errorf("unknown kind %d", s.Kind)
	}
	if s.Fill != "" && s.Kind != Circle && s.Kind != Rect {
		return errors.New("a fill on a shape that is not a circle or a rectangle (a cell is filled with its colour)")
	}
	if err := finite(s.X, s.Y, s.X2, s.Y2, s.R); err != nil {
		return err
	}
	if s.R < 0 {
		return errors.New("a negative radius")
	}
	return texts(s.Label, s.Colour, s.Fill)
}

// shapeNames are the shapes' kinds as the recorded format names them.
var shapeNames = [...]string{Circle: "circle", Line: "line", Rect: "rect", Cell: "cell"}

// finite reports a NaN or an infinity, which JSON cannot carry.
func finite(xs ...float64) error {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("a number that is not finite (%v)", x)
		}
	}
	return nil
}

func texts(ss ...string) error {
	for _, s := range ss {
		switch {
		case len(s) > maxText:
			return fmt.Errorf("a text of %d bytes, more than %d", len(s), maxText)
		case !utf8.ValidString(s):
			return fmt.Errorf("a text that is not UTF-8 (%q)", s)
		}
	}
	return nil
}

// AppendJSON appends the scene as one line of the inspector's recorded
// format:
//
//	{"kind":"scene","t":1.5,"entities":[{"label":"jedi","x":0,"y":0,"heading":0,"r":0.5,"colour":"#1f77b4","hp":180,"maxhp":200}],
//	 "shapes":[{"shape":"line","x":3,"y":4,"x2":0,"y2":0,"colour":"#d62728"}]}
//
// A circle has "r" where a line or a rectangle has "x2" and "y2", and a
// cell neither; "fill" and "label" are left out when empty. Numbers are rounded to 3 decimals, which keeps a long recording small.
// s must be valid.
func (s *Scene) AppendJSON(b []byte) []byte {
	b = append(b, `{"kind":"scene","t":`...)
	b = num(b, s.Time.Seconds())
	b = append(b, `,"entities":[`...)
	for i := range s.Entities {
		e := &s.Entities[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"label":`...)
		b = quote(b, e.Label)
		b = field(b, "x", e.X)
		b = field(b, "y", e.Y)
		b = field(b, "heading", e.Heading)
		b = field(b, "r", e.Radius)
		b = append(b, `,"colour":`...)
		b = quote(b, e.Colour)
		if e.MaxHealth > 0 {
			b = field(b, "hp", e.Health)
			b = field(b, "maxhp", e.MaxHealth)
		}
		b = append(b, '}')
	}
	b = append(b, `],"shapes":[`...)
	for i := range s.Shapes {
		sh := &s.Shapes[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"shape":"`...)
		b = append(b, shapeNames[sh.Kind]...)
		b = append(b, '"')
		b = field(b, "x", sh.X)
		b = field(b, "y", sh.Y)
		switch sh.Kind {
		case Circle:
			b = field(b, "r", sh.R)
		case Line, Rect:
			b = field(b, "x2", sh.X2)
			b = field(b, "y2", sh.Y2)
		}
		b = append(b, `,"colour":`...)
		b = quote(b, sh.Colour)
		if sh.Fill != "" {
			b = append(b, `,"fill":`...)
			b = quote(b, sh.Fill)
		}
		if sh.Label != "" {
			b = append(b, `,"label":`...)
			b = quote(b, sh.Label)
		}
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

func field(b []byte, name string, x float64) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return num(b, x)
}

// num appends x rounded to 3 decimals, without a trailing ".000". x
// must be finite.
func num(b []byte, x float64) []byte {
	if math.Abs(x) > 1e15 { // too big for the rounding, and for decimals
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	}
	x = math.Round(x*1000) / 1000
	if x == 0 {
		x = 0 // no "-0"
	}
	return strconv.AppendFloat(b, x, 'f', -1, 64)
}

// quote appends s as a JSON string. s must be valid UTF-8.
func quote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
