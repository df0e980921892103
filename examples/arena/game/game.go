// Package game is the arena's game, apart from the window it is drawn
// in: Jedi fights and troll maps, stepped frame by frame at 60 Hz, with
// every agent's decisions followed, so that it runs the same under
// Ebitengine, in a browser, and headless in a test. The same seed gives
// the same game, frame for frame, whatever the number of workers.
//
// Start with New and Game.Update; the window (package main) draws what
// Game.Panels returns.
package game

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/troll"
)

// Frame is the time one frame of the game stands for: 60 frames a second.
const Frame = time.Second / 60

// Deciders are the minds a troll is switched between, in turn: each is
// a line.
var Deciders = []troll.Decider{
	troll.HTN,
	troll.BT,
	troll.GOAP,
	troll.FSM,
}

// Config sets up a game.
type Config struct {
	Seed    uint64
	Arenas  int // Jedi arenas, each with two Jedi: 0 is 4
	Trolls  int // troll maps, each with one troll: 0 is 4, each under the next decider
	Workers int // the crowd's workers for the Jedi: 0 is GOMAXPROCS
	// Deciders are the deciders the trolls begin under, in turn: nil is
	// Deciders. Switch then moves a troll on through Deciders.
	Deciders []troll.Decider
	// Rewind is how many frames the game keeps, saved, to step back
	// through (Back): 0 keeps none.
	Rewind int
}

// A Game is the arena: Jedi fights and troll maps, and what each agent
// is doing and why.
type Game struct {
	cfg    Config
	frame  int
	fights []*fight
	trolls []*Troll
	jedi   *bt.Tree[jedi.Memory]
	minds  []*bt.Tree[troll.Memory] // by decider, made when first asked for
	crowd  *bt.Crowd[jedi.Memory]
	// thinking is think, as the crowd calls it: made once, so that a
	// frame does not make it again.
	thinking func(w *bt.Worker[jedi.Memory], i int) error
	// Jedi lists every Jedi of every arena, in order, for the crowd.
	all []*Jedi

	paused  bool
	steps   int // frames to run while paused
	slow    int // 1: full speed; 2, 4, 8: a frame of the game every so many
	waiting int // frames waited, slowed

	saving // the game's saves: the frames kept to step back, a quick save
}

// New sets up a game.
func New(cfg Config) (*Game, error) {
	if cfg.Arenas < 0 || cfg.Trolls < 0 || cfg.Workers < 0 || cfg.Rewind < 0 {
		return nil, errors.New("game: negative counts in the config")
	}
	starts, err := deciderIndexes(cfg.Deciders)
	if err != nil {
		return nil, err
	}
	if cfg.Arenas == 0 {
		cfg.Arenas = 4
	}
	if cfg.Trolls == 0 {
		cfg.Trolls = len(Deciders)
	}
	if cfg.Workers == 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	tree, err := jedi.NewTree(jedi.Options{})
	if err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg, jedi: tree, crowd: bt.NewCrowd(tree, cfg.Workers), slow: 1,
		minds: make([]*bt.Tree[troll.Memory], len(Deciders))}
	g.thinking = g.think
	for i := range cfg.Arenas {
		f := &fight{index: i}
		if err := g.restart(f); err != nil {
			return nil, err
		}
		g.fights = append(g.fights, f)
	}
	for i := range cfg.Trolls {
		t := &Troll{Index: i, world: troll.NewWorld(cfg.Seed + uint64(i)), decider: starts[i%len(starts)]}
		tree, err := g.mind(t.decider)
		if err != nil {
			return nil, err
		}
		if t.Agent, err = tree.NewAgent(cfg.Seed + uint64(i)); err != nil {
			return nil, err
		}
		t.follow(tree)
		g.trolls = append(g.trolls, t)
	}
	g.gather()
	g.startSaving()
	return g, nil
}

