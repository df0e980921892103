package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/internal/cmd/treefile"
	"github.com/foresight-bt/foresight/jedi"
)

// The combat tree as a file: -tree reads it, -watch reads it again while
// the Jedi fights, and -write-tree and -write-schema write the built-in
// tree and the schema of tree files (jedi.json and jedi.schema.json here
// are what they write with no other flags).

// readTree reads and builds the tree file at path. Its errors, which may
// be many, are given on one line.
func readTree(path string) (*bt.Tree[jedi.Memory], []byte, error) {
	data, err := demo.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("-tree %q: %v", path, unwrapPath(err))
	}
	tree, err := demo.Build(jedi.Registry(), jedi.TreeConfig(), path, data)
	if err != nil {
		return nil, nil, err
	}
	return tree, data, nil
}

// writeFiles writes the files -write-tree and -write-schema name.
func writeFiles(o options, stderr io.Writer) error {
	reg := jedi.Registry()
	if o.WriteTree != "" {
		def, err := jedi.Design(jedi.Options{Mistakes: o.fight.Mistakes})
		if err != nil {
			return err
		}
		data, err := reg.Marshal(def)
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.WriteTree, data, 0o644); err != nil {
			return fmt.Errorf("-write-tree %q: %v", o.WriteTree, unwrapPath(err))
		}
		fmt.Fprintf(stderr, "jedi: wrote the combat tree to %s (-write-tree)\n", o.WriteTree)
	}
	if o.writeSchema != "" {
		data, err := reg.Schema()
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.writeSchema, data, 0o644); err != nil {
			return fmt.Errorf("-write-schema %q: %v", o.writeSchema, unwrapPath(err))
		}
		fmt.Fprintf(stderr, "jedi: wrote the schema of tree files to %s (-write-schema)\n", o.writeSchema)
	}
	return nil
}

// A stepper runs a fight: at once, or with -watch at the pace of the
// clock, reading the tree file again whenever it changes.
type stepper struct {
	fight  *jedi.Fight
	file   *watchedFile // nil without -watch
	stderr io.Writer
	flush  func() error // what has been written is shown
	next   time.Time    // when the next step is due
}

// pace waits until t: the clock of a watched fight. Tests replace it.
var pace = func(t time.Time) { time.Sleep(time.Until(t)) }

// checkEvery is how many steps go by between two looks at a watched file:
// a quarter second at 60 steps a second.
const checkEvery = 15

// until runs the fight until it is over or its clock reaches t.
func (s *stepper) until(t time.Duration) (jedi.Summary, error) {
	if s.file == nil {
		return s.fight.RunUntil(t)
	}
	step := time.Second / 60
	if s.next.IsZero() {
		s.next = time.Now()
	}
	for i := 0; s.fight.Arena.Now() < t; i++ {
		if i%checkEvery == 0 {
			s.file.check(s.fight, s.stderr, nil)
		}
		over, err := s.fight.Step()
		if ferr := s.flush(); err == nil {
			err = ferr
		}
		if over || err != nil {
			return s.fight.Summary(), err
		}
		s.next = s.next.Add(step)
		pace(s.next)
	}
	return s.fight.Summary(), nil
}

// A watchedFile is a tree file read again when it changes.
type watchedFile struct {
	r treefile.Reloader
}

func newWatchedFile(path string, data []byte) *watchedFile {
	return &watchedFile{r: treefile.Reloader{Watch: treefile.New(path, data, btjson.DefaultMaxBytes), Prog: "jedi", Agent: "the Jedi"}}
}

// check reads the file and, if it changed, has the fight's Jedi run the
// tree it now holds, and tells reloaded. A file that cannot be read or
// built is reported, and the Jedi keep their tree.
func (w *watchedFile) check(f *jedi.Fight, stderr io.Writer, reloaded func()) {
	w.r.Log = stderr
	put := func(data []byte) error {
		tree, err := jedi.Registry().Build(jedi.TreeConfig(), data)
		if err != nil {
			return err
		}
		return f.Reload(tree)
	}
	if w.r.Reload(f.Arena.Now(), put) && reloaded != nil {
		reloaded()
	}
}

var errWatch = errors.New("-watch reads the -tree file again while the Jedi fights: give -tree FILE with it")
