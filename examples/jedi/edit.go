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
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
)

// An editing is -edit's server: the tree file's editor, with the fight's
// live view beside it. Its address is opened before the fight, so a bad
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

// run fights one fight after another, each from the next seed, at the
// pace of the clock, until ctx is done (demo.Editing). The Jedi run the
// tree of the -tree file, read again whenever it is saved.
func (e *editing) run(o options, stdout *bufio.Writer) error {
	ed := demo.Editing[jedi.Memory]{
		Prog: "jedi", Agent: "the Jedi", While: "the Jedi fights", Game: "the fight",
		File: o.Tree, Data: o.treeData, Tree: o.fight.Tree, Registry: jedi.Registry(), Config: jedi.TreeConfig(),
		Seed: o.fight.Seed, Tick: time.Second / 60, CheckEvery: checkEvery,
		Options: []inspect.Option{inspect.SceneEvery(30 * time.Millisecond)},
		Header:  func(_ uint64, tree *bt.Tree[jedi.Memory]) inspect.Header { return treeHeader(tree) },
		Begin: func(seed uint64, tree *bt.Tree[jedi.Memory], view bt.Tracer) (demo.Game[jedi.Memory], error) {
			cfg := o.fight
			cfg.Seed, cfg.Tree = seed, tree
			var out report = &timeline{w: stdout} // which says the fight's seed (Config)
			if o.JSON {
				out = &jsonLines{w: stdout}
			}
			cfg.OnDecide = out.decide
			f, err := jedi.NewFight(cfg)
			if err != nil {
				return nil, err
			}
			f.AddTracer(view)
			out.start(f)
			return &editFight{Fight: f, out: out, stdout: stdout}, nil
		},
	}
	return ed.Run(e.ctx, e.ln, stdout, e.stderr)
}

// An editFight is a fight of -edit.
type editFight struct {
	*jedi.Fight
	out    report
	stdout io.Writer
}

func (f *editFight) Scene(s *scene.Scene) { f.Arena.Scene(s) }
func (f *editFight) Now() time.Duration   { return f.Arena.Now() }

func (f *editFight) End() {
	f.out.summary(f.Summary())
	fmt.Fprintln(f.stdout)
}
