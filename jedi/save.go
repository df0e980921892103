package jedi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// A fight's save is JSON, for people: a save of a fight goes into bug
// reports and is compared with another, and at a few tens of kilobytes
// there is nothing for a binary form to win in a file written once. The
// agents are in bt's JSON form, which carries their tree's fingerprint
// and a checksum of its own (a game saving every frame would keep them in
// the binary form: see bt.Agent.AppendBinary); the world, the memories
// and the reports' state are checked against what a fight can hold when
// loaded. Durations in the config and the clock are written as Go writes
// them ("1m30s"); elsewhere, as in a Memory, in nanoseconds.
const (
	saveFormat  = "foresight-jedi-fight"
	saveVersion = 1
)

// Save returns the fight's state, between two steps, as JSON: its
// configuration (seed, skill, enemies, the tree's shape, duration and
// step), the arena (clock, Jedi, enemies, bolts, kills, hits, and the
// state of its random source), each Jedi's memory and its agent's state,
// the kills recorded, and what the fight has followed of the first Jedi's
// decisions, which its Decide reports name. LoadFight sets up a fight
// from it that goes on exactly as this one does: the same steps, reports
// and summary. A fight that failed is not saved.
func (f *Fight) Save() ([]byte, error) {
	if f.err != nil {
		return nil, fmt.Errorf("jedi: a fight that failed cannot be saved: %w", f.err)
	}
	s := fightSave{Format: saveFormat, Version: saveVersion, Config: saveConfig(&f.cfg), Kills: f.kills}
	if s.Kills == nil {
		s.Kills = []KillRecord{}
	}
	var err error
	if s.Arena, err = saveArena(f.Arena); err != nil {
		return nil, err
	}
	for _, fighter := range f.Fighters {
		agent, err := fighter.Agent.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("jedi %d: %w", fighter.who, err)
		}
		s.Fighters = append(s.Fighters, savedFighter{Memory: saveMemory(&fighter.Memory), Agent: agent})
	}
	s.Watch.Running = f.watch.running
	if s.Watch.Actions, err = f.watch.actions.MarshalJSON(); err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(s, "", "\t")
	if err != nil {
		return nil, fmt.Errorf("jedi: saving the fight: %w", err)
	}
	return append(out, '\n'), nil
}

// Config returns the fight's configuration: as given to NewFight, or, for
// a fight loaded, as its save says, with the hooks given to LoadFight.
// After a Reload, its Tree is the tree the Jedi run.
func (f *Fight) Config() FightConfig { return f.cfg }

// Follow adds a, an Actions of the fight's tree (a trace.Timeline, say),
// as a tracer of the first Jedi's tree that has followed it from the
// fight's start: a takes up the decisions the fight has followed (see
// trace.Actions.UnmarshalJSON), which its reports name. A timeline of a
// fight loaded from a save so reports as the fight's never saved does.
func (f *Fight) Follow(a *trace.Actions) error {
	state, err := f.watch.actions.MarshalJSON()
	if err == nil {
		err = a.UnmarshalJSON(state)
	}
	if err != nil {
		return err
	}
	f.AddTracer(a)
	return nil
}

// LoadFight sets up the fight a save holds (see Fight.Save), where it
// stood when it was saved. The save says the fight's configuration; cfg
// gives only what a save cannot hold: the hooks (Tracer, OnDecide,
// OnStep) and, for a fight whose tree was given (FightConfig.Tree, or a
// Reload), that tree, whose agents' fingerprints must match the save's.
// The rest of cfg must be zero. A save that cannot be loaded (not a
// fight's, of another version or tree, cut short, or holding what no
// fight can: an enemy type that does not exist, a count beyond its
// table, a Jedi or an enemy the arena lacks) is an error that says what
// and where.
func LoadFight(save []byte, cfg FightConfig) (*Fight, error) {
	hooks := FightConfig{Tree: cfg.Tree, Tracer: cfg.Tracer, OnDecide: cfg.OnDecide, OnStep: cfg.OnStep}
	if !zeroExceptHooks(&cfg) {
		return nil, errors.New("jedi: LoadFight takes only the hooks and a tree from its FightConfig: the save says the rest")
	}
	var s fightSave
	dec := json.NewDecoder(bytes.NewReader(save))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, loadError("not a save of a fight: %v", err)
	}
	switch {
	case s.Format != saveFormat:
		return nil, loadError("format %q, not %q", s.Format, saveFormat)
	case s.Version != saveVersion:
		return nil, loadError("version %d, not %d", s.Version, saveVersion)
	case s.Config.Tree == treeGiven && hooks.Tree == nil:
		return nil, loadError("a fight of a tree of its own: give that tree (FightConfig.Tree)")
	case s.Config.Tree != treeGiven && hooks.Tree != nil:
		return nil, loadError("a fight of the built-in tree: give no tree")
	}
	full, err := s.Config.config(hooks)
	if err != nil {
		return nil, loadError("config: %v", err)
	}
	f, err := NewFight(full)
	if err != nil {
		return nil, loadError("config: %v", err)
	}
	if err := f.restore(&s); err != nil {
		return nil, loadError("%v", err)
	}
	return f, nil
}

