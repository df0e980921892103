// Command troll runs the Trunk Thumper, the troll of Game AI Pro's
// "Exploring HTN Planners through Example", on a small map with three
// bridges to patrol, trees to uproot for a trunk, and an intruder that
// wanders in and out of sight, and shows what the troll planned and did,
// and why.
//
// Usage:
//
//	go run ./examples/troll [flags]
//
// Flags:
//
//	-decider D    htn (the default: a plan runner over the chapter's domain),
//	              bt (a behaviour tree over the same actions), goap (a
//	              goal-driven planner over them: slay, regain sight, guard)
//	              or fsm (a state machine of dead, hurt, and fight and
//	              patrol, whose state runs the HTN domain)
//	-seed N       seed of the map's intruder (default 1)
//	-duration D   how long to run, from 100ms (a tick) to 1h, in whole
//	              ticks (default 60s)
//	-json         one JSON object per line instead of the timeline
//	-dot FILE     also write the troll's mind as a Graphviz diagram: the
//	              HTN domain, each compound task unfolded where it first
//	              appears (htn), the tree (bt; goap: the GOAP runner
//	              with the actions it plans over), or the state diagram of
//	              the machine, coloured by the state the run ends in and
//	              the transition that took it there (fsm)
//	-mermaid FILE the same as a Mermaid flowchart (another file than -dot's)
//	-html FILE    also write the run as a replay page to open in a browser:
//	              the tree, each moment's decisions and plans, and the map
//	-serve ADDR   run in real time and serve the live view at ADDR (e.g.
//	              :8080, on loopback), from when a browser connects, until
//	              Ctrl-C
//	-tree FILE    the troll's tree read from a JSON file, such as
//	              examples/troll/troll.json, instead of the built-in one
//	              (the file says which decider; not with -decider)
//	-edit ADDR    with -tree: serve an editor of the file at ADDR (e.g.
//	              :8080, on loopback), with the run's live view at
//	              ADDR/live/, and run game after game in real time, each
//	              of -duration from the next seed, reading the file again
//	              whenever it is saved, until Ctrl-C
//	-write-tree FILE  write the built-in tree of -decider as a JSON file,
//	              and exit (troll.json, troll-bt.json, troll-goap.json and
//	              troll-fsm.json here are what it writes)
//	-save FILE    with -save-at: write the run's state to FILE when its
//	              clock reaches D, and run on
//	-save-at D    when -save writes the run, such as 10s
//	-load FILE    start from a run -save wrote, which says its decider,
//	              seed and duration: no flag gives them (a run of a -tree
//	              file loads with -tree FILE)
//	-stats        after the run, the statistics of every node (package
//	              stats): how often it was simulated, chosen, planned,
//	              begun, succeeded, failed, halted and refused, and, for
//	              the tasks of the planner (htn, goap), how often its
//	              plannings considered, discarded and admitted each; then
//	              the actions never chosen and the tasks never planned
//
// The timeline shows each plan the troll made, kept or replaced, with its
// methods ([attack/rearm/slam]: the root's attack, AttackEnemy's rearm,
// then its slam) under htn, or the goal it serves under goap,
// or, under fsm, each state the machine enters with the transition that
// took it there, and why, then each task begun, with its place in the plan and the
// troll's state. With -json, a "plan" object is written for every plan
// (with its goal, and under goap its cost), a "task" object for every
// task begun and a "summary" at the end; the output is the same, byte for
// byte, for the same flags. A run loaded from a save made at D prints,
// from D on, the lines of the run never saved (-stats counts from D).
//
// -h lists the flags with examples. Bad flags (one file named by two of
// -dot, -mermaid and -html among them), and a picture that cannot be
// written, are reported on one line, with exit status 2; a picture
// written is reported on standard error; a failed write to standard
// output, with exit status 1.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/cmd/demo"
	"github.com/foresight-bt/foresight/internal/cmd/outfiles"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/stats"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = "usage: troll [-decider htn|bt|goap|fsm | -tree FILE] [-seed N] [-duration D] [-json] [-dot FILE] " +
	"[-mermaid FILE] [-html FILE | -serve ADDR] [-stats] [-save FILE -save-at D] [-load FILE] | " +
	"troll -tree FILE -edit ADDR [-seed N] [-duration D] [-json] | troll [-decider D] -write-tree FILE"

