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
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
)

// A viewer shows a fight as it runs: the replay page (-html) or the live
// view (-serve). start is called once the fight is set up, step after
// every tick, finish after the fight.
type viewer interface {
	start(f *jedi.Fight) error
	step(f *jedi.Fight)
	finish() error
}

// header describes the first Jedi's tree for the inspector.
func header(f *jedi.Fight) inspect.Header { return treeHeader(f.Tree) }

// treeHeader describes the Jedi's tree for the inspector.
func treeHeader(tree *bt.Tree[jedi.Memory]) inspect.Header {
	return inspect.Header{Title: "the Jedi's combat tree", Nodes: tree.Nodes()}
}

// replay writes the fight as a replay page, to a file made before the
// fight (createPictures).
type replay struct {
	file  *pictureFile
	page  *inspect.Writer
	scene scene.Scene
	err   error // the first scene that could not be drawn
}

func (r *replay) start(f *jedi.Fight) error {
	page, err := inspect.NewPage(r.file.f, header(f))
	if err != nil {
		return err
	}
	r.page = page
	f.AddTracer(page)
	r.step(f) // the arena before the first tick
	return nil
}

func (r *replay) step(f *jedi.Fight) {
	f.Arena.Scene(&r.scene)
	if err := r.page.Scene(&r.scene); err != nil && r.err == nil {
		r.err = err
	}
}

func (r *replay) finish() error {
	err := r.page.Close()
	if err == nil {
		err = r.err
	}
	if err != nil {
		return fmt.Errorf("-html %q: %v", r.file.path, unwrapPath(err))
	}
	return nil
}

// live serves the fight to browsers in real time, one tick per step of
// game time, from when the first browser connects; after the fight it
// serves on until interrupted.
type live struct {
	ln     net.Listener
	ctx    context.Context
	view   *inspect.Live
	scene  scene.Scene
	stderr io.Writer
	clock  *time.Ticker
	every  time.Duration // game time per tick
}

// listen opens -serve's address before the fight, so a bad one is found
// at once. The view stops serving when ctx is done.
func listen(ctx context.Context, addr string, stderr io.Writer) (*live, error) {
	ln, err := demo.Listen("serve", addr)
	if err != nil {
		return nil, err
	}
	return &live{ln: ln, ctx: ctx, stderr: stderr, every: time.Second / 60}, nil
}

func (l *live) start(f *jedi.Fight) error {
	view, err := inspect.NewLive(header(f), inspect.SceneEvery(30*time.Millisecond)) // every other tick
	if err != nil {
		return err
	}
	l.view = view
	f.AddTracer(view)
	go http.Serve(l.ln, view)
	fmt.Fprintf(l.stderr, "jedi: open %s to watch: the fight starts when a browser connects (Ctrl-C stops)\n", inspect.URL(l.ln.Addr()))
	for !view.Watched() {
		select {
		case <-l.ctx.Done():
			return errors.New("interrupted before anyone watched")
		case <-time.After(50 * time.Millisecond):
		}
	}
	l.clock = time.NewTicker(l.every)
	l.step(f)
	return nil
}

// step sends the arena to the view, then waits for the next tick's time,
// and for the view to let the game go on when it paused it.
func (l *live) step(f *jedi.Fight) {
	f.Arena.Scene(&l.scene)
	l.view.Scene(&l.scene) // the arena's scenes are always valid
	for {
		select {
		case <-l.ctx.Done():
			return // the fight runs to its end at full speed, unwatched
		case <-l.clock.C:
		}
		if l.view.Proceed() {
			return
		}
	}
}

func (l *live) finish() error {
	fmt.Fprintln(l.stderr, "jedi: the fight is over; still serving the view until Ctrl-C")
	<-l.ctx.Done()
	return l.ln.Close()
}

// viewers makes the views the flags ask for, and returns what stops
// them.
func viewers(o options, pics []*pictureFile, stderr io.Writer) ([]viewer, func(), error) {
	var views []viewer
	for _, p := range pics {
		if p.draw == nil {
			views = append(views, &replay{file: p})
		}
	}
	if o.Serve == "" {
		return views, func() {}, nil
	}
	ctx, stop := demo.Interrupted()
	l, err := listen(ctx, o.Serve, stderr)
	if err != nil {
		stop()
		return nil, nil, err
	}
	return append(views, l), stop, nil
}
