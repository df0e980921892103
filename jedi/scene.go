package jedi

import (
	"math"
	"strconv"

	"github.com/foresight-bt/foresight/scene"
)

// Scene fills s with a picture of the arena now, for package inspect's
// world view: each Jedi and enemy with its position, facing, hit points
// and victim, and each bolt in flight as a short streak. It reuses s's
// slices: a game can fill one Scene every frame.
func (a *Arena) Scene(s *scene.Scene) {
	s.Time = a.now
	s.Entities = s.Entities[:0]
	s.Shapes = s.Shapes[:0]
	for i := 0; i < a.numJedi; i++ {
		j := &a.jedi[i]
		label, colour := "jedi", "#1f77b4"
		if i > 0 {
			label, colour = "partner", "#17becf"
		}
		if v := a.foeByID(j.victim); v != nil && v.Alive() {
			label += " → " + v.Type.String() + " " + strconv.Itoa(v.ID)
		}
		s.Entities = append(s.Entities, entity(label, colour, j.Pos, j.Facing, jediRadius, j.HP, j.MaxHP))
	}
	for i := 0; i < a.numFoes; i++ {
		f := &a.foes[i].Enemy
		label, colour := f.Type.String()+" "+strconv.Itoa(f.ID), foeColours[f.Type]
		switch {
		case !f.Alive():
			label, colour = label+" (down)", "#d0d0d0"
		case f.Stumbling():
			label += " (stumbling)"
		case f.Charging:
			label += " (charging)"
		case f.Shield > 0:
			label += " (shield)"
		}
		s.Entities = append(s.Entities, entity(label, colour, f.Pos, f.Facing, enemyRadius, f.HP, f.MaxHP))
	}
	for i := 0; i < a.nBolts; i++ {
		b := &a.bolts[i]
		dir := b.aim.Sub(b.from).Unit()
		head := b.from.Add(dir.Scale(boltSpeed * b.flown.Seconds()))
		tail := head.Sub(dir.Scale(0.8))
		s.Shapes = append(s.Shapes, scene.Shape{Kind: scene.Line, X: tail.X, Y: tail.Y, X2: head.X, Y2: head.Y, Colour: "#d62728"})
	}
}

// foeColours are the enemies' colours in the world view, by type.
var foeColours = map[EnemyType]string{Droid: "#8c8c8c", Brawler: "#8c564b", Trooper: "#e7e7e7", Rusher: "#ff7f0e"}

func entity(label, colour string, pos, facing Vec, r float64, hp, maxHP int) scene.Entity {
	return scene.Entity{Label: label, X: pos.X, Y: pos.Y, Heading: math.Atan2(facing.Y, facing.X), Radius: r,
		Colour: colour, Health: float64(hp), MaxHealth: float64(maxHP)}
}