// deciderIndexes returns the places in Deciders of the deciders given,
// or of all of Deciders for none.
func deciderIndexes(ds []troll.Decider) ([]int, error) {
	if len(ds) == 0 {
		ds = Deciders
	}
	var at []int
	for _, d := range ds {
		i := slices.Index(Deciders, d)
		if i < 0 {
			return nil, fmt.Errorf("game: no troll decider %v", d)
		}
		at = append(at, i)
	}
	return at, nil
}

// mind returns the troll tree of decider d, made once.
func (g *Game) mind(d int) (*bt.Tree[troll.Memory], error) {
	if g.minds[d] == nil {
		tree, err := troll.NewTree(Deciders[d])
		if err != nil {
			return nil, fmt.Errorf("game: the %v troll: %w", Deciders[d], err)
		}
		g.minds[d] = tree
	}
	return g.minds[d], nil
}

// Frame returns the number of frames the game has run.
func (g *Game) Frame() int { return g.frame }

// Now returns the game's clock.
func (g *Game) Now() time.Duration { return time.Duration(g.frame) * Frame }

// Update runs a frame of the game, unless it is paused (see Pause,
// Step) or slowed (see Slow): every Jedi senses, decides on the crowd
// and acts, and its arena moves on; every troll's map moves on and the
// troll thinks, every troll.Step of game time. It is what Ebitengine
// calls 60 times a second.
func (g *Game) Update() error {
	switch {
	case g.paused && g.steps == 0:
		return nil
	case g.paused:
		g.steps--
	case g.waiting+1 < g.slow:
		g.waiting++
		return nil
	}
	g.waiting = 0
	return g.Advance()
}

// Advance runs one frame of the game, paused or not.
func (g *Game) Advance() error {
	// The crowd takes an arena at a time: the Jedi of an arena sense and
	// move one body each in one world, so they think in turn, as
	// jedi.Fight has them; arenas share nothing.
	err := g.crowd.Run(len(g.fights), g.thinking)
	if err != nil {
		return fmt.Errorf("game: frame %d: %w", g.frame, err)
	}
	g.frame++
	for _, f := range g.fights {
		f.arena.Step(Frame)
		if f.arena.Over() || f.arena.Now() >= fightLength {
			if err := g.restart(f); err != nil {
				return err
			}
			g.gather()
		}
	}
	if g.frame%trollFrames == 0 { // the trolls' world moves in steps of its own
		for _, t := range g.trolls {
			t.world.Advance()
			if _, err := t.Agent.Tick(&t.world.Troll, troll.Step); err != nil {
				return fmt.Errorf("game: troll %d: %w", t.Index, err)
			}
		}
	}
	g.keep()
	return nil
}

// think has the Jedi of arena i sense, decide and act, on worker w of
// the crowd: the crowd calls it for every arena each frame.
func (g *Game) think(w *bt.Worker[jedi.Memory], i int) error {
	for _, j := range g.fights[i].jedi {
		if self := j.fight.arena.Jedi(j.who); !self.Alive() {
			continue
		}
		if _, err := j.fighter.ThinkWith(w, Frame); err != nil {
			return fmt.Errorf("%s: %w", j.Name(), err)
		}
	}
	return nil
}

// HoldBack has Jedi j (of Jedi) hold back, defending and never hurting
// its victim (jedi.Memory.Defensive), or fight again if it held back,
// from its next decision; and reports whether it now holds back. A new
// round has every Jedi fight.
func (g *Game) HoldBack(j int) (bool, error) {
	if j < 0 || j >= len(g.all) {
		return false, fmt.Errorf("game: no Jedi %d", j)
	}
	m := g.all[j].Memory()
	m.Defensive = !m.Defensive
	return m.Defensive, nil
}

// Pause pauses the game, or lets it go on.
func (g *Game) Pause(on bool) { g.paused, g.steps = on, 0 }

// Paused reports whether the game is paused.
func (g *Game) Paused() bool { return g.paused }

