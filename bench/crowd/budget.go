package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
)

// The budget comparison: the same fights twice, one crowd without a
// budget and one with, their frames interleaved so that both see the
// same stretch of a shared machine; every spike frames, every Jedi is
// alerted at once (a planning spike), and each frame's time is measured.

// A game is one crowd's fights with what its frames need: the alerts a
// Jedi not ticked in a frame has still to hear.
type game struct {
	f       *fights
	crowd   *bt.Crowd[jedi.Memory]
	agents  []*bt.Agent[jedi.Memory]
	alerted []bool // sensed or raised while not ticked: heard at its next tick
	halt    []bool // a new victim sensed while not ticked: halted at its next tick
	spike   bool   // this frame alerts every Jedi
	think   func(w *bt.Worker[jedi.Memory], i int, due bool) error
}

func newGame(tree *bt.Tree[jedi.Memory], n, workers int) (*game, error) {
	f, err := newFights(tree, n)
	if err != nil {
		return nil, err
	}
	g := &game{f: f, crowd: bt.NewCrowd(tree, workers), agents: make([]*bt.Agent[jedi.Memory], n),
		alerted: make([]bool, n), halt: make([]bool, n)}
	for i, fi := range f.fighters {
		g.agents[i] = fi.Agent
	}
	// Each Jedi senses and acts, and its arena moves on, every frame; it
	// decides only when due, with what it sensed since its last tick.
	g.think = func(w *bt.Worker[jedi.Memory], i int, due bool) error {
		fi, a := f.fighters[i], f.arenas[i]
		g.halt[i] = a.Sense(0, &fi.Memory, tick) || g.halt[i]
		g.alerted[i] = fi.Memory.Alert || g.alerted[i] || g.spike
		var err error
		if due {
			fi.Memory.Alert, g.alerted[i] = g.alerted[i], false
			if g.halt[i] {
				err = w.Halt(fi.Agent, &fi.Memory)
				g.halt[i] = false
			}
			if err == nil {
				_, err = w.Tick(fi.Agent, &fi.Memory, tick)
			}
		}
		a.Obey(0, &fi.Memory.Order)
		a.Step(tick)
		return err
	}
	return g, nil
}

// frame runs one frame of the game and returns how long it took.
func (g *game) frame(spike bool) (time.Duration, error) {
	g.spike = spike
	t0 := time.Now()
	err := g.crowd.RunFrame(g.agents, tick, g.think)
	return time.Since(t0), err
}

