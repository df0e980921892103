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
