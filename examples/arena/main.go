// Command arena is foresight in a game: Jedi fights and troll maps drawn
// by Ebitengine at 60 frames a second, every agent deciding through
// bt.Crowd, with what each is doing and why drawn beside it.
//
//	cd examples/arena && go run .            # on a desktop
//	go run ./cmd/web -serve localhost:8080   # in a browser, as WebAssembly
//
// Keys: Space pauses, N steps a frame while paused, S slows down (half,
// quarter, eighth, full speed again), R held steps the game back a frame
// at a time through the last ten seconds, F5 saves the game and F9 loads
// it back, D switches the troll under the mouse to the next decider, H
// has the Jedi under the mouse hold back (and fight again), I opens the
// live inspector for the agent under the mouse (desktop only: it steps
// back and resumes too), Esc quits.
//
// A troll under goap cannot be saved yet: start without it to rewind,
// save and load.
//
//	go run . -deciders htn,bt,fsm
//
// The game itself, apart from the window, is package game: it runs
// headless in the tests.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/foresight-bt/foresight/examples/arena/game"
	"github.com/foresight-bt/foresight/troll"
)

func main() {
	seed := flag.Uint64("seed", 1, "the seed of the game")
	deciders := flag.String("deciders", "htn,bt,goap,fsm", "the trolls' `deciders`, in turn")
	flag.Parse()
	cfg := game.Config{Seed: *seed, Rewind: 10 * 60}
	for _, name := range strings.Split(*deciders, ",") {
		d, err := troll.ParseDecider(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "arena:", err)
			os.Exit(2)
		}
		cfg.Deciders = append(cfg.Deciders, d)
	}
	g, err := game.New(cfg)
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