// loadError reports a save that cannot be loaded.
func loadError(format string, args ...any) error {
	return fmt.Errorf("jedi: loading a fight: %s", fmt.Sprintf(format, args...))
}

// zeroExceptHooks reports whether cfg holds nothing but hooks and a tree.
func zeroExceptHooks(cfg *FightConfig) bool {
	c := *cfg
	c.Tree, c.Tracer, c.OnDecide, c.OnStep = nil, nil, nil, nil
	return c.Seed == 0 && c.Skill == 0 && c.Enemies == nil && c.Spawns == nil && !c.Partner && !c.Mistakes &&
		c.Without == nil && c.Replan == 0 && c.Duration == 0 && c.Step == 0
}

// restore puts the saved state into f, a fight just set up from the
// save's configuration: the arena, each Jedi's memory and agent, the
// kills and what the fight follows of the first Jedi's decisions.
func (f *Fight) restore(s *fightSave) error {
	if err := restoreArena(f.Arena, &s.Arena, &f.cfg); err != nil {
		return fmt.Errorf("arena: %v", err)
	}
	if len(s.Fighters) != len(f.Fighters) {
		return fmt.Errorf("%d Jedi minds, where the arena has %d Jedi", len(s.Fighters), len(f.Fighters))
	}
	for i, sf := range s.Fighters {
		m := sf.Memory.memory()
		if err := checkMemory(&m); err != nil {
			return fmt.Errorf("jedi %d: memory: %v", i, err)
		}
		if err := f.Fighters[i].Agent.UnmarshalJSON(sf.Agent); err != nil {
			return fmt.Errorf("jedi %d: %v", i, err)
		}
		f.Fighters[i].Memory = m
	}
	if len(s.Kills) != f.Arena.nKills {
		return fmt.Errorf("%d kills recorded, where the arena has %d", len(s.Kills), f.Arena.nKills)
	}
	for i, k := range s.Kills {
		if k.Kill != f.Arena.kills[i] {
			return fmt.Errorf("kill %d recorded as %+v, where the arena has %+v", i+1, k.Kill, f.Arena.kills[i])
		}
	}
	if len(s.Kills) > 0 { // none is nil, as in a fight never saved
		f.kills = s.Kills
	}
	if err := f.watch.actions.UnmarshalJSON(s.Watch.Actions); err != nil {
		return fmt.Errorf("watch: %v", err)
	}
	f.watch.running = s.Watch.Running
	return nil
}

// fightSave is a fight's save.
type fightSave struct {
	Format   string         `json:"format"`
	Version  int            `json:"version"`
	Config   savedConfig    `json:"config"`
	Arena    savedArena     `json:"arena"`
	Fighters []savedFighter `json:"fighters"`
	Kills    []KillRecord   `json:"kills"`
	Watch    savedWatch     `json:"watch"`
}

// savedConfig is a fight's configuration, less the hooks: the tree is
// "built in", shaped by mistakes, without and replan, or "given".
type savedConfig struct {
	Seed     uint64       `json:"seed"`
	Skill    float64      `json:"skill"`
	Enemies  []string     `json:"enemies,omitempty"`
	Spawns   []savedSpawn `json:"spawns,omitempty"`
	Partner  bool         `json:"partner"`
	Tree     string       `json:"tree"`
	Mistakes bool         `json:"mistakes,omitempty"`
	Without  []string     `json:"without,omitempty"`
	Replan   duration     `json:"replan,omitempty"`
	Duration duration     `json:"duration"`
	Step     duration     `json:"step"`
}

// The trees a save can say.
const (
	treeBuiltIn = "built in"
	treeGiven   = "given"
)

