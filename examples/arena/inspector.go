//go:build !js

package main

import (
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"sync/atomic"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/examples/arena/game"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/scene"
)

// An inspector serves the live inspector (package inspect's Live) for
// one agent at a time, on loopback: key I points it at the agent under
// the mouse and opens it in the desktop's browser.
type inspector struct {
	live    atomic.Pointer[inspect.Live]
	watched game.Watchable
	url     string
	picture scene.Scene
}

// open has the inspector watch agent a, starting its server the first
// time, and returns a line for the player.
func (in *inspector) open(a game.Watchable) string {
	if in.url == "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return "the inspector cannot listen: " + err.Error()
		}
		in.url = inspect.URL(ln.Addr())
		go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if l := in.live.Load(); l != nil {
				l.ServeHTTP(w, r)
				return
			}
			http.NotFound(w, r)
		}))
	}
	live, err := inspect.NewLive(inspect.Header{Title: a.Name(), Nodes: a.Nodes()})
	if err != nil {
		return "the inspector: " + err.Error()
	}
	if in.watched != nil {
		in.watched.Watch(nil)
	}
	live.Attach(watching{a})
	in.watched = a
	in.live.Store(live)
	browse(in.url)
	return fmt.Sprintf("inspecting %s at %s", a.Name(), in.url)
}

// proceed reports whether the game runs its next frame: the inspector's
// page may pause it, and step it.
func (in *inspector) proceed() bool {
	l := in.live.Load()
	return l == nil || l.Proceed()
}

// frame sends the watched agent's world to the page, once a frame.
func (in *inspector) frame() {
	if l := in.live.Load(); l != nil && l.Watched() {
		in.watched.Scene(&in.picture)
		l.Scene(&in.picture)
	}
}

// watching lets a Live switch an agent's tracing on and off (see
// inspect.Live.Attach) beside the game's own.
type watching struct{ a game.Watchable }

func (w watching) SetTracer(t bt.Tracer) { w.a.Watch(t) }

// browse opens url in the desktop's browser, if it can.
func browse(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}

// frameDrawn tells nothing: only the browser build counts frames.
func frameDrawn() {}
