package jedi

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/sim"
)

// move is the live half every Jedi action shares: Begin orders a move from
// the Jedi's body in the arena, Update reports how it goes, and End
// cancels it when the tree interrupts it. Simulate, in each action, only
// ever touches the memory it is given; an action under way predicts only
// what remains of its move, which the Jedi feels in Memory.Self.
type move struct {
	arena  *Arena
	who    int // the Jedi's index in the arena
	kind   MoveKind
	count  int
	active bool // begun and not yet ended
}

// Begin orders the move against the victim.
func (a *move) Begin(m *Memory) bt.Status { return a.start(m, 0, Vec{}) }

// start orders the move with a duration and a direction, where it has them.
func (a *move) start(m *Memory, dur time.Duration, dir Vec) bt.Status {
	s := a.arena.order(a.who, a.kind, m.VictimID, a.count, dur, dir)
	a.active = s == bt.Running
	return s
}

// Update reports the move's progress.
func (a *move) Update(*Memory, time.Duration) bt.Status { return a.arena.progress(a.who) }

// End cancels a move the tree interrupted.
func (a *move) End(_ *Memory, s bt.Status) {
	if s == bt.Running {
		a.arena.cancel(a.who)
	}
	a.active = false
}

// resuming reports whether this action's move is under way, so that its
// prediction covers only what remains.
func (a *move) resuming(m *Memory) bool { return a.active && m.Self.Doing == a.kind }

// timed predicts the rest of a move of fixed length, or all of it.
func (a *move) timed(m *Memory, full time.Duration) {
	if a.resuming(m) {
		m.Simulate(m.Self.MoveLeft)
		return
	}
	m.Simulate(full)
}

// seconds converts seconds to a Duration.
func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// able reports whether the Jedi can carry on with a move.
func (m *Memory) able() bool { return m.Self.Alive() && m.Self.Knocked == 0 }

// pursuitLeg is how long the predicted Jedi runs before it looks again
// where its moving victim has got to.
const pursuitLeg = 150 * time.Millisecond

// approachVictim predicts running into reach of the victim, which may be
// moving too: the Jedi runs in short legs, aiming anew each time, walking
// instead once within walkWithin of it (if set), and gives up after
// approachLimit, as its body does. It reports whether the Jedi got there
// able to go on.
func (m *Memory) approachVictim(reach, speed float64) bool {
	return m.pursue(reach, speed, 0)
}

func (m *Memory) pursue(reach, speed, walkWithin float64) bool {
	v := m.VictimEnemy()
	if v == nil {
		return false
	}
	for spent := time.Duration(0); ; {
		m.Self.turnTo(v.Pos)
		d := m.Self.Pos.Dist(v.Pos)
		gap := d - reach
		switch {
		case gap <= 1e-6:
			return m.able()
		case spent >= approachLimit || !m.able():
			return false
		}
		pace, leg := speed, pursuitLeg
		switch {
		case walkWithin == 0:
		case d <= walkWithin+0.05:
			pace = walkSpeed
		default: // run no further than where walking starts
			leg = min(leg, seconds((d-walkWithin)/speed))
		}
		leg = min(leg, seconds(gap/pace))
		m.travel(toward(m.Self.Pos, v.Pos, pace*leg.Seconds(), reach), pace)
		spent += leg
	}
}

// blowAfter predicts a saber blow landing after a wind-up of d: it hurts
// the victim unless a shield or a brawler's guard stops it. It reports
// whether there is anything left to do.
func (m *Memory) blowAfter(d time.Duration) bool {
	m.Simulate(d)
	v := m.VictimEnemy()
	if !m.able() || v == nil || !v.Alive() {
		return false
	}
	if m.Self.Pos.Dist(v.Pos) <= swingReach+0.3 && !v.blocks(m.Self.Pos) {
		m.SimulateDamage(m.Victim, saberDamage)
	}
	return v.Alive()
}

// swing strikes the victim with the saber, count times: run into reach,
// wind up, strike, recover.
type swing struct{ move }

func (a *swing) Simulate(_ *sim.Context[Memory], m *Memory) {
	left := a.count
	if a.resuming(m) {
		left = m.Self.SwingsLeft
		switch m.Self.Phase {
		case phaseWindup:
			if !m.blowAfter(swingHalf - m.Self.PhaseTime) {
				return
			}
			m.Simulate(swingHalf)
			left--
		case phaseRecover:
			m.Simulate(swingHalf - m.Self.PhaseTime)
			left--
		}
	}
	for ; left > 0; left-- {
		if !m.approachVictim(swingReach, runSpeed) || !m.blowAfter(swingHalf) {
			return
		}
		m.Simulate(swingHalf)
	}
}

