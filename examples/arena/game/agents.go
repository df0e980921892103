package game

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// Watchable is an agent the live inspector can watch: its name, the
// nodes of its tree, its world's picture, and a second tracer beside the
// game's own.
type Watchable interface {
	Name() string
	Nodes() []bt.NodeInfo
	Scene(s *scene.Scene)
	// Watch has the agent's events go to t as well (nil: no more).
	Watch(t bt.Tracer)
}

// A follower follows an agent's decisions: the action it began last and
// why, and a tracer beside it for an inspector.
type follower struct {
	doing, reason string
	actions       *trace.Actions
	nodes         []bt.NodeInfo
	extra         bt.Tracer
}

// Trace follows e, and hands it on to the inspector's tracer.
func (f *follower) Trace(e *bt.Event) {
	f.actions.Trace(e)
	if f.extra != nil {
		f.extra.Trace(e)
	}
}

// follow has f follow the actions of a tree with these nodes.
func (f *follower) follow(nodes []bt.NodeInfo) {
	f.nodes = nodes
	f.actions = trace.NewActions(nodes, func(a *trace.ActionReport) {
		f.doing, f.reason = a.Name, a.Because()
	})
}

// Doing returns the action the agent began last, and why it was chosen.
func (f *follower) Doing() (action, reason string) { return f.doing, f.reason }

// Nodes returns the nodes of the agent's tree.
func (f *follower) Nodes() []bt.NodeInfo { return f.nodes }

// Watch has the agent's events go to t as well.
func (f *follower) Watch(t bt.Tracer) { f.extra = t }

// A Jedi is one Jedi of an arena.
type Jedi struct {
	follower
	fight   *fight
	who     int
	fighter *jedi.Fighter
}

func (j *Jedi) follow(tree *bt.Tree[jedi.Memory]) {
	j.follower.follow(tree.Nodes())
	j.fighter.Agent.SetTracer(j)
}

// Name names the Jedi by its arena.
func (j *Jedi) Name() string {
	return [2]string{"Jedi", "partner"}[j.who] + " of arena " + string(rune('1'+j.fight.index))
}

// Scene draws the Jedi's arena.
func (j *Jedi) Scene(s *scene.Scene) { j.fight.arena.Scene(s) }

// Memory returns what the Jedi knows.
func (j *Jedi) Memory() *jedi.Memory { return &j.fighter.Memory }

// A Troll is the troll of one map.
type Troll struct {
	follower
	Index   int
	Agent   *bt.Agent[troll.Memory]
	world   *troll.World
	decider int
}

func (t *Troll) follow(tree *bt.Tree[troll.Memory]) {
	t.follower.follow(tree.Nodes())
	t.doing, t.reason = "", "now "+Deciders[t.decider].String()
	t.Agent.SetTracer(t)
}

// Name names the troll by its map and decider.
func (t *Troll) Name() string {
	return "troll " + string(rune('1'+t.Index)) + " (" + Deciders[t.decider].String() + ")"
}

// Scene draws the troll's map.
func (t *Troll) Scene(s *scene.Scene) { t.world.Scene(s) }

// Decider returns the troll's decider.
func (t *Troll) Decider() troll.Decider { return Deciders[t.decider] }

// Memory returns what the troll knows.
func (t *Troll) Memory() *troll.Memory { return &t.world.Troll }