type savedSpawn struct {
	Type string  `json:"type"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	HP   int     `json:"hp,omitempty"`
}

func saveConfig(cfg *FightConfig) savedConfig {
	s := savedConfig{Seed: cfg.Seed, Skill: cfg.Skill, Partner: cfg.Partner, Tree: treeBuiltIn,
		Duration: duration(cfg.Duration), Step: duration(cfg.Step)}
	for _, t := range cfg.Enemies {
		s.Enemies = append(s.Enemies, t.String())
	}
	for _, sp := range cfg.Spawns {
		s.Spawns = append(s.Spawns, savedSpawn{Type: sp.Type.String(), X: sp.Pos.X, Y: sp.Pos.Y, HP: sp.HP})
	}
	if cfg.Tree != nil {
		s.Tree = treeGiven
	} else {
		s.Mistakes, s.Without, s.Replan = cfg.Mistakes, cfg.Without, duration(cfg.Replan)
	}
	return s
}

// config returns the configuration saved, with the hooks and tree of
// hooks; NewFight checks the rest.
func (s *savedConfig) config(hooks FightConfig) (FightConfig, error) {
	cfg := hooks
	cfg.Seed, cfg.Skill, cfg.Partner = s.Seed, s.Skill, s.Partner
	cfg.Mistakes, cfg.Without, cfg.Replan = s.Mistakes, s.Without, time.Duration(s.Replan)
	cfg.Duration, cfg.Step = time.Duration(s.Duration), time.Duration(s.Step)
	switch {
	case s.Tree != treeBuiltIn && s.Tree != treeGiven:
		return cfg, fmt.Errorf("tree %q: want %q or %q", s.Tree, treeBuiltIn, treeGiven)
	case cfg.Duration <= 0:
		return cfg, fmt.Errorf("duration %v: want more than 0", cfg.Duration)
	case cfg.Step <= 0:
		return cfg, fmt.Errorf("step %v: want more than 0", cfg.Step)
	case math.IsNaN(s.Skill) || s.Skill < 0 || s.Skill > 1:
		return cfg, fmt.Errorf("skill %v: want 0 to 1", s.Skill)
	}
	for _, name := range s.Enemies {
		t, err := ParseEnemyType(name)
		if err != nil {
			return cfg, err
		}
		cfg.Enemies = append(cfg.Enemies, t)
	}
	for _, sp := range s.Spawns {
		t, err := ParseEnemyType(sp.Type)
		if err != nil {
			return cfg, err
		}
		cfg.Spawns = append(cfg.Spawns, Spawn{Type: t, Pos: Vec{sp.X, sp.Y}, HP: sp.HP})
	}
	return cfg, nil
}

// A duration is written as Go writes it, "1.5s", and read back exactly.
type duration time.Duration

func (d duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

func (d *duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = duration(v)
	return nil
}

type savedFighter struct {
	Memory savedMemory     `json:"memory"`
	Agent  json.RawMessage `json:"agent"`
}

// A savedMemory is a Memory as Go's JSON writes it, but for the status
// of its Self, which bt.Status cannot write before the first order.
type savedMemory struct {
	Memory
	Self savedSelf
}

func saveMemory(m *Memory) savedMemory { return savedMemory{Memory: *m, Self: saveSelf(&m.Self)} }

func (s *savedMemory) memory() Memory {
	m := s.Memory
	m.Self = s.Self.self()
	return m
}

// A savedSelf is a Self with its status written as a status is.
type savedSelf struct {
	Self
	Status status
}

func saveSelf(s *Self) savedSelf { return savedSelf{Self: *s, Status: status(s.Status)} }

func (s *savedSelf) self() Self {
	self := s.Self
	self.Status = bt.Status(s.Status)
	return self
}

// A status is a bt.Status written by its name, "" for none.
type status bt.Status

func (s status) MarshalText() ([]byte, error) {
	if s == 0 {
		return nil, nil
	}
	return bt.Status(s).MarshalText()
}

func (s *status) UnmarshalText(b []byte) error {
	for _, st := range []bt.Status{0, bt.Running, bt.Success, bt.Failure} {
		if text, _ := status(st).MarshalText(); string(text) == string(b) {
			*s = status(st)
			return nil
		}
	}
	return fmt.Errorf("status %q: want Running, Success, Failure or none", b)
}

// savedWatch is what the fight follows of the first Jedi's tree: the
// action running, and the decisions its reports name (trace.Actions).
type savedWatch struct {
	Running string          `json:"running"`
	Actions json.RawMessage `json:"actions"`
}

// savedArena is the arena's state. Its records keep their Go names, as a
// Memory's do.
type savedArena struct {
	Now     duration    `json:"now"`
	Rand    []byte      `json:"rand"` // the random source's state (rand.PCG), in base64
	Jedi    []savedBody `json:"jedi"`
	Foes    []savedFoe  `json:"foes"`
	Bolts   []savedBolt `json:"bolts"`
	Kills   []Kill      `json:"kills"`
	Hits    []Hit       `json:"hits"`
	BoltSeq int         `json:"boltSeq"`
}

type savedBody struct {
	savedSelf
	Order         savedOrder
	Victim        int
	ShieldSwings  int
	ShieldStrikes int
}

type savedOrder struct {
	Kind   MoveKind
	Target int
	Count  int
	Dur    time.Duration
	Dir    Vec
	T      time.Duration
	Phase  uint8
	Seq    uint32
	Status status
}

type savedFoe struct {
	Enemy
	Target  int
	Reload  time.Duration
	Windup  time.Duration
	Retreat time.Duration
	Token   bool
}

type savedBolt struct {
	ID        int
	Flown     time.Duration
	From, Aim Vec
	Source    int
	Target    int
	Strength  int
	Impact    time.Duration
}

func saveArena(a *Arena) (savedArena, error) {
	rng, err := a.pcg.MarshalBinary()
	if err != nil {
		return savedArena{}, err
	}
	s := savedArena{Now: duration(a.now), Rand: rng, Kills: a.Kills(), Hits: a.Hits(), BoltSeq: a.boltSeq}
	if s.Hits == nil {
		s.Hits = []Hit{}
	}
	for i := range a.numJedi {
		b := &a.jedi[i]
		o := &b.order
		s.Jedi = append(s.Jedi, savedBody{savedSelf: saveSelf(&b.Self), Victim: b.victim, ShieldSwings: b.ShieldSwings, ShieldStrikes: b.shieldStrikes,
			Order: savedOrder{o.kind, o.target, o.count, o.dur, o.dir, o.t, o.phase, o.seq, status(o.status)}})
	}
	for i := range a.numFoes {
		f := &a.foes[i]
		s.Foes = append(s.Foes, savedFoe{f.Enemy, f.target, f.reload, f.windup, f.retreat, f.token})
	}
	s.Bolts = []savedBolt{}
	for i := range a.nBolts {
		b := &a.bolts[i]
		s.Bolts = append(s.Bolts, savedBolt{b.id, b.flown, b.from, b.aim, b.source, b.target, b.strength, b.impact})
	}
	return s, nil
}

// restoreArena puts the saved state into a, an arena just set up from
// the save's configuration cfg, checking it against what the arena can
// hold.
func restoreArena(a *Arena, s *savedArena, cfg *FightConfig) error {
	if now := time.Duration(s.Now); now < 0 || now > cfg.Duration+cfg.Step {
		return fmt.Errorf("clock %v: want 0 to the fight's duration %v", now, cfg.Duration)
	}
	if err := a.pcg.UnmarshalBinary(s.Rand); err != nil {
		return fmt.Errorf("random source: %v", err)
	}
	a.now, a.boltSeq = time.Duration(s.Now), s.BoltSeq
	if len(s.Jedi) != a.numJedi {
		return fmt.Errorf("%d Jedi, where the fight has %d", len(s.Jedi), a.numJedi)
	}
	for i, sb := range s.Jedi {
		self := sb.self()
		if err := checkSelf(&self); err != nil {
			return fmt.Errorf("jedi %d: %v", i, err)
		}
		o := &sb.Order
		err := checkOrder(o.Kind, o.Phase, bt.Status(o.Status))
		if err == nil {
			err = checkCount(o.Count)
		}
		if err == nil {
			err = checkPlaces(o.Dir)
		}
		if err != nil {
			return fmt.Errorf("jedi %d: order: %v", i, err)
		}
		a.jedi[i] = body{Self: self, victim: sb.Victim, ShieldSwings: sb.ShieldSwings, shieldStrikes: sb.ShieldStrikes,
			order: order{o.Kind, o.Target, o.Count, o.Dur, o.Dir, o.T, o.Phase, o.Seq, bt.Status(o.Status)}}
	}
	if len(s.Foes) != a.numFoes {
		return fmt.Errorf("%d enemies, where the fight has %d", len(s.Foes), a.numFoes)
	}
	for i, sf := range s.Foes {
		if err := a.checkFoe(i, &sf); err != nil {
			return fmt.Errorf("enemy %d: %v", i+1, err)
		}
		a.foes[i] = foe{Enemy: sf.Enemy, target: sf.Target, reload: sf.Reload, windup: sf.Windup, retreat: sf.Retreat, token: sf.Token}
	}
	if len(s.Bolts) > maxBolts {
		return fmt.Errorf("%d bolts in flight: at most %d", len(s.Bolts), maxBolts)
	}
	for i, sb := range s.Bolts {
		if err := checkPlaces(sb.From, sb.Aim); err != nil {
			return fmt.Errorf("bolt %d: %v", i+1, err)
		}
		if sb.ID < 1 || sb.ID > s.BoltSeq || sb.Target < 0 || sb.Target >= a.numJedi || sb.Source != 0 && a.foeByID(sb.Source) == nil {
			return fmt.Errorf("bolt %d: number %d, of enemy %d, at Jedi %d: no such bolt in this fight", i+1, sb.ID, sb.Source, sb.Target)
		}
		a.bolts[i] = bolt{sb.ID, sb.Flown, sb.From, sb.Aim, sb.Source, sb.Target, sb.Strength, sb.Impact}
	}
	a.nBolts = len(s.Bolts)
	return a.restoreKills(s)
}

// restoreKills puts the saved kills and hits into a, whose enemies are
// restored: a kill for every enemy down, and none for one standing.
func (a *Arena) restoreKills(s *savedArena) error {
	down := 0
	for i := range a.numFoes {
		if !a.foes[i].Alive() {
			down++
		}
	}
	if len(s.Kills) != down {
		return fmt.Errorf("%d kills, where %d enemies are down", len(s.Kills), down)
	}
	a.nKills = 0
	for i, k := range s.Kills {
		if err := a.checkKill(&k); err != nil {
			return fmt.Errorf("kill %d: %v", i+1, err)
		}
		for _, other := range s.Kills[:i] {
			if other.Enemy == k.Enemy {
				return fmt.Errorf("kill %d: enemy %d killed twice", i+1, k.Enemy)
			}
		}
		a.kills[i] = k
		a.nKills++
	}
	for i, h := range s.Hits {
		if h.Jedi < 0 || h.Jedi >= a.numJedi || !h.Kind.valid() {
			return fmt.Errorf("hit %d: on Jedi %d by a %v: no such Jedi or attack", i+1, h.Jedi, h.Kind)
		}
	}
	a.hits = s.Hits
	return nil
}

// checkKill reports a kill that is not of this arena: of an enemy it
// lacks or that stands, by a Jedi it lacks, or with a move that does not
// exist.
func (a *Arena) checkKill(k *Kill) error {
	f := a.foeByID(k.Enemy)
	switch {
	case f == nil:
		return fmt.Errorf("of enemy %d, which the fight lacks", k.Enemy)
	case f.Alive() || f.Type != k.Type:
		return fmt.Errorf("of enemy %d, a %v, which is a %v with %d hit points", k.Enemy, k.Type, f.Type, f.HP)
	case k.By < 0 || k.By >= a.numJedi:
		return fmt.Errorf("by Jedi %d, which the fight lacks", k.By)
	case int(k.Move) >= len(moves):
		return fmt.Errorf("move %v", k.Move)
	}
	return nil
}

// checkFoe reports an enemy that cannot be enemy i of the arena: another
// type than the fight's, or one that does not exist, another ID, a
// target the arena lacks, hit points out of range.
func (a *Arena) checkFoe(i int, f *savedFoe) error {
	switch {
	case f.ID != i+1:
		return fmt.Errorf("ID %d: want %d", f.ID, i+1)
	case f.Type != a.foes[i].Type:
		return fmt.Errorf("a %v, where the fight has a %v", f.Type, a.foes[i].Type)
	case f.Target < 0 || f.Target >= a.numJedi:
		return fmt.Errorf("its target is Jedi %d, which the fight lacks", f.Target)
	case f.HP < 0 || f.HP > MaxHP || f.MaxHP < 1 || f.MaxHP > MaxHP || f.Shield < 0 || f.Shield > MaxHP:
		return fmt.Errorf("%d of %d hit points, shield %d: want 0 to %d", f.HP, f.MaxHP, f.Shield, MaxHP)
	}
	return checkPlaces(f.Pos, f.Facing)
}

// checkSelf reports a Jedi's state that no Jedi can be in.
func checkSelf(s *Self) error {
	if s.HP < 0 || s.HP > MaxHP || s.MaxHP < 0 || s.MaxHP > MaxHP {
		return fmt.Errorf("%d of %d hit points: want 0 to %d", s.HP, s.MaxHP, MaxHP)
	}
	if err := checkCount(s.SwingsLeft); err != nil {
		return err
	}
	if err := checkPlaces(s.Pos, s.Facing, s.Vel); err != nil {
		return err
	}
	return checkOrder(s.Doing, s.Phase, s.Status)
}

// Bounds of what a save may hold beyond the arena's own limits. Nothing
// in a fight gets a kilometre from the arena's centre, and a prediction
// from farther would step in amounts its floating point cannot add;
// nothing swings more than twice in a row, and a prediction runs through
// every swing it is told to make.
const (
	maxPlace  = 10 * ArenaRadius
	maxSwings = 8
)

// checkPlaces reports a point or direction beyond maxPlace.
func checkPlaces(vs ...Vec) error {
	for _, v := range vs {
		if !(math.Abs(v.X) <= maxPlace && math.Abs(v.Y) <= maxPlace) {
			return fmt.Errorf("%v is more than %gm from the arena's centre", v, maxPlace)
		}
	}
	return nil
}

// checkCount reports a count of swings out of range.
func checkCount(n int) error {
	if n < 0 || n > maxSwings {
		return fmt.Errorf("%d swings: want 0 to %d", n, maxSwings)
	}
	return nil
}

// checkOrder reports a move, phase or status that does not exist.
func checkOrder(k MoveKind, phase uint8, s bt.Status) error {
	switch {
	case int(k) >= len(moves):
		return fmt.Errorf("move %v", k)
	case phase > phaseRecover:
		return fmt.Errorf("phase %d", phase)
	case s != 0 && s != bt.Running && s != bt.Success && s != bt.Failure:
		return fmt.Errorf("status %v", s)
	}
	return nil
}

// checkMemory reports a memory that no Jedi can have: a count beyond its
// table, a victim outside it, an enemy type, threat or move that does
// not exist.
func checkMemory(m *Memory) error {
	switch {
	case m.NumEnemies < 0 || m.NumEnemies > MaxEnemies:
		return fmt.Errorf("%d enemies: want 0 to %d", m.NumEnemies, MaxEnemies)
	case m.NumThreats < 0 || m.NumThreats > MaxThreats:
		return fmt.Errorf("%d threats: want 0 to %d", m.NumThreats, MaxThreats)
	case m.NumPartners < 0 || m.NumPartners > MaxPartners:
		return fmt.Errorf("%d partners: want 0 to %d", m.NumPartners, MaxPartners)
	case m.Victim < -1 || m.Victim >= m.NumEnemies:
		return fmt.Errorf("victim %d of %d enemies", m.Victim, m.NumEnemies)
	case math.IsNaN(m.Skill) || m.Skill < 0 || m.Skill > 1:
		return fmt.Errorf("skill %v: want 0 to 1", m.Skill)
	}
	if err := checkSelf(&m.Self); err != nil {
		return err
	}
	err := checkOrder(m.Order.Move, 0, 0)
	if err == nil {
		err = checkCount(m.Order.Count)
	}
	if err == nil {
		err = checkPlaces(m.Order.Dir)
	}
	if err != nil {
		return fmt.Errorf("order: %v", err)
	}
	for i := range m.Enemies {
		e := &m.Enemies[i]
		if t := e.Type; t != 0 && !t.valid() || i < m.NumEnemies && t == 0 {
			return fmt.Errorf("enemy %d: type %v", i, t)
		}
		if err := checkPlaces(e.Pos, e.Facing); err != nil {
			return fmt.Errorf("enemy %d: %v", i, err)
		}
	}
	for i := range m.Threats {
		t := &m.Threats[i]
		if i < m.NumThreats && !t.Kind.valid() {
			return fmt.Errorf("threat %d: kind %v", i, t.Kind)
		}
		if err := checkPlaces(t.From, t.Aim); err != nil {
			return fmt.Errorf("threat %d: %v", i, err)
		}
	}
	for i := range m.Partners {
		if err := checkPlaces(m.Partners[i].Pos); err != nil {
			return fmt.Errorf("partner %d: %v", i, err)
		}
	}
	return nil
}
