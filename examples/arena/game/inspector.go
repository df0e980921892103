package game

import (
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/scene"
)

// An Inspector serves the live inspector (package inspect's Live) for
// one agent at a time, on loopback: the window points it at the agent
// under the mouse. Open, Proceed and Frame belong to the game's
// goroutine; the server answers browsers on its own.
type Inspector struct {
	// Rewinder, if set, is the game, which the page then steps back
	// through the last ten seconds of frames (see inspect.Rewind).
	Rewinder inspect.Rewinder

	live    atomic.Pointer[inspect.Live]
	watched Watchable
	url     string
	srv     *http.Server
	picture scene.Scene
}

// Open has the inspector watch agent a from now on, starting its server
// on loopback the first time, and returns the page's address.
func (in *Inspector) Open(a Watchable) (string, error) {
	if in.srv == nil {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return "", fmt.Errorf("the inspector cannot listen: %w", err)
		}
		in.url = inspect.URL(ln.Addr())
		in.srv = &http.Server{ReadHeaderTimeout: 10 * time.Second,
			Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if l := in.live.Load(); l != nil {
					l.ServeHTTP(w, r)
					return
				}
				http.NotFound(w, r)
			})}
		go in.srv.Serve(ln)
	}
	var opts []inspect.Option
	if in.Rewinder != nil {
		opts = append(opts, inspect.Rewind(in.Rewinder, rewindFrames))
	}
	live, err := inspect.NewLive(inspect.Header{Title: a.Name(), Nodes: a.Nodes()}, opts...)
	if err != nil {
		return "", err
	}
	if in.watched != nil {
		in.watched.Watch(nil)
	}
	live.Attach(watching{a})
	in.watched = a
	in.live.Store(live)
	return in.url, nil
}

// rewindFrames is how many frames the inspector keeps to rewind: ten
// seconds.
const rewindFrames = 10 * 60

// Proceed reports whether the game runs its next frame: the inspector's
// page may pause it, and step it (see inspect.Live.Proceed).
func (in *Inspector) Proceed() bool {
	l := in.live.Load()
	return l == nil || l.Proceed()
}

// Frame sends the watched agent's world to the page, once a frame.
func (in *Inspector) Frame() {
	if l := in.live.Load(); l != nil && l.Watched() {
		in.watched.Scene(&in.picture)
		l.Scene(&in.picture)
	}
}

// Close stops the inspector's server.
func (in *Inspector) Close() error {
	if in.srv == nil {
		return nil
	}
	return in.srv.Close()
}

// watching lets a Live switch an agent's tracing on and off (see
// inspect.Live.Attach) beside the game's own.
type watching struct{ a Watchable }

func (w watching) SetTracer(t bt.Tracer) { w.a.Watch(t) }
