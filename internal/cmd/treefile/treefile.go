// Package treefile reads a game's tree file, and reads it again when it
// changes: what the demos' -watch and -edit do (a designer saves the file,
// in an editor of any kind, and the running game takes the tree it holds).
//
// It is a command helper (internal/cmd): only the commands under examples/
// and other command helpers import it; the library never does.
package treefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"
)

// Read reads the tree file at path, at most limit bytes and one more, so
// that a larger one (a pipe or a device that never ends) is refused by
// the registry, which reads no more than limit, having read no more.
func Read(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n := int64(limit)
	if n < math.MaxInt64 { // saturating: math.MaxInt is no limit
		n++
	}
	return io.ReadAll(io.LimitReader(f, n))
}

// A Watch is a tree file, read again when it changes.
type Watch struct {
	path      string
	limit     int
	data      []byte // what was read last
	irregular bool   // it is not a regular file now, and that was said
}

// ErrIrregular is the error of a file that is not a regular file (a pipe,
// a device), which is not read: it could stall the game, or never end.
var ErrIrregular = errors.New("not a regular file")

// New returns a Watch of the file at path, which held data when it was
// last read (nil: not read yet), reading at most limit bytes of it.
func New(path string, data []byte, limit int) *Watch {
	return &Watch{path: path, limit: limit, data: data}
}

// Changed reads the file and returns what it holds when that differs
// from what it held when last read. A file that cannot be read now (one
// being saved may be missing for a moment) is no change; one that is not
// a regular file is reported once, wrapping ErrIrregular, until it is one
// again.
func (w *Watch) Changed() ([]byte, bool, error) {
	info, err := os.Stat(w.path)
	if err != nil {
		return nil, false, nil
	}
	if !info.Mode().IsRegular() {
		if w.irregular {
			return nil, false, nil
		}
		w.irregular = true
		return nil, false, fmt.Errorf("%s: %w", w.path, ErrIrregular)
	}
	w.irregular = false
	data, err := Read(w.path, w.limit)
	if err != nil || bytes.Equal(data, w.data) {
		return nil, false, nil
	}
	w.data = data
	return data, true, nil
}

// A Reloader puts a game's tree file in force again whenever it changes,
// and says so: what -watch and -edit do between two ticks.
type Reloader struct {
	Watch *Watch
	Log   io.Writer // where it says what it did, a line each time
	Prog  string    // the program, which begins each line: "jedi"
	Agent string    // who keeps its tree when the file does not build: "the Jedi"
}

// Reload reads the file and, when it changed, has put build the tree it
// holds and put it in force, and reports whether it did. It says on Log,
// at the game's time at, that the tree was reloaded; or why not, and
// that the agent keeps its tree: the file does not build (put's error,
// on one line), or is not a regular file (said once).
func (r *Reloader) Reload(at time.Duration, put func(data []byte) error) bool {
	data, changed, err := r.Watch.Changed()
	when := fmt.Sprintf("%s: %.2fs:", r.Prog, at.Seconds())
	if errors.Is(err, ErrIrregular) {
		fmt.Fprintf(r.Log, "%s %v, %s keeps its tree\n", when, err, r.Agent)
	}
	if !changed {
		return false
	}
	if err := put(data); err != nil {
		fmt.Fprintf(r.Log, "%s %s not reloaded, %s keeps its tree: %s\n", when, r.Watch.path, r.Agent, strings.ReplaceAll(err.Error(), "\n", "; "))
		return false
	}
	fmt.Fprintf(r.Log, "%s reloaded the tree from %s\n", when, r.Watch.path)
	return true
}