// Step runs one more frame while the game is paused.
func (g *Game) Step() {
	if g.paused {
		g.steps++
	}
}

// Slow slows the game down by half again, down to an eighth of full
// speed, then back to full speed, and returns the fraction of full
// speed it now runs at (1, 2, 4 or 8: a frame of the game every so many
// frames of the window).
func (g *Game) Slow() int {
	if g.slow *= 2; g.slow > 8 {
		g.slow = 1
	}
	g.waiting = 0
	return g.slow
}

// Slowness returns how many frames of the window a frame of the game
// takes (1 at full speed).
func (g *Game) Slowness() int { return g.slow }

// Trolls returns the trolls, in order.
func (g *Game) Trolls() []*Troll { return g.trolls }

// Jedi returns every Jedi, arena by arena.
func (g *Game) Jedi() []*Jedi { return g.all }

// Switch has troll i run the next decider of Deciders, from its next
// tick: its running actions are ended, and it keeps its memory and
// clock (see bt.Agent.Reload).
func (g *Game) Switch(i int) error {
	if i < 0 || i >= len(g.trolls) {
		return fmt.Errorf("game: no troll %d", i)
	}
	t := g.trolls[i]
	next := (t.decider + 1) % len(Deciders)
	tree, err := g.mind(next)
	if err != nil {
		return err
	}
	if _, err := t.Agent.Reload(tree, &t.world.Troll); err != nil {
		return err
	}
	t.decider = next
	t.follow(tree)
	return nil
}

// trollFrames is how many frames a troll.Step takes.
const trollFrames = int(troll.Step / Frame)

// fightLength is how long a fight goes on before its arena starts over.
const fightLength = 90 * time.Second

// A fight is one Jedi arena.
type fight struct {
	index, round int
	arena        *jedi.Arena
	jedi         []*Jedi
}

// restart lays out fight f afresh, for its next round: the seed is the
// game's, the arena's and the round's, so a game replays the same.
func (g *Game) restart(f *fight) error {
	seed := g.cfg.Seed*1000 + uint64(f.index)*100 + uint64(f.round)
	f.round++
	foes := []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}
	a, err := jedi.NewArena(jedi.Config{Seed: seed, Enemies: foes, Partner: true})
	if err != nil {
		return err
	}
	f.arena, f.jedi = a, f.jedi[:0]
	for who := range a.NumJedi() {
		fighter, err := jedi.NewFighter(a, who, g.jedi, skill(who), seed+uint64(who))
		if err != nil {
			return err
		}
		j := &Jedi{fight: f, who: who, fighter: fighter}
		j.follow(g.jedi)
		f.jedi = append(f.jedi, j)
	}
	return nil
}

// skill is the skill of the first Jedi of an arena and its partner.
func skill(who int) float64 { return [2]float64{0.8, 0.45}[who] }

// gather lists every Jedi for the crowd.
func (g *Game) gather() {
	g.all = g.all[:0]
	for _, f := range g.fights {
		g.all = append(g.all, f.jedi...)
	}
}

// A Panel is a part of the game to draw: a Jedi arena or a troll map,
// as a scene, with where to draw it and its agents' captions.
type Panel struct {
	Title string
	// Bounds is where the panel lies in the window, in pixels; View is
	// the part of the world it shows, in the world's units.
	Bounds, View Rect
	// FlipY draws the world's +y up (the Jedi arena) rather than down
	// (the troll's map, in rows).
	FlipY  bool
	Scene  scene.Scene
	Agents []Caption
}

// A Caption is what an agent is doing, drawn beside it: the action and
// the verdict or plan that chose it.
type Caption struct {
	X, Y   float64 // where the agent stands, in the world's units
	Doing  string
	Reason string
	Agent  Watchable // the agent, for the inspector
}

// A Rect is a rectangle: its corner and size.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether the point lies in r.
func (r Rect) Contains(x, y float64) bool { return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H }

