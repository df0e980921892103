package jedi

import "time"

// Sizes of the memory's tables.
const (
	MaxEnemies  = 8 // enemies a Jedi keeps track of, nearest first
	MaxThreats  = 8 // incoming attacks a Jedi keeps track of
	MaxPartners = 1 // other Jedi in the fight
)

// A Partner is another Jedi as this one knows it.
type Partner struct {
	Pos    Vec
	Victim int // the enemy ID of its victim, or 0
}

// Memory is what a Jedi knows: itself, its victim, the enemies around it
// nearest first, the attacks coming at it, and what happened in the
// prediction under way. It is a plain value of fixed-size tables with
// indices, never pointers, so a prediction works on a copy made by one
// assignment.
type Memory struct {
	Self Self
	// Skill, from 0 to 1, is the Jedi's skill level: 1 for a master. Only
	// the heuristic's desired kill times and the skill-range constraints
	// read it: skill changes what the Jedi wants, never what its actions
	// do. The game sets it; the sensors leave it alone.
	Skill float64
	// Order is what the Jedi last told its body to do (see Order).
	Order Order
	// Defensive is set by the game when the Jedi must hold back: it
	// defends, and any plan that hurts its victim is Impossible.
	Defensive bool

	// Partners are the other Jedi; too close to one is TooClose.
	Partners    [MaxPartners]Partner
	NumPartners int
	TooClose    bool

	// Victim indexes Enemies, or is -1; VictimID is the same enemy's ID.
	// VictimTimer is the time since it became the victim, and
	// DesiredKillTime how long the Jedi means to take over it.
	Victim          int
	VictimID        int
	VictimTimer     time.Duration
	DesiredKillTime time.Duration
	// ShieldStrikes counts the Jedi's blows that the victim's shield has
	// stopped: what it has learnt about this victim.
	ShieldStrikes int

	Enemies    [MaxEnemies]Enemy
	NumEnemies int

	Threats     [MaxThreats]Threat
	NumThreats  int
	ThreatLevel float64
	// Alert is set by the sensors when something happened that the Jedi
	// must answer at once: a threat it had not seen, or a hit.
	Alert bool

	// What happened in the prediction under way; the sensors clear it.
	Deaths         int           // enemies killed
	VictimDied     bool          // the victim among them
	VictimDiedAt   time.Duration // the victim timer when it died
	PartnerFoeHurt bool          // another Jedi's victim was hurt or pushed
	PartnerFoeDied bool          // another Jedi's victim died
	Elapsed        time.Duration // predicted time
}

// DesiredKillTime is how long a Jedi of the given skill (0 to 1) means to
// take over an enemy of the given type: the type's base time, scaled from
// half of it for a master (skill 1) to twice it for a complete novice
// (skill 0), linearly in between:
//
//	desired = base × (0.5 + 1.5 × (1 − skill))
//
// A master kills quickly, a padawan patiently. Only the heuristic's rule
// "victim died too soon" reads it, so skill changes what the Jedi wants,
// never what its actions do.
func DesiredKillTime(skill float64, t EnemyType) time.Duration {
	skill = clamp(skill, 0, 1)
	return time.Duration(float64(kinds[t].killBase) * (0.5 + 1.5*(1-skill)))
}

// VictimEnemy returns the victim, or nil.
func (m *Memory) VictimEnemy() *Enemy {
	if m.Victim < 0 || m.Victim >= m.NumEnemies {
		return nil
	}
	return &m.Enemies[m.Victim]
}

// enemyByID returns the index of the enemy with the given ID, or -1.
func (m *Memory) enemyByID(id int) int {
	for i := 0; i < m.NumEnemies; i++ {
		if m.Enemies[i].ID == id {
			return i
		}
	}
	return -1
}

// Simulate predicts dt of time passing: the victim timer runs, the Jedi
// moves at its velocity, the enemies move as their kinds do (Enemy.step:
// rushers charge, brawlers close in, ranged enemies keep their distance;
// never through the Jedi), the Jedi's states run down, and threats
// advance. A threat whose
// time runs out lands on the Jedi unless avoided; heavy attacks knock the
// Jedi down; threats from dead or off-balance attackers vanish. Then the
// threat level is recomputed.
func (m *Memory) Simulate(dt time.Duration) {
	m.pass(dt)
	m.refresh()
}

