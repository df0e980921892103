package jedi

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/engine/binsave"
)

// An arena and a Jedi's memory save in a compact binary form, as the
// Jedi's agents do (bt.Agent.AppendBinary), so that a game saves a whole
// frame (the arena, each Jedi's agent and memory) every frame, to rewind
// or roll back. Each table is saved up to its count: what lies past it
// is never read, and a restore clears it.
const (
	arenaMagic    = "fsja"
	memoryMagic   = "fsjm"
	binaryVersion = 1
)

// Bounds of the values a restore checks only for their type's range.
const (
	maxInt = math.MaxInt
	maxDur = time.Duration(math.MaxInt64)
)

// AppendBinary appends the arena's state to b and returns the extended
// slice: everything that makes the fight's future (the clock, the Jedi's
// bodies and the orders they carry out, the enemies and their minds, the
// bolts in flight, the kills and hits so far, and the random source).
// It allocates nothing when b has room.
func (a *Arena) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	b = binsave.Begin(b, arenaMagic, binaryVersion)
	b = binsave.Duration(b, a.now)
	b = binsave.Int(b, a.numJedi)
	for i := range a.numJedi {
		b = appendBody(b, &a.jedi[i])
	}
	b = binsave.Int(b, a.numFoes)
	for i := range a.numFoes {
		b = appendFoe(b, &a.foes[i])
	}
	b = binsave.Int(b, a.nBolts)
	for i := range a.nBolts {
		b = appendBolt(b, &a.bolts[i])
	}
	b = binsave.Int(b, a.nKills)
	for _, k := range a.kills[:a.nKills] {
		b = binsave.Int(b, k.Enemy)
		b = binsave.Int(b, int(k.Type))
		b = binsave.Duration(b, k.At)
		b = binsave.Int(b, k.By)
		b = binsave.Int(b, int(k.Move))
	}
	b = binsave.Int(b, len(a.hits))
	for _, h := range a.hits {
		b = binsave.Duration(b, h.At)
		b = binsave.Int(b, h.Jedi)
		b = binsave.Int(b, int(h.Kind))
		b = binsave.Int(b, h.Source)
		b = binsave.Int(b, h.Bolt)
		b = binsave.Int(b, h.Damage)
	}
	b = binsave.Int(b, a.boltSeq)
	b, err := binsave.Part(b, &a.pcg)
	if err != nil {
		return b[:start], err
	}
	return binsave.End(b, start), nil
}

// MarshalBinary returns the arena's state (see AppendBinary).
func (a *Arena) MarshalBinary() ([]byte, error) { return a.AppendBinary(nil) }

// UnmarshalBinary restores a state AppendBinary saved: the arena then
// goes on as the one saved. A save cut short or changed, of another
// version, or holding what no arena can (a count or an index out of
// range, a move or an enemy type there is not) is an error that says
// what and where, and leaves the arena as it was.
func (a *Arena) UnmarshalBinary(data []byte) error {
	r, err := binsave.Open("jedi: an arena's save", data, arenaMagic, binaryVersion)
	if err != nil {
		return err
	}
	var n Arena
	n.now = r.Duration(0, maxDur)
	n.numJedi = r.Int(1, 1+MaxPartners)
	for i := range n.numJedi {
		readBody(&r, &n.jedi[i])
	}
	n.numFoes = r.Int(0, MaxEnemies)
	for i := range n.numFoes {
		f := &n.foes[i]
		readFoe(&r, f, n.numJedi)
		if f.ID != i+1 {
			r.Fail("enemy %d has ID %d: enemies are in the order of their IDs", i+1, f.ID)
		}
	}
	n.nBolts = r.Int(0, maxBolts)
	for i := range n.nBolts {
		readBolt(&r, &n.bolts[i], n.numJedi, n.numFoes)
	}
	n.nKills = r.Int(0, n.numFoes)
	for i := range n.nKills {
		k := &n.kills[i]
		k.Enemy = r.Int(1, n.numFoes)
		k.Type = readEnemyType(&r)
		k.At = r.Duration(0, maxDur)
		k.By = r.Int(0, n.numJedi-1)
		k.Move = readMove(&r)
	}
	if hits := r.Count(6); hits > 0 { // a hit takes 6 bytes at least
		n.hits = make([]Hit, hits)
		for i := range n.hits {
			h := &n.hits[i]
			h.At = r.Duration(0, maxDur)
			h.Jedi = r.Int(0, n.numJedi-1)
			h.Kind = readThreatKind(&r)
			h.Source = r.Int(0, n.numFoes)
			h.Bolt = r.Int(0, maxInt)
			h.Damage = r.Int(0, maxInt)
		}
	}
	n.boltSeq = r.Int(0, maxInt)
	r.PartInto("the random source", &n.pcg)
	if err := r.Close(); err != nil {
		return err
	}
	rng := a.rng // the source it wraps is a.pcg, which now takes n's state
	*a = n
	a.rng = rng
	if a.rng == nil { // an Arena made otherwise than by NewArena
		a.rng = rand.New(&a.pcg)
	}
	return nil
}