type options struct {
	demo.Flags // -tree, -edit, -json, -dot, -mermaid, -html, -serve, -write-tree
	decider    troll.Decider
	seed       uint64
	duration   time.Duration
	stats      bool          // count what every node did, and show it after the run
	save       string        // -save: the file to write the run to
	saveAt     time.Duration // -save-at: when
	load       string        // -load: the save to start from
	loaded     *runSave      // what it holds
}

// label names the troll's mind: its decider, or the tree file it reads.
func (o options) label() string {
	if o.Tree != "" {
		return "tree " + o.Tree
	}
	return o.decider.String()
}

// mind returns the troll's tree: read from -tree, with the file's text
// it was built from, or built in (and no text).
func (o options) mind() (*bt.Tree[troll.Memory], []byte, error) {
	if o.Tree == "" {
		tree, err := troll.NewTree(o.decider)
		return tree, nil, err
	}
	data, err := demo.ReadFile(o.Tree)
	if err != nil {
		return nil, nil, fmt.Errorf("-tree: %v", err)
	}
	reg, err := troll.Registry()
	if err != nil {
		return nil, nil, err
	}
	tree, err := demo.Build(reg, troll.TreeConfig(), o.Tree, data)
	if err != nil {
		return nil, nil, err
	}
	return tree, data, nil
}

// writeTree writes the built-in tree of o.decider to o.WriteTree.
func writeTree(o options, stderr io.Writer) error {
	def, err := troll.Design(o.decider)
	if err != nil {
		return err
	}
	reg, err := troll.Registry()
	if err != nil {
		return err
	}
	data, err := reg.Marshal(def)
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.WriteTree, data, 0o644); err != nil {
		return fmt.Errorf("-write-tree: %v", err)
	}
	fmt.Fprintf(stderr, "troll: wrote the %s tree to %s (-write-tree)\n", o.decider, o.WriteTree)
	return nil
}

// run runs the program and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, helpText)
		return status(err, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "troll: %v\n", err)
		return 2
	}
	if o.WriteTree != "" {
		if err := writeTree(o, stderr); err != nil {
			fmt.Fprintf(stderr, "troll: %v\n", err)
			return 2
		}
		return 0
	}
	tree, data, err := o.mind()
	if err == nil && o.loaded != nil {
		err = checkLoad(o, tree)
	}
	if err != nil {
		fmt.Fprintf(stderr, "troll: %v\n", err)
		return 2
	}
	machine := o.decider == troll.FSM && o.Tree == "" // drawn after the run, in the state it ends in
	if !machine {
		if err := drawMind(o, tree, nil, stderr); err != nil {
			fmt.Fprintf(stderr, "troll: %v\n", err)
			return 2
		}
	}
	if o.Edit != "" {
		ctx, stop := demo.Interrupted()
		defer stop()
		ed, err := openEditor(ctx, o.Edit, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "troll: %v\n", err)
			return 2
		}
		return status(ed.run(o, tree, data, bufio.NewWriter(stdout)), stderr)
	}
	var live *server
	if o.Serve != "" {
		ctx, stop := demo.Interrupted()
		defer stop()
		if live, err = listen(ctx, o.Serve, stderr); err != nil {
			fmt.Fprintf(stderr, "troll: %v\n", err)
			return 2
		}
	}
	var page *os.File
	if o.HTML != "" {
		if page, err = os.Create(o.HTML); err != nil {
			fmt.Fprintf(stderr, "troll: -html: %v\n", err)
			return 2
		}
	}
	var replay io.Writer // nil without -html: not a nil *os.File
	if page != nil {
		replay = page
	}
	out := bufio.NewWriter(stdout)
	var last lastReport // the machine's last report, for its picture
	err = play(o, tree, out, replay, live, &last, stderr)
	if page != nil {
		if cerr := page.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("-html: %v", cerr)
		}
		if err == nil {
			fmt.Fprintf(stderr, "troll: wrote the replay to %s (-html)\n", o.HTML)
		}
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err == nil && machine {
		if derr := drawMind(o, tree, last.report, stderr); derr != nil {
			fmt.Fprintf(stderr, "troll: %v\n", derr)
			return 2
		}
	}
	return status(err, stderr)
}

