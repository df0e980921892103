package troll

import (
	"math/rand/v2"
	"time"
)

// Step is the time one tick of the world takes.
const Step = 100 * time.Millisecond

// The map and its people, in cells.
const (
	Width, Height = 40, 24
	SightRange    = 7 // how far the troll sees, in cells (Chebyshev distance)
	Bridges       = 3
	Trees         = 6

	MaxHP        = 100
	HurtBelow    = 35 // the troll breaks off to recover below this
	RecoveredAt  = 90 // and goes back to work at this
	TrunkHealth  = 3  // slams a fresh trunk takes before it breaks
	SlamDamage   = 30
	IntruderHP   = 150
	IntruderHit  = 12               // what the intruder's blow does
	RecallWindow = 10 * time.Second // how long the troll remembers where it saw the intruder
	RegrowAfter  = 30 * time.Second // how long a tree takes to grow again
)

// A Cell is a place on the map.
type Cell struct{ X, Y int }

// Dist is the number of moves between two cells, diagonals included.
func (c Cell) Dist(d Cell) int { return max(abs(c.X-d.X), abs(c.Y-d.Y)) }

// Toward is the cell one move from c toward d (c itself when there).
func (c Cell) Toward(d Cell) Cell {
	return Cell{c.X + sign(d.X-c.X), c.Y + sign(d.Y-c.Y)}
}

func abs(x int) int { return max(x, -x) }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Memory is the troll's memory: what it knows of the map, the intruder and
// itself, a plain value that a prediction copies in one assignment. The
// actions read and write it; the World's sensors keep it true.
type Memory struct {
	Now time.Duration

	Pos   Cell
	HP    int
	Trunk int  // the health of the trunk it holds: 0 for none
	Dead  bool // fallen, for good
	Busy  time.Duration
	// The targets the troll chose: a bridge, a tree.
	Bridge, Tree int

	BridgeAt  [Bridges]Cell
	CheckedAt [Bridges]time.Duration
	TreeAt    [Trees]Cell
	Standing  [Trees]bool
	FelledAt  [Trees]time.Duration // a tree grows again RegrowAfter it was uprooted

	// What the troll knows of the intruder: whether it sees it now, where
	// it saw it last and when, and how hurt it is.
	CanSee    bool
	HasSeen   bool
	LastSeen  Cell
	SeenAt    time.Duration
	Enemy     Cell // where it is, while seen
	EnemyHP   int
	SawChange bool // sight was gained or lost this tick
	Searching bool // walking to where it last saw the intruder, expecting to see it
	Blow      int  // the damage of the troll's blows this tick, which the World deals

	// Counters the claims read.
	Slams, Uprooted, Roars, Checks, Kills int
}

// An Intruder wanders in and out of the map.
type Intruder struct {
	Present bool
	Pos     Cell
	HP      int
	Goal    Cell          // where it wanders to
	Next    time.Duration // when it next moves, strikes, or (away) enters
	Blow    time.Duration // when it may strike next
}

// A World is the map, simulated headless from a seed: the troll's memory
// (which holds the troll's body and what it knows), the intruder, and the
// source of the intruder's whims. The same seed gives the same world.
type World struct {
	Troll    Memory
	Intruder Intruder
	pcg      rand.PCG // rng's source, kept to be saved (AppendBinary)
	rng      *rand.Rand
}

// NewWorld lays out the map: the bridges across the river, the trees of
// the wood, the troll at the first bridge, and the intruder away, due in a
// few seconds.
func NewWorld(seed uint64) *World {
	w := &World{}
	w.pcg.Seed(seed, 0x7201)
	w.rng = rand.New(&w.pcg)
	m := &w.Troll
	m.BridgeAt = [Bridges]Cell{{6, 12}, {20, 12}, {34, 12}}
	m.TreeAt = [Trees]Cell{{3, 3}, {12, 4}, {27, 3}, {37, 5}, {9, 21}, {31, 20}}
	for i := range m.Standing {
		m.Standing[i] = true
	}
	m.Pos, m.HP, m.Trunk, m.Bridge, m.Tree = m.BridgeAt[0], MaxHP, TrunkHealth, -1, -1
	w.Intruder.Next = w.between(3*time.Second, 8*time.Second)
	w.Sense()
	return w
}