// kick runs in and kicks the victim: it breaks a shield before it hurts,
// and throws the victim off balance.
type kick struct{ move }

func (a *kick) Simulate(_ *sim.Context[Memory], m *Memory) {
	windup := kickTime / 2
	if a.resuming(m) {
		switch m.Self.Phase {
		case phaseWindup:
			windup -= m.Self.PhaseTime
		case phaseRecover:
			m.Simulate(kickTime/2 - m.Self.PhaseTime)
			return
		}
	}
	if !m.approachVictim(kickReach, runSpeed) {
		return
	}
	m.Simulate(windup)
	if v := m.VictimEnemy(); m.able() && v.Alive() && m.Self.Pos.Dist(v.Pos) <= kickReach+0.3 {
		dmg := v.kicked()
		m.dropThreatsFrom(v.ID)
		m.SimulateDamage(m.Victim, dmg)
	}
	m.Simulate(kickTime / 2)
}

// push is a force push: every enemy within reach is thrown back, off
// balance, with its shield broken and its attack stopped.
type push struct{ move }

func (a *push) Simulate(_ *sim.Context[Memory], m *Memory) {
	windup := pushTime / 2
	if a.resuming(m) {
		if m.Self.Phase == phaseRecover {
			m.Simulate(pushTime/2 - m.Self.PhaseTime)
			return
		}
		windup -= m.Self.PhaseTime
	}
	m.Simulate(windup)
	if !m.able() {
		return
	}
	for i := 0; i < m.NumEnemies; i++ {
		e := &m.Enemies[i]
		if !e.Alive() || e.Pos.Dist(m.Self.Pos) > pushRadius {
			continue
		}
		if e.EngagedBy != 0 {
			m.PartnerFoeHurt = true
		}
		e.pushed(m.Self.Pos)
		m.dropThreatsFrom(e.ID)
	}
	m.Simulate(pushTime / 2)
}

// dash closes on the victim at great speed.
type dash struct{ move }

func (a *dash) Simulate(_ *sim.Context[Memory], m *Memory) { m.approachVictim(swingReach, dashSpeed) }

// jumpForward leaps at the victim, landing in reach; in the air most
// attacks miss.
type jumpForward struct{ move }

func (a *jumpForward) Simulate(_ *sim.Context[Memory], m *Memory) {
	v := m.VictimEnemy()
	if v == nil {
		return
	}
	left := jumpTime
	if a.resuming(m) {
		left = m.Self.MoveLeft
	}
	m.Self.Jump = max(m.Self.Jump, left)
	m.Self.turnTo(v.Pos)
	m.glide(toward(m.Self.Pos, v.Pos, leapRange*left.Seconds()/jumpTime.Seconds(), swingReach), left)
}

// glide predicts the Jedi moving to p over exactly d, as a leap or a roll
// does, and standing there for what is left of d.
func (m *Memory) glide(p Vec, d time.Duration) {
	if dist := m.Self.Pos.Dist(p); dist > 0 && d > 0 {
		speed := dist / d.Seconds()
		m.travel(p, speed)
		return
	}
	m.Simulate(d)
}

// jumpOver leaps backwards out of harm's way.
type jumpOver struct{ move }

func (a *jumpOver) Begin(m *Memory) bt.Status { return a.start(m, 0, m.Self.Facing.Scale(-1)) }

func (a *jumpOver) Simulate(_ *sim.Context[Memory], m *Memory) {
	left := jumpTime
	if a.resuming(m) {
		left = m.Self.MoveLeft
	}
	m.Self.Jump = max(m.Self.Jump, left)
	m.glide(m.Self.Pos.Add(m.Self.Facing.Scale(-jumpBack*left.Seconds()/jumpTime.Seconds())), left)
}

// dodge rolls aside (left, right or back): everything misses meanwhile.
type dodge struct{ move }

// direction returns where the dodge rolls, as a unit vector.
func (a *dodge) direction(s *Self) Vec {
	switch a.kind {
	case MoveDodgeLeft:
		return s.Facing.Left()
	case MoveDodgeRight:
		return s.Facing.Left().Scale(-1)
	}
	return s.Facing.Scale(-1)
}

