package jedi

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// action is a Jedi's action: a move of the table moves, made count times
// (swings). It holds nothing of any one Jedi, so one tree serves every
// Jedi: Begin writes an Order into the memory, which the game has the
// arena carry out; Update reads how the body reports the move going; End
// stops a move the tree interrupted. Simulate only ever touches the memory
// it is given, and a running action predicts only what remains of its
// move, which the Jedi feels in Memory.Self.
type action struct {
	kind  MoveKind
	count int
}

// Begin orders the move against the victim: it fails at once when the
// Jedi cannot move, or the move needs a victim and there is none.
func (a action) Begin(m *Memory) bt.Status {
	spec := &moves[a.kind]
	if !m.able() {
		return bt.Failure
	}
	if v := m.VictimEnemy(); spec.target && (v == nil || !v.Alive()) {
		return bt.Failure
	}
	var dur time.Duration
	var dir Vec
	if spec.aim != nil {
		dur, dir = spec.aim(a.kind, m)
	}
	m.Order = Order{Move: a.kind, Target: m.VictimID, Count: max(a.count, 1), Dur: dur, Dir: dir, Seq: m.Order.Seq + 1}
	return bt.Running
}

// Update reports the move's progress, as the body reported it when the
// Jedi last sensed.
func (a action) Update(m *Memory, _ time.Duration) bt.Status {
	if m.Self.Seq != m.Order.Seq || m.Self.Status == 0 {
		return bt.Running // the body has not taken up the order yet
	}
	return m.Self.Status
}

// End stops a move the tree interrupted.
func (a action) End(m *Memory, s bt.Status) {
	if s == bt.Running {
		m.Order = Order{Seq: m.Order.Seq + 1}
	}
}

// Simulate predicts the move: all of it, or, when the action runs and its
// move is under way, what remains; then the threat level, which only
// the heuristic and the constraints read, is brought up to date once.
func (a action) Simulate(ctx *bt.Sim[Memory], m *Memory) {
	moves[a.kind].predict(a.kind, a.count, ctx.Running() && m.Self.Doing == a.kind, m)
	m.refresh()
}

// timed predicts the rest of a move of fixed length, or all of it.
func timed(m *Memory, resuming bool, full time.Duration) {
	if resuming {
		m.pass(m.Self.MoveLeft)
		return
	}
	m.pass(full)
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
	m.pass(d)
	v := m.VictimEnemy()
	if !m.able() || v == nil || !v.Alive() {
		return false
	}
	if m.Self.Pos.Dist(v.Pos) <= swingReach+blowSlack && !v.blocks(m.Self.Pos) {
		m.SimulateDamage(m.Victim, saberDamage)
	}
	return v.Alive()
}

// How the Jedi predicts each move.

// predictSwing: run into reach, wind up, strike, recover; count times.
func predictSwing(_ MoveKind, count int, resuming bool, m *Memory) {
	left := count
	if resuming {
		left = m.Self.SwingsLeft
		switch m.Self.Phase {
		case phaseWindup:
			if !m.blowAfter(swingHalf - m.Self.PhaseTime) {
				return
			}
			m.pass(swingHalf)
			left--
		case phaseRecover:
			m.pass(swingHalf - m.Self.PhaseTime)
			left--
		}
	}
	for ; left > 0; left-- {
		if !m.approachVictim(swingReach, runSpeed) || !m.blowAfter(swingHalf) {
			return
		}
		m.pass(swingHalf)
	}
}

// predictKick: run in and kick the victim, which breaks a shield before it
// hurts, and throws the victim off balance.
func predictKick(_ MoveKind, _ int, resuming bool, m *Memory) {
	windup := kickTime / 2
	if resuming {
		switch m.Self.Phase {
		case phaseWindup:
			windup -= m.Self.PhaseTime
		case phaseRecover:
			m.pass(kickTime/2 - m.Self.PhaseTime)
			return
		}
	}
	if !m.approachVictim(kickReach, runSpeed) {
		return
	}
	m.pass(windup)
	if v := m.VictimEnemy(); m.able() && v.Alive() && m.Self.Pos.Dist(v.Pos) <= kickReach+blowSlack {
		dmg := v.kicked()
		m.dropThreatsFrom(v.ID)
		m.SimulateDamage(m.Victim, dmg)
	}
	m.pass(kickTime / 2)
}

// predictPush: a force push throws back every enemy within reach, off
// balance, its shield broken and its attack stopped.
func predictPush(_ MoveKind, _ int, resuming bool, m *Memory) {
	windup := pushTime / 2
	if resuming {
		if m.Self.Phase == phaseRecover {
			m.pass(pushTime/2 - m.Self.PhaseTime)
			return
		}
		windup -= m.Self.PhaseTime
	}
	m.pass(windup)
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
	m.pass(pushTime / 2)
}

