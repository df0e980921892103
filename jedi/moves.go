package jedi

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// A MoveKind is something a Jedi's body can be ordered to do.
type MoveKind uint8

// The moves.
const (
	MoveNone MoveKind = iota
	MoveSwing
	MoveKick
	MovePush
	MoveDash
	MoveJumpForward
	MoveJumpOver
	MoveDodgeLeft
	MoveDodgeRight
	MoveDodgeBack
	MoveCrouch
	MoveDeflect
	MoveBlock
	MoveStance
	MoveStrafe
	MoveTaunt
	MoveApproach
	MoveGiveSpace
	MoveWait
)

var moveNames = [...]string{"none", "swing", "kick", "force push", "dash", "jump forward", "jump over",
	"dodge left", "dodge right", "dodge back", "crouch", "deflect", "block", "defensive stance",
	"strafe", "taunt", "approach", "give space", "wait"}

// String returns the move's name.
func (k MoveKind) String() string {
	if int(k) < len(moveNames) {
		return moveNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", uint8(k))
}

// How long moves take, live and in predictions alike.
const (
	swingHalf     = 300 * time.Millisecond // wind-up, then recovery
	kickTime      = 500 * time.Millisecond
	pushTime      = 800 * time.Millisecond
	jumpTime      = 800 * time.Millisecond
	dodgeTime     = 400 * time.Millisecond
	dodgeDistance = 3.0 // m
	jumpBack      = 3.0 // m
	leapRange     = 12.0
	stanceTime    = time.Second
	strafeTime    = time.Second
	tauntTime     = time.Second
	approachLimit = 4 * time.Second // give up reaching a target after this
	approachRange = 3.0             // m: where an approach stops
	spaceRange    = 3.5             // m: giving space stops this far from another Jedi
	waitTime      = 250 * time.Millisecond
)

// Phases of a move.
const (
	phaseApproach uint8 = iota
	phaseWindup
	phaseRecover
)

// blowSlack is how far beyond its reach a blow still lands, in the arena
// and in predictions alike: the Jedi's body may drift a little between
// deciding and striking.
const blowSlack = 0.3 // m

// An Order is what a Jedi's mind tells its body: the move to make, or, for
// MoveNone, to stop. The actions write it into Memory.Order; the game has
// the arena carry it out (Arena.Obey) after the Jedi thinks, and the body
// reports how the move goes in Memory.Self (Seq and Status) when the Jedi
// next senses. Each new order counts one more in Seq, so the body carries
// out each once.
type Order struct {
	Move   MoveKind
	Target int           // the victim's enemy ID when it was given
	Count  int           // swings to make
	Dur    time.Duration // how long a held move (a guard) lasts
	Dir    Vec           // where a dodge or jump goes, or where a guard faces
	Seq    uint32
}

// A moveSpec says everything about one kind of move, in one place: what it
// needs, how the body starts and carries it out, and how the Jedi predicts
// it. The table moves holds one for each MoveKind.
type moveSpec struct {
	target bool          // it needs a living victim
	fixed  time.Duration // its length, for a move of fixed length; 0 otherwise
	// aim works out, from what the Jedi knows when it orders the move, how
	// long to hold it and which way it goes (nil: neither).
	aim func(k MoveKind, m *Memory) (time.Duration, Vec)
	// start puts the body at once in the states the move begins with (in
	// the air, deflecting); nil: none.
	start func(b *body, o *order)
	// run carries the move on for dt in the arena, against f, the target
	// if the move has one.
	run func(a *Arena, j int, b *body, f *foe, dt time.Duration)
	// predict applies the move to a prediction: count swings of it, or,
	// resuming, what remains of the move the body is making.
	predict func(k MoveKind, count int, resuming bool, m *Memory)
}

// moves describes every move.
var moves = [...]moveSpec{
	MoveNone:        {},
	MoveSwing:       {target: true, run: runSwing, predict: predictSwing},
	MoveKick:        {target: true, run: runKick, predict: predictKick},
	MovePush:        {run: runPush, predict: predictPush},
	MoveDash:        {target: true, run: runDash, predict: predictDash},
	MoveJumpForward: {target: true, fixed: jumpTime, start: airborne, run: runJumpForward, predict: predictJumpForward},
	MoveJumpOver:    {fixed: jumpTime, aim: backwards, start: airborne, run: runJumpOver, predict: predictJumpOver},
	MoveDodgeLeft:   {fixed: dodgeTime, aim: dodgeWay, start: rolling, run: runDodge, predict: predictDodge},
	MoveDodgeRight:  {fixed: dodgeTime, aim: dodgeWay, start: rolling, run: runDodge, predict: predictDodge},
	MoveDodgeBack:   {fixed: dodgeTime, aim: dodgeWay, start: rolling, run: runDodge, predict: predictDodge},
	MoveCrouch:      {aim: guardPlan, start: crouching, run: runHeld, predict: predictGuard},
	MoveDeflect:     {aim: guardPlan, start: deflecting, run: runHeld, predict: predictGuard},
	MoveBlock:       {aim: guardPlan, start: blocking, run: runHeld, predict: predictGuard},
	MoveStance:      {fixed: stanceTime, start: bracing, run: runHeld, predict: predictStance},
	MoveStrafe:      {target: true, fixed: strafeTime, run: runStrafe, predict: predictStrafe},
	MoveTaunt:       {target: true, fixed: tauntTime, run: runTaunt, predict: predictTaunt},
	MoveApproach:    {target: true, run: runApproach, predict: predictApproach},
	MoveGiveSpace:   {run: runGiveSpace, predict: predictGiveSpace},
	MoveWait:        {fixed: waitTime, run: runHeld, predict: predictNothing},
}

// guards says what threat each guard holds off.
var guards = [...]ThreatKind{MoveCrouch: Melee, MoveDeflect: Bolt, MoveBlock: Melee, MoveWait: 0}

// An order is the move a body is carrying out.
type order struct {
	kind   MoveKind
	target int           // enemy ID
	count  int           // swings still to make
	dur    time.Duration // how long a timed move lasts
	dir    Vec           // where a dodge or jump goes
	t      time.Duration // time in the current phase
	phase  uint8
	seq    uint32    // the Order it carries out
	status bt.Status // Running, Success or Failure; 0 before the first order
}

func (o *order) next(phase uint8) { o.phase, o.t = phase, 0 }
func (o *order) succeed()         { o.status = bt.Success }

// fail ends a running move in failure.
func (o *order) fail() {
	if o.status == bt.Running {
		o.status = bt.Failure
	}
}

// body is a Jedi in the arena.
type body struct {
	Self
	order  order
	victim int // enemy ID, kept by the sensors
	// ShieldSwings counts swings that met a raised shield: the visible
	// mistake; shieldStrikes counts those against the current victim.
	ShieldSwings  int
	shieldStrikes int
}

func newBody(at Vec) body {
	return body{Self: Self{HP: jediHP, MaxHP: jediHP, Pos: at, Facing: Vec{1, 0}}}
}

// approach moves the body toward p at speed until within reach, and
// reports whether it is there.
func (b *body) approach(p Vec, reach, speed float64, dt time.Duration) bool {
	b.turnTo(p)
	if b.Pos.Dist(p) <= reach {
		return true
	}
	b.Pos = toward(b.Pos, p, speed*dt.Seconds(), reach)
	return b.Pos.Dist(p) <= reach+1e-9
}

// Obey has Jedi j's body carry out the order o, if it is new: start the
// move, or stop. A move starts at once: the states it puts the Jedi in (in
// the air, deflecting) begin now, and the Jedi turns to its target at
// once (predictions count on it). A move that cannot start fails.
func (a *Arena) Obey(j int, o *Order) {
	b := &a.jedi[j]
	if o.Seq == b.order.seq {
		return
	}
	if o.Move == MoveNone || int(o.Move) >= len(moves) {
		b.order.fail()
		b.order.seq = o.Seq
		return
	}
	spec := &moves[o.Move]
	b.order = order{kind: o.Move, target: o.Target, count: max(o.Count, 1), dur: o.Dur, dir: o.Dir,
		seq: o.Seq, status: bt.Running}
	if !b.Alive() || b.Knocked > 0 {
		b.order.status = bt.Failure
		return
	}
	if spec.target {
		f := a.foeByID(o.Target)
		if f == nil || !f.Alive() {
			b.order.status = bt.Failure
			return
		}
		b.turnTo(f.Pos) // turning is instant: predictions count on it at once
	}
	if spec.fixed > 0 {
		b.order.dur = spec.fixed
	}
	if spec.start != nil {
		spec.start(b, &b.order)
	}
}

// The states moves begin with.

func airborne(b *body, _ *order)   { b.Jump = jumpTime }
func rolling(b *body, _ *order)    { b.Dodge = dodgeTime }
func crouching(b *body, o *order)  { b.Crouch = o.dur }
func deflecting(b *body, o *order) { b.Deflect = o.dur; b.faceAway(o.dir) }
func blocking(b *body, o *order)   { b.Block = o.dur; b.faceAway(o.dir) }
func bracing(b *body, _ *order)    { b.Stance = stanceTime }

// faceAway turns a defending body toward where an attack comes from.
func (b *body) faceAway(from Vec) {
	if from != (Vec{}) {
		b.turnTo(from)
	}
}

// runOrder carries Jedi j's move on for dt.
func (a *Arena) runOrder(j int, dt time.Duration) {
	b := &a.jedi[j]
	o := &b.order
	if o.status != bt.Running {
		if f := a.foeByID(b.victim); f != nil && f.Alive() && b.Knocked == 0 {
			b.turnTo(f.Pos) // an idle Jedi keeps its victim in view
		}
		return
	}
	if !b.Alive() || b.Knocked > 0 {
		o.fail()
		return
	}
	o.t += dt
	spec := &moves[o.kind]
	f := a.foeByID(o.target)
	if spec.target && (f == nil || !f.Alive()) {
		if o.kind == MoveSwing && o.phase != phaseApproach {
			o.succeed() // the victim fell to the last blow
		} else {
			o.fail()
		}
		return
	}
	spec.run(a, j, b, f, dt)
}

// How the body carries out each move.

func runDash(a *Arena, _ int, b *body, f *foe, dt time.Duration) {
	if b.approach(f.Pos, swingReach, dashSpeed, dt) {
		b.order.succeed()
	} else if b.order.t > approachLimit/2 {
		b.order.fail()
	}
}

func runJumpForward(a *Arena, _ int, b *body, f *foe, dt time.Duration) {
	b.Pos = toward(b.Pos, f.Pos, leapRange*dt.Seconds()/jumpTime.Seconds(), swingReach)
	b.turnTo(f.Pos)
	a.finishAfter(&b.order, jumpTime)
}

func runJumpOver(a *Arena, _ int, b *body, _ *foe, dt time.Duration) {
	b.Pos = b.Pos.Add(b.order.dir.Scale(jumpBack * dt.Seconds() / jumpTime.Seconds()))
	a.finishAfter(&b.order, jumpTime)
}

func runDodge(a *Arena, _ int, b *body, _ *foe, dt time.Duration) {
	b.Pos = b.Pos.Add(b.order.dir.Scale(dodgeDistance * dt.Seconds() / dodgeTime.Seconds()))
	a.finishAfter(&b.order, dodgeTime)
}

// runHeld runs a move that only takes its time: a guard, a stance, a wait.
func runHeld(a *Arena, _ int, b *body, _ *foe, _ time.Duration) {
	a.finishAfter(&b.order, b.order.dur)
}

func runStrafe(a *Arena, _ int, b *body, f *foe, dt time.Duration) {
	b.Pos = b.Pos.Add(f.Pos.Sub(b.Pos).Unit().Left().Scale(walkSpeed * dt.Seconds()))
	b.turnTo(f.Pos)
	a.finishAfter(&b.order, strafeTime)
}

func runTaunt(a *Arena, _ int, b *body, f *foe, _ time.Duration) {
	b.turnTo(f.Pos)
	a.finishAfter(&b.order, tauntTime)
}

func runApproach(a *Arena, _ int, b *body, f *foe, dt time.Duration) {
	speed := runSpeed
	if b.Pos.Dist(f.Pos) < 2*approachRange {
		speed = walkSpeed
	}
	if b.approach(f.Pos, approachRange, speed, dt) {
		b.order.succeed()
	} else if b.order.t > approachLimit {
		b.order.fail()
	}
}

func (a *Arena) finishAfter(o *order, d time.Duration) {
	if o.t >= d {
		o.succeed()
	}
}

// closeIn runs the approach phase of a blow: toward f until within reach,
// then on to the wind-up; a target not reached in time fails the move.
func (b *body) closeIn(f *foe, reach float64, dt time.Duration) {
	o := &b.order
	if b.approach(f.Pos, reach, runSpeed, dt) {
		o.next(phaseWindup)
	} else if o.t > approachLimit {
		o.fail()
	}
}

// runSwing: run into reach, wind up, strike, recover; again for each swing.
func runSwing(a *Arena, j int, b *body, f *foe, dt time.Duration) {
	o := &b.order
	switch o.phase {
	case phaseApproach:
		b.closeIn(f, swingReach, dt)
	case phaseWindup:
		b.turnTo(f.Pos)
		if o.t < swingHalf {
			return
		}
		if b.Pos.Dist(f.Pos) <= swingReach+blowSlack {
			if f.blocks(b.Pos) {
				if f.Shield > 0 {
					b.ShieldSwings++
					if f.ID == b.victim {
						b.shieldStrikes++
					}
				}
			} else {
				a.hit(f, j, saberDamage, MoveSwing)
			}
		}
		o.next(phaseRecover)
	case phaseRecover:
		if o.t < swingHalf {
			return
		}
		if o.count--; o.count <= 0 || !f.Alive() {
			o.succeed()
		} else {
			o.next(phaseApproach)
		}
	}
}

// runKick: run into reach, kick at half time, recover.
func runKick(a *Arena, j int, b *body, f *foe, dt time.Duration) {
	o := &b.order
	switch o.phase {
	case phaseApproach:
		b.closeIn(f, kickReach, dt)
	case phaseWindup:
		if o.t >= kickTime/2 {
			if b.Pos.Dist(f.Pos) <= kickReach+blowSlack {
				f.windup = 0
				a.release(f)
				a.hit(f, j, f.kicked(), MoveKick)
			}
			o.next(phaseRecover)
		}
	case phaseRecover:
		a.finishAfter(o, kickTime/2)
	}
}

// runPush: at half time every enemy within reach is thrown back.
func runPush(a *Arena, _ int, b *body, _ *foe, _ time.Duration) {
	o := &b.order
	if o.phase == phaseApproach && o.t >= pushTime/2 {
		for i := 0; i < a.numFoes; i++ {
			if f := &a.foes[i]; f.Alive() && f.Pos.Dist(b.Pos) <= pushRadius {
				f.pushed(b.Pos)
				f.windup = 0
				a.release(f)
			}
		}
		o.next(phaseRecover)
	}
	if o.phase == phaseRecover {
		a.finishAfter(o, pushTime/2)
	}
}

// runGiveSpace: step away from the nearest other Jedi.
func runGiveSpace(a *Arena, j int, b *body, _ *foe, dt time.Duration) {
	o := &b.order
	near := -1
	for i := 0; i < a.numJedi; i++ {
		if i != j && (near < 0 || b.Pos.Dist(a.jedi[i].Pos) < b.Pos.Dist(a.jedi[near].Pos)) {
			near = i
		}
	}
	if near < 0 || b.Pos.Dist(a.jedi[near].Pos) >= spaceRange {
		o.succeed()
		return
	}
	away := b.Pos.Sub(a.jedi[near].Pos).Unit()
	if away == (Vec{}) {
		away = b.Facing.Left()
	}
	b.Pos = b.Pos.Add(away.Scale(walkSpeed * dt.Seconds()))
	if o.t > approachLimit {
		o.fail()
	}
}
