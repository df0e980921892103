package jedi

import "math"

// A Vec is a point or a direction on the arena floor, in meters.
type Vec struct{ X, Y float64 }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v-w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns v scaled by k.
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k} }

// Dot returns the dot product of v and w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Len returns the length of v. (math.Hypot guards against overflow that
// arena distances never reach, at several times the cost.)
func (v Vec) Len() float64 { return math.Sqrt(v.X*v.X + v.Y*v.Y) }

// dist2 returns the squared distance between v and w.
func (v Vec) dist2(w Vec) float64 {
	dx, dy := v.X-w.X, v.Y-w.Y
	return dx*dx + dy*dy
}

// Dist returns the distance between v and w.
func (v Vec) Dist(w Vec) float64 { return v.Sub(w).Len() }

// Unit returns v scaled to length 1, or the zero vector for a zero v.
func (v Vec) Unit() Vec {
	if l := v.Len(); l > 0 {
		return v.Scale(1 / l)
	}
	return Vec{}
}

// Left returns v turned a quarter turn counter-clockwise.
func (v Vec) Left() Vec { return Vec{-v.Y, v.X} }

// toward returns the point at most step meters from p in the direction of
// q, stopping short of q by gap.
func toward(p, q Vec, step, gap float64) Vec {
	d := q.Sub(p)
	return along(p, d, d.Len(), step, gap)
}

// along returns the point at most step meters from p along d, whose
// length l the caller knows, stopping short of p+d by gap: toward for a
// caller that has already measured the distance, which saves the square
// roots of measuring it again and of making d a unit vector.
func along(p, d Vec, l, step, gap float64) Vec {
	room := l - gap
	if room <= 0 || l <= 0 {
		return p
	}
	return p.Add(d.Scale(min(step, room) / l))
}