// lastReport keeps the last report of the tree's root, when the root is a
// machine: the state it is in and the transition that took it there.
type lastReport struct{ report *decide.Report }

func (l *lastReport) Trace(e *bt.Event) {
	if e.Kind == bt.EventPlan && !strings.Contains(e.Path, "/") {
		l.report = e.Plan.Clone()
	}
}

func status(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintf(stderr, "troll: %v\n", err)
		return 1
	}
	return 0
}

const helpText = usage + `

Runs the Trunk Thumper on its map and shows what it planned and did, and why.

  -decider D    htn (the default), bt, goap or fsm: the HTN plan runner, a
                behaviour tree over the same actions, a goal-driven
                (GOAP) planner over them, or a state machine (dead, hurt,
                and fight and patrol, which runs the HTN domain)
  -seed N       seed of the intruder's whims (default 1)
  -duration D   how long to run, such as 90s or 5m: from 100ms (a tick) to 1h,
                in whole ticks (default 60s)
  -json         one JSON object per line: "plan", "task" and "summary"
  -dot FILE     also write the troll's mind as a Graphviz diagram: the HTN
                domain (htn), the tree (bt, goap), or the state diagram of the
                machine as the run leaves it (fsm); the run goes on as usual
  -mermaid FILE the same as a Mermaid flowchart
  -html FILE    also write the run as a replay page (package inspect): the tree,
                each moment's decisions and plans, and the map; open it in a browser
  -serve ADDR   run in real time and serve the live view at ADDR, such as :8080,
                from when a browser connects; pause and step it from the page
  -tree FILE    the troll's tree read from a JSON file instead of the built-in
                one; the file says which decider, so not with -decider
  -edit ADDR    with -tree: serve an editor of the file at ADDR, such as :8080
                (on loopback), with the run's live view at ADDR/live/, and run
                game after game of -duration in real time, each from the next
                seed, reading the file again whenever it is saved, until Ctrl-C
  -write-tree FILE  write the built-in tree of -decider as a JSON file, and exit
  -save FILE    with -save-at: write the run's state to FILE when its clock
                reaches -save-at, such as 10s, and run on
  -save-at D    when -save writes the run
  -load FILE    start from a run -save wrote, which says its decider, seed and
                duration (a run of a -tree file loads with -tree FILE); from
                the save on, it prints what the run never saved prints
  -stats        after the run, what every node did (package stats): simulated,
                chosen, planned, begun, ...; under htn and goap, how often the
                plannings considered, discarded and admitted each task; with
                -json, a "stats" object per node

Examples:

  go run ./examples/troll
  go run ./examples/troll -decider bt -seed 7 -duration 2m
  go run ./examples/troll -decider goap
  go run ./examples/troll -decider fsm -mermaid troll.mmd
  go run ./examples/troll -decider goap -stats
  go run ./examples/troll -json | grep '"plan"'
  go run ./examples/troll -dot troll.dot && dot -Tsvg troll.dot > troll.svg
  go run ./examples/troll -html troll.html                 then open troll.html
  go run ./examples/troll -serve :8080                     then open http://localhost:8080/
  go run ./examples/troll -tree examples/troll/troll-goap.json
  cp examples/troll/troll.json my.json && go run ./examples/troll -tree my.json -edit :8080
  go run ./examples/troll -decider bt -write-tree mytroll.json
  go run ./examples/troll -json -decider bt -save at10.json -save-at 10s
  go run ./examples/troll -json -load at10.json           the same run from 10 s on
`

