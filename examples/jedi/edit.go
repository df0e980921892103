package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/web/sameorigin"
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
	ln, err := sameorigin.Listen(addr)
	if err != nil {
		return nil, fmt.Errorf("-edit %q: %v", addr, err)
	}
	return &editing{ln: ln, ctx: ctx, stderr: stderr}, nil
}

// run fights one fight after another, each from the next seed, at the
// pace of the clock, until ctx is done. The Jedi run the tree of the
// -tree file, read again whenever it is saved, from the editor or
// elsewhere; the editor's page shows their decisions on the tree through
// the live view, which can pause and step the fight.
func (e *editing) run(o options, stdout *bufio.Writer) error {
	cfg := o.fight
	reporter := func() report { // each fight's, which says its seed
		if o.json {
			return &jsonLines{w: stdout}
		}
		return &timeline{w: stdout, cfg: cfg}
	}
	out := reporter()
	cfg.OnDecide = out.decide
	fight, err := jedi.NewFight(cfg)
	if err != nil {
		return err
	}
	view, err := inspect.NewLive(header(fight), inspect.SceneEvery(30*time.Millisecond))
	if err != nil {
		return err
	}
	ed, err := editor.New(o.tree, registry(), jedi.TreeConfig(), editor.Live(view))
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: ed}
	go srv.Serve(e.ln)
	defer srv.Close()
	url := inspect.URL(e.ln.Addr())
	fmt.Fprintf(e.stderr, "jedi: open %s to edit %s while the Jedi fights (the fight live at %slive/); Ctrl-C stops\n", url, o.tree, url)
	file := newWatchedFile(o.tree, o.treeData)
	clock := time.NewTicker(time.Second / 60)
	defer clock.Stop()
	var sc scene.Scene
	for {
		fight.AddTracer(view)
		out.start(fight)
		for i := 0; !fight.Over(); i++ {
			select {
			case <-e.ctx.Done():
				return stdout.Flush()
			case <-clock.C:
			}
			if i%checkEvery == 0 {
				file.check(fight, e.stderr, func() { view.SetHeader(header(fight)) })
			}
			if !view.Proceed() {
				continue // paused from the page
			}
			if _, err := fight.Step(); err != nil {
				return err
			}
			fight.Arena.Scene(&sc)
			view.Scene(&sc) // the arena's scenes are always valid
			if err := stdout.Flush(); err != nil {
				return err
			}
		}
		out.summary(fight.Summary())
		fmt.Fprintln(stdout)
		cfg.Seed++
		cfg.Tree = fight.Tree // as last reloaded
		out = reporter()
		cfg.OnDecide = out.decide
		if fight, err = jedi.NewFight(cfg); err != nil {
			return err
		}
		view.SetHeader(header(fight)) // a new fight: the pages start afresh
	}
}

var errEdit = errors.New("-edit edits the -tree file while the Jedi fights: give -tree FILE with it")
