// Command jedi runs a fight between a Jedi and droids on a small arena and
// shows, tick by tick, what the Jedi chose and why: every decision of its
// behaviour tree is a plan, made by simulating each option on a copy of
// its memory and judging the result with the combat heuristic.
//
// Usage:
//
//	go run ./examples/jedi [flags]
//
// Flags:
//
//	-seed N          seed of the arena and the Jedi's random choices (default 1)
//	-skill S         master, knight, padawan, or a number from 0 to 1 (default knight)
//	-enemies LIST    e.g. droid:3,brawler:1,trooper:1,rusher:1 (the default)
//	-partner         a second Jedi fights alongside
//	-mistakes        the Jedi swings once at a raised shield, believing it down
//	-duration D      the longest the fight may last (default 2m)
//	-json            one JSON object per line instead of the timeline
//	-dot FILE        write the combat tree as a Graphviz diagram, annotated
//	                 with the Jedi's last decisions
//	-mermaid FILE    the same as a Mermaid flowchart
//	-at SECONDS      annotate the diagrams with the decisions at this time
//	                 instead of the end of the fight (needs -dot or -mermaid)
//	-runs N          fight N seeds from -seed on and print how often each
//	                 node of the tree was simulated, chosen and run
//	-tree FILE       the Jedi's combat tree read from a JSON file (see
//	                 jedi.json here) instead of the built-in one
//	-watch           with -tree: fight at the pace of the clock, and read
//	                 FILE again whenever it changes
//	-write-tree FILE write the built-in tree (as -mistakes shapes it) to
//	                 FILE as JSON, to edit, and exit
//	-write-schema FILE
//	                 write the JSON Schema of tree files to FILE, and exit
//	-save FILE       with -save-at: write the fight's state to FILE when
//	                 its clock reaches D, and fight on
//	-save-at D       when -save writes the fight, such as 10s
//	-load FILE       start from a fight -save wrote, which says its seed,
//	                 skill, enemies, tree and duration: no flag gives them
//	                 (a fight of a -tree file loads with -tree FILE)
//	-html FILE       write the fight as a replay page: the tree, each
//	                 moment's decisions and the arena, in one HTML file
//	-serve ADDR      run the fight in real time and serve the live view
//	                 at ADDR (e.g. :8080, on loopback), from when a
//	                 browser connects
//	-edit ADDR       with -tree: serve an editor of FILE at ADDR (e.g.
//	                 :8080, on loopback), with the fight's live view at
//	                 ADDR/live/, and fight on, fight after fight, at the
//	                 pace of the clock, reading FILE again whenever it is
//	                 saved, until Ctrl-C
//
// A fight loaded from a save made at D prints, from D on, what the fight
// never saved prints: with -json, the same lines, byte for byte.
//
// Each line of the timeline shows the time, the action begun with the
// outcome its prediction earned and the rule that gave it, the Jedi's hit
// points and its victim's; the next line shows the best options it turned
// down, with the constraint that ruled out the impossible ones. A summary
// follows: who won, when each enemy fell, and the damage taken.
//
// -h lists the flags with examples. Bad flags, one file named by two
// flags for output (or for output and as the -tree file), an output file
// that cannot be created (-dot, -mermaid, -html) and a -serve address
// that cannot be opened are reported on one line before the fight, with
// exit status 2; a
// file written is reported on standard error. A failed
// write, to standard output or to a picture file, is reported on one line
// with exit status 1.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/internal/cmd/outfiles"
	"github.com/foresight-bt/foresight/internal/web/sticky"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/stats"
	"github.com/foresight-bt/foresight/trace"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = "usage: jedi [-seed N] [-skill master|knight|padawan|0..1] [-enemies droid:3,brawler:1,...] " +
	"[-partner] [-mistakes] [-duration D] [-json] [-dot FILE] [-mermaid FILE] [-at SECONDS] [-runs N] " +
	"[-tree FILE [-watch | -edit ADDR]] [-write-tree FILE] [-write-schema FILE] [-html FILE] [-serve ADDR] " +
	"[-save FILE -save-at D] [-load FILE]"