func appendSelf(b []byte, s *Self) []byte {
	b = binsave.Int(b, s.HP)
	b = binsave.Int(b, s.MaxHP)
	b = appendVec(b, s.Pos)
	b = appendVec(b, s.Facing)
	b = appendVec(b, s.Vel)
	b = binsave.Float(b, s.Caution)
	for _, d := range [...]time.Duration{s.Jump, s.Crouch, s.Deflect, s.Block, s.Dodge, s.Stance, s.Knocked} {
		b = binsave.Duration(b, d)
	}
	b = binsave.Int(b, int(s.Doing))
	b = binsave.Int(b, int(s.Phase))
	b = binsave.Duration(b, s.PhaseTime)
	b = binsave.Duration(b, s.MoveLeft)
	b = binsave.Int(b, s.SwingsLeft)
	b = binsave.Uint(b, uint64(s.Seq))
	return binsave.Int(b, int(s.Status))
}

func readSelf(r *binsave.Reader, s *Self) {
	s.HP = r.Int(0, maxInt)
	s.MaxHP = r.Int(0, maxInt)
	s.Pos = readVec(r)
	s.Facing = readVec(r)
	s.Vel = readVec(r)
	s.Caution = r.Float()
	for _, d := range [...]*time.Duration{&s.Jump, &s.Crouch, &s.Deflect, &s.Block, &s.Dodge, &s.Stance, &s.Knocked} {
		*d = r.Duration(-maxDur, maxDur)
	}
	s.Doing = readMove(r)
	s.Phase = uint8(r.Int(0, int(phaseRecover)))
	s.PhaseTime = r.Duration(-maxDur, maxDur)
	s.MoveLeft = r.Duration(-maxDur, maxDur)
	s.SwingsLeft = r.Int(-maxInt, maxInt)
	s.Seq = uint32(r.Uint(math.MaxUint32))
	s.Status = readStatus(r)
}

func appendBody(b []byte, j *body) []byte {
	b = appendSelf(b, &j.Self)
	o := &j.order
	b = binsave.Int(b, int(o.kind))
	b = binsave.Int(b, o.target)
	b = binsave.Int(b, o.count)
	b = binsave.Duration(b, o.dur)
	b = appendVec(b, o.dir)
	b = binsave.Duration(b, o.t)
	b = binsave.Int(b, int(o.phase))
	b = binsave.Uint(b, uint64(o.seq))
	b = binsave.Int(b, int(o.status))
	b = binsave.Int(b, j.victim)
	b = binsave.Int(b, j.ShieldSwings)
	return binsave.Int(b, j.shieldStrikes)
}

func readBody(r *binsave.Reader, j *body) {
	readSelf(r, &j.Self)
	o := &j.order
	o.kind = readMove(r)
	o.target = r.Int(-maxInt, maxInt) // an ID the arena looks up, or none
	o.count = r.Int(-maxInt, maxInt)
	o.dur = r.Duration(-maxDur, maxDur)
	o.dir = readVec(r)
	o.t = r.Duration(-maxDur, maxDur)
	o.phase = uint8(r.Int(0, int(phaseRecover)))
	o.seq = uint32(r.Uint(math.MaxUint32))
	o.status = readStatus(r)
	if o.status == bt.Running && o.kind == MoveNone {
		r.Fail("a body runs no move")
	}
	j.victim = r.Int(-maxInt, maxInt)
	j.ShieldSwings = r.Int(0, maxInt)
	j.shieldStrikes = r.Int(0, maxInt)
}

