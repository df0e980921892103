package jedi

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// Self is a Jedi's own state, in memory and in the arena alike. The
// durations are the time left in each state.
type Self struct {
	HP, MaxHP int
	Pos       Vec
	Facing    Vec // unit vector
	// Vel is the Jedi's velocity while a prediction moves it: attacks land
	// where the Jedi will be, not where it started.
	Vel Vec
	// Caution is how much clearer of an attack than strictly needed the
	// Jedi must be before it counts on a miss. The sensors set it for
	// predictions, which move continuously while the world moves in
	// ticks; the arena's own bodies have none.
	Caution float64

	Jump    time.Duration // in the air: most attacks miss
	Crouch  time.Duration // under horizontal swings
	Deflect time.Duration // bats away bolts from in front
	Block   time.Duration // stops swings from in front
	Dodge   time.Duration // rolling aside: everything misses
	Stance  time.Duration // defensive stance: damage halved
	Knocked time.Duration // knocked down: cannot act

	// The move the Jedi's body is making, as the Jedi feels it: which,
	// its phase and the time spent in it, the time left of a timed move,
	// and the swings still to make. A running action predicts only what
	// remains of it.
	Doing      MoveKind
	Phase      uint8
	PhaseTime  time.Duration
	MoveLeft   time.Duration
	SwingsLeft int
	// Seq and Status say how the body's last order (Memory.Order) went:
	// the order it took up last, and Running, Success or Failure.
	Seq    uint32
	Status bt.Status
}

// Numbers of the Jedi.
const (
	jediHP        = 200
	jediRadius    = 0.5
	walkSpeed     = 3.0  // m/s
	runSpeed      = 6.0  // m/s
	dashSpeed     = 15.0 // m/s
	swingReach    = 2.0  // m: a swing lands within this
	kickReach     = 1.5  // m
	deflectFacing = 0.3  // dot product: bolts from in front are deflected
	tooClose      = 3.0  // m: closer than this to another Jedi is too close
	knockTime     = time.Second
	// caution covers a tick's worth of the fastest move (a dash, 15 m/s at
	// 60 Hz) with room to spare.
	caution = 0.4 // m
)

// Alive reports whether the Jedi still stands.
func (s *Self) Alive() bool { return s.HP > 0 }

// facing returns how squarely the Jedi faces p: 1 straight ahead, -1
// behind.
func (s *Self) facing(p Vec) float64 { return s.Facing.Dot(p.Sub(s.Pos).Unit()) }

// turnTo faces p.
func (s *Self) turnTo(p Vec) {
	if d := p.Sub(s.Pos); d.Len() > 0 {
		s.Facing = d.Unit()
	}
}

// avoids reports whether the threat, landing after at, misses: a state
// that lasts until then, or being, by then, out of its way.
func (s *Self) avoids(t *Threat, at time.Duration) bool {
	lasts := func(left time.Duration) bool { return left >= at && left > 0 }
	if lasts(s.Dodge) || lasts(s.Jump) {
		return true
	}
	switch t.Kind {
	case Bolt:
		return lasts(s.Deflect) && s.facing(t.From) >= deflectFacing || s.clearOf(t.Aim, boltSpread, at)
	case Melee:
		return lasts(s.Crouch) || lasts(s.Block) && s.facing(t.From) >= blockFacing || s.clearOf(t.From, meleeReach, at)
	}
	return false // a charge follows its target
}

// clearOf reports whether the Jedi, moving at its velocity, will be after
// at farther than r, plus its caution, from p. It compares squares: the
// threat level asks it of every threat in every predicted step.
func (s *Self) clearOf(p Vec, r float64, at time.Duration) bool {
	r += s.Caution
	pos := s.Pos
	if s.Vel != (Vec{}) {
		pos = pos.Add(s.Vel.Scale(at.Seconds()))
	}
	return r < 0 || pos.dist2(p) > r*r
}

// hurt applies damage taken after at: halved in a defensive stance, with
// a knock-down for heavy attacks. It returns the damage dealt.
func (s *Self) hurt(t *Threat, at time.Duration) int {
	if s.HP <= 0 {
		return 0
	}
	dmg := t.Strength
	if s.Stance >= at && s.Stance > 0 {
		dmg /= 2
	}
	s.HP = max(0, s.HP-dmg)
	if t.Kind == Heavy {
		// The knock-down runs from the impact; the timers of the step it
		// lands in are run down afterwards by the whole step.
		s.Knocked = max(s.Knocked, knockTime+at)
	}
	return dmg
}

// elapse lets dt pass on the state timers.
func (s *Self) elapse(dt time.Duration) {
	s.Jump = max(0, s.Jump-dt)
	s.Crouch = max(0, s.Crouch-dt)
	s.Deflect = max(0, s.Deflect-dt)
	s.Block = max(0, s.Block-dt)
	s.Dodge = max(0, s.Dodge-dt)
	s.Stance = max(0, s.Stance-dt)
	s.Knocked = max(0, s.Knocked-dt)
}
