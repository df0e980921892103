// Package scene is a picture of a game's world at one moment, for tools
// that show what agents did: the entities (agents, enemies), each with a
// position, heading, label, colour and health, and shapes (projectiles,
// ranges, areas, a grid game's cells). A game fills one Scene per frame;
// the inspector (package inspect) records and draws them. It is apart
// from the inspector so that a game's samples can describe their world
// without linking a web server.
package scene

import (
	"time"
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
// can show. The inspector refuses a scene beyond them, or one it cannot
// draw (a number that is not finite, a negative radius, a label or colour
// longer than 200 bytes or not UTF-8), with an error that says what.
const (
	MaxEntities = 1000
	MaxShapes   = 1000
)