// parseFlags reads the command line; errors are one line, with no usage
// dump.
func parseFlags(args []string) (options, error) {
	fs := flag.NewFlagSet("troll", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	decider := fs.String("decider", "htn", "")
	seed := fs.String("seed", "1", "")
	fs.DurationVar(&o.duration, "duration", 60*time.Second, "")
	fs.BoolVar(&o.stats, "stats", false, "")
	fs.StringVar(&o.save, "save", "", "")
	fs.DurationVar(&o.saveAt, "save-at", 0, "")
	fs.StringVar(&o.load, "load", "", "")
	o.Declare(fs, nil) // helpText is the help
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return options{}, err
		}
		return options{}, fmt.Errorf("%v (%s)", err, usage)
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected argument %q (%s)", fs.Arg(0), usage)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	editErr := o.CheckEdit(set["edit"], "the troll runs")
	if err := checkSaveFlags(o, set); err != nil {
		return options{}, err
	}
	switch {
	case o.Tree != "" && set["decider"]:
		return options{}, errors.New("-tree and -decider: the tree file says which decider; give one of them")
	case o.Tree != "" && o.WriteTree != "":
		return options{}, errors.New("-tree and -write-tree: -write-tree writes the built-in tree of -decider")
	case editErr != nil:
		return options{}, editErr
	case o.Edit != "" && (o.HTML != "" || o.Serve != "" || o.Dot != "" || o.Mermaid != ""):
		return options{}, errors.New("-edit runs until Ctrl-C and serves the live view itself: it goes without -html, -serve, -dot and -mermaid")
	}
	var err error
	if o.decider, err = troll.ParseDecider(*decider); err != nil {
		return options{}, fmt.Errorf("-decider: %v", strings.TrimPrefix(err.Error(), "troll: "))
	}
	if o.seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		return options{}, fmt.Errorf("-seed %q: want a whole number from 0", *seed)
	}
	if o.duration < troll.Step || o.duration > time.Hour {
		return options{}, fmt.Errorf("-duration %v: want from %v (a tick) to 1h", o.duration, troll.Step)
	}
	if o.HTML != "" && o.Serve != "" {
		return options{}, errors.New("-html and -serve: choose one (a replay page, or the live view)")
	}
	if o.stats && (o.Serve != "" || o.Edit != "") {
		return options{}, errors.New("-stats goes without -serve and -edit: they run until stopped, and -stats counts a run to its end")
	}
	if err := outfiles.Distinct(outfiles.File{Flag: "dot", Path: o.Dot}, outfiles.File{Flag: "mermaid", Path: o.Mermaid},
		outfiles.File{Flag: "html", Path: o.HTML}, outfiles.File{Flag: "save", Path: o.save},
		outfiles.File{Flag: "load", Path: o.load, Input: true}, outfiles.File{Flag: "tree", Path: o.Tree, Input: true}); err != nil {
		return options{}, err
	}
	if o.load != "" {
		if o, err = readSave(o); err != nil {
			return options{}, err
		}
	}
	if err := checkSaveAt(o); err != nil {
		return options{}, err
	}
	return o, nil
}

// drawMind writes the pictures that -dot and -mermaid ask for, and says
// where on stderr: the HTN domain, the tree, or the machine coloured by
// last, its last report.
func drawMind(o options, tree *bt.Tree[troll.Memory], last *decide.Report, stderr io.Writer) error {
	if o.Dot == "" && o.Mermaid == "" {
		return nil
	}
	title := "the Trunk Thumper (" + o.label() + ")"
	what := "tree"
	pic := draw.Picture{Title: title, Nodes: tree.Nodes()}
	var writers [2]func(io.Writer) error
	writers[0], writers[1] = pic.DOT, pic.Mermaid
	switch {
	case o.Tree != "":
	case o.decider == troll.HTN:
		dom, err := troll.Domain()
		if err != nil {
			return err
		}
		what, pic.Nodes = "domain", dom.Nodes()
		writers[0], writers[1] = pic.DOT, pic.Mermaid
	case o.decider == troll.FSM:
		machine, err := troll.Machine()
		if err != nil {
			return err
		}
		diagram := draw.Machine{Title: title, Nodes: machine.Nodes(), Last: last}
		what = "machine"
		writers[0], writers[1] = diagram.DOT, diagram.Mermaid
	}
	for i, p := range []struct{ flag, path string }{{"dot", o.Dot}, {"mermaid", o.Mermaid}} {
		if p.path == "" {
			continue
		}
		var b bytes.Buffer
		if err := writers[i](&b); err != nil {
			return err
		}
		if err := os.WriteFile(p.path, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("-%s: %v", p.flag, err)
		}
		fmt.Fprintf(stderr, "troll: wrote the %s to %s (-%s)\n", what, p.path, p.flag)
	}
	return nil
}

// play runs the game and reports it, to watch too; a save made (-save)
// is told on stderr.
func play(o options, tree *bt.Tree[troll.Memory], out io.Writer, page io.Writer, live *server, watch bt.Tracer, stderr io.Writer) error {
	g, err := troll.NewGame(tree, o.seed)
	if err != nil {
		return err
	}
	var events *jsonEvents
	var acts *trace.Actions // the report, whose state a save keeps
	if o.JSON {
		events = &jsonEvents{enc: json.NewEncoder(out)}
		acts = trace.NewActions(tree.Nodes(), events.task).OnPlan(events.plan)
	} else {
		fmt.Fprintf(out, "The Trunk Thumper (%s), seed %d, for %v\n\n", o.label(), o.seed, o.duration)
		fmt.Fprintf(out, "%7s  %-*s %-38s%s\n", "time", trace.NameWidth(tree.Nodes()), "task", "why", "  state")
		acts = trace.Timeline(out, tree.Nodes(), func() string { return state(&g.World.Troll) })
	}
	if err := restore(o, g, acts); err != nil {
		return err
	}
	var save *saver
	if o.save != "" {
		save = &saver{o: o, acts: acts, stderr: stderr}
	}
	tracer := trace.Tee(acts, watch)
	var counts *stats.Collector
	if o.stats {
		counts = stats.New(tree.Nodes())
		tracer = trace.Tee(tracer, counts)
	}
	if live != nil {
		err = live.run(g, o, tree, tracer)
	} else {
		err = record(g, o, tree, tracer, page, save)
	}
	if err != nil {
		return err
	}
	s := g.Summary()
	if events != nil {
		if counts != nil {
			events.stats(tree.Nodes(), counts)
		}
		events.write(struct {
			Event string `json:"event"`
			troll.Summary
		}{"summary", s})
		return events.err
	}
	fmt.Fprintf(out, "\nAfter %v: %s, %s, %s uprooted, %s, %s beaten; hp %d%s\n", s.Time,
		count(s.Checks, "bridge check"), count(s.Slams, "slam"), count(s.Uprooted, "trunk"), count(s.Roars, "roar"),
		count(s.Kills, "intruder"), s.HP, map[bool]string{true: ", fallen"}[s.Dead])
	if counts != nil {
		return writeStats(out, counts)
	}
	return nil
}

// record runs the game for o.duration with tracer; with a page, it
// records the run there too: the tree's events and a scene of the map
// every tick.
func record(g *troll.Game, o options, tree *bt.Tree[troll.Memory], tracer bt.Tracer, page io.Writer, save *saver) error {
	if page == nil {
		g.Agent.SetTracer(tracer)
		return steps(g, o.duration, save, nil)
	}
	title := fmt.Sprintf("the Trunk Thumper (%s), seed %d", o.label(), o.seed)
	rec, err := inspect.NewPage(page, inspect.Header{Title: title, Nodes: tree.Nodes()})
	if err != nil {
		return err
	}
	g.Agent.SetTracer(trace.Tee(tracer, rec))
	var scene scene.Scene
	err = steps(g, o.duration, save, func() error {
		g.World.Scene(&scene)
		return rec.Scene(&scene)
	})
	if err != nil {
		return err
	}
	return rec.Close()
}

// steps runs the game until d, as Game.Run does, calling after each step
// after (if not nil), and having save save it on the way.
func steps(g *troll.Game, d time.Duration, save *saver, after func() error) error {
	for g.World.Troll.Now < d {
		if err := save.step(g); err != nil {
			return err
		}
		if _, err := g.Step(); err != nil {
			return err
		}
		if after == nil {
			continue
		}
		if err := after(); err != nil {
			return err
		}
	}
	return save.step(g) // a moment between the last two steps
}