func appendEnemy(b []byte, e *Enemy) []byte {
	b = binsave.Int(b, e.ID)
	b = binsave.Int(b, int(e.Type))
	b = binsave.Int(b, e.HP)
	b = binsave.Int(b, e.MaxHP)
	b = binsave.Int(b, e.Shield)
	b = appendVec(b, e.Pos)
	b = appendVec(b, e.Facing)
	b = binsave.Duration(b, e.Stumble)
	b = binsave.Bool(b, e.Charging)
	return binsave.Int(b, e.EngagedBy)
}

func readEnemy(r *binsave.Reader, e *Enemy) {
	e.ID = r.Int(0, maxInt)
	e.Type = readEnemyType(r)
	e.HP = r.Int(-maxInt, maxInt)
	e.MaxHP = r.Int(0, maxInt)
	e.Shield = r.Int(-maxInt, maxInt)
	e.Pos = readVec(r)
	e.Facing = readVec(r)
	e.Stumble = r.Duration(-maxDur, maxDur)
	e.Charging = r.Bool()
	e.EngagedBy = r.Int(0, 1+MaxPartners)
}

func appendFoe(b []byte, f *foe) []byte {
	b = appendEnemy(b, &f.Enemy)
	b = binsave.Int(b, f.target)
	b = binsave.Duration(b, f.reload)
	b = binsave.Duration(b, f.windup)
	b = binsave.Duration(b, f.retreat)
	return binsave.Bool(b, f.token)
}

func readFoe(r *binsave.Reader, f *foe, numJedi int) {
	readEnemy(r, &f.Enemy)
	f.target = r.Int(0, numJedi-1)
	f.reload = r.Duration(-maxDur, maxDur)
	f.windup = r.Duration(-maxDur, maxDur)
	f.retreat = r.Duration(-maxDur, maxDur)
	f.token = r.Bool()
}

func appendBolt(b []byte, t *bolt) []byte {
	b = binsave.Int(b, t.id)
	b = binsave.Duration(b, t.flown)
	b = appendVec(b, t.from)
	b = appendVec(b, t.aim)
	b = binsave.Int(b, t.source)
	b = binsave.Int(b, t.target)
	b = binsave.Int(b, t.strength)
	return binsave.Duration(b, t.impact)
}

func readBolt(r *binsave.Reader, t *bolt, numJedi, numFoes int) {
	t.id = r.Int(0, maxInt)
	t.flown = r.Duration(-maxDur, maxDur)
	t.from = readVec(r)
	t.aim = readVec(r)
	t.source = r.Int(0, numFoes) // 0: its source is dead
	t.target = r.Int(0, numJedi-1)
	t.strength = r.Int(-maxInt, maxInt)
	t.impact = r.Duration(-maxDur, maxDur)
}

// AppendBinary appends the memory's state to b and returns the extended
// slice: all of it, for a game that saves each Jedi's memory beside its
// agent (bt.Agent.AppendBinary) every frame. It allocates nothing when b
// has room. (The memory goes through encoding/json as it is, and through
// encoding/gob in this form.)
func (m *Memory) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	b = binsave.Begin(b, memoryMagic, binaryVersion)
	b = appendSelf(b, &m.Self)
	b = binsave.Float(b, m.Skill)
	o := &m.Order
	b = binsave.Int(b, int(o.Move))
	b = binsave.Int(b, o.Target)
	b = binsave.Int(b, o.Count)
	b = binsave.Duration(b, o.Dur)
	b = appendVec(b, o.Dir)
	b = binsave.Uint(b, uint64(o.Seq))
	b = binsave.Bool(b, m.Defensive)
	b = binsave.Int(b, m.NumPartners)
	for _, p := range m.Partners[:m.NumPartners] {
		b = appendVec(b, p.Pos)
		b = binsave.Int(b, p.Victim)
	}
	b = binsave.Bool(b, m.TooClose)
	b = binsave.Int(b, m.Victim)
	b = binsave.Int(b, m.VictimID)
	b = binsave.Duration(b, m.VictimTimer)
	b = binsave.Duration(b, m.DesiredKillTime)
	b = binsave.Int(b, m.ShieldStrikes)
	b = binsave.Int(b, m.NumEnemies)
	for i := range m.NumEnemies {
		b = appendEnemy(b, &m.Enemies[i])
	}
	b = binsave.Int(b, m.NumThreats)
	for _, t := range m.Threats[:m.NumThreats] {
		b = binsave.Int(b, int(t.Kind))
		b = binsave.Int(b, t.ID)
		b = binsave.Int(b, t.Strength)
		b = binsave.Int(b, t.Source)
		b = binsave.Duration(b, t.Impact)
		b = appendVec(b, t.From)
		b = appendVec(b, t.Aim)
	}
	b = binsave.Float(b, m.ThreatLevel)
	b = binsave.Bool(b, m.Alert)
	b = binsave.Int(b, m.Deaths)
	b = binsave.Bool(b, m.VictimDied)
	b = binsave.Duration(b, m.VictimDiedAt)
	b = binsave.Bool(b, m.PartnerFoeHurt)
	b = binsave.Bool(b, m.PartnerFoeDied)
	b = binsave.Duration(b, m.Elapsed)
	return binsave.End(b, start), nil
}

