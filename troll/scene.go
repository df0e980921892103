package troll

import (
	"strconv"

	"github.com/foresight-bt/foresight/scene"
)

// Scene fills s with a picture of the map now, for package inspect's
// world view: the map's cells within its edge; the troll (its trunk in
// its label) and the intruder, with their hit points; the bridges, with
// when each was last checked; the trees standing, a cell each; and, while
// the troll remembers one, where it last saw the intruder. It reuses s's
// slices: a game can fill one Scene a tick.
func (w *World) Scene(s *scene.Scene) {
	m, in := &w.Troll, &w.Intruder
	s.Time = m.Now
	s.Entities, s.Shapes = s.Entities[:0], s.Shapes[:0]
	s.Shapes = append(s.Shapes, scene.Shape{Kind: scene.Rect, X: -0.5, Y: -0.5, X2: Width - 0.5, Y2: Height - 0.5,
		Colour: "#b5b5a8", Fill: "#f1f0e6"})
	for i, at := range m.TreeAt {
		if m.Standing[i] {
			s.Shapes = append(s.Shapes, scene.Shape{Kind: scene.Cell, X: float64(at.X), Y: float64(at.Y), Colour: "#5fae5a"})
		}
	}
	for i, at := range m.BridgeAt {
		label := "bridge " + strconv.Itoa(i)
		if m.CheckedAt[i] > 0 {
			label += " (checked " + m.CheckedAt[i].String() + ")"
		}
		x, y := float64(at.X), float64(at.Y)
		s.Shapes = append(s.Shapes, scene.Shape{Kind: scene.Rect, X: x - 1.5, Y: y - 0.5, X2: x + 1.5, Y2: y + 0.5,
			Colour: "#8c6d31", Fill: "#d9bf8c", Label: label})
	}
	if m.HasSeen && !m.CanSee {
		s.Shapes = append(s.Shapes, scene.Shape{Kind: scene.Circle, X: float64(m.LastSeen.X), Y: float64(m.LastSeen.Y),
			R: 0.5, Colour: "#d62728", Label: "last seen"})
	}
	label, colour := "troll, trunk "+strconv.Itoa(m.Trunk), "#1f77b4"
	if m.Dead {
		label, colour = "troll (fallen)", "#d0d0d0"
	}
	s.Entities = append(s.Entities, scene.Entity{Label: label, X: float64(m.Pos.X), Y: float64(m.Pos.Y), Radius: 0.9,
		Colour: colour, Health: float64(m.HP), MaxHealth: MaxHP})
	if in.Present {
		s.Entities = append(s.Entities, scene.Entity{Label: "intruder", X: float64(in.Pos.X), Y: float64(in.Pos.Y),
			Radius: 0.6, Colour: "#d62728", Health: float64(max(in.HP, 0)), MaxHealth: IntruderHP})
	}
}
