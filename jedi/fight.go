package jedi

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// A Fighter is one Jedi's mind, bound to its body in an arena: an agent
// of the combat tree, which Jedi share, and its memory.
type Fighter struct {
	Agent  *bt.Agent[Memory]
	Memory Memory
	arena  *Arena
	who    int
}

// NewFighter makes the mind of Jedi who in the arena: an agent of tree,
// with the given skill (0 to 1, see Memory.Skill) and seed.
func NewFighter(a *Arena, who int, tree *bt.Tree[Memory], skill float64, seed uint64) (*Fighter, error) {
	switch {
	case a == nil || who < 0 || who >= a.numJedi:
		return nil, fmt.Errorf("jedi: no Jedi %d in the arena", who)
	case math.IsNaN(skill) || skill < 0 || skill > 1:
		return nil, fmt.Errorf("jedi: skill %v: want 0 to 1", skill)
	}
	agent, err := tree.NewAgent(seed)
	if err != nil {
		return nil, err
	}
	return &Fighter{Agent: agent, arena: a, who: who, Memory: Memory{Victim: -1, Skill: skill}}, nil
}

// Think senses the arena, ticks the tree for dt, and has the body obey the
// order the mind gave. A new victim halts the tree first: the original's
// root drops its action when the victim changes.
func (f *Fighter) Think(dt time.Duration) (bt.Status, error) { return f.ThinkWith(nil, dt) }

// ThinkWith is Think with the scratch memories of w, a worker of a
// bt.Crowd: how a game has many Jedi think in one frame, each on the
// worker its crowd hands it (see bt.Crowd.Run). A nil w is the agent's
// own scratch memories, as in Think.
func (f *Fighter) ThinkWith(w *bt.Worker[Memory], dt time.Duration) (bt.Status, error) {
	var t ticker = alone{}
	if w != nil {
		t = w
	}
	if f.arena.Sense(f.who, &f.Memory, dt) {
		if err := t.Halt(f.Agent, &f.Memory); err != nil {
			return bt.Failure, err
		}
	}
	s, err := t.Tick(f.Agent, &f.Memory, dt)
	f.arena.Obey(f.who, &f.Memory.Order)
	return s, err
}

// A ticker ticks an agent: a crowd's worker, or the agent alone.
type ticker interface {
	Tick(a *bt.Agent[Memory], m *Memory, dt time.Duration) (bt.Status, error)
	Halt(a *bt.Agent[Memory], m *Memory) error
}

// alone ticks an agent with its own scratch memories.
type alone struct{}

func (alone) Tick(a *bt.Agent[Memory], m *Memory, dt time.Duration) (bt.Status, error) {
	return a.Tick(m, dt)
}

func (alone) Halt(a *bt.Agent[Memory], m *Memory) error { return a.Halt(m) }

// FightConfig describes a fight: the arena, the Jedi's mind, and how long
// it may last.
type FightConfig struct {
	Seed    uint64
	Skill   float64 // of both Jedi
	Enemies []EnemyType
	Spawns  []Spawn // instead of Enemies, to place them (see Config)
	Partner bool
	// Tree is the combat tree the Jedi run; nil is NewTree of Mistakes,
	// Without and Replan, which shape it (a Tree comes with none of them).
	Tree     *bt.Tree[Memory]
	Mistakes bool
	Without  []string      // branches left out of the Jedi's tree
	Replan   time.Duration // see Options.Replan
	// Duration is how long the fight may last: 0 is two minutes, and at
	// most MaxDuration.
	Duration time.Duration
	// Step is the time one tick stands for: 0 is 1/60 s, and otherwise
	// from MinStep to MaxStep.
	Step time.Duration
	// Tracer, if set, also receives the events of the first Jedi's tree.
	Tracer bt.Tracer
	// OnDecide, if set, is told every time the first Jedi begins an
	// action, with what got it chosen and the alternatives turned
	// down. The Decide is reused: copy what you keep.
	OnDecide func(*Decide)
	// OnStep, if set, is called after every tick, once the arena has
	// moved on: where a viewer takes a picture of the arena (Arena.Scene).
	OnStep func(*Fight)
}

// The bounds of FightConfig's Duration and Step. A step below a
// millisecond makes a fight of seconds take millions of ticks; one above
// a second lets much of a fight happen between two decisions. A day of
// fight keeps every clock far from overflowing.
const (
	MinStep     = time.Millisecond
	MaxStep     = time.Second
	MaxDuration = 24 * time.Hour
)