// compareBudget prints the frame times of a crowd without a budget and
// one with, while planning spikes come.
func compareBudget(cfg config, w io.Writer) error {
	tree, err := jedi.NewTree(jedi.Options{Replan: cfg.replan})
	if err != nil {
		return err
	}
	n, workers := cfg.agents[0], cfg.workers[len(cfg.workers)-1]
	plans := "every tick"
	if cfg.replan > 0 {
		plans = "every " + cfg.replan.String() + ", and on alerts"
	}
	fmt.Fprintf(w, "Jedi crowd at 60 Hz with and without a frame budget; %s/%s, %d CPUs, GOMAXPROCS %d, %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version())
	fmt.Fprintf(w, "%d Jedi, %d workers, root plans %s; every Jedi alerted at once every %d frames\n", n, workers, plans, cfg.spike)
	free, err := newGame(tree, n, workers)
	if err != nil {
		return err
	}
	held, err := newGame(tree, n, workers)
	if err != nil {
		return err
	}
	// Calibrate: how much time a frame takes beside its work (frames of
	// the second game in which no Jedi decides), and per unit of work
	// beyond that (frames of the first, spikes included); medians, for a
	// shared machine's noise.
	var besides, times, works []float64
	for k := range 3 * cfg.spike {
		d, err := free.frame(k%cfg.spike == 0)
		if err != nil {
			return err
		}
		t0 := time.Now()
		if err := held.crowd.Run(n, func(w *bt.Worker[jedi.Memory], i int) error { return held.think(w, i, false) }); err != nil {
			return err
		}
		besides = append(besides, time.Since(t0).Seconds())
		if k >= cfg.spike {
			times, works = append(times, d.Seconds()), append(works, float64(max(free.crowd.Report().Work, 1)))
		}
	}
	base := median(besides)
	perWorks := make([]float64, len(times))
	for k := range times {
		perWorks[k] = max(0, times[k]-base) / works[k]
	}
	perWork := median(perWorks)
	units := int((cfg.budget.Seconds() - base) / perWork)
	if units < 1 {
		return fmt.Errorf("-budget %v: a frame takes %.2f ms beside its work", cfg.budget, base*1e3)
	}
	fmt.Fprintf(w, "budget %v of frame time: %d work (calibrated: %.1f ns a work, %.2f ms a frame beside)\n",
		cfg.budget, units, perWork*1e9, base*1e3)
	if err := held.crowd.SetBudget(bt.Budget{Work: units, Priority: camera}); err != nil {
		return err
	}
	runtime.GC()
	stats := [2]frameStats{}
	for k := range cfg.measure {
		order := []*game{free, held}
		if k%2 == 1 {
			order[0], order[1] = held, free // who goes first alternates
		}
		for _, g := range order {
			d, err := g.frame(k%cfg.spike == 0)
			if err != nil {
				return err
			}
			s := &stats[0]
			if g == held {
				s = &stats[1]
			}
			s.add(d, g.crowd.Report())
		}
	}
	fmt.Fprintf(w, "%d frames each, interleaved\n\n", cfg.measure)
	fmt.Fprintf(w, "%-12s %9s %9s %9s %11s %9s %15s %13s\n", "", "median", "p99", "max", "work/frame", "work p99", "deferred/frame", "longest wait")
	for j, name := range []string{"no budget", "budget " + cfg.budget.String()} {
		s := &stats[j]
		fmt.Fprintf(w, "%-12s %6.2f ms %6.2f ms %6.2f ms %11.0f %9d %15.1f %10d fr\n", name, ms(s.quantile(0.5)), ms(s.quantile(0.99)),
			ms(s.quantile(1)), s.work/float64(len(s.times)), s.workQuantile(0.99), s.deferred/float64(len(s.times)), s.maxWait)
	}
	// The time's ratio is the claim; the work's is what the budget
	// itself holds to, whatever else the machine is doing.
	fmt.Fprintf(w, "\np99 / budget: %.2f of time, %.2f of work (the claim: at most 1.10)\n",
		stats[1].quantile(0.99).Seconds()/cfg.budget.Seconds(), float64(stats[1].workQuantile(0.99))/float64(units))
	return nil
}

// camera is the Jedi's distance to the camera, a fixed spread: the
// budget's priority.
func camera(i int) float64 { return float64(i * 7919 % 1000) }

// frameStats are what one crowd's measured frames did.
type frameStats struct {
	times    []time.Duration
	works    []int64 // each frame's work
	work     float64
	deferred float64
	waited   map[int]int // each agent's frames deferred in a row, while deferred
	maxWait  int         // the most frames in a row an agent was deferred
}

func (s *frameStats) add(d time.Duration, r *bt.FrameReport) {
	s.times = append(s.times, d)
	s.works = append(s.works, r.Work)
	s.work += float64(r.Work)
	s.deferred += float64(len(r.Deferred))
	now := make(map[int]int, len(r.Deferred))
	for _, i := range r.Deferred {
		now[i] = s.waited[i] + 1
		s.maxWait = max(s.maxWait, now[i])
	}
	s.waited = now
}

// quantile returns the q-quantile of the frame times (1: the longest).
func (s *frameStats) quantile(q float64) time.Duration {
	t := slices.Clone(s.times)
	slices.Sort(t)
	return t[min(len(t)-1, int(math.Ceil(q*float64(len(t))))-1)]
}

// workQuantile returns the q-quantile of the frames' work.
func (s *frameStats) workQuantile(q float64) int64 {
	t := slices.Clone(s.works)
	slices.Sort(t)
	return t[min(len(t)-1, int(math.Ceil(q*float64(len(t))))-1)]
}

func ms(d time.Duration) float64 { return d.Seconds() * 1e3 }
