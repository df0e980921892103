package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// An editing is -edit's server: the tree file's editor, with the run's
// live view beside it. Its address is opened before the run, so a bad
// one is found at once; it serves until ctx is done.
type editing struct {
	ln     net.Listener
	ctx    context.Context
	stderr io.Writer
}

// openEditor opens -edit's address: on loopback when it names no host.
func openEditor(ctx context.Context, addr string, stderr io.Writer) (*editing, error) {
	ln, err := demo.Listen("edit", addr)
	if err != nil {
		return nil, err
	}
	return &editing{ln: ln, ctx: ctx, stderr: stderr}, nil
}

// run runs games one after another, each for o.duration from the next
// seed, a tick every troll.Step, until ctx is done (demo.Editing). The
// troll runs the tree of the -tree file, read again whenever it is saved;
// tree is built from data, the file's text when it was read.
func (e *editing) run(o options, tree *bt.Tree[troll.Memory], data []byte, stdout *bufio.Writer) error {
	reg, err := troll.Registry()
	if err != nil {
		return err
	}
	ed := demo.Editing[troll.Memory]{
		Prog: "troll", Agent: "the troll", While: "the troll runs", Game: "the run",
		File: o.Tree, Data: data, Tree: tree, Registry: reg, Config: troll.TreeConfig(),
		Seed: o.seed, Tick: troll.Step, CheckEvery: 3,
		Header: func(seed uint64, tree *bt.Tree[troll.Memory]) inspect.Header {
			return inspect.Header{Title: fmt.Sprintf("the Trunk Thumper (%s), seed %d", o.label(), seed), Nodes: tree.Nodes()}
		},
		Begin: func(seed uint64, tree *bt.Tree[troll.Memory], view bt.Tracer) (demo.Game[troll.Memory], error) {
			g, err := troll.NewGame(tree, seed)
			if err != nil {
				return nil, err
			}
			game := &editGame{Game: g, duration: o.duration, stdout: stdout, view: view}
			game.trace(tree)
			fmt.Fprintf(stdout, "The Trunk Thumper (%s), seed %d, for %v\n\n", o.label(), seed, o.duration)
			return game, nil
		},
	}
	return ed.Run(e.ctx, e.ln, stdout, e.stderr)
}

// An editGame is a game of -edit.
type editGame struct {
	*troll.Game
	duration time.Duration
	stdout   io.Writer
	view     bt.Tracer
}

// trace traces the game to the timeline of tree, the tree the troll runs
// now, and to the live view.
func (g *editGame) trace(tree *bt.Tree[troll.Memory]) {
	g.Agent.SetTracer(trace.Tee(trace.Timeline(g.stdout, tree.Nodes(), func() string { return state(&g.World.Troll) }), g.view))
}

func (g *editGame) Step() (bool, error) {
	_, err := g.Game.Step()
	return g.World.Troll.Now >= g.duration, err
}

func (g *editGame) Scene(s *scene.Scene) { g.World.Scene(s) }
func (g *editGame) Now() time.Duration   { return g.World.Troll.Now }

func (g *editGame) Reload(tree *bt.Tree[troll.Memory]) error {
	if _, err := g.Agent.Reload(tree, &g.World.Troll); err != nil {
		return err
	}
	g.trace(tree)
	return nil
}

func (g *editGame) End() {
	s := g.Summary()
	fmt.Fprintf(g.stdout, "\nAfter %v: %s, %s, %s uprooted, %s, %s beaten; hp %d%s\n\n", s.Time,
		count(s.Checks, "bridge check"), count(s.Slams, "slam"), count(s.Uprooted, "trunk"), count(s.Roars, "roar"),
		count(s.Kills, "intruder"), s.HP, map[bool]string{true: ", fallen"}[s.Dead])
}