// options are the command line, read.
type options struct {
	demo.Flags  // -tree, -edit, -json, -dot, -mermaid, -html, -serve, -write-tree
	fight       jedi.FightConfig
	at          time.Duration // 0: the end of the fight
	runs        int
	treeData    []byte // what the -tree file held
	watch       bool
	writeSchema string
	save        string        // -save: the file to write the fight to
	saveAt      time.Duration // -save-at: when
	load        string        // -load: the save to start from
	loadData    []byte        // what it holds
}

// run runs the program and returns its exit status: 2 for bad flags or
// an output file that cannot be created, 1 when the fight or a write
// fails.
func run(args []string, stdout, stderr io.Writer) int {
	out := &sticky.Writer{W: stdout}
	o, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		help(out)
		return done(out, nil, nil, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 2
	}
	if o.WriteTree != "" || o.writeSchema != "" {
		if err := writeFiles(o, stderr); err != nil {
			fmt.Fprintf(stderr, "jedi: %v\n", err)
			return 1
		}
		return 0
	}
	if o.Edit != "" {
		ctx, stop := demo.Interrupted()
		defer stop()
		ed, err := openEditor(ctx, o.Edit, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "jedi: %v\n", err)
			return 2
		}
		return done(out, ed.run(o, bufio.NewWriter(out)), nil, stderr)
	}
	// Create the picture files now, so a bad path is found before the
	// fight rather than after it.
	pics, err := createPictures(o)
	if err != nil {
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 2
	}
	views, stop, err := viewers(o, pics, stderr)
	if err != nil {
		done(out, nil, pics, io.Discard)
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 2
	}
	defer stop()
	buf := bufio.NewWriter(out)
	if o.runs > 0 {
		err = survey(o, buf, stderr)
	} else {
		err = watch(o, buf, pics, views, stderr)
	}
	if ferr := buf.Flush(); err == nil { // what was written before an error is kept
		err = ferr
	}
	return done(out, err, pics, stderr)
}

// done closes the picture files and reports the first error: a failed
// write to standard output, else err, else a failed close. It returns the
// exit status.
func done(out *sticky.Writer, err error, pics []*pictureFile, stderr io.Writer) int {
	for _, p := range pics {
		if cerr := p.f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("-%s %q: %v", p.flag, p.path, unwrapPath(cerr))
		}
	}
	if out.Err != nil {
		err = fmt.Errorf("writing to standard output: %v", out.Err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 1
	}
	for _, p := range pics {
		what := "the combat tree"
		if p.draw == nil {
			what = "the replay"
		}
		fmt.Fprintf(stderr, "jedi: wrote %s to %s (-%s)\n", what, p.path, p.flag)
	}
	return 0
}

// A pictureFile is a file named by -dot, -mermaid or -html, open for
// writing.
type pictureFile struct {
	flag, path string
	f          *os.File
	draw       func(draw.Picture, io.Writer) error // nil for -html
}

// createPictures creates the files named by -dot, -mermaid and -html
// (parseFlags has checked that they are distinct). Given a file it cannot
// create, it closes what it opened and fails.
func createPictures(o options) ([]*pictureFile, error) {
	var pics []*pictureFile
	fail := func(err error) ([]*pictureFile, error) {
		for _, p := range pics {
			p.f.Close()
		}
		return nil, err
	}
	for _, p := range []*pictureFile{
		{flag: "dot", path: o.Dot, draw: draw.Picture.DOT},
		{flag: "mermaid", path: o.Mermaid, draw: draw.Picture.Mermaid},
		{flag: "html", path: o.HTML},
	} {
		if p.path == "" {
			continue
		}
		f, err := os.Create(p.path)
		if err != nil {
			return fail(fmt.Errorf("-%s %q: %v", p.flag, p.path, unwrapPath(err)))
		}
		p.f = f
		pics = append(pics, p)
	}
	return pics, nil
}