// count says "1 slam", "2 slams".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// state is the troll's state for the timeline.
func state(m *troll.Memory) string {
	seen := "intruder away"
	switch {
	case m.CanSee:
		seen = fmt.Sprintf("sees intruder (hp %d)", m.EnemyHP)
	case m.HasSeen:
		seen = "lost sight of intruder"
	}
	return fmt.Sprintf("hp %d  trunk %d  %s", m.HP, m.Trunk, seen)
}

// writeStats writes what -stats counted: the table, then what the troll
// never used.
func writeStats(out io.Writer, c *stats.Collector) error {
	fmt.Fprintf(out, "\nWhat each node did (-stats; considered, discarded and admitted: by the plannings)\n\n")
	if err := c.WriteTable(out); err != nil {
		return err
	}
	_, err := fmt.Fprintf(out, "\nnever chosen: %s\nnever planned: %s\n", list(c.NeverChosen()), list(c.NeverPlanned()))
	return err
}

// list says a list of paths, or "none".
func list(paths []string) string {
	if len(paths) == 0 {
		return "none"
	}
	return strings.Join(paths, ", ")
}

// statsEvent is what -stats counted of one node, for -json.
type statsEvent struct {
	Event      string `json:"event"`
	Node       string `json:"node"`
	Simulated  int    `json:"simulated"`
	Chosen     int    `json:"chosen"`
	Planned    int    `json:"planned"`
	Considered int    `json:"considered"`
	Discarded  int    `json:"discarded"`
	Admitted   int    `json:"admitted"`
	Begun      int    `json:"begun"`
	Succeeded  int    `json:"succeeded"`
	Failed     int    `json:"failed"`
	Halted     int    `json:"halted"`
	Refused    int    `json:"refused"`
}

// stats writes a "stats" object for each node, in tree order.
func (j *jsonEvents) stats(nodes []bt.NodeInfo, c *stats.Collector) {
	for _, n := range nodes {
		k := c.Counts(n.Path)
		j.write(statsEvent{"stats", n.Path, k.Simulated, k.Chosen, k.Planned, k.Considered, k.Discarded, k.Admitted,
			k.Begun, k.Succeeded, k.Failed, k.Halted, k.Refused})
	}
}

// jsonEvents writes plan and task events, one JSON object per line.
type jsonEvents struct {
	enc *json.Encoder
	err error
}

func (j *jsonEvents) write(v any) {
	if j.err == nil {
		j.err = j.enc.Encode(v)
	}
}

type planEvent struct {
	Event    string             `json:"event"`
	T        float64            `json:"t"`
	Change   string             `json:"change"`
	Goal     string             `json:"goal,omitempty"`
	Record   []int              `json:"record"`
	Reason   string             `json:"reason,omitempty"`
	Steps    []string           `json:"steps"`
	Cost     float64            `json:"cost,omitempty"`
	Rejected []decide.Rejection `json:"rejected,omitempty"`
}

func (j *jsonEvents) plan(e *bt.Event) {
	p := e.Plan
	rec := []int(p.Record)
	if rec == nil {
		rec = []int{}
	}
	steps := p.Steps
	if steps == nil {
		steps = []string{}
	}
	j.write(planEvent{"plan", e.Time.Seconds(), p.Change.String(), p.Goal, rec, p.Reason, steps, p.Cost, p.Rejected})
}

type taskEvent struct {
	Event string  `json:"event"`
	T     float64 `json:"t"`
	Task  string  `json:"task"`
	Path  string  `json:"path"`
	Step  int     `json:"step,omitempty"`
	Of    int     `json:"of,omitempty"`
}

func (j *jsonEvents) task(a *trace.ActionReport) {
	e := taskEvent{Event: "task", T: a.Time.Seconds(), Task: a.Name, Path: a.Path}
	if a.Planner != "" {
		e.Step, e.Of = a.Step, a.Of
	}
	j.write(e)
}
