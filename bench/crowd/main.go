// Command crowd measures a crowd of Jedi: n agents of one shared combat
// tree, each in an arena of its own (a knight against six enemies),
// sensing, deciding and acting at 60 Hz on a bt.Crowd, with each number
// of workers asked for. It prints, for each number of agents and workers,
// the time per agent-frame, the frames per second that makes, the speed-up
// over the fewest workers measured, and the heap each agent's fight holds
// (its mind, memory and arena):
//
//	cd bench && go run ./crowd -agents 1000,10000 -workers 1,2
//
// With -budget it compares instead the frame times of the same fights
// with and without a budget of frame time (bt.Crowd.SetBudget, the time
// converted to a count of work from frames measured first), while every
// Jedi is alerted at once every -spike frames: the median, the 99th
// percentile and the longest frame, the work a frame did, the Jedi
// deferred, and the longest any waited. The Jedi sense and act every
// frame, and decide when the crowd ticks them:
//
//	cd bench && go run ./crowd -agents 10000 -workers 2 -replan 250ms -budget 8ms
//
// With -guards it compares the frame times of that many guards (a cheap
// decider, a reactive priority) deciding every frame and at the rates
// their distance to the camera gives them (bt.Agent.SetRate), sensing and
// acting every frame either way:
//
//	cd bench && go run ./crowd -guards 1000000 -workers 16
//
// The worker counts are measured in rounds, a batch of frames each in
// turn, so that every count sees the same stretch of the fights and the
// same noise of a shared machine; the figures are medians over the
// rounds. Every frame measured is one of a fight under way: the fights
// are run a second before measuring, and started afresh (off the clock)
// before they grow old.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
)

const tick = time.Second / 60

func main() {
	cfg, err := parse(os.Args[1:], os.Stderr)
	if err != nil {
		if err != flag.ErrHelp {
			fmt.Fprintln(os.Stderr, "crowd:", err)
		}
		os.Exit(2)
	}
	if err := run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "crowd:", err)
		os.Exit(1)
	}
}

// config is what the flags ask for.
type config struct {
	agents, workers []int
	rounds, frames  int
	replan          time.Duration
	budget          time.Duration // compare frames with and without this budget
	spike, measure  int           // frames between alerts of every Jedi; frames measured
	guards          int           // compare guards at rates instead
}

func parse(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("crowd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	agents := fs.String("agents", "1000,10000", "numbers of Jedi, comma-separated")
	workers := fs.String("workers", defaultWorkers(), "numbers of workers, comma-separated")
	rounds := fs.Int("rounds", 10, "rounds of measurement (the figures are medians over them)")
	frames := fs.Int("frames", 10, "frames in each worker count's batch of a round")
	replan := fs.Duration("replan", 0, "how often the Jedi's root plans again while an action runs (0: every tick)")
	budget := fs.Duration("budget", 0, "compare frames with and without a budget of this much frame time (the first -agents, the last -workers)")
	spike := fs.Int("spike", 30, "with -budget: frames between alerts of every Jedi at once")
	measure := fs.Int("measure", 600, "with -budget or -guards: frames measured")
	guards := fs.Int("guards", 0, "compare this many guards deciding every frame and at rates (the last -workers)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: crowd [flags]\n\nJedi per agent-frame, by number of agents and workers.\n\n")
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nexample: crowd -agents 10000 -workers 1,2,4,8,16\n")
	}
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c := config{rounds: *rounds, frames: *frames, replan: *replan, budget: *budget, spike: *spike, measure: *measure, guards: *guards}
	var err error
	if c.agents, err = counts("-agents", *agents, 1<<24); err != nil {
		return config{}, err
	}
	if c.workers, err = counts("-workers", *workers, bt.MaxWorkers); err != nil {
		return config{}, err
	}
	switch {
	case c.rounds < 1 || c.rounds > 1000:
		return config{}, fmt.Errorf("-rounds %d: want 1 to 1000", c.rounds)
	case c.frames < 1 || c.frames > fightWindow/2:
		return config{}, fmt.Errorf("-frames %d: want 1 to %d", c.frames, fightWindow/2)
	case c.replan < 0:
		return config{}, fmt.Errorf("-replan %v: want 0 or more", c.replan)
	case c.budget < 0:
		return config{}, fmt.Errorf("-budget %v: want 0 or more", c.budget)
	case c.spike < 2 || c.spike > 10000:
		return config{}, fmt.Errorf("-spike %d: want 2 to 10000", c.spike)
	case c.measure < 2 || c.measure > 1e6:
		return config{}, fmt.Errorf("-measure %d: want 2 to 1000000", c.measure)
	case c.guards < 0 || c.guards > 1<<26:
		return config{}, fmt.Errorf("-guards %d: want 0 to %d", c.guards, 1<<26)
	case c.budget > 0 && c.guards > 0:
		return config{}, errors.New("-budget and -guards: one comparison at a time")
	}
	return c, nil
}

// defaultWorkers is 1 and the powers of two up to GOMAXPROCS, and
// GOMAXPROCS.
func defaultWorkers() string {
	var out []string
	p := runtime.GOMAXPROCS(0)
	for w := 1; w < p; w *= 2 {
		out = append(out, strconv.Itoa(w))
	}
	return strings.Join(append(out, strconv.Itoa(p)), ",")
}

