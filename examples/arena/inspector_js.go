//go:build js

package main

import (
	"syscall/js"

	"github.com/foresight-bt/foresight/examples/arena/game"
)

// In a browser the game has no server to run an inspector on.
type inspector struct{}

func (inspector) open(*game.Game, game.Watchable) string {
	return "the live inspector needs the desktop build (go run .)"
}
func (inspector) proceed() bool { return true }
func (inspector) frame()        {}

var frames int

// frameDrawn counts the game's frames where the page can read them
// (window.arenaFrames): the browser test waits for them.
func frameDrawn() {
	frames++
	js.Global().Set("arenaFrames", frames)
}