// A Fight runs an arena and its Jedi minds tick by tick.
type Fight struct {
	Arena    *Arena
	Tree     *bt.Tree[Memory] // the combat tree every Jedi of the fight runs
	Fighters []*Fighter
	cfg      FightConfig
	watch    *watcher
	kills    []KillRecord
	err      error
}

// A KillRecord is a kill with what the killer's mind knew.
type KillRecord struct {
	Kill
	Action     string        // the path of the action that struck
	VictimTime time.Duration // how long the enemy had been the killer's victim
	Desired    time.Duration // the killer's desired kill time for it
	// Forced is set when the action was part of a counter-attack, whose
	// outcome the tree floors at Beneficial: the one rule that may kill a
	// victim before its desired kill time.
	Forced bool
}

// NewFight sets up a fight.
func NewFight(cfg FightConfig) (*Fight, error) {
	if cfg.Duration == 0 {
		cfg.Duration = 2 * time.Minute
	}
	if cfg.Step == 0 {
		cfg.Step = time.Second / 60
	}
	if cfg.Duration < 0 || cfg.Duration > MaxDuration {
		return nil, fmt.Errorf("jedi: duration %v is out of range: give more than 0 and at most %v (0 is two minutes)", cfg.Duration, MaxDuration)
	}
	if cfg.Step < MinStep || cfg.Step > MaxStep {
		return nil, fmt.Errorf("jedi: step %v is out of range: give %v to %v (0 is 1/60 s)", cfg.Step, MinStep, MaxStep)
	}
	a, err := NewArena(Config{Seed: cfg.Seed, Enemies: cfg.Enemies, Spawns: cfg.Spawns, Partner: cfg.Partner})
	if err != nil {
		return nil, err
	}
	tree := cfg.Tree
	switch {
	case tree != nil && (cfg.Mistakes || len(cfg.Without) > 0 || cfg.Replan != 0):
		return nil, errors.New("jedi: FightConfig.Tree comes with its own shape: give it, or Mistakes, Without and Replan, not both")
	case tree == nil:
		if tree, err = NewTree(Options{Mistakes: cfg.Mistakes, Without: cfg.Without, Replan: cfg.Replan}); err != nil {
			return nil, err
		}
	}
	f := &Fight{Arena: a, Tree: tree, cfg: cfg}
	f.watch = &watcher{fight: f}
	if cfg.Tracer != nil {
		f.watch.outer = append(f.watch.outer, cfg.Tracer)
	}
	for who := 0; who < a.NumJedi(); who++ {
		fighter, err := NewFighter(a, who, tree, cfg.Skill, cfg.Seed+uint64(who))
		if err != nil {
			return nil, err
		}
		f.Fighters = append(f.Fighters, fighter)
	}
	f.Fighters[0].Agent.SetTracer(f.watch)
	f.watch.learn(tree)
	return f, nil
}

// Reload has every Jedi run tree from now on, between two steps: a tree
// edited while the fight goes on (see bt.Agent.Reload). The old tree's
// running actions are ended, and each Jedi begins the new tree at its
// next step, with its memory, seed and clock. When tree cannot be run,
// the fight goes on with the old one and the error is returned.
func (f *Fight) Reload(tree *bt.Tree[Memory]) error {
	if _, err := tree.NewAgent(0); err != nil { // every Jedi can run it, or none does
		return err
	}
	var errs []error
	for _, fighter := range f.Fighters {
		if _, err := fighter.Agent.Reload(tree, &fighter.Memory); err != nil {
			errs = append(errs, fmt.Errorf("jedi %d: %w", fighter.who, err))
		}
	}
	f.Tree = tree
	f.cfg.Tree, f.cfg.Mistakes, f.cfg.Without, f.cfg.Replan = tree, false, nil, 0 // what Config and a save say
	f.watch.learn(tree)
	return errors.Join(errs...)
}

// AddTracer has the first Jedi's tree report its events to t as well, from
// now on. Tracers that need the tree's shape can read it from
// f.Tree.Nodes().
func (f *Fight) AddTracer(t bt.Tracer) { f.watch.outer = append(f.watch.outer, t) }

// Step runs one tick: every Jedi senses and decides, then the arena moves
// on. It reports whether the fight is over.
func (f *Fight) Step() (bool, error) {
	if f.Over() {
		return true, f.err
	}
	for _, fighter := range f.Fighters {
		if !f.Arena.jedi[fighter.who].Alive() {
			continue
		}
		if _, err := fighter.Think(f.cfg.Step); err != nil && f.err == nil {
			f.err = fmt.Errorf("jedi %d at %v: %w", fighter.who, f.Arena.Now(), err)
		}
	}
	before := f.Arena.nKills
	f.Arena.Step(f.cfg.Step)
	for _, k := range f.Arena.kills[before:f.Arena.nKills] {
		m := &f.Fighters[k.By].Memory
		action := f.watchOf(k.By)
		f.kills = append(f.kills, KillRecord{
			Kill:       k,
			Action:     action,
			VictimTime: m.VictimTimer + f.cfg.Step,
			Desired:    DesiredKillTime(m.Skill, k.Type),
			Forced:     f.watch.floored(action),
		})
	}
	if f.cfg.OnStep != nil {
		f.cfg.OnStep(f)
	}
	return f.Over(), f.err
}