func (a *dodge) Begin(m *Memory) bt.Status { return a.start(m, 0, a.direction(&m.Self)) }

func (a *dodge) Simulate(_ *sim.Context[Memory], m *Memory) {
	left := dodgeTime
	if a.resuming(m) {
		left = m.Self.MoveLeft
	}
	m.Self.Dodge = max(m.Self.Dodge, left)
	m.glide(m.Self.Pos.Add(a.direction(&m.Self).Scale(dodgeDistance*left.Seconds()/dodgeTime.Seconds())), left)
}

// guard is a defence held while threats of one kind land: crouch (under
// swings), deflect (bolts) or block (swings). It lasts until the last of
// them has landed, plus half a second, and faces the first.
type guard struct {
	move
	against ThreatKind
}

// plan returns how long to hold the guard and where to face.
func (a *guard) plan(m *Memory) (time.Duration, Vec) {
	var last time.Duration
	var face Vec
	first := time.Duration(-1)
	for i := 0; i < m.NumThreats; i++ {
		t := &m.Threats[i]
		if t.Kind != a.against {
			continue
		}
		last = max(last, t.Impact)
		if first < 0 || t.Impact < first {
			first, face = t.Impact, t.From
		}
	}
	return min(last+500*time.Millisecond, 2500*time.Millisecond), face
}

func (a *guard) Begin(m *Memory) bt.Status {
	d, face := a.plan(m)
	return a.start(m, d, face)
}

func (a *guard) Simulate(_ *sim.Context[Memory], m *Memory) {
	if a.resuming(m) {
		m.Simulate(m.Self.MoveLeft)
		return
	}
	d, face := a.plan(m)
	if face != (Vec{}) && a.kind != MoveCrouch {
		m.Self.turnTo(face)
	}
	switch a.kind {
	case MoveCrouch:
		m.Self.Crouch = d
	case MoveDeflect:
		m.Self.Deflect = d
	default:
		m.Self.Block = d
	}
	m.Simulate(d)
}

// stance takes a defensive stance that halves damage for a second. Its
// prediction covers one frame, as the original's did: it is a flourish the
// planner falls back on, not a plan.
type stance struct{ move }

func (a *stance) Simulate(_ *sim.Context[Memory], m *Memory) {
	m.Self.Stance = max(m.Self.Stance, stanceTime)
	m.Simulate(time.Second / 30)
}

// strafe circles the victim for a second.
type strafe struct{ move }

func (a *strafe) Simulate(_ *sim.Context[Memory], m *Memory) {
	left := strafeTime
	if a.resuming(m) {
		left = m.Self.MoveLeft
	}
	v := m.VictimEnemy()
	if v == nil {
		m.Simulate(left)
		return
	}
	m.Self.turnTo(v.Pos)
	m.glide(m.Self.Pos.Add(v.Pos.Sub(m.Self.Pos).Unit().Left().Scale(walkSpeed*left.Seconds())), left)
}

// taunt goads the victim for a second.
type taunt struct{ move }

func (a *taunt) Simulate(_ *sim.Context[Memory], m *Memory) { a.timed(m, tauntTime) }

// approach walks, or runs when far, to a few steps from the victim.
type approach struct{ move }

func (a *approach) Simulate(_ *sim.Context[Memory], m *Memory) {
	m.pursue(approachRange, runSpeed, 2*approachRange)
}

// giveSpace steps away from another Jedi who is too close.
type giveSpace struct{ move }

func (a *giveSpace) Simulate(_ *sim.Context[Memory], m *Memory) {
	near := -1
	for i := 0; i < m.NumPartners; i++ {
		if near < 0 || m.Self.Pos.Dist(m.Partners[i].Pos) < m.Self.Pos.Dist(m.Partners[near].Pos) {
			near = i
		}
	}
	if near < 0 {
		return
	}
	p := m.Partners[near].Pos
	if d := m.Self.Pos.Dist(p); d < spaceRange {
		away := m.Self.Pos.Sub(p).Unit()
		if away == (Vec{}) {
			away = m.Self.Facing.Left()
		}
		m.travel(m.Self.Pos.Add(away.Scale(spaceRange-d)), walkSpeed)
	}
}

// wait stands still for a moment, until something better turns up. Its
// prediction takes no time: waiting changes nothing the Jedi could change.
type wait struct{ move }

func (a *wait) Simulate(*sim.Context[Memory], *Memory) {}
