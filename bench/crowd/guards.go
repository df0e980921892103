package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// The guards: many agents of a cheap decider, each watching a post of its
// own, sensing and acting every frame and deciding at the rate its
// distance to the camera gives it.

// A post is what a guard knows: where it stands and where the intruder
// its post watches is, whether it sees or hears it, and its order.
type post struct {
	At, Intruder int32
	Seen, Heard  bool
	Order        int8
}

// The orders a guard gives.
const (
	patrol int8 = iota
	search
	chase
)

func order(o int8) bt.Action[post] {
	return bt.Instant(func(p *post) bool { p.Order = o; return true }, func(p *post) { p.Order = o })
}

// guardTree is the guard: chase what it sees, search where it heard,
// patrol otherwise; a reactive priority of guarded leaves.
func guardTree() (*bt.Tree[post], error) {
	b := bt.New[post]()
	return bt.Build(bt.Config[post]{},
		b.ReactivePriority("guard",
			b.Sequence("engage", b.Condition("seen", func(p *post) bool { return p.Seen }), b.Do("chase", order(chase))),
			b.Sequence("listen", b.Condition("heard", func(p *post) bool { return p.Heard }), b.Do("search", order(search))),
			b.Do("patrol", order(patrol)),
		))
}

// rateOf is the rate of guard i by its distance to the camera (camera):
// the nearest tenth every frame, the next three tenths every 4th, the
// rest every 16th.
func rateOf(i int) int {
	switch d := camera(i); {
	case d < 100:
		return 1
	case d < 400:
		return 4
	}
	return 16
}

// guards are n guards at their posts, with their own crowd.
type guards struct {
	agents []*bt.Agent[post]
	posts  []post
	crowd  *bt.Crowd[post]
	frame  int32
	think  func(w *bt.Worker[post], i int, due bool) error
}

func newGuards(tree *bt.Tree[post], n, workers int, rates bool) (*guards, error) {
	g := &guards{agents: make([]*bt.Agent[post], n), posts: make([]post, n), crowd: bt.NewCrowd(tree, workers)}
	for i := range g.agents {
		a, err := tree.NewAgent(uint64(i))
		if err != nil {
			return nil, err
		}
		if rates {
			if err := a.SetRate(rateOf(i)); err != nil {
				return nil, err
			}
		}
		g.agents[i] = a
		g.posts[i].Intruder = int32(i*31%200) + 50
	}
	g.think = func(w *bt.Worker[post], i int, due bool) error {
		p := &g.posts[i]
		// Sense: the intruder wanders on a course of its own.
		p.Intruder += int32((int(g.frame)+i)%5) - 2
		d := p.Intruder - p.At
		p.Seen, p.Heard = d > -20 && d < 20, d > -60 && d < 60
		var err error
		if due {
			_, err = w.Tick(g.agents[i], p, tick)
		}
		// Act: the guard carries out its order.
		switch {
		case p.Order == chase && d > 0, p.Order == search && d > 0:
			p.At++
		case p.Order != patrol && d < 0:
			p.At--
		case p.Order == patrol:
			p.At += int32(i%3) - 1
		}
		return err
	}
	return g, nil
}

func (g *guards) step() (time.Duration, error) {
	t0 := time.Now()
	err := g.crowd.RunFrame(g.agents, tick, g.think)
	g.frame++
	return time.Since(t0), err
}

// compareRates prints the frame times of n guards deciding every frame
// and at the rates their distance to the camera gives them.
func compareRates(cfg config, w io.Writer) error {
	tree, err := guardTree()
	if err != nil {
		return err
	}
	n, workers := cfg.guards, cfg.workers[len(cfg.workers)-1]
	fmt.Fprintf(w, "Guards at 60 Hz, every frame and at per-agent rates; %s/%s, %d CPUs, GOMAXPROCS %d, %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version())
	fmt.Fprintf(w, "%d guards (a reactive priority of 8 nodes), %d workers; rates by distance to the camera: a tenth every frame, three tenths every 4th, the rest every 16th\n",
		n, workers)
	every, err := newGuards(tree, n, workers, false)
	if err != nil {
		return err
	}
	rated, err := newGuards(tree, n, workers, true)
	if err != nil {
		return err
	}
	for range 32 { // warm: every rate's frames come round
		for _, g := range []*guards{every, rated} {
			if _, err := g.step(); err != nil {
				return err
			}
		}
	}
	runtime.GC()
	stats := [2]frameStats{}
	ticked := [2]float64{}
	for k := range cfg.measure {
		order := []int{0, 1}
		if k%2 == 1 {
			order = []int{1, 0}
		}
		for _, j := range order {
			g := []*guards{every, rated}[j]
			d, err := g.step()
			if err != nil {
				return err
			}
			stats[j].add(d, g.crowd.Report())
			ticked[j] += float64(g.crowd.Report().Ticked)
		}
	}
	fmt.Fprintf(w, "%d frames each, interleaved\n\n", cfg.measure)
	fmt.Fprintf(w, "%-12s %9s %9s %9s %12s %10s\n", "", "median", "p99", "max", "ticks/frame", "frames/s")
	for j, name := range []string{"every frame", "rates"} {
		s := &stats[j]
		fmt.Fprintf(w, "%-12s %6.2f ms %6.2f ms %6.2f ms %12.0f %10.0f\n", name, ms(s.quantile(0.5)), ms(s.quantile(0.99)),
			ms(s.quantile(1)), ticked[j]/float64(len(s.times)), 1/s.quantile(0.5).Seconds())
	}
	return nil
}
