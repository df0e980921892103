package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// A point is a square of the yard.
type point struct{ X, Y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// dist is the number of steps between two squares (no diagonals).
func dist(a, b point) int { return abs(a.X-b.X) + abs(a.Y-b.Y) }

// toward returns the square one step from p in the direction of q.
func toward(p, q point) point {
	switch {
	case p.X != q.X:
		p.X += sign(q.X - p.X)
	case p.Y != q.Y:
		p.Y += sign(q.Y - p.Y)
	}
	return p
}

func abs(n int) int { return n * sign(n) }

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

const (
	yardSize   = 10 // the yard is yardSize x yardSize squares
	sightRange = 4  // the guard sees an intruder this many steps away
)

// Memory is what the guard knows: the yard as it is. It is a plain value,
// so simulating an action works on a copy made by one assignment.
type Memory struct {
	Guard      point
	Waypoints  [4]point
	Next       int           // the waypoint the guard walks to
	Wait       time.Duration // how long it still waits at the waypoint it reached
	Swing      time.Duration // how far it is into a swing
	Intruder   point
	IntruderHP int // 0: no intruder left
	Hits       int // blows landed
}

// Sees reports whether the guard sees a living intruder.
func (m *Memory) Sees() bool {
	return m.IntruderHP > 0 && dist(m.Guard, m.Intruder) <= sightRange
}

// world is the live yard: the guard's memory plus the intruder's wandering,
// which the guard cannot predict.
type world struct {
	Memory
	rng *rand.Rand
}

func newWorld(seed uint64) *world {
	w := &world{rng: rand.New(rand.NewPCG(seed, 0x9a4d))}
	w.Waypoints = [4]point{{1, 1}, {8, 1}, {8, 8}, {1, 8}}
	w.Guard = w.Waypoints[0]
	w.Intruder = point{w.rng.IntN(yardSize), w.rng.IntN(yardSize)}
	w.IntruderHP = 3
	return w
}

// wander moves the intruder one random step, keeping it in the yard.
func (w *world) wander() {
	if w.IntruderHP <= 0 || w.rng.IntN(3) == 0 {
		return // the intruder sometimes stands still
	}
	d := [4]point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}[w.rng.IntN(4)]
	next := point{w.Intruder.X + d.X, w.Intruder.Y + d.Y}
	if next.X >= 0 && next.X < yardSize && next.Y >= 0 && next.Y < yardSize && next != w.Guard {
		w.Intruder = next
	}
}

// picture draws the yard: G the guard, I the intruder (x once down), 1 to
// 4 the waypoints of the round, and dots for open ground.
func (m *Memory) picture() string {
	var b strings.Builder
	for y := yardSize - 1; y >= 0; y-- {
		b.WriteString("  ")
		for x := 0; x < yardSize; x++ {
			c := byte('.')
			for i, w := range m.Waypoints {
				if w == (point{x, y}) {
					c = byte('1' + i)
				}
			}
			switch p := (point{x, y}); {
			case p == m.Guard:
				c = 'G'
			case p == m.Intruder && m.IntruderHP > 0:
				c = 'I'
			case p == m.Intruder:
				c = 'x'
			}
			if x > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(c)
		}
		b.WriteString("\n")
	}
	return b.String()
}
