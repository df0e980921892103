// Package demo holds what the demo commands (examples/jedi and
// examples/troll) share, so that each writes only its game: the flags
// both take, the same way, for their tree file and for what they draw,
// write and serve; opening the addresses they serve; reading the tree
// file; and -edit, which serves the tree file's editor with the live view
// beside it and runs game after game, putting the file's tree in force
// whenever it is saved (Editing).
//
// It is a command helper (internal/cmd): only the commands under examples/
// and other command helpers import it; the library never does.
package demo

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/cmd/treefile"
	"github.com/foresight-bt/foresight/internal/web/sameorigin"
)

// Flags are the flags both demos take: the tree file, and what they draw,
// write and serve.
type Flags struct {
	Tree      string // -tree: the tree file to run instead of the built-in tree
	Edit      string // -edit: the address to serve the tree file's editor at
	WriteTree string // -write-tree: the file to write the built-in tree to
	JSON      bool   // -json: one JSON object per line instead of the timeline
	Dot       string // -dot: the file to draw the agent's mind in, in Graphviz's DOT
	Mermaid   string // -mermaid: the same in Mermaid
	HTML      string // -html: the file to write the replay page to
	Serve     string // -serve: the address to serve the live view at
}

// Declare declares the flags on fs into f, each with the help usage gives
// its name: none for a command that writes its own help.
func (f *Flags) Declare(fs *flag.FlagSet, usage map[string]string) {
	fs.BoolVar(&f.JSON, "json", false, usage["json"])
	fs.StringVar(&f.Dot, "dot", "", usage["dot"])
	fs.StringVar(&f.Mermaid, "mermaid", "", usage["mermaid"])
	fs.StringVar(&f.Tree, "tree", "", usage["tree"])
	fs.StringVar(&f.WriteTree, "write-tree", "", usage["write-tree"])
	fs.StringVar(&f.HTML, "html", "", usage["html"])
	fs.StringVar(&f.Serve, "serve", "", usage["serve"])
	fs.StringVar(&f.Edit, "edit", "", usage["edit"])
}

// CheckEdit returns what is wrong with -edit, or nil: set with no
// address, or given without the -tree file it edits while the game goes
// on (while says how: "the Jedi fights").
func (f *Flags) CheckEdit(set bool, while string) error {
	switch {
	case set && f.Edit == "":
		return errors.New("-edit needs an address, such as :8080")
	case f.Edit != "" && f.Tree == "":
		return fmt.Errorf("-edit edits the -tree file while %s: give -tree FILE with it", while)
	}
	return nil
}

// CheckSave returns what is wrong with -save, -save-at and -load in the
// way every demo takes them, or nil: -save or -load set with no file,
// -save without -save-at or the other way round, and -load beside one of
// saved, the flags whose values the save holds. game names what is
// saved ("fight", "run"). What else goes with a save is each demo's own.
func CheckSave(save, load string, set map[string]bool, game string, saved ...string) error {
	switch {
	case set["save"] && save == "":
		return errors.New("-save needs a file name")
	case set["load"] && load == "":
		return errors.New("-load needs a file name")
	case (save != "") != set["save-at"]:
		return fmt.Errorf("-save and -save-at go together: -save FILE -save-at 10s writes the %s at 10 s", game)
	}
	for _, name := range saved {
		if load != "" && set[name] {
			return fmt.Errorf("-load and -%s: the save says the %s's %s", name, game, name)
		}
	}
	return nil
}

// Listen opens the address that the flag named name gives, on loopback
// when it names no host, before the game, so that a bad one is found at
// once.
func Listen(name, addr string) (net.Listener, error) {
	ln, err := sameorigin.Listen(addr)
	if err != nil {
		return nil, fmt.Errorf("-%s %q: %v", name, addr, err)
	}
	return ln, nil
}

// Interrupted returns a context done at the first Ctrl-C, which ends what
// serves until then (-serve, -edit).
func Interrupted() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// ReadFile reads the tree file at path: at most a registry's default
// limit (btjson.DefaultMaxBytes) and one byte more, so that a larger file,
// or a pipe that never ends, is refused by the registry having read no
// more.
func ReadFile(path string) ([]byte, error) {
	return treefile.Read(path, btjson.DefaultMaxBytes)
}

// Build builds the tree the -tree file at path holds, its errors, which
// may be many, on one line.
func Build[M any](reg *btjson.Registry[M], cfg bt.Config[M], path string, data []byte) (*bt.Tree[M], error) {
	tree, err := reg.Build(cfg, data)
	if err != nil {
		return nil, fmt.Errorf("-tree %q: %s", path, OneLine(err))
	}
	return tree, nil
}

// OneLine joins the lines of an error, such as errors.Join makes.
func OneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }
