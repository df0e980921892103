package jedi

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Config describes an arena: who fights, and the seed of everything the
// arena decides by chance (where enemies stand, when they fire). Give the
// enemies either as Enemies, placed at random around the Jedi, or as
// Spawns, placed where you say.
type Config struct {
	Seed    uint64
	Enemies []EnemyType // 1 to MaxEnemies, placed at random
	Spawns  []Spawn     // 1 to MaxEnemies, placed as given
	Partner bool        // a second Jedi fights alongside
}

// A Spawn places an enemy: its type, where it stands (the first Jedi
// starts at the origin), and its hit points (0: its type's full health).
type Spawn struct {
	Type EnemyType
	Pos  Vec
	HP   int
}

// Limits of the arena: where things may stand, and how tough they may be.
const (
	ArenaRadius = 100.0 // m from the origin
	MaxHP       = 10000
)

// Validate reports a configuration the arena cannot hold.
func (c Config) Validate() error {
	n := len(c.Enemies) + len(c.Spawns)
	switch {
	case len(c.Enemies) > 0 && len(c.Spawns) > 0:
		return errors.New("jedi: give enemies as Enemies or as Spawns, not both")
	case n == 0:
		return errors.New("jedi: no enemies: give at least one")
	case n > MaxEnemies:
		return fmt.Errorf("jedi: %d enemies: the arena holds at most %d", n, MaxEnemies)
	}
	for _, t := range c.Enemies {
		if t < Droid || t > Rusher {
			return fmt.Errorf("jedi: invalid enemy type %v", t)
		}
	}
	for i, s := range c.Spawns {
		switch {
		case s.Type < Droid || s.Type > Rusher:
			return fmt.Errorf("jedi: spawn %d: invalid enemy type %v", i+1, s.Type)
		case math.IsNaN(s.Pos.X) || math.IsNaN(s.Pos.Y) || !(s.Pos.Len() <= ArenaRadius):
			return fmt.Errorf("jedi: spawn %d: position %v is outside the arena (within %gm of the origin)", i+1, s.Pos, ArenaRadius)
		case s.Pos.Len() < jediRadius+enemyRadius:
			return fmt.Errorf("jedi: spawn %d: position %v is on top of the Jedi", i+1, s.Pos)
		case s.HP < 0 || s.HP > MaxHP:
			return fmt.Errorf("jedi: spawn %d: %d hit points: give 1 to %d, or 0 for the type's own", i+1, s.HP, MaxHP)
		}
	}
	return nil
}

// A Kill records an enemy's death.
type Kill struct {
	Enemy int // its ID
	Type  EnemyType
	At    time.Duration // arena time
	By    int           // the Jedi who struck it down
	Move  MoveKind      // with what
}

// maxTokens is how many enemies may attack one Jedi at a time: the rest
// wait their turn, as enemies do in games so that fights stay readable.
const maxTokens = 2

// maxBolts bounds the bolts in flight.
const maxBolts = 32

// An Arena is the live world of a fight: one or two Jedi bodies, the
// enemies with their own simple minds, and the bolts in flight. It runs
// headless and deterministically from its seed; the Jedi act in it only by
// ordering moves from their bodies.
type Arena struct {
	now     time.Duration
	jedi    [1 + MaxPartners]body
	numJedi int
	foes    [MaxEnemies]foe
	numFoes int
	bolts   [maxBolts]bolt
	nBolts  int
	kills   [MaxEnemies]Kill
	nKills  int
	hits    []Hit
	boltSeq int
	pcg     rand.PCG
	rng     *rand.Rand
}

// foe is an enemy with what its mind needs.
type foe struct {
	Enemy
	target  int           // the Jedi it fights
	reload  time.Duration // until it may attack again
	windup  time.Duration // a brawler's swing on its way
	retreat time.Duration // a rusher backing off after a charge
	token   bool          // it is attacking
}

type bolt struct {
	id        int
	flown     time.Duration // since it was fired
	from, aim Vec
	source    int // enemy ID
	target    int // Jedi index
	strength  int
	impact    time.Duration
}

// NewArena sets up an arena: the Jedi at the centre facing east (the
// partner two steps behind and four to the side), the enemies around them
// at random between 9 and 16 meters.
func NewArena(cfg Config) (*Arena, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	a := &Arena{numJedi: 1}
	a.pcg.Seed(cfg.Seed, 0x1ed1)
	a.rng = rand.New(&a.pcg)
	a.jedi[0] = newBody(Vec{0, 0})
	if cfg.Partner {
		a.jedi[1] = newBody(Vec{-2, 4})
		a.numJedi = 2
	}
	spawns := cfg.Spawns
	if len(spawns) == 0 {
		spawns = make([]Spawn, len(cfg.Enemies))
		for i, t := range cfg.Enemies {
			angle := 2 * math.Pi * (float64(i) + 0.5*a.rng.Float64()) / float64(len(cfg.Enemies))
			dist := 9 + 7*a.rng.Float64()
			spawns[i] = Spawn{Type: t, Pos: Vec{dist * math.Cos(angle), dist * math.Sin(angle)}}
		}
	}
	for i, s := range spawns {
		k := kinds[s.Type]
		hp := s.HP
		if hp == 0 {
			hp = k.hp
		}
		a.foes[i] = foe{
			Enemy:  Enemy{ID: i + 1, Type: s.Type, HP: hp, MaxHP: hp, Shield: k.shield, Pos: s.Pos},
			target: i % a.numJedi,
			reload: k.reload/2 + time.Duration(a.rng.Int64N(int64(k.reloadSpread)+1)),
		}
		a.foes[i].Facing = a.jedi[a.foes[i].target].Pos.Sub(a.foes[i].Pos).Unit()
	}
	a.numFoes = len(spawns)
	return a, nil
}

// Now returns the arena's clock.
func (a *Arena) Now() time.Duration { return a.now }

// NumJedi returns how many Jedi fight.
func (a *Arena) NumJedi() int { return a.numJedi }

// Jedi returns the state of Jedi i.
func (a *Arena) Jedi(i int) Self { return a.jedi[i].Self }

// Enemies returns the enemies, living and dead, in ID order.
func (a *Arena) Enemies() []Enemy {
	out := make([]Enemy, a.numFoes)
	for i := range out {
		out[i] = a.foes[i].Enemy
	}
	return out
}

// A Hit records an attack that landed on a Jedi.
type Hit struct {
	At     time.Duration
	Jedi   int
	Kind   ThreatKind
	Source int // the attacker's enemy ID
	Bolt   int // the bolt's number, for bolts
	Damage int
}

// Hits returns the attacks that landed so far, in order.
func (a *Arena) Hits() []Hit { return append([]Hit(nil), a.hits...) }

// Kills returns the kills so far, in order.
func (a *Arena) Kills() []Kill { return append([]Kill(nil), a.kills[:a.nKills]...) }

// Over reports whether the fight is decided: every Jedi down, or every
// enemy.
func (a *Arena) Over() bool { return a.JediDown() || a.nKills == a.numFoes }

// JediDown reports whether every Jedi is down.
func (a *Arena) JediDown() bool {
	for i := 0; i < a.numJedi; i++ {
		if a.jedi[i].Alive() {
			return false
		}
	}
	return true
}

// foeByID returns the enemy with the given ID, or nil.
func (a *Arena) foeByID(id int) *foe {
	if id < 1 || id > a.numFoes {
		return nil
	}
	return &a.foes[id-1]
}

// Step runs dt of the fight: the bolts due land, then the Jedi's moves
// and the enemies' minds run, and every timer runs down.
func (a *Arena) Step(dt time.Duration) {
	if dt <= 0 || a.Over() {
		return
	}
	a.now += dt
	a.flyBolts(dt) // bolts due this tick land before anyone moves
	for i := 0; i < a.numJedi; i++ {
		a.runOrder(i, dt)
	}
	for i := 0; i < a.numFoes; i++ {
		if f := &a.foes[i]; f.Alive() {
			a.think(f, dt)
		}
	}
	for i := 0; i < a.numJedi; i++ {
		a.jedi[i].elapse(dt)
	}
}

// think is an enemy's mind for dt: keep its range, wind up and attack
// when its turn comes, and recover from being thrown off balance.
func (a *Arena) think(f *foe, dt time.Duration) {
	f.reload = max(0, f.reload-dt)
	if f.Stumbling() {
		f.Stumble = max(0, f.Stumble-dt)
		f.windup, f.Charging = 0, false
		a.release(f)
		return
	}
	j := &a.jedi[f.target]
	if !j.Alive() {
		f.target = a.livingJedi()
		return
	}
	k := kinds[f.Type]
	d := f.Pos.Dist(j.Pos)
	if !f.Charging {
		f.Facing = j.Pos.Sub(f.Pos).Unit()
	}
	switch {
	case f.windup > 0:
		if f.windup -= dt; f.windup <= 0 {
			a.strike(f, j, Melee)
		}
	case f.Charging:
		f.step(j.Pos, dt.Seconds())
		if f.Pos.Dist(j.Pos) <= contactRange+1e-9 {
			a.strike(f, j, Heavy)
			f.Charging, f.retreat = false, 2*time.Second
		}
	case f.retreat > 0:
		f.retreat = max(0, f.retreat-dt)
		f.Pos = f.Pos.Add(f.Pos.Sub(j.Pos).Unit().Scale(k.speed * dt.Seconds()))
	case f.reload == 0 && d <= k.far+4 && a.takeToken(f):
		a.attack(f, j, d)
	default:
		f.step(j.Pos, dt.Seconds())
	}
}

// attack starts the enemy's attack on Jedi j at distance d.
func (a *Arena) attack(f *foe, j *body, d float64) {
	k := kinds[f.Type]
	f.reload = k.reload + time.Duration(a.rng.Int64N(int64(k.reloadSpread)+1))
	switch f.Type {
	case Droid, Trooper:
		if a.nBolts == maxBolts {
			a.release(f)
			return
		}
		a.boltSeq++
		a.bolts[a.nBolts] = bolt{id: a.boltSeq, from: f.Pos, aim: j.Pos, source: f.ID, target: f.target,
			strength: k.strength, impact: time.Duration(d / boltSpeed * float64(time.Second))}
		a.nBolts++
	case Brawler:
		if d > meleeReach {
			a.release(f)
			return
		}
		f.windup = meleeWindup
	case Rusher:
		if d < 4 {
			a.release(f)
			return
		}
		f.Charging = true
	}
}

// strike lands an enemy's swing or charge on Jedi j, unless avoided.
func (a *Arena) strike(f *foe, j *body, k ThreatKind) {
	t := Threat{Kind: k, Strength: kinds[f.Type].strength, Source: f.ID, From: f.Pos}
	if !j.avoids(&t, 0) {
		a.hits = append(a.hits, Hit{At: a.now, Jedi: a.jediIndex(j), Kind: k, Source: f.ID, Damage: j.hurt(&t, 0)})
		if k == Heavy {
			j.order.fail()
		}
	}
	a.release(f)
}

// jediIndex returns the index of a Jedi's body.
func (a *Arena) jediIndex(j *body) int {
	for i := range a.jedi {
		if &a.jedi[i] == j {
			return i
		}
	}
	return -1
}

func (a *Arena) flyBolts(dt time.Duration) {
	for i := 0; i < a.nBolts; {
		b := &a.bolts[i]
		b.flown += dt
		if b.impact -= dt; b.impact > 0 {
			i++
			continue
		}
		j := &a.jedi[b.target]
		t := Threat{Kind: Bolt, Strength: b.strength, Source: b.source, From: b.from, Aim: b.aim}
		if j.Alive() && !j.avoids(&t, 0) {
			a.hits = append(a.hits, Hit{At: a.now, Jedi: b.target, Kind: Bolt, Source: b.source, Bolt: b.id, Damage: j.hurt(&t, 0)})
		}
		if f := a.foeByID(b.source); f != nil {
			a.release(f)
		}
		a.nBolts--
		a.bolts[i] = a.bolts[a.nBolts]
	}
}

// takeToken gives the enemy the right to attack if its target has a free
// attack slot.
func (a *Arena) takeToken(f *foe) bool {
	held := 0
	for i := 0; i < a.numFoes; i++ {
		if g := &a.foes[i]; g.token && g.target == f.target {
			held++
		}
	}
	if held >= maxTokens {
		return false
	}
	f.token = true
	return true
}

func (a *Arena) release(f *foe) { f.token = false }

func (a *Arena) livingJedi() int {
	for i := 0; i < a.numJedi; i++ {
		if a.jedi[i].Alive() {
			return i
		}
	}
	return 0
}

// hit applies damage from Jedi j's move to an enemy, recording a kill.
func (a *Arena) hit(f *foe, j int, dmg int, how MoveKind) {
	if !f.Alive() || dmg <= 0 {
		return
	}
	f.HP = max(0, f.HP-dmg)
	if f.Alive() {
		return
	}
	f.windup, f.Charging, f.token = 0, false, false
	a.kills[a.nKills] = Kill{Enemy: f.ID, Type: f.Type, At: a.now, By: j, Move: how}
	a.nKills++
	for i := 0; i < a.nBolts; i++ {
		if a.bolts[i].source == f.ID {
			a.bolts[i].source = 0 // flies on, but frees no one's token
		}
	}
}
