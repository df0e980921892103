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

// An order is the move a body is carrying out.
type order struct {
	kind   MoveKind
	target int           // enemy ID
	count  int           // swings still to make
	dur    time.Duration // how long a timed move lasts
	dir    Vec           // where a dodge or jump goes
	t      time.Duration // time in the current phase
	phase  uint8
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
	return body{Self: Self{HP: jediHP, MaxHP: jediHP, Pos: at, Facing: Vec{1, 0}, Skill: 0.5}}
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

// order gives Jedi j a move. It starts at once: the states a move puts the
// Jedi in (in the air, deflecting) begin now. It reports Running, or
// Failure when the move cannot start.
func (a *Arena) order(j int, kind MoveKind, target int, count int, dur time.Duration, dir Vec) bt.Status {
	b := &a.jedi[j]
	if !b.Alive() || b.Knocked > 0 {
		return bt.Failure
	}
	if needsTarget(kind) {
		f := a.foeByID(target)
		if f == nil || !f.Alive() {
			return bt.Failure
		}
		b.turnTo(f.Pos) // turning is instant: predictions count on it at once
	}
	if d := fixedDuration(kind); d > 0 {
		dur = d
	}
	b.order = order{kind: kind, target: target, count: max(count, 1), dur: dur, dir: dir, status: bt.Running}
	switch kind {
	case MoveJumpForward, MoveJumpOver:
		b.Jump = jumpTime
	case MoveDodgeLeft, MoveDodgeRight, MoveDodgeBack:
		b.Dodge = dodgeTime
	case MoveCrouch:
		b.Crouch = dur
	case MoveDeflect:
		b.Deflect = dur
		b.faceAway(dir)
	case MoveBlock:
		b.Block = dur
		b.faceAway(dir)
	case MoveStance:
		b.Stance = stanceTime
	}
	return bt.Running
}

// faceAway turns a defending body toward where an attack comes from.
func (b *body) faceAway(from Vec) {
	if from != (Vec{}) {
		b.turnTo(from)
	}
}

// fixedDuration returns how long a move of fixed length takes, or 0.
func fixedDuration(k MoveKind) time.Duration {
	switch k {
	case MoveJumpForward, MoveJumpOver:
		return jumpTime
	case MoveDodgeLeft, MoveDodgeRight, MoveDodgeBack:
		return dodgeTime
	case MoveStance:
		return stanceTime
	case MoveStrafe:
		return strafeTime
	case MoveTaunt:
		return tauntTime
	case MoveWait:
		return waitTime
	}
	return 0
}

func needsTarget(k MoveKind) bool {
	switch k {
	case MoveSwing, MoveKick, MoveDash, MoveJumpForward, MoveStrafe, MoveTaunt, MoveApproach:
		return true
	}
	return false
}

// progress reports how Jedi j's move is going.
func (a *Arena) progress(j int) bt.Status {
	if s := a.jedi[j].order.status; s != 0 {
		return s
	}
	return bt.Failure
}

// cancel stops Jedi j's move: it was interrupted.
func (a *Arena) cancel(j int) {
	o := &a.jedi[j].order
	o.status = bt.Failure
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
	f := a.foeByID(o.target)
	if needsTarget(o.kind) && (f == nil || !f.Alive()) {
		if o.kind == MoveSwing && o.phase != phaseApproach {
			o.succeed() // the victim fell to the last blow
		} else {
			o.fail()
		}
		return
	}
	switch o.kind {
	case MoveSwing:
		a.runSwing(j, b, f, dt)
	case MoveKick:
		a.runKick(j, b, f, dt)
	case MovePush:
		a.runPush(j, b)
	case MoveDash:
		if b.approach(f.Pos, swingReach, dashSpeed, dt) {
			o.succeed()
		} else if o.t > approachLimit/2 {
			o.fail()
		}
	case MoveJumpForward:
		b.Pos = toward(b.Pos, f.Pos, leapRange*dt.Seconds()/jumpTime.Seconds(), swingReach)
		b.turnTo(f.Pos)
		a.finishAfter(o, jumpTime)
	case MoveJumpOver:
		b.Pos = b.Pos.Add(o.dir.Scale(jumpBack * dt.Seconds() / jumpTime.Seconds()))
		a.finishAfter(o, jumpTime)
	case MoveDodgeLeft, MoveDodgeRight, MoveDodgeBack:
		b.Pos = b.Pos.Add(o.dir.Scale(dodgeDistance * dt.Seconds() / dodgeTime.Seconds()))
		a.finishAfter(o, dodgeTime)
	case MoveCrouch, MoveDeflect, MoveBlock, MoveStance, MoveWait:
		a.finishAfter(o, o.dur)
	case MoveStrafe:
		b.Pos = b.Pos.Add(f.Pos.Sub(b.Pos).Unit().Left().Scale(walkSpeed * dt.Seconds()))
		b.turnTo(f.Pos)
		a.finishAfter(o, strafeTime)
	case MoveTaunt:
		b.turnTo(f.Pos)
		a.finishAfter(o, tauntTime)
	case MoveApproach:
		speed := runSpeed
		if b.Pos.Dist(f.Pos) < 2*approachRange {
			speed = walkSpeed
		}
		if b.approach(f.Pos, approachRange, speed, dt) {
			o.succeed()
		} else if o.t > approachLimit {
			o.fail()
		}
	case MoveGiveSpace:
		a.runGiveSpace(j, b, dt)
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
func (a *Arena) runSwing(j int, b *body, f *foe, dt time.Duration) {
	o := &b.order
	switch o.phase {
	case phaseApproach:
		b.closeIn(f, swingReach, dt)
	case phaseWindup:
		b.turnTo(f.Pos)
		if o.t < swingHalf {
			return
		}
		if b.Pos.Dist(f.Pos) <= swingReach+0.3 {
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
func (a *Arena) runKick(j int, b *body, f *foe, dt time.Duration) {
	o := &b.order
	switch o.phase {
	case phaseApproach:
		b.closeIn(f, kickReach, dt)
	case phaseWindup:
		if o.t >= kickTime/2 {
			if b.Pos.Dist(f.Pos) <= kickReach+0.3 {
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
func (a *Arena) runPush(j int, b *body) {
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
func (a *Arena) runGiveSpace(j int, b *body, dt time.Duration) {
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