// The window's size, in pixels, and the panels' layout.
const (
	Width, Height = 1280, 720
	jediView      = 16.0 // m from the arena's centre
)

// Panels returns what to draw, filled into ps (reused: a game can ask
// every frame without allocating a new set).
func (g *Game) Panels(ps []Panel) []Panel {
	n := len(g.fights) + len(g.trolls)
	if cap(ps) < n {
		ps = make([]Panel, n)
	}
	ps = ps[:n]
	w := float64(Width) / float64(max(len(g.fights), 1))
	for i, f := range g.fights {
		p := &ps[i]
		p.Title = fmt.Sprintf("Jedi arena %d, round %d, %.0fs", i+1, f.round, f.arena.Now().Seconds())
		p.Bounds = Rect{X: float64(i) * w, Y: 0, W: w, H: 400}
		p.View, p.FlipY = Rect{X: -jediView, Y: -jediView, W: 2 * jediView, H: 2 * jediView}, true
		f.arena.Scene(&p.Scene)
		p.Agents = p.Agents[:0]
		for _, j := range f.jedi {
			self := f.arena.Jedi(j.who)
			p.Agents = append(p.Agents, Caption{X: self.Pos.X, Y: self.Pos.Y, Doing: j.doing, Reason: j.reason, Agent: j})
		}
	}
	w = float64(Width) / float64(max(len(g.trolls), 1))
	for i, t := range g.trolls {
		p := &ps[len(g.fights)+i]
		p.Title = fmt.Sprintf("troll %d: %v (D switches)", i+1, Deciders[t.decider])
		p.Bounds = Rect{X: float64(i) * w, Y: 400, W: w, H: Height - 400}
		p.View, p.FlipY = Rect{X: -1, Y: -1, W: troll.Width + 1, H: troll.Height + 1}, false
		t.world.Scene(&p.Scene)
		m := &t.world.Troll
		p.Agents = append(p.Agents[:0], Caption{X: float64(m.Pos.X), Y: float64(m.Pos.Y), Doing: t.doing, Reason: t.reason, Agent: t})
	}
	return ps
}

// titleHeight is the room a panel's title takes above its picture.
const titleHeight = 20

// Scale returns how many pixels a unit of the panel's world takes: the
// view fitted in the panel below its title, keeping its shape.
func (p *Panel) Scale() float64 {
	return min(p.Bounds.W/p.View.W, (p.Bounds.H-titleHeight)/p.View.H)
}

// ToScreen returns where a point of the world lies in the window: the
// view centred in the panel, below its title, +y up when FlipY.
func (p *Panel) ToScreen(x, y float64) (sx, sy float64) {
	s := p.Scale()
	left := p.Bounds.X + (p.Bounds.W-p.View.W*s)/2
	top := p.Bounds.Y + titleHeight + (p.Bounds.H-titleHeight-p.View.H*s)/2
	sx = left + (x-p.View.X)*s
	if p.FlipY {
		return sx, top + (p.View.Y+p.View.H-y)*s
	}
	return sx, top + (y-p.View.Y)*s
}

// pickRadius is how near, in pixels, the mouse must be to an agent to
// pick it.
const pickRadius = 24

// AgentAt returns the agent drawn nearest the point (x, y) of the
// window, within a few pixels, for the keys that act on the agent under
// the mouse.
func AgentAt(ps []Panel, x, y float64) (Watchable, bool) {
	var best Watchable
	bestD := pickRadius * pickRadius * 1.0
	for i := range ps {
		p := &ps[i]
		if !p.Bounds.Contains(x, y) {
			continue
		}
		for _, c := range p.Agents {
			sx, sy := p.ToScreen(c.X, c.Y)
			if d := (sx-x)*(sx-x) + (sy-y)*(sy-y); d <= bestD {
				best, bestD = c.Agent, d
			}
		}
	}
	return best, best != nil
}