// unwrapPath returns the cause of a *fs.PathError, whose own message
// repeats the path unquoted (a path may hold a newline); other errors it
// returns as they are.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// watch runs one fight and reports it, to views too.
func watch(o options, stdout *bufio.Writer, pics []*pictureFile, views []viewer, stderr io.Writer) error {
	var out report = &timeline{w: stdout}
	if o.JSON {
		out = &jsonLines{w: stdout}
	}
	var save *saver
	if o.save != "" {
		save = &saver{path: o.save, at: o.saveAt, stderr: stderr}
	}
	o.fight.OnDecide = out.decide
	o.fight.OnStep = func(f *jedi.Fight) {
		for _, v := range views {
			v.step(f)
		}
		save.step(f)
	}
	fight, err := newFight(o)
	if err != nil {
		return err
	}
	o.fight = fight.Config() // a fight loaded: as its save says
	if err := save.begin(fight); err != nil {
		return err
	}
	for _, v := range views {
		if err := v.start(fight); err != nil {
			return err
		}
	}
	run := &stepper{fight: fight, stderr: stderr, flush: stdout.Flush}
	if o.watch {
		run.file = newWatchedFile(o.Tree, o.treeData)
	}
	out.start(fight)
	latest := &trace.Latest{}
	fight.AddTracer(latest)
	var pic draw.Picture
	if o.at > 0 {
		if _, err := run.until(o.at); err != nil {
			return err
		}
		pic = picture(fight, latest)
	}
	summary, err := run.until(o.fight.Duration)
	if err != nil {
		return err
	}
	if err := save.finish(fight); err != nil {
		return err
	}
	out.summary(summary)
	if o.at == 0 {
		pic = picture(fight, latest)
	}
	for _, p := range pics {
		if p.draw == nil {
			continue
		}
		if err := p.draw(pic, p.f); err != nil {
			return fmt.Errorf("-%s %q: %v", p.flag, p.path, unwrapPath(err))
		}
	}
	for _, v := range views {
		if err := v.finish(); err != nil {
			return err
		}
	}
	return nil
}

// picture draws the first Jedi's tree with its last decisions.
func picture(f *jedi.Fight, latest *trace.Latest) draw.Picture {
	return draw.Picture{
		Title:     fmt.Sprintf("the Jedi's combat tree at %.2fs", f.Arena.Now().Seconds()),
		Nodes:     f.Tree.Nodes(),
		Decisions: latest.Decisions(),
	}
}

// survey fights o.runs seeds and prints what the tree did, node by node.
func survey(o options, stdout, stderr io.Writer) error {
	var counts *stats.Collector
	terminal := isTerminal(stderr)
	wins := 0
	for i := 0; i < o.runs; i++ {
		cfg := o.fight
		cfg.Seed += uint64(i)
		fight, err := jedi.NewFight(cfg)
		if err != nil {
			return err
		}
		if counts == nil {
			counts = stats.New(fight.Tree.Nodes())
		}
		fight.AddTracer(counts)
		s, err := fight.Run()
		if err != nil {
			return err
		}
		if s.Winner == "jedi" {
			wins++
		}
		if terminal {
			fmt.Fprintf(stderr, "\rfight %d of %d", i+1, o.runs)
		}
	}
	if terminal {
		fmt.Fprintln(stderr)
	}
	fmt.Fprintf(stdout, "%d fights from seed %d: the Jedi won %d.\n\n", o.runs, o.fight.Seed, wins)
	if err := counts.WriteTable(stdout); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nNever chosen:")
	for _, p := range counts.NeverChosen() {
		fmt.Fprintln(stdout, "  "+p)
	}
	fmt.Fprintln(stdout, "\nAlways impossible:")
	for _, imp := range counts.AlwaysImpossible() {
		fmt.Fprintf(stdout, "  %s (%d times): %s\n", imp.Path, imp.Times, strings.Join(imp.Reasons, "; "))
	}
	return nil
}

// isTerminal reports whether w is a terminal, where a progress line helps
// rather than clutters.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// help writes the usage line, every flag with a line of help, and
// examples.
func help(w io.Writer) {
	fs := flagSet(&options{}, &rawFlags{})
	fmt.Fprintln(w, usage)
	fmt.Fprintln(w)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprint(w, `
examples:
  jedi -skill master -enemies droid:2,trooper:1     a master against two droids and a trooper
  jedi -mistakes -enemies trooper:1                 the Jedi strikes a raised shield once, and learns
  jedi -json | head                                 one JSON object per line
  jedi -dot tree.dot -at 12.5                       the tree with the decisions made at 12.5 s
  jedi -runs 20                                     how often each node was chosen over 20 fights
  jedi -write-tree my.json                          the built-in tree as a file, to edit
  jedi -tree my.json -watch                         fight with my.json, and reload it on every save
  jedi -tree my.json -edit :8080                    edit my.json at http://localhost:8080/ while the Jedi fights
  jedi -html fight.html                             a replay page: open it in a browser
  jedi -serve :8080                                 watch the fight live at http://localhost:8080/
  jedi -json -save at10.json -save-at 10s           save the fight at 10 s, and fight on
  jedi -json -load at10.json                        the same fight from 10 s on
`)
}