// counts reads a comma-separated list of counts from 1 to most.
func counts(flag, s string, most int) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > most {
			return nil, fmt.Errorf("%s %q: want numbers from 1 to %d, comma-separated", flag, s, most)
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

func run(cfg config, w io.Writer) error {
	switch {
	case cfg.budget > 0:
		return compareBudget(cfg, w)
	case cfg.guards > 0:
		return compareRates(cfg, w)
	}
	tree, err := jedi.NewTree(jedi.Options{Replan: cfg.replan})
	if err != nil {
		return err
	}
	plans := "every tick"
	if cfg.replan > 0 {
		plans = "every " + cfg.replan.String() + ", and on alerts"
	}
	fmt.Fprintf(w, "Jedi crowd at 60 Hz, root plans %s; %s/%s, %d CPUs, GOMAXPROCS %d, %s\n",
		plans, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version())
	fmt.Fprintf(w, "%d rounds of %d frames per worker count; medians over the rounds\n\n", cfg.rounds, cfg.frames)
	fmt.Fprintf(w, "%8s %8s %15s %10s %9s %11s %11s\n", "agents", "workers", "µs/agent-frame", "frames/s", "speed-up", "efficiency", "heap/agent")
	for _, n := range cfg.agents {
		rows, err := measure(tree, n, cfg)
		if err != nil {
			return err
		}
		for _, r := range rows {
			fmt.Fprintf(w, "%8d %8d %15.3f %10.1f %9.2f %10.0f%% %8.1f KB\n", n, r.workers, r.perAgent, r.fps, r.speedUp, 100*r.speedUp*float64(cfg.workers[0])/float64(r.workers), r.heap/1000)
		}
	}
	return nil
}

// A row is what one number of workers measured.
type row struct {
	workers            int
	perAgent, fps      float64 // µs per agent-frame, frames per second
	speedUp, heap      float64 // over the fewest workers; bytes per agent
	frameTimes, ratios []float64
}

// fightWindow is how many frames a fight is measured for before it is
// started afresh: 20 s of fight, after the first second.
const fightWindow = 1200

func measure(tree *bt.Tree[jedi.Memory], n int, cfg config) ([]row, error) {
	heap := heapInUse()
	fights, err := newFights(tree, n)
	if err != nil {
		return nil, err
	}
	perAgent := float64(heapInUse()-min(heap, heapInUse())) / float64(n)
	crowds := make([]*bt.Crowd[jedi.Memory], len(cfg.workers))
	for i, k := range cfg.workers {
		crowds[i] = bt.NewCrowd(tree, k)
	}
	warm := crowds[len(crowds)-1]
	if err := fights.frames(warm, 60); err != nil {
		return nil, err
	}
	rows := make([]row, len(cfg.workers))
	for i := range rows {
		rows[i].workers, rows[i].heap = cfg.workers[i], perAgent
	}
	age := 0
	for round := range cfg.rounds {
		if age+len(crowds)*cfg.frames > fightWindow {
			fights = nil
			runtime.GC()
			if fights, err = newFights(tree, n); err != nil {
				return nil, err
			}
			if err := fights.frames(warm, 60); err != nil {
				return nil, err
			}
			age = 0
		}
		times := make([]float64, len(crowds))
		for k := range crowds {
			i := (k + round) % len(crowds) // rotate who goes first
			t0 := time.Now()
			if err := fights.frames(crowds[i], cfg.frames); err != nil {
				return nil, err
			}
			times[i] = time.Since(t0).Seconds() / float64(cfg.frames)
		}
		age += len(crowds) * cfg.frames
		for i := range rows {
			rows[i].frameTimes = append(rows[i].frameTimes, times[i])
			rows[i].ratios = append(rows[i].ratios, times[0]/times[i])
		}
	}
	for i := range rows {
		r := &rows[i]
		frame := median(r.frameTimes)
		r.perAgent, r.fps, r.speedUp = frame*1e6/float64(n), 1/frame, median(r.ratios)
	}
	return rows, nil
}

// fights are n Jedi, each in an arena of its own.
type fights struct {
	fighters []*jedi.Fighter
	arenas   []*jedi.Arena
	think    func(w *bt.Worker[jedi.Memory], i int) error
}

func newFights(tree *bt.Tree[jedi.Memory], n int) (*fights, error) {
	f := &fights{fighters: make([]*jedi.Fighter, n), arenas: make([]*jedi.Arena, n)}
	enemies := []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}
	for i := range n {
		a, err := jedi.NewArena(jedi.Config{Seed: uint64(i), Enemies: enemies})
		if err != nil {
			return nil, err
		}
		if f.fighters[i], err = jedi.NewFighter(a, 0, tree, 0.6, uint64(i)); err != nil {
			return nil, err
		}
		f.arenas[i] = a
	}
	// Each Jedi senses, decides and acts, and its arena moves on, on the
	// same worker, while its fight is in that core's cache.
	f.think = func(w *bt.Worker[jedi.Memory], i int) error {
		_, err := f.fighters[i].ThinkWith(w, tick)
		f.arenas[i].Step(tick)
		return err
	}
	return f, nil
}

// frames runs frames of every fight on crowd c.
func (f *fights) frames(c *bt.Crowd[jedi.Memory], frames int) error {
	for range frames {
		if err := c.Run(len(f.fighters), f.think); err != nil {
			return err
		}
	}
	return nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// heapInUse returns the bytes of live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	return s.HeapAlloc
}
