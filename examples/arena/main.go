// Command arena is foresight in a game: Jedi fights and troll maps drawn
// by Ebitengine at 60 frames a second, every agent deciding through
// bt.Crowd, with what each is doing and why drawn beside it.
//
//	cd examples/arena && go run .            # on a desktop
//	go run ./cmd/web -serve localhost:8080   # in a browser, as WebAssembly
//
// Keys: Space pauses, N steps a frame while paused, S slows down (half,
// quarter, eighth, full speed again), D switches the troll under the
// mouse to the next decider, I opens the live inspector for the agent
// under the mouse (desktop only), Esc quits.
//
// The game itself, apart from the window, is package game: it runs
// headless in the tests.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/foresight-bt/foresight/examples/arena/game"
)

func main() {
	seed := flag.Uint64("seed", 1, "the seed of the game")
	flag.Parse()
	g, err := game.New(game.Config{Seed: *seed})
	if err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		os.Exit(1)
	}
	ebiten.SetWindowSize(game.Width, game.Height)
	ebiten.SetWindowTitle("foresight arena")
	ebiten.SetTPS(60)
	if err := ebiten.RunGame(newWindow(g)); err != nil && err != errQuit {
		log.Fatal(err)
	}
}
