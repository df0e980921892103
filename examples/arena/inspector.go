//go:build !js

package main

import (
	"os/exec"
	"runtime"

	"github.com/foresight-bt/foresight/examples/arena/game"
)

// An inspector is the live inspector, opened in the desktop's browser.
type inspector struct{ game.Inspector }

// open has the inspector watch agent a of game g and opens its page,
// which can put g back (Rewinder), and returns a line for the player.
func (in *inspector) open(g *game.Game, a game.Watchable) string {
	in.Rewinder = g
	url, err := in.Open(a)
	if err != nil {
		return err.Error()
	}
	browse(url)
	return "inspecting " + a.Name() + " at " + url
}

func (in *inspector) proceed() bool { return in.Proceed() }
func (in *inspector) frame()        { in.Frame() }

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
