package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// A server is -serve's live view: the address is opened before the run,
// so a bad one is found at once, and the view serves until ctx is done.
type server struct {
	ln     net.Listener
	ctx    context.Context
	stderr io.Writer
}

// listen opens addr for the live view.
func listen(ctx context.Context, addr string, stderr io.Writer) (*server, error) {
	ln, err := demo.Listen("serve", addr) // on loopback when addr names no host
	if err != nil {
		return nil, err
	}
	return &server{ln: ln, ctx: ctx, stderr: stderr}, nil
}

// run runs the game in real time for the live view: from when the first
// browser connects, a tick every troll.Step, held while the page pauses
// it and let through a tick at a time when the page steps it; then it
// serves on until ctx is done. Without a watcher when ctx ends, the run
// goes on at full speed, unwatched.
func (s *server) run(g *troll.Game, o options, tree *bt.Tree[troll.Memory], tracer bt.Tracer) error {
	title := fmt.Sprintf("the Trunk Thumper (%s), seed %d", o.label(), o.seed)
	view, err := inspect.NewLive(inspect.Header{Title: title, Nodes: tree.Nodes()})
	if err != nil {
		return err
	}
	g.Agent.SetTracer(trace.Tee(tracer, view))
	srv := &http.Server{Handler: view}
	go srv.Serve(s.ln)
	defer srv.Close()
	fmt.Fprintf(s.stderr, "troll: open %s to watch: the run starts when a browser connects (Ctrl-C stops)\n",
		inspect.URL(s.ln.Addr()))
	for !view.Watched() {
		select {
		case <-s.ctx.Done():
			return errors.New("interrupted before anyone watched")
		case <-time.After(50 * time.Millisecond):
		}
	}
	clock := time.NewTicker(troll.Step)
	defer clock.Stop()
	var scene scene.Scene
	for g.World.Troll.Now < o.duration {
		for s.ctx.Err() == nil {
			<-clock.C
			if view.Proceed() {
				break
			}
		}
		if _, err := g.Step(); err != nil {
			return err
		}
		g.World.Scene(&scene)
		view.Scene(&scene) // the map's scenes are always valid; a scene sends the tick's frame
	}
	fmt.Fprintln(s.stderr, "troll: the run is over; still serving the view until Ctrl-C")
	<-s.ctx.Done()
	return nil
}
