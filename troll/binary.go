package troll

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
)

// A world saves in a compact binary form, as the troll's agent does
// (bt.Agent.AppendBinary), so that a game saves a whole frame (the world
// and the agent) to rewind, roll back or keep it.
const (
	worldMagic    = "fstw"
	binaryVersion = 1
)

// Bounds of the values a restore checks only for their type's range.
const (
	maxInt = math.MaxInt
	maxDur = time.Duration(math.MaxInt64)
)

// AppendBinary appends the world's state to b and returns the extended
// slice: the troll's memory (its body and what it knows), the intruder,
// and the random source of the intruder's whims. It allocates nothing
// when b has room.
func (w *World) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	b = binsave.Begin(b, worldMagic, binaryVersion)
	m := &w.Troll
	b = binsave.Duration(b, m.Now)
	b = appendCell(b, m.Pos)
	b = binsave.Int(b, m.HP)
	b = binsave.Int(b, m.Trunk)
	b = binsave.Bool(b, m.Dead)
	b = binsave.Duration(b, m.Busy)
	b = binsave.Int(b, m.Bridge)
	b = binsave.Int(b, m.Tree)
	for i := range Bridges {
		b = appendCell(b, m.BridgeAt[i])
		b = binsave.Duration(b, m.CheckedAt[i])
	}
	for i := range Trees {
		b = appendCell(b, m.TreeAt[i])
		b = binsave.Bool(b, m.Standing[i])
		b = binsave.Duration(b, m.FelledAt[i])
	}
	b = binsave.Bool(b, m.CanSee)
	b = binsave.Bool(b, m.HasSeen)
	b = appendCell(b, m.LastSeen)
	b = binsave.Duration(b, m.SeenAt)
	b = appendCell(b, m.Enemy)
	b = binsave.Int(b, m.EnemyHP)
	b = binsave.Bool(b, m.SawChange)
	b = binsave.Bool(b, m.Searching)
	b = binsave.Int(b, m.Blow)
	for _, n := range [...]int{m.Slams, m.Uprooted, m.Roars, m.Checks, m.Kills} {
		b = binsave.Int(b, n)
	}
	in := &w.Intruder
	b = binsave.Bool(b, in.Present)
	b = appendCell(b, in.Pos)
	b = binsave.Int(b, in.HP)
	b = appendCell(b, in.Goal)
	b = binsave.Duration(b, in.Next)
	b = binsave.Duration(b, in.Blow)
	b, err := binsave.Part(b, &w.pcg)
	if err != nil {
		return b[:start], err
	}
	return binsave.End(b, start), nil
}

// MarshalBinary returns the world's state (see AppendBinary).
func (w *World) MarshalBinary() ([]byte, error) { return w.AppendBinary(nil) }

// UnmarshalBinary restores a state AppendBinary saved: the world then
// goes on as the one saved. A save cut short or changed, of another
// version, or holding what no world can (the troll's bridge or tree out
// of range) is an error that wraps binsave's ErrSave and says what and
// where, and leaves the world as it was.
func (w *World) UnmarshalBinary(data []byte) error {
	r, err := binsave.Open("troll: a world's save", data, worldMagic, binaryVersion)
	if err != nil {
		return err
	}
	var m Memory
	m.Now = r.Duration(0, maxDur)
	m.Pos = readCell(&r)
	m.HP = r.Int(-maxInt, maxInt)
	m.Trunk = r.Int(-maxInt, maxInt)
	m.Dead = r.Bool()
	m.Busy = r.Duration(-maxDur, maxDur)
	m.Bridge = r.Int(-1, Bridges-1)
	m.Tree = r.Int(-1, Trees-1)
	for i := range Bridges {
		m.BridgeAt[i] = readCell(&r)
		m.CheckedAt[i] = r.Duration(-maxDur, maxDur)
	}
	for i := range Trees {
		m.TreeAt[i] = readCell(&r)
		m.Standing[i] = r.Bool()
		m.FelledAt[i] = r.Duration(-maxDur, maxDur)
	}
	m.CanSee = r.Bool()
	m.HasSeen = r.Bool()
	m.LastSeen = readCell(&r)
	m.SeenAt = r.Duration(-maxDur, maxDur)
	m.Enemy = readCell(&r)
	m.EnemyHP = r.Int(-maxInt, maxInt)
	m.SawChange = r.Bool()
	m.Searching = r.Bool()
	m.Blow = r.Int(-maxInt, maxInt)
	for _, n := range [...]*int{&m.Slams, &m.Uprooted, &m.Roars, &m.Checks, &m.Kills} {
		*n = r.Int(0, maxInt)
	}
	var in Intruder
	in.Present = r.Bool()
	in.Pos = readCell(&r)
	in.HP = r.Int(-maxInt, maxInt)
	in.Goal = readCell(&r)
	in.Next = r.Duration(-maxDur, maxDur)
	in.Blow = r.Duration(-maxDur, maxDur)
	var pcg rand.PCG
	r.PartInto("the random source", &pcg)
	if err := r.Close(); err != nil {
		return err
	}
	w.Troll, w.Intruder, w.pcg = m, in, pcg
	if w.rng == nil { // a World made otherwise than by NewWorld
		w.rng = rand.New(&w.pcg)
	}
	return nil
}

func appendCell(b []byte, c Cell) []byte { return binsave.Int(binsave.Int(b, c.X), c.Y) }

func readCell(r *binsave.Reader) Cell { return Cell{r.Int(-maxInt, maxInt), r.Int(-maxInt, maxInt)} }
