package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/internal/cmd/treefile"
	"github.com/foresight-bt/foresight/jedi"
)

// maxSave bounds a -load file: a fight's save is tens of kilobytes.
const maxSave = 16 << 20

// readSave reads the -load file.
func readSave(path string) ([]byte, error) {
	data, err := treefile.Read(path, maxSave)
	switch {
	case err != nil:
		return nil, fmt.Errorf("-load %q: %v", path, unwrapPath(err))
	case len(data) > maxSave:
		return nil, fmt.Errorf("-load %q: more than %d bytes: not a save of a fight", path, maxSave)
	}
	return data, nil
}

// loadFlags reads the -load file, and checks that it holds a fight that
// loads (with the -tree file, if it is a fight of one) and, with -save,
// that -save-at is within it: o then has the fight's configuration, as
// the save says it.
func loadFlags(o options) (options, error) {
	var err error
	if o.loadData, err = readSave(o.load); err != nil {
		return o, err
	}
	f, err := jedi.LoadFight(o.loadData, jedi.FightConfig{Tree: o.fight.Tree})
	if err != nil {
		return o, fmt.Errorf("-load %q: %v", o.load, strings.TrimPrefix(err.Error(), "jedi: "))
	}
	o.fight = f.Config()
	if now := f.Arena.Now(); o.save != "" && (o.saveAt < now || o.saveAt >= o.fight.Duration) {
		return o, fmt.Errorf("-save-at %v: give a moment from the save's %v to the fight's end at %v", o.saveAt, now, o.fight.Duration)
	}
	return o, nil
}

// newFight sets up the fight of o: from the -load file, or afresh.
func newFight(o options) (*jedi.Fight, error) {
	if o.load == "" {
		return jedi.NewFight(o.fight)
	}
	f, err := jedi.LoadFight(o.loadData, jedi.FightConfig{Tree: o.fight.Tree, Tracer: o.fight.Tracer, OnDecide: o.fight.OnDecide, OnStep: o.fight.OnStep})
	if err != nil {
		return nil, fmt.Errorf("-load %q: %v", o.load, err)
	}
	return f, nil
}

// A saver writes the fight to the -save file once its clock reaches
// -save-at, between two steps, and lets it go on.
type saver struct {
	path   string
	at     time.Duration
	stderr io.Writer
	done   bool
	err    error
}

// step saves the fight if its moment has come.
func (s *saver) step(f *jedi.Fight) {
	if s == nil || s.done || f.Arena.Now() < s.at {
		return
	}
	s.done = true
	data, err := f.Save()
	if err == nil {
		err = os.WriteFile(s.path, data, 0o644)
	}
	if err != nil {
		s.err = fmt.Errorf("-save %q: %v", s.path, unwrapPath(err))
		return
	}
	fmt.Fprintf(s.stderr, "jedi: saved the fight at %v to %s (-save)\n", f.Arena.Now(), s.path)
}

// begin saves the fight before its first step if its moment is now: a
// fight's start, or the moment of the save it was loaded from.
func (s *saver) begin(f *jedi.Fight) error {
	if s == nil {
		return nil
	}
	s.step(f)
	return s.err
}

// finish reports a save that failed, or that never came: the fight was
// over first.
func (s *saver) finish(f *jedi.Fight) error {
	switch {
	case s == nil:
		return nil
	case s.err != nil:
		return s.err
	case !s.done:
		return fmt.Errorf("-save-at %v: the fight was over at %v: nothing saved", s.at, f.Arena.Now())
	}
	return nil
}

// checkSaveFlags reports -save, -save-at and -load given wrong: as every
// demo does (demo.CheckSave), a moment beyond the fight, or either with
// a flag that fights other than one fight from its start.
func checkSaveFlags(o options, set map[string]bool) error {
	if err := demo.CheckSave(o.save, o.load, set, "fight", "seed", "skill", "enemies", "partner", "mistakes", "duration"); err != nil {
		return err
	}
	switch {
	case o.save != "" && o.load == "" && (o.saveAt < 0 || o.saveAt >= o.fight.Duration):
		return fmt.Errorf("-save-at %v: give a moment within the fight, before its -duration %v", o.saveAt, o.fight.Duration)
	case (o.save != "" || o.load != "") && (o.runs > 0 || o.Edit != "" || o.WriteTree != "" || o.writeSchema != ""):
		return errors.New("-save and -load go with one fight: not with -runs, -edit, -write-tree or -write-schema")
	}
	return nil
}