// rawFlags are the flags read before they are checked.
type rawFlags struct {
	seed           uint64
	skill, enemies string
	duration       time.Duration
	at             float64
}

// flagSet declares the flags, into o and r.
func flagSet(o *options, r *rawFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("jedi", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Uint64Var(&r.seed, "seed", 1, "seed `N` of the arena and of the Jedi's random choices")
	fs.StringVar(&r.skill, "skill", "knight", "`SKILL`: master, knight, padawan, or a number from 0 to 1")
	fs.StringVar(&r.enemies, "enemies", "droid:3,brawler:1,trooper:1,rusher:1", "the enemies as a `LIST` of type:count (droid, brawler, trooper, rusher; at most 8 in all)")
	fs.BoolVar(&o.fight.Partner, "partner", false, "a second Jedi fights alongside")
	fs.BoolVar(&o.fight.Mistakes, "mistakes", false, "the Jedi swings once at a raised shield, believing it down")
	fs.DurationVar(&r.duration, "duration", 2*time.Minute, "the longest the fight may last, a `DURATION` of at most 1h")
	fs.Float64Var(&r.at, "at", 0, "annotate -dot and -mermaid with the decisions at this many `SECONDS` (default: the end)")
	fs.IntVar(&o.runs, "runs", 0, "fight `N` seeds from -seed on and print how often each node was simulated, chosen and run")
	fs.BoolVar(&o.watch, "watch", false, "with -tree: fight at the pace of the clock, and read the file again whenever it changes")
	fs.StringVar(&o.writeSchema, "write-schema", "", "write the JSON Schema of tree files to `FILE`, and exit")
	fs.StringVar(&o.save, "save", "", "with -save-at: write the fight's state to `FILE` when its clock reaches -save-at, and fight on")
	fs.DurationVar(&o.saveAt, "save-at", 0, "when -save writes the fight, a `DURATION` into it such as 10s")
	fs.StringVar(&o.load, "load", "", "start from the fight a -save wrote to `FILE`, which says its seed, skill, enemies and the rest")
	o.Declare(fs, flagHelp)
	return fs
}

// flagHelp is the help of the flags the demos share (demo.Flags).
var flagHelp = map[string]string{
	"json":       "print one JSON object per line instead of the timeline",
	"dot":        "write the combat tree to `FILE` as a Graphviz diagram, annotated with decisions",
	"mermaid":    "write the combat tree to `FILE` as a Mermaid flowchart, annotated with decisions",
	"tree":       "read the Jedi's combat tree from the JSON `FILE` (see examples/jedi/jedi.json) instead of the built-in one",
	"write-tree": "write the built-in combat tree (as -mistakes shapes it) to `FILE` as JSON, and exit",
	"html":       "write the fight to `FILE` as a replay page (tree, decisions, arena) to open in a browser",
	"serve":      "run the fight in real time and serve the live view at `ADDR` (e.g. :8080, on loopback)",
	"edit":       "with -tree: serve an editor of the file at `ADDR` (e.g. :8080, on loopback) and fight on, fight after fight, reloading it on every save",
}

// parseFlags reads the command line.
func parseFlags(args []string) (options, error) {
	var o options
	var r rawFlags
	fs := flagSet(&o, &r)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, fmt.Errorf("%v (%s)", err, usage)
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q (%s)", fs.Arg(0), usage)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	duration, at := &r.duration, &r.at
	o.fight.Seed = r.seed
	var err error
	if o.fight.Skill, err = jedi.ParseSkill(r.skill); err != nil {
		return o, fmt.Errorf("-skill: %v", err)
	}
	if o.fight.Enemies, err = parseEnemies(r.enemies); err != nil {
		return o, fmt.Errorf("-enemies: %v", err)
	}
	if *duration <= 0 || *duration > time.Hour {
		return o, fmt.Errorf("-duration %v: give more than 0 and at most 1h", *duration)
	}
	o.fight.Duration = *duration
	switch {
	case *at < 0 || *at != *at || *at > duration.Seconds():
		return o, fmt.Errorf("-at %v: give a time within the fight's duration, in seconds", *at)
	case set["at"] && o.Dot == "" && o.Mermaid == "":
		return o, errors.New("-at chooses the decisions a picture shows: give -dot or -mermaid with it")
	case set["runs"] && (o.runs < 1 || o.runs > 10000), o.runs < 0 || o.runs > 10000:
		return o, fmt.Errorf("-runs %d: give 1 to 10000", o.runs)
	case o.runs > 0 && (o.JSON || o.Dot != "" || o.Mermaid != "" || *at != 0 || o.HTML != "" || o.Serve != ""):
		return o, errors.New("-runs prints statistics; it does not go with -json, -dot, -mermaid, -at, -html or -serve")
	case set["serve"] && o.Serve == "":
		return o, errors.New("-serve needs an address, such as :8080")
	case set["html"] && o.HTML == "":
		return o, errors.New("-html needs a file name")
	}
	o.at = time.Duration(*at * float64(time.Second))
	editErr := o.CheckEdit(set["edit"], "the Jedi fights")
	switch {
	case o.watch && o.Tree == "":
		return o, errWatch
	case o.watch && o.runs > 0:
		return o, errors.New("-runs fights many fights at once; -watch goes with one fight")
	case editErr != nil:
		return o, editErr
	case o.Edit != "" && (o.runs > 0 || o.HTML != "" || o.Serve != "" || o.Dot != "" || o.Mermaid != "" || o.at != 0):
		return o, errors.New("-edit fights until Ctrl-C and serves the live view itself: it goes without -runs, -html, -serve, -dot, -mermaid and -at")
	case o.watch && (o.HTML != "" || o.Serve != ""):
		// A reload changes the tree's shape, which a page's header holds.
		return o, errors.New("-watch goes without -html and -serve: a page shows one tree, and a reload may change it")
	case o.Tree != "" && o.fight.Mistakes:
		return o, errors.New("-mistakes shapes the built-in tree: a -tree file has the mistake in it or not (see -write-tree)")
	case o.Tree != "" && (o.WriteTree != "" || o.writeSchema != ""):
		return o, errors.New("-write-tree and -write-schema write files and exit: they do not go with -tree")
	}
	if err := checkSaveFlags(o, set); err != nil {
		return o, err
	}
	if err := outfiles.Distinct(outfiles.File{Flag: "tree", Path: o.Tree, Input: true},
		outfiles.File{Flag: "dot", Path: o.Dot}, outfiles.File{Flag: "mermaid", Path: o.Mermaid}, outfiles.File{Flag: "html", Path: o.HTML},
		outfiles.File{Flag: "write-tree", Path: o.WriteTree}, outfiles.File{Flag: "write-schema", Path: o.writeSchema},
		outfiles.File{Flag: "save", Path: o.save}, outfiles.File{Flag: "load", Path: o.load, Input: true}); err != nil {
		return o, err
	}
	switch {
	case o.Tree != "":
		if o.fight.Tree, o.treeData, err = readTree(o.Tree); err != nil {
			return o, err
		}
	}
	if o.load != "" {
		return loadFlags(o)
	}
	return o, nil
}

// parseEnemies reads a list such as "droid:3,brawler:1".
func parseEnemies(s string) ([]jedi.EnemyType, error) {
	var out []jedi.EnemyType
	for _, item := range strings.Split(s, ",") {
		name, count, found := strings.Cut(strings.TrimSpace(item), ":")
		n := 1
		if found {
			var err error
			if n, err = strconv.Atoi(count); err != nil || n < 1 {
				return nil, fmt.Errorf("%q: the count must be a whole number of at least 1", item)
			}
		}
		t, err := jedi.ParseEnemyType(name)
		if err != nil {
			return nil, err
		}
		for i := 0; i < n; i++ {
			out = append(out, t)
			if len(out) > jedi.MaxEnemies {
				return nil, fmt.Errorf("more than %d enemies: the arena holds at most %d", jedi.MaxEnemies, jedi.MaxEnemies)
			}
		}
	}
	return out, nil
}
