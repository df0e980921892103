package demo

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
	"github.com/foresight-bt/foresight/scene"
)

// An Editing is -edit: the tree file's editor, served with the game's
// live view beside it (at live/), and games run one after another at the
// pace of the clock, each from the next seed, until Ctrl-C. The file is
// read again whenever it is saved, from the editor or elsewhere, and the
// tree it holds put in force; the editor's page shows the game's
// decisions on the tree through the live view, which can pause and step
// the game.
type Editing[M any] struct {
	Prog  string // the command, which begins what it says on stderr: "jedi"
	Agent string // who runs the tree, for what is said of a reload: "the Jedi"
	While string // what goes on while the file is edited: "the Jedi fights"
	Game  string // what the live view shows: "the fight"

	File     string      // the tree file
	Data     []byte      // what it held when read
	Tree     *bt.Tree[M] // the tree built from Data
	Registry *btjson.Registry[M]
	Config   bt.Config[M]

	Seed       uint64           // the first game's
	Tick       time.Duration    // how often the clock ticks: a tick of the game each time
	CheckEvery int              // how many ticks go by between two looks at the file
	Options    []inspect.Option // the live view's

	// Header describes the tree for the live view, in the game of seed.
	Header func(seed uint64, tree *bt.Tree[M]) inspect.Header
	// Begin begins the game of seed with tree, traced to view too, and
	// says so on the command's output if it says so.
	Begin func(seed uint64, tree *bt.Tree[M], view bt.Tracer) (Game[M], error)
}

// A Game is one game of an Editing, begun by its Begin.
type Game[M any] interface {
	// Step runs a tick of the game and reports whether it is over.
	Step() (over bool, err error)
	// Scene draws the game as it is now.
	Scene(s *scene.Scene)
	// Now is the game's clock.
	Now() time.Duration
	// Reload puts tree in force for the rest of the game.
	Reload(tree *bt.Tree[M]) error
	// End says how the game ended, on the command's output.
	End()
}

// Run serves the editor on ln and runs the games until ctx is done; then
// it returns what flushing stdout returns. Each game writes its report to
// stdout, flushed every tick; what the editing does (where to open the
// editor, the file reloaded or not) goes to stderr.
func (e *Editing[M]) Run(ctx context.Context, ln net.Listener, stdout *bufio.Writer, stderr io.Writer) error {
	seed, tree := e.Seed, e.Tree
	view, err := inspect.NewLive(e.Header(seed, tree), e.Options...)
	if err != nil {
		return err
	}
	game, err := e.Begin(seed, tree, view)
	if err != nil {
		return err
	}
	ed, err := editor.New(e.File, e.Registry, e.Config, editor.Live(view))
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: ed}
	go srv.Serve(ln)
	defer srv.Close()
	url := inspect.URL(ln.Addr())
	fmt.Fprintf(stderr, "%s: open %s to edit %s while %s (%s live at %slive/); Ctrl-C stops\n", e.Prog, url, e.File, e.While, e.Game, url)
	file := &treefile.Reloader{Watch: treefile.New(e.File, e.Data, btjson.DefaultMaxBytes), Log: stderr, Prog: e.Prog, Agent: e.Agent}
	put := func(data []byte) error { // the file's tree, in force in the game
		next, err := e.Registry.Build(e.Config, data)
		if err != nil {
			return err
		}
		if err := game.Reload(next); err != nil {
			return err
		}
		tree = next
		return nil
	}
	clock := time.NewTicker(e.Tick)
	defer clock.Stop()
	var sc scene.Scene
	for {
		for tick := 0; ; tick++ {
			select {
			case <-ctx.Done():
				return stdout.Flush()
			case <-clock.C:
			}
			if tick%e.CheckEvery == 0 && file.Reload(game.Now(), put) {
				view.SetHeader(e.Header(seed, tree))
			}
			if !view.Proceed() {
				continue // paused from the page
			}
			over, err := game.Step()
			if err != nil {
				return err
			}
			game.Scene(&sc)
			view.Scene(&sc) // the games' scenes are always valid
			if err := stdout.Flush(); err != nil {
				return err
			}
			if over {
				break
			}
		}
		game.End()
		seed++
		view.SetHeader(e.Header(seed, tree)) // a new game: the pages start afresh
		if game, err = e.Begin(seed, tree, view); err != nil {
			return err
		}
	}
}
