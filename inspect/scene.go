package inspect

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/internal/engine/jsonstr"
	"github.com/foresight-bt/foresight/scene"
)

// shapeNames are the shapes' kinds as the recorded format names them.
var shapeNames = [...]string{scene.Circle: "circle", scene.Line: "line", scene.Rect: "rect", scene.Cell: "cell"}

// appendScene appends s as one line of the recorded format:
//
//	{"kind":"scene","t":1.5,"entities":[{"label":"jedi","x":0,"y":0,"heading":0,"r":0.5,"colour":"#1f77b4","hp":180,"maxhp":200}],
//	 "shapes":[{"shape":"line","x":3,"y":4,"x2":0,"y2":0,"colour":"#d62728"}]}
//
// A circle has "r" where a line or a rectangle has "x2" and "y2", and a
// cell neither; "fill" and "label" are left out when empty. Numbers are
// rounded to 3 decimals, which keeps a long recording small. s must be
// valid.
func appendScene(b []byte, s *scene.Scene) []byte {
	b = append(b, `{"kind":"scene","t":`...)
	b = num(b, s.Time.Seconds())
	b = append(b, `,"entities":[`...)
	for i := range s.Entities {
		e := &s.Entities[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"label":`...)
		b = jsonstr.Append(b, e.Label)
		b = field(b, "x", e.X)
		b = field(b, "y", e.Y)
		b = field(b, "heading", e.Heading)
		b = field(b, "r", e.Radius)
		b = append(b, `,"colour":`...)
		b = jsonstr.Append(b, e.Colour)
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
		case scene.Circle:
			b = field(b, "r", sh.R)
		case scene.Line, scene.Rect:
			b = field(b, "x2", sh.X2)
			b = field(b, "y2", sh.Y2)
		}
		b = append(b, `,"colour":`...)
		b = jsonstr.Append(b, sh.Colour)
		if sh.Fill != "" {
			b = append(b, `,"fill":`...)
			b = jsonstr.Append(b, sh.Fill)
		}
		if sh.Label != "" {
			b = append(b, `,"label":`...)
			b = jsonstr.Append(b, sh.Label)
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

// validateScene reports the first thing in s that cannot be drawn: a
// negative time, too many entities or shapes, a number that is not
// finite, a negative radius, a text too long or not UTF-8.
func validateScene(s *scene.Scene) error {
	switch {
	case s.Time < 0:
		return fmt.Errorf("scene at %v: a negative time", s.Time)
	case len(s.Entities) > scene.MaxEntities:
		return fmt.Errorf("scene at %v: %d entities, more than %d", s.Time, len(s.Entities), scene.MaxEntities)
	case len(s.Shapes) > scene.MaxShapes:
		return fmt.Errorf("scene at %v: %d shapes, more than %d", s.Time, len(s.Shapes), scene.MaxShapes)
	}
	for i := range s.Entities {
		e := &s.Entities[i]
		if err := validEntity(e); err != nil {
			return fmt.Errorf("scene at %v: entity %d (%q): %v", s.Time, i, e.Label, err)
		}
	}
	for i := range s.Shapes {
		sh := &s.Shapes[i]
		if err := validShape(sh); err != nil {
			return fmt.Errorf("scene at %v: shape %d (%q): %v", s.Time, i, sh.Label, err)
		}
	}
	return nil
}

// maxText is the most bytes in a label or a colour.
const maxText = 200

func validEntity(e *scene.Entity) error {
	if err := finite(e.X, e.Y, e.Heading, e.Radius, e.Health, e.MaxHealth); err != nil {
		return err
	}
	if e.Radius < 0 {
		return errors.New("a negative radius")
	}
	return texts(e.Label, e.Colour)
}

func validShape(s *scene.Shape) error {
	if s.Kind < scene.Circle || s.Kind > scene.Cell {
		return fmt.Errorf("unknown kind %d", s.Kind)
	}
	if s.Fill != "" && s.Kind != scene.Circle && s.Kind != scene.Rect {
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