// between returns a seeded time in [lo, hi).
func (w *World) between(lo, hi time.Duration) time.Duration {
	return w.Troll.Now + lo + time.Duration(w.rng.Int64N(int64(hi-lo)))
}

func (w *World) anywhere() Cell { return Cell{w.rng.IntN(Width), w.rng.IntN(Height)} }

// Advance moves the world on by one Step: the troll's blows land, then
// the clock, the trees (which grow again), the intruder (which enters, wanders, strikes a troll beside
// it, and leaves when hurt or bored), and the troll's senses.
func (w *World) Advance() {
	m, in := &w.Troll, &w.Intruder
	if in.Present && m.Blow > 0 && in.Pos.Dist(m.Pos) <= 1 {
		in.HP -= m.Blow
	}
	m.Blow = 0
	m.Now += Step
	for i := range m.Standing {
		m.Standing[i] = m.Standing[i] || m.Now-m.FelledAt[i] >= RegrowAfter
	}
	switch {
	case !in.Present && m.Now >= in.Next:
		w.enter()
	case in.Present && in.HP <= 0:
		in.Present = false
		m.Kills++
		in.Next = w.between(5*time.Second, 12*time.Second)
	case in.Present:
		w.wander()
	}
	w.Sense()
}

// enter brings a fresh intruder in at an edge of the map.
func (w *World) enter() {
	in := &w.Intruder
	edge := w.anywhere()
	if w.rng.IntN(2) == 0 {
		edge.X = (Width - 1) * w.rng.IntN(2)
	} else {
		edge.Y = (Height - 1) * w.rng.IntN(2)
	}
	*in = Intruder{Present: true, Pos: edge, HP: IntruderHP, Goal: w.anywhere(), Next: w.Troll.Now}
}

// wander moves the intruder a cell every third of a second toward its
// goal, picks a new goal when there (or, now and then, leaves), and
// strikes the troll when beside it.
func (w *World) wander() {
	m, in := &w.Troll, &w.Intruder
	if !m.Dead && in.Pos.Dist(m.Pos) <= 1 {
		if m.Now >= in.Blow {
			if w.rng.IntN(2) == 0 {
				m.HP = max(m.HP-IntruderHit, 0)
				m.Dead = m.HP == 0
			}
			in.Blow = m.Now + time.Second
		}
		return // it stands and fights
	}
	if m.Now < in.Next {
		return
	}
	in.Next = m.Now + 300*time.Millisecond
	if in.Pos == in.Goal {
		if w.rng.IntN(6) == 0 || in.HP < IntruderHP/3 {
			in.Present = false // it leaves the map
			in.Next = w.between(5*time.Second, 12*time.Second)
			return
		}
		in.Goal = w.anywhere()
	}
	in.Pos = in.Pos.Toward(in.Goal)
}

// News reports whether the senses brought news this tick that a plan did
// not expect: the intruder came into sight or went out of it, unless the
// troll was searching for it, expecting to see it. It is the HTN troll's
// news its planners plan again on (bt.ReplanOn).
func News(m *Memory) bool { return m.SawChange && !(m.CanSee && m.Searching) }

// Sense updates what the troll knows of the intruder: seen within
// SightRange, remembered where last seen.
func (w *World) Sense() {
	m, in := &w.Troll, &w.Intruder
	see := in.Present && !m.Dead && m.Pos.Dist(in.Pos) <= SightRange
	m.SawChange = see != m.CanSee
	m.CanSee = see
	if see {
		m.HasSeen, m.LastSeen, m.SeenAt, m.Enemy, m.EnemyHP = true, in.Pos, m.Now, in.Pos, in.HP
	}
}