// MarshalBinary returns the memory's state (see AppendBinary).
func (m *Memory) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }

// UnmarshalBinary restores a state AppendBinary saved. A save that
// cannot be restored (see Arena.UnmarshalBinary) is an error, and leaves
// the memory as it was.
func (m *Memory) UnmarshalBinary(data []byte) error {
	r, err := binsave.Open("jedi: a memory's save", data, memoryMagic, binaryVersion)
	if err != nil {
		return err
	}
	var n Memory
	readSelf(&r, &n.Self)
	n.Skill = r.Float()
	o := &n.Order
	o.Move = readMove(&r)
	o.Target = r.Int(-maxInt, maxInt)
	o.Count = r.Int(-maxInt, maxInt)
	o.Dur = r.Duration(-maxDur, maxDur)
	o.Dir = readVec(&r)
	o.Seq = uint32(r.Uint(math.MaxUint32))
	n.Defensive = r.Bool()
	n.NumPartners = r.Int(0, MaxPartners)
	for i := range n.NumPartners {
		n.Partners[i].Pos = readVec(&r)
		n.Partners[i].Victim = r.Int(-maxInt, maxInt)
	}
	n.TooClose = r.Bool()
	n.Victim = r.Int(-1, MaxEnemies-1)
	n.VictimID = r.Int(-maxInt, maxInt)
	n.VictimTimer = r.Duration(-maxDur, maxDur)
	n.DesiredKillTime = r.Duration(-maxDur, maxDur)
	n.ShieldStrikes = r.Int(0, maxInt)
	n.NumEnemies = r.Int(0, MaxEnemies)
	for i := range n.NumEnemies {
		readEnemy(&r, &n.Enemies[i])
	}
	if n.Victim >= n.NumEnemies {
		r.Fail("victim %d of %d enemies", n.Victim, n.NumEnemies)
	}
	n.NumThreats = r.Int(0, MaxThreats)
	for i := range n.NumThreats {
		t := &n.Threats[i]
		t.Kind = readThreatKind(&r)
		t.ID = r.Int(0, maxInt)
		t.Strength = r.Int(-maxInt, maxInt)
		t.Source = r.Int(0, maxInt)
		t.Impact = r.Duration(-maxDur, maxDur)
		t.From = readVec(&r)
		t.Aim = readVec(&r)
	}
	n.ThreatLevel = r.Float()
	n.Alert = r.Bool()
	n.Deaths = r.Int(0, maxInt)
	n.VictimDied = r.Bool()
	n.VictimDiedAt = r.Duration(-maxDur, maxDur)
	n.PartnerFoeHurt = r.Bool()
	n.PartnerFoeDied = r.Bool()
	n.Elapsed = r.Duration(-maxDur, maxDur)
	if err := r.Close(); err != nil {
		return err
	}
	*m = n
	return nil
}

func appendVec(b []byte, v Vec) []byte { return binsave.Float(binsave.Float(b, v.X), v.Y) }

func readVec(r *binsave.Reader) Vec { return Vec{r.Float(), r.Float()} }

func readMove(r *binsave.Reader) MoveKind { return MoveKind(r.Int(0, len(moves)-1)) }

func readEnemyType(r *binsave.Reader) EnemyType { return EnemyType(r.Int(int(Droid), int(Rusher))) }

func readThreatKind(r *binsave.Reader) ThreatKind { return ThreatKind(r.Int(int(Bolt), int(Heavy))) }

func readStatus(r *binsave.Reader) bt.Status { return bt.Status(r.Int(0, int(bt.Failure))) }