// watchOf returns the path of the action Jedi who is running, as far as
// the fight knows (it watches the first Jedi only).
func (f *Fight) watchOf(who int) string {
	if who == 0 {
		return f.watch.running
	}
	return ""
}

// Over reports whether the fight is decided or out of time.
func (f *Fight) Over() bool { return f.Arena.Over() || f.Arena.Now() >= f.cfg.Duration }

// Run steps the fight to its end and sums it up.
func (f *Fight) Run() (Summary, error) { return f.RunUntil(f.cfg.Duration) }

// RunUntil steps the fight until it is over or its clock reaches t, and
// sums it up so far.
func (f *Fight) RunUntil(t time.Duration) (Summary, error) {
	for f.Arena.Now() < t {
		if over, err := f.Step(); over || err != nil {
			return f.Summary(), err
		}
	}
	return f.Summary(), f.err
}

// A Summary sums a fight up.
type Summary struct {
	Winner   string // "jedi", "enemies", or "none" when time ran out
	JediHP   int    // the first Jedi's hit points at the end
	Damage   int    // the damage it took
	Duration time.Duration
	Kills    []KillRecord
	// ShieldSwings counts the first Jedi's swings at a raised shield.
	ShieldSwings int
	// PartnerHP is the partner's hit points at the end, or -1 when the
	// Jedi fought alone.
	PartnerHP int
}

// Summary sums the fight up so far.
func (f *Fight) Summary() Summary {
	j := f.Arena.jedi[0]
	s := Summary{
		Winner:       "none",
		JediHP:       j.HP,
		Damage:       j.MaxHP - j.HP,
		Duration:     f.Arena.Now(),
		Kills:        slices.Clone(f.kills),
		ShieldSwings: j.ShieldSwings,
		PartnerHP:    -1,
	}
	if f.Arena.numJedi > 1 {
		s.PartnerHP = f.Arena.jedi[1].HP
	}
	switch {
	case f.Arena.JediDown():
		s.Winner = "enemies"
	case f.Arena.Over():
		s.Winner = "jedi"
	}
	return s
}

// A Decide tells that the first Jedi began an action, why, and how the
// fight stood.
type Decide struct {
	trace.ActionReport
	JediHP       int
	Victim       int // enemy ID, 0 for none
	VictimType   EnemyType
	VictimHP     int
	VictimShield int
}

// watcher follows the first Jedi's tree: it reports each action begun,
// remembers which is running, and passes the events on to the fight's
// tracers.
type watcher struct {
	fight   *Fight
	actions *trace.Actions
	outer   []bt.Tracer
	floors  []string // paths of the tree's floor decorators
	running string   // path of the action running
	decide  Decide
}

func (w *watcher) Trace(e *bt.Event) {
	w.actions.Trace(e)
	for _, t := range w.outer {
		t.Trace(e)
	}
}

// learn reads the tree's shape.
func (w *watcher) learn(t *bt.Tree[Memory]) {
	nodes := t.Nodes()
	w.floors, w.running = nil, ""
	for _, n := range nodes {
		if n.Kind == bt.KindDecorator && slices.Contains(counters, n.Name) {
			w.floors = append(w.floors, n.Path)
		}
	}
	w.actions = trace.NewActions(nodes, w.began)
}

// began notes an action begun and tells of it.
func (w *watcher) began(a *trace.ActionReport) {
	w.running = a.Path
	tell := w.fight.cfg.OnDecide
	if tell == nil {
		return
	}
	d := &w.decide
	*d = Decide{ActionReport: *a}
	m := &w.fight.Fighters[0].Memory
	d.JediHP = m.Self.HP
	if v := m.VictimEnemy(); v != nil {
		d.Victim, d.VictimType, d.VictimHP, d.VictimShield = v.ID, v.Type, v.HP, v.Shield
	}
	tell(d)
}

// floored reports whether the node at path is under a floor decorator.
func (w *watcher) floored(path string) bool {
	for _, f := range w.floors {
		if strings.HasPrefix(path, f+"/") {
			return true
		}
	}
	return false
}