// pass is Simulate without the threat level: a prediction made of several
// steps computes it once, when the whole prediction is done (see
// action.Simulate), since only the heuristic and the constraints read it.
func (m *Memory) pass(dt time.Duration) {
	if dt <= 0 {
		return
	}
	m.dropCancelled()
	m.landThreats(dt)
	// Enemies react to the Jedi as it moves: to where it is halfway
	// through the step, the best single guess for the whole of it.
	secs := dt.Seconds()
	halfway := m.Self.Pos
	if m.Self.Vel != (Vec{}) {
		halfway = m.Self.Pos.Add(m.Self.Vel.Scale(secs / 2))
		m.Self.Pos = m.Self.Pos.Add(m.Self.Vel.Scale(secs))
	}
	m.Self.elapse(dt)
	for i := 0; i < m.NumEnemies; i++ {
		e := &m.Enemies[i]
		free := secs
		if e.Stumble > 0 { // an enemy finding its feet moves for the rest of the step
			free = (dt - min(dt, e.Stumble)).Seconds()
			e.Stumble = max(0, e.Stumble-dt)
		}
		e.step(halfway, free)
	}
	m.VictimTimer += dt
	m.Elapsed += dt
}

// landThreats resolves the threats due within dt, in the order they land,
// and brings the rest closer.
func (m *Memory) landThreats(dt time.Duration) {
	for {
		next := -1
		for i := 0; i < m.NumThreats; i++ {
			if t := &m.Threats[i]; t.Impact <= dt && (next < 0 || t.Impact < m.Threats[next].Impact) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		t := m.Threats[next]
		if m.attackerAble(&t) && !m.Self.avoids(&t, t.Impact) {
			m.Self.hurt(&t, t.Impact)
		}
		m.removeThreat(next)
	}
	for i := 0; i < m.NumThreats; i++ {
		m.Threats[i].Impact -= dt
	}
}

// travel predicts the Jedi moving to p at speed, attacks landing on the
// way where it will be when they land.
func (m *Memory) travel(p Vec, speed float64) {
	d := m.Self.Pos.Dist(p)
	if d <= 0 || speed <= 0 {
		return
	}
	m.Self.Vel = p.Sub(m.Self.Pos).Unit().Scale(speed)
	m.pass(seconds(d / speed))
	m.Self.Vel = Vec{}
	if m.able() {
		m.Self.Pos = p // no rounding drift
	}
}

// dropCancelled removes the swings and charges of attackers that are down
// or off balance: as in the arena, a stumble cancels an attack, even one
// that would land after the stumble is over.
func (m *Memory) dropCancelled() {
	for i := 0; i < m.NumThreats; {
		if t := &m.Threats[i]; !m.attackerAble(t) {
			m.removeThreat(i)
			continue
		}
		i++
	}
}

// attackerAble reports whether the threat's attacker can still deliver it:
// bolts fly on regardless; swings and charges need an attacker standing
// and steady.
func (m *Memory) attackerAble(t *Threat) bool {
	if t.Kind == Bolt {
		return true
	}
	i := m.enemyByID(t.Source)
	return i >= 0 && m.Enemies[i].Alive() && !m.Enemies[i].Stumbling()
}

func (m *Memory) removeThreat(i int) {
	m.NumThreats--
	m.Threats[i] = m.Threats[m.NumThreats]
	m.Threats[m.NumThreats] = Threat{}
}

// dropThreatsFrom removes the swings and charges of an attacker that can
// no longer deliver them.
func (m *Memory) dropThreatsFrom(id int) {
	for i := 0; i < m.NumThreats; {
		if t := &m.Threats[i]; t.Source == id && t.Kind != Bolt {
			m.removeThreat(i)
			continue
		}
		i++
	}
}

// SimulateDamage predicts the enemy at index i taking amount of damage.
// It is ignored for an enemy already dead or an amount of 0 or less; hit
// points stop at 0, and a death is counted, and noted if it was the victim
// or another Jedi's.
func (m *Memory) SimulateDamage(i, amount int) {
	if i < 0 || i >= m.NumEnemies || amount <= 0 {
		return
	}
	e := &m.Enemies[i]
	if !e.Alive() {
		return
	}
	if e.EngagedBy != 0 {
		m.PartnerFoeHurt = true
	}
	e.HP = max(0, e.HP-amount)
	if e.Alive() {
		return
	}
	m.Deaths++
	if e.EngagedBy != 0 {
		m.PartnerFoeDied = true
	}
	if i == m.Victim {
		m.VictimDied, m.VictimDiedAt = true, m.VictimTimer
	}
	m.dropThreatsFrom(e.ID)
}

// refresh recomputes what follows from positions and states: the threat
// level and whether the Jedi is too close to another.
func (m *Memory) refresh() {
	m.TooClose = false
	for i := 0; i < m.NumPartners; i++ {
		if m.Self.Pos.Dist(m.Partners[i].Pos) < tooClose {
			m.TooClose = true
		}
	}
	m.ThreatLevel = threatLevel(&m.Self, m.Threats[:m.NumThreats])
}
