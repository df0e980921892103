package jedi

import (
	"math"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// Sense fills m with what Jedi j perceives now: itself, the other Jedi,
// the living enemies nearest first, the attacks coming at it and its
// victim, with the victim timer advanced by dt since the last sensing. It
// clears what an earlier prediction noted, and reports whether the victim
// changed.
//
// The victim is kept while it lives and no other Jedi has taken it; then
// the nearest enemy no other Jedi fights becomes the victim, and its timer
// starts from zero.
func (a *Arena) Sense(j int, m *Memory, dt time.Duration) (victimChanged bool) {
	b := &a.jedi[j]
	hp, threats, numThreats := m.Self.HP, m.Threats, m.NumThreats
	m.Self = b.Self
	m.Self.Caution = caution
	m.Self.Seq, m.Self.Status = b.order.seq, b.order.status
	m.Self.Doing, m.Self.Phase, m.Self.PhaseTime, m.Self.MoveLeft, m.Self.SwingsLeft = MoveNone, 0, 0, 0, 0
	if o := &b.order; o.status == bt.Running {
		m.Self.Doing, m.Self.Phase, m.Self.PhaseTime, m.Self.SwingsLeft = o.kind, o.phase, o.t, o.count
		m.Self.MoveLeft = max(0, o.dur-o.t)
	}
	m.NumPartners = 0
	for i := 0; i < a.numJedi && m.NumPartners < MaxPartners; i++ {
		if i != j && a.jedi[i].Alive() {
			m.Partners[m.NumPartners] = Partner{Pos: a.jedi[i].Pos, Victim: a.jedi[i].victim}
			m.NumPartners++
		}
	}

	victim := a.chooseVictim(j)
	victimChanged = victim != b.victim
	b.victim = victim
	if victimChanged {
		m.VictimTimer, b.shieldStrikes = 0, 0
	} else {
		m.VictimTimer += dt
	}
	m.ShieldStrikes = b.shieldStrikes

	a.senseEnemies(j, m, victim)
	m.Victim, m.VictimID, m.DesiredKillTime = m.enemyByID(victim), victim, 0
	if v := m.VictimEnemy(); v != nil {
		m.DesiredKillTime = DesiredKillTime(m.Skill, v.Type)
	}
	a.senseThreats(j, m)
	m.Alert = m.Self.HP < hp || m.newThreat(&threats, numThreats)

	m.Deaths, m.VictimDied, m.VictimDiedAt = 0, false, 0
	m.PartnerFoeHurt, m.PartnerFoeDied, m.Elapsed = false, false, 0
	m.refresh()
	return victimChanged
}

// newThreat reports whether m knows of a threat that was not among the n
// of before.
func (m *Memory) newThreat(before *[MaxThreats]Threat, n int) bool {
	for i := 0; i < m.NumThreats; i++ {
		t := &m.Threats[i]
		seen := false
		for k := 0; k < n && !seen; k++ {
			b := &before[k]
			seen = b.Kind == t.Kind && b.ID == t.ID && b.Source == t.Source
		}
		if !seen {
			return true
		}
	}
	return false
}

// chooseVictim keeps Jedi j's victim, or picks the nearest enemy that no
// other Jedi fights (the nearest of all if every one is taken).
func (a *Arena) chooseVictim(j int) int {
	b := &a.jedi[j]
	if f := a.foeByID(b.victim); f != nil && f.Alive() && !a.takenByOther(j, f.ID) {
		return f.ID
	}
	free, any := 0, 0
	freeD, anyD := math.Inf(1), math.Inf(1)
	for i := 0; i < a.numFoes; i++ {
		f := &a.foes[i]
		if !f.Alive() {
			continue
		}
		d := f.Pos.Dist(b.Pos)
		if d < anyD {
			any, anyD = f.ID, d
		}
		if d < freeD && !a.takenByOther(j, f.ID) {
			free, freeD = f.ID, d
		}
	}
	if free != 0 {
		return free
	}
	return any
}

// takenByOther returns whether another Jedi has the enemy as victim.
func (a *Arena) takenByOther(j, id int) bool {
	return a.engagedBy(j, id) != 0
}

// engagedBy returns 1 + the index of another Jedi whose victim the enemy
// is, or 0.
func (a *Arena) engagedBy(j, id int) int {
	for i := 0; i < a.numJedi; i++ {
		if i != j && a.jedi[i].Alive() && a.jedi[i].victim == id {
			return i + 1
		}
	}
	return 0
}

// senseEnemies lists the living enemies nearest first. An enemy another
// Jedi fights is marked engaged, unless it is this Jedi's victim too (the
// last enemies are shared).
func (a *Arena) senseEnemies(j int, m *Memory, victim int) {
	self := m.Self.Pos
	m.NumEnemies = 0
	for i := 0; i < a.numFoes; i++ {
		f := &a.foes[i]
		if !f.Alive() {
			continue
		}
		e := f.Enemy
		if f.ID != victim {
			e.EngagedBy = a.engagedBy(j, f.ID)
		}
		// insert in distance order; the farthest falls off a full table
		d := e.Pos.Dist(self)
		k := m.NumEnemies
		if k == MaxEnemies {
			if d >= m.Enemies[k-1].Pos.Dist(self) {
				continue
			}
			k--
		} else {
			m.NumEnemies++
		}
		for ; k > 0 && m.Enemies[k-1].Pos.Dist(self) > d; k-- {
			m.Enemies[k] = m.Enemies[k-1]
		}
		m.Enemies[k] = e
	}
	for i := m.NumEnemies; i < MaxEnemies; i++ {
		m.Enemies[i] = Enemy{}
	}
}

// reactionTime is how long a bolt flies before a Jedi notices it: a shot
// from close by can land before the Jedi knows of it. Swings and charges
// are seen as they start.
const reactionTime = 250 * time.Millisecond

// senseThreats lists the attacks on their way to Jedi j, soonest first:
// bolts aimed at it that it has noticed, swings wound up against it, and
// charges at it.
func (a *Arena) senseThreats(j int, m *Memory) {
	m.NumThreats = 0
	add := func(t Threat) {
		k := m.NumThreats
		if k == MaxThreats {
			if t.Impact >= m.Threats[k-1].Impact {
				return
			}
			k--
		} else {
			m.NumThreats++
		}
		for ; k > 0 && m.Threats[k-1].Impact > t.Impact; k-- {
			m.Threats[k] = m.Threats[k-1]
		}
		m.Threats[k] = t
	}
	for i := 0; i < a.nBolts; i++ {
		if b := &a.bolts[i]; b.target == j && b.flown >= reactionTime {
			add(Threat{Kind: Bolt, ID: b.id, Strength: b.strength, Source: b.source, Impact: b.impact, From: b.from, Aim: b.aim})
		}
	}
	self := m.Self.Pos
	for i := 0; i < a.numFoes; i++ {
		f := &a.foes[i]
		if !f.Alive() || f.target != j {
			continue
		}
		k := kinds[f.Type]
		switch {
		case f.windup > 0:
			add(Threat{Kind: Melee, Strength: k.strength, Source: f.ID, Impact: f.windup, From: f.Pos})
		case f.Charging:
			d := math.Max(0, f.Pos.Dist(self)-contactRange)
			add(Threat{Kind: Heavy, Strength: k.strength, Source: f.ID,
				Impact: time.Duration(d / chargeSpeed * float64(time.Second)), From: f.Pos})
		}
	}
	for i := m.NumThreats; i < MaxThreats; i++ {
		m.Threats[i] = Threat{}
	}
}
