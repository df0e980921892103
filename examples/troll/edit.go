package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/cmd/treefile"
	"github.com/foresight-bt/foresight/internal/web/sameorigin"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// maxTreeFile is the largest tree file read: btjson's default.
const maxTreeFile = 4 << 20

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
	ln, err := sameorigin.Listen(addr)
	if err != nil {
		return nil, fmt.Errorf("-edit %q: %v", addr, err)
	}
	return &editing{ln: ln, ctx: ctx, stderr: stderr}, nil
}

// run runs games one after another, each for o.duration from the next
// seed, a tick every troll.Step, until ctx is done. The troll runs the
// tree of the -tree file, read again whenever it is saved, from the
// editor or elsewhere; the editor's page shows its decisions and plans on
// the tree through the live view, which can pause and step the game.
// tree is built from data, the file's text when it was read.
func (e *editing) run(o options, tree *bt.Tree[troll.Memory], data []byte, stdout *bufio.Writer) error {
	reg, err := troll.Registry()
	if err != nil {
		return err
	}
	header := func(seed uint64) inspect.Header {
		return inspect.Header{Title: fmt.Sprintf("the Trunk Thumper (%s), seed %d", o.label(), seed), Nodes: tree.Nodes()}
	}
	view, err := inspect.NewLive(header(o.seed))
	if err != nil {
		return err
	}
	ed, err := editor.New(o.tree, reg, troll.TreeConfig(), editor.Live(view))
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: ed}
	go srv.Serve(e.ln)
	defer srv.Close()
	url := inspect.URL(e.ln.Addr())
	fmt.Fprintf(e.stderr, "troll: open %s to edit %s while the troll runs (the run live at %slive/); Ctrl-C stops\n", url, o.tree, url)
	watch := &treefile.Reloader{Watch: treefile.New(o.tree, data, maxTreeFile), Log: e.stderr, Prog: "troll", Agent: "the troll"}
	clock := time.NewTicker(troll.Step)
	defer clock.Stop()
	var sc scene.Scene
	for seed := o.seed; ; seed++ {
		g, err := troll.NewGame(tree, seed)
		if err != nil {
			return err
		}
		tracer := func() bt.Tracer { // the timeline of the tree now run, and the live view
			return trace.Tee(trace.Timeline(stdout, tree.Nodes(), func() string { return state(&g.World.Troll) }), view)
		}
		g.Agent.SetTracer(tracer())
		fmt.Fprintf(stdout, "The Trunk Thumper (%s), seed %d, for %v\n\n", o.label(), seed, o.duration)
		for tick := 0; g.World.Troll.Now < o.duration; tick++ {
			select {
			case <-e.ctx.Done():
				return stdout.Flush()
			case <-clock.C:
			}
			if tick%3 == 0 {
				if next := reload(watch, reg, g); next != nil {
					tree = next
					g.Agent.SetTracer(tracer())
					view.SetHeader(header(seed))
				}
			}
			if !view.Proceed() {
				continue // paused from the page
			}
			if _, err := g.Step(); err != nil {
				return err
			}
			g.World.Scene(&sc)
			view.Scene(&sc) // the map's scenes are always valid
			if err := stdout.Flush(); err != nil {
				return err
			}
		}
		s := g.Summary()
		fmt.Fprintf(stdout, "\nAfter %v: %s, %s, %s uprooted, %s, %s beaten; hp %d%s\n\n", s.Time,
			count(s.Checks, "bridge check"), count(s.Slams, "slam"), count(s.Uprooted, "trunk"), count(s.Roars, "roar"),
			count(s.Kills, "intruder"), s.HP, map[bool]string{true: ", fallen"}[s.Dead])
		view.SetHeader(header(seed + 1)) // a new game: the pages start afresh
	}
}

// reload reads the tree file again and, if it changed, has the troll run
// the tree it now holds and returns it. A file that cannot be read or
// built is reported, and the troll keeps its tree.
func reload(r *treefile.Reloader, reg *btjson.Registry[troll.Memory], g *troll.Game) *bt.Tree[troll.Memory] {
	var tree *bt.Tree[troll.Memory]
	put := func(data []byte) error {
		next, err := reg.Build(troll.TreeConfig(), data)
		if err != nil {
			return err
		}
		if err := g.Agent.Reload(next, &g.World.Troll); err != nil {
			return err
		}
		tree = next
		return nil
	}
	r.Reload(g.World.Troll.Now, put)
	return tree
}