// predictDash: close on the victim at great speed.
func predictDash(_ MoveKind, _ int, _ bool, m *Memory) { m.approachVictim(swingReach, dashSpeed) }

// predictJumpForward: leap at the victim, landing in reach; in the air
// most attacks miss.
func predictJumpForward(_ MoveKind, _ int, resuming bool, m *Memory) {
	v := m.VictimEnemy()
	if v == nil {
		return
	}
	left := jumpTime
	if resuming {
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
	m.pass(d)
}

// backwards aims a jump over: away from where the Jedi faces.
func backwards(_ MoveKind, m *Memory) (time.Duration, Vec) { return 0, m.Self.Facing.Scale(-1) }

// predictJumpOver: leap backwards out of harm's way.
func predictJumpOver(_ MoveKind, _ int, resuming bool, m *Memory) {
	left := jumpTime
	if resuming {
		left = m.Self.MoveLeft
	}
	m.Self.Jump = max(m.Self.Jump, left)
	m.glide(m.Self.Pos.Add(m.Self.Facing.Scale(-jumpBack*left.Seconds()/jumpTime.Seconds())), left)
}

// dodgeWay aims a dodge: left, right or back from where the Jedi faces.
func dodgeWay(k MoveKind, m *Memory) (time.Duration, Vec) {
	switch k {
	case MoveDodgeLeft:
		return 0, m.Self.Facing.Left()
	case MoveDodgeRight:
		return 0, m.Self.Facing.Left().Scale(-1)
	}
	return 0, m.Self.Facing.Scale(-1)
}

// predictDodge: roll aside; everything misses meanwhile.
func predictDodge(k MoveKind, _ int, resuming bool, m *Memory) {
	left := dodgeTime
	if resuming {
		left = m.Self.MoveLeft
	}
	_, dir := dodgeWay(k, m)
	m.Self.Dodge = max(m.Self.Dodge, left)
	m.glide(m.Self.Pos.Add(dir.Scale(dodgeDistance*left.Seconds()/dodgeTime.Seconds())), left)
}

// guardPlan aims a guard (crouch under swings, deflect bolts, block
// swings): it lasts until the last threat of its kind has landed, plus half
// a second (at most two and a half seconds), and faces the first.
func guardPlan(k MoveKind, m *Memory) (time.Duration, Vec) {
	against := guards[k]
	var last time.Duration
	var face Vec
	first := time.Duration(-1)
	for i := 0; i < m.NumThreats; i++ {
		t := &m.Threats[i]
		if t.Kind != against {
			continue
		}
		last = max(last, t.Impact)
		if first < 0 || t.Impact < first {
			first, face = t.Impact, t.From
		}
	}
	return min(last+500*time.Millisecond, 2500*time.Millisecond), face
}

// predictGuard: hold the guard, facing the first threat.
func predictGuard(k MoveKind, _ int, resuming bool, m *Memory) {
	if resuming {
		m.pass(m.Self.MoveLeft)
		return
	}
	d, face := guardPlan(k, m)
	if face != (Vec{}) && k != MoveCrouch {
		m.Self.turnTo(face)
	}
	switch k {
	case MoveCrouch:
		m.Self.Crouch = d
	case MoveDeflect:
		m.Self.Deflect = d
	default:
		m.Self.Block = d
	}
	m.pass(d)
}

// predictStance: a defensive stance halves damage for a second. Its
// prediction covers one frame, as the original's did: it is a flourish the
// planner falls back on, not a plan.
func predictStance(_ MoveKind, _ int, _ bool, m *Memory) {
	m.Self.Stance = max(m.Self.Stance, stanceTime)
	m.pass(time.Second / 30)
}

// predictStrafe: circle the victim for a second.
func predictStrafe(_ MoveKind, _ int, resuming bool, m *Memory) {
	left := strafeTime
	if resuming {
		left = m.Self.MoveLeft
	}
	v := m.VictimEnemy()
	if v == nil {
		m.pass(left)
		return
	}
	m.Self.turnTo(v.Pos)
	m.glide(m.Self.Pos.Add(v.Pos.Sub(m.Self.Pos).Unit().Left().Scale(walkSpeed*left.Seconds())), left)
}

// predictTaunt: goad the victim for a second, which changes nothing but
// the time.
func predictTaunt(_ MoveKind, _ int, resuming bool, m *Memory) { timed(m, resuming, tauntTime) }

// predictApproach: walk, or run when far, to a few steps from the victim.
func predictApproach(_ MoveKind, _ int, _ bool, m *Memory) {
	m.pursue(approachRange, runSpeed, 2*approachRange)
}

// predictGiveSpace: step away from another Jedi who is too close.
func predictGiveSpace(_ MoveKind, _ int, _ bool, m *Memory) {
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

// predictNothing: waiting for a moment, until something better turns up,
// takes no time in a prediction: it changes nothing the Jedi could change.
func predictNothing(MoveKind, int, bool, *Memory) {}
