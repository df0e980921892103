package jedi

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// An EnemyType is a kind of enemy in the arena.
type EnemyType uint8

// The enemy types.
const (
	// Droid: a blaster droid that keeps its distance and fires bolts,
	// ranged threats with a travel time.
	Droid EnemyType = iota + 1
	// Brawler: a melee fighter that closes in and swings, and blocks
	// saber swings from the front unless it is stumbling.
	Brawler
	// Trooper: a shielded trooper, immune to the saber while its shield
	// is up; kicks and force pushes break the shield. Fires bolts.
	Trooper
	// Rusher: charges the Jedi head-on, a heavy attack that knocks the
	// Jedi down unless dodged or jumped.
	Rusher
)

var enemyNames = [...]string{"", "droid", "brawler", "trooper", "rusher"}

// String returns the type's name, such as "droid".
func (t EnemyType) String() string {
	if int(t) < len(enemyNames) && t != 0 {
		return enemyNames[t]
	}
	return fmt.Sprintf("EnemyType(%d)", uint8(t))
}

// valid reports whether t is one of the enemy types above.
func (t EnemyType) valid() bool { return t >= Droid && t <= Rusher }

// ParseEnemyType returns the enemy type with the given name.
func ParseEnemyType(name string) (EnemyType, error) {
	for i, n := range enemyNames {
		if n != "" && n == strings.ToLower(name) {
			return EnemyType(i), nil
		}
	}
	return 0, fmt.Errorf("unknown enemy type %q (want droid, brawler, trooper or rusher)", name)
}

// kind holds the numbers of an enemy type.
type kind struct {
	hp, shield   int
	speed        float64       // m/s when moving
	near, far    float64       // the range it keeps from its target
	strength     int           // damage of its attack
	reload       time.Duration // least time between attacks
	reloadSpread time.Duration // random extra time between attacks
	// killBase is the desired kill time of a Jedi of middling skill; see
	// DesiredKillTime.
	killBase time.Duration
}

var kinds = [...]kind{
	Droid:   {hp: 50, speed: 2, near: 8, far: 14, strength: 10, reload: 3 * time.Second, reloadSpread: 2 * time.Second, killBase: 4 * time.Second},
	Brawler: {hp: 100, speed: 2.5, near: 0, far: 1.8, strength: 20, reload: 2 * time.Second, reloadSpread: time.Second, killBase: 6 * time.Second},
	Trooper: {hp: 75, shield: 50, speed: 2, near: 6, far: 10, strength: 15, reload: 3 * time.Second, reloadSpread: 2 * time.Second, killBase: 7 * time.Second},
	Rusher:  {hp: 60, speed: 3, near: 5, far: 9, strength: 30, reload: 3 * time.Second, reloadSpread: 2 * time.Second, killBase: 5 * time.Second},
}

// Combat numbers shared by the arena and predictions.
const (
	boltSpeed    = 12.0 // m/s
	boltSpread   = 1.5  // m: a bolt hits a Jedi within this of where it was aimed
	chargeSpeed  = 9.0  // m/s, a rusher's charge
	meleeReach   = 2.5  // m: a brawler's swing lands within this
	meleeWindup  = time.Second
	stumbleTime  = 1500 * time.Millisecond
	pushStumble  = 2 * time.Second
	pushRadius   = 10.0 // m
	saberDamage  = 25
	kickDamage   = 25
	blockFacing  = 0.5 // dot product: a brawler blocks swings from in front
	enemyRadius  = 0.6 // m
	contactRange = 1.2 // m: a charge lands at this distance
)

// An Enemy is an enemy as the Jedi knows it, and as the arena keeps it.
type Enemy struct {
	ID       int // stable for the whole fight; 0 is no enemy
	Type     EnemyType
	HP       int
	MaxHP    int
	Shield   int // troopers: the saber does nothing while it is above 0
	Pos      Vec
	Facing   Vec // unit vector
	Stumble  time.Duration
	Charging bool // a rusher running at its target
	// EngagedBy is 1 + the index of the other Jedi who has this enemy as
	// victim, or 0.
	EngagedBy int
}

// Alive reports whether the enemy still stands.
func (e *Enemy) Alive() bool { return e.HP > 0 }

// Stumbling reports whether the enemy is off balance.
func (e *Enemy) Stumbling() bool { return e.Stumble > 0 }

// blocks reports whether the enemy stops a saber swing coming from a Jedi
// at from: a raised shield always does; a brawler facing the swing does
// unless it stumbles.
func (e *Enemy) blocks(from Vec) bool {
	if e.Shield > 0 {
		return true
	}
	return e.Type == Brawler && !e.Stumbling() && e.Facing.Dot(from.Sub(e.Pos).Unit()) >= blockFacing
}

// closeQuarters is the distance within which an enemy stops backing off:
// a Jedi this close is fought, not escaped.
const closeQuarters = 4.0

// step moves the enemy for secs seconds the way its kind moves toward a Jedi at
// target: a charging rusher runs at it; otherwise an enemy closes to its
// far range, and a ranged one backs off to its near range unless the Jedi
// is already within close quarters. Nothing passes through the Jedi. An
// enemy off balance stays put. The arena moves its enemies with step, and
// the Jedi's predictions move theirs with it too.
func (e *Enemy) step(target Vec, secs float64) {
	if e.Stumbling() || !e.Alive() {
		return
	}
	if e.Charging {
		e.Pos = toward(e.Pos, target, chargeSpeed*secs, contactRange)
		return
	}
	// One square root serves the whole step, and only when the enemy
	// moves: most steps find it already where its kind wants to be.
	k := &kinds[e.Type]
	ahead := target.Sub(e.Pos)
	d2 := ahead.Dot(ahead)
	switch {
	case d2 > k.far*k.far:
		d := math.Sqrt(d2)
		e.Pos = along(e.Pos, ahead, d, min(k.speed*secs, d-k.far), jediRadius+enemyRadius)
	case d2 < k.near*k.near && d2 > closeQuarters*closeQuarters:
		d := math.Sqrt(d2)
		e.Pos = e.Pos.Sub(ahead.Scale(min(k.speed*secs, k.near-d) / d))
	}
}

// kicked applies a kick: it breaks a shield first, and off-balances the
// enemy. It returns the damage to hit points.
func (e *Enemy) kicked() int {
	e.Stumble = stumbleTime
	e.Charging = false
	if e.Shield > 0 {
		e.Shield = max(0, e.Shield-kickDamage)
		return 0
	}
	return kickDamage
}

// pushed applies a force push from a Jedi at from: the enemy is thrown
// back, off balance, its shield broken and its attack stopped.
func (e *Enemy) pushed(from Vec) {
	d := e.Pos.Dist(from)
	throw := 6.0
	if d > pushRadius*0.75 {
		throw = 3
	}
	e.Pos = e.Pos.Add(e.Pos.Sub(from).Unit().Scale(throw))
	e.Stumble = pushStumble
	e.Shield = 0
	e.Charging = false
}
