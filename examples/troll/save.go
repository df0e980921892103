package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/internal/cmd/treefile"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// A run's save is JSON, for people: what the run is (the decider, or a
// tree file's tree, the seed and the duration), the game (troll.Game's
// state: the world and the agent, in bt's JSON form with its tree's
// fingerprint and a checksum) and what the report has followed of the
// troll's plans and decisions (trace.Actions), which its task lines
// place steps in.
const (
	saveFormat  = "foresight-troll-run"
	saveVersion = 1
	treeGiven   = "given" // a -tree file's tree: the save loads with it
)

type runSave struct {
	Format   string          `json:"format"`
	Version  int             `json:"version"`
	Decider  string          `json:"decider,omitempty"`
	Tree     string          `json:"tree,omitempty"`
	Seed     uint64          `json:"seed"`
	Duration string          `json:"duration"`
	Game     json.RawMessage `json:"game"`
	Actions  json.RawMessage `json:"actions"`
}

// maxSave bounds a -load file: a run's save is a few kilobytes.
const maxSave = 16 << 20

// readSave reads the -load file into o: the decider, seed and duration
// its run had, and what to restore (loaded), which playing checks.
func readSave(o options) (options, error) {
	data, err := treefile.Read(o.load, maxSave)
	switch {
	case err != nil:
		return o, fmt.Errorf("-load %q: %v", o.load, err)
	case len(data) > maxSave:
		return o, fmt.Errorf("-load %q: more than %d bytes: not a save of a run", o.load, maxSave)
	}
	bad := func(format string, args ...any) (options, error) {
		return o, fmt.Errorf("-load %q: %s", o.load, fmt.Sprintf(format, args...))
	}
	var s runSave
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return bad("not a save of a run: %v", err)
	}
	switch {
	case s.Format != saveFormat:
		return bad("format %q, not %q", s.Format, saveFormat)
	case s.Version != saveVersion:
		return bad("version %d, not %d", s.Version, saveVersion)
	case s.Tree == treeGiven && o.Tree == "":
		return bad("a run of a -tree file's tree: give that file (-tree FILE)")
	case s.Tree != treeGiven && o.Tree != "":
		return bad("a run of the %s decider: give no -tree", s.Decider)
	case s.Tree != "" && s.Tree != treeGiven:
		return bad("tree %q: want %q or none", s.Tree, treeGiven)
	}
	if s.Tree == "" {
		if o.decider, err = troll.ParseDecider(s.Decider); err != nil {
			return bad("%v", err)
		}
	}
	if o.duration, err = time.ParseDuration(s.Duration); err != nil || o.duration < troll.Step || o.duration > time.Hour {
		return bad("duration %q: want from %v to 1h", s.Duration, troll.Step)
	}
	o.seed, o.loaded = s.Seed, &s
	return o, nil
}

// restore puts the save o was loaded from, if any, into g, and the
// report's state into acts: it errs for a game or report the save
// cannot be, leaving the run as it was begun.
func restore(o options, g *troll.Game, acts *trace.Actions) error {
	if o.loaded == nil {
		return nil
	}
	if err := g.UnmarshalJSON(o.loaded.Game); err != nil {
		return fmt.Errorf("-load %q: %v", o.load, err)
	}
	if err := acts.UnmarshalJSON(o.loaded.Actions); err != nil {
		return fmt.Errorf("-load %q: %v", o.load, err)
	}
	return nil
}

// checkLoad checks, before the run, that the -load file restores into a
// game of tree.
func checkLoad(o options, tree *bt.Tree[troll.Memory]) error {
	g, err := troll.NewGame(tree, o.seed)
	if err != nil {
		return err
	}
	if err := restore(o, g, trace.NewActions(tree.Nodes(), nil)); err != nil {
		return err
	}
	if now := g.World.Troll.Now; o.save != "" && o.saveAt < now {
		return fmt.Errorf("-save-at %v: the run loaded is at %v already", o.saveAt, now)
	}
	return nil
}

// A saver writes the run to the -save file once its clock reaches
// -save-at, between two ticks, and lets it go on.
type saver struct {
	o      options
	acts   *trace.Actions
	stderr io.Writer
	done   bool
}

// step saves the game if its moment has come.
func (s *saver) step(g *troll.Game) error {
	if s == nil || s.done || g.World.Troll.Now < s.o.saveAt {
		return nil
	}
	s.done = true
	data, err := s.save(g)
	if err == nil {
		err = os.WriteFile(s.o.save, data, 0o644)
	}
	if err != nil {
		return fmt.Errorf("-save %q: %v", s.o.save, err)
	}
	fmt.Fprintf(s.stderr, "troll: saved the run at %v to %s (-save)\n", g.World.Troll.Now, s.o.save)
	return nil
}

func (s *saver) save(g *troll.Game) ([]byte, error) {
	r := runSave{Format: saveFormat, Version: saveVersion, Seed: s.o.seed, Duration: s.o.duration.String()}
	if s.o.Tree != "" {
		r.Tree = treeGiven
	} else {
		r.Decider = s.o.decider.String()
	}
	var err error
	if r.Game, err = g.MarshalJSON(); err != nil {
		return nil, err
	}
	if r.Actions, err = s.acts.MarshalJSON(); err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(r, "", "\t")
	return append(out, '\n'), err
}

// checkSaveFlags reports -save, -save-at and -load given wrong: as every
// demo does (demo.CheckSave), or either with a flag that runs other than
// one game from its start.
func checkSaveFlags(o options, set map[string]bool) error {
	if err := demo.CheckSave(o.save, o.load, set, "run", "decider", "seed", "duration"); err != nil {
		return err
	}
	if (o.save != "" || o.load != "") && (o.Serve != "" || o.Edit != "" || o.WriteTree != "") {
		return errors.New("-save and -load go with one run to its end: not with -serve, -edit or -write-tree")
	}
	return nil
}

// checkSaveAt reports a -save-at out of the run.
func checkSaveAt(o options) error {
	if o.save != "" && (o.saveAt < 0 || o.saveAt >= o.duration) {
		return fmt.Errorf("-save-at %v: give a moment within the run, before its -duration %v", o.saveAt, o.duration)
	}
	return nil
}
