package cookbook_test

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/jobs"
)

// A Cell is a square of the colony's map.
type Cell struct{ X, Y int }

// A Colonist is a colony worker's memory: where it stands and where its
// work is, the path it walks, whether a raider is in sight, and what it
// has asked of the pathfinder and dug.
type Colonist struct {
	At, Work Cell
	Path     [16]Cell // the path to walk: Steps cells, from Path[0]
	Steps    int
	Raider   bool
	Asked    int // paths asked for
	Answered int // paths delivered
	Dug      int
}

// colonyMap is the colony: walls (#) between home, at (0,0), and the
// quarries.
var colonyMap = []string{
	"..#...",
	"..#.#.",
	"......",
}

// snippet find-path

// A trip is a path request: copied from the memory when the leaf begins,
// it is the work's own while the memory goes on changing.
type trip struct{ From, To Cell }

// findPath is the leaf that asks the pathfinder (pf, the game's own job
// system) for the way to the colonist's work, and puts the path into its
// memory two ticks later; a prediction takes it to have one, after half
// a second.
func findPath(pf jobs.System) *jobs.Leaf[Colonist, trip, []Cell] {
	return jobs.New(
		func(c *Colonist) (trip, error) { // on the tick: the request
			c.Asked++
			return trip{c.At, c.Work}, nil
		},
		route, // off the tick
		func(c *Colonist, path []Cell) bool { // on the tick: the answer
			c.Answered++
			c.Steps = copy(c.Path[:], path)
			return c.Steps == len(path)
		},
	).On(pf).After(2).Takes(500 * time.Millisecond).Effect(func(c *Colonist) { c.Steps = 1 })
}

// end snippet find-path

// route finds the shortest path of a trip on the colony's map, breadth
// first, off the tick; it stops when its context is cancelled (the
// colonist no longer wants the path).
func route(ctx context.Context, t trip) ([]Cell, error) {
	from := map[Cell]Cell{t.From: t.From}
	frontier := []Cell{t.From}
	for len(frontier) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := frontier[0]
		frontier = frontier[1:]
		if c == t.To {
			var path []Cell
			for ; c != t.From; c = from[c] {
				path = append([]Cell{c}, path...)
			}
			return path, nil
		}
		for _, d := range []Cell{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
			n := Cell{c.X + d.X, c.Y + d.Y}
			if _, seen := from[n]; !seen && n.Y >= 0 && n.Y < len(colonyMap) && n.X >= 0 && n.X < len(colonyMap[0]) && colonyMap[n.Y][n.X] != '#' {
				from[n] = c
				frontier = append(frontier, n)
			}
		}
	}
	return nil, fmt.Errorf("no way from %v to %v", t.From, t.To)
}

// snippet pathfinder

// A pathfinder is the game's own pathfinding thread, a jobs.System: the
// colonists' leaves submit their requests, and it runs them one after
// another.
type pathfinder struct {
	requests chan *jobs.Job
	stopped  sync.WaitGroup
}

func newPathfinder() *pathfinder {
	p := &pathfinder{requests: make(chan *jobs.Job, 64)}
	p.stopped.Add(1)
	go func() {
		defer p.stopped.Done()
		for j := range p.requests {
			j.Run() // a request dropped by a halt returns at once
		}
	}()
	return p
}

// Submit queues a request; it never waits for one.
func (p *pathfinder) Submit(j *jobs.Job) { p.requests <- j }

// Stop ends the thread once the requests queued have run.
func (p *pathfinder) Stop() {
	close(p.requests)
	p.stopped.Wait()
}

// end snippet pathfinder

// The colony worker of the game-AI guides: it asks the pathfinder, on a
// thread of the game's own, for the way to the quarry, walks it and digs,
// and runs home when a raider comes, which cancels the path under way. A
// reactive priority, because fleeing must win at once and in a fixed
// order; the pathfinding is a leaf of package jobs, whose answer reaches
// the memory two ticks after the request, whatever the thread's timing,
// so the log below is the same at every run.
func Example_colonyWorker() {
	pf := newPathfinder()
	defer pf.Stop()
	// snippet colonist-tree
	b := bt.New[Colonist]()
	raider := constraints.Func("a raider in sight", func(c *Colonist) bool { return c.Raider })
	flee := bt.Instant(func(c *Colonist) bool { c.At, c.Steps = Cell{}, 0; return true }, nil)
	walk := bt.Lasting(func(c *Colonist, _ time.Duration) bt.Status {
		if c.Steps == 0 {
			return bt.Success
		}
		c.At = c.Path[0]
		c.Steps = copy(c.Path[:], c.Path[1:c.Steps])
		return bt.Running
	}, nil)
	dig := bt.Instant(func(c *Colonist) bool { c.Dug++; return c.At == c.Work }, nil)
	tree, err := bt.Build(bt.Config[Colonist]{},
		b.ReactivePriority("colonist",
			b.Do("flee", flee).Constrain(raider),
			b.Sequence("work",
				b.Leaf("find path", findPath(pf)),
				b.Do("walk", walk),
				b.Do("dig", dig),
			),
		))
	// end snippet colonist-tree
	if err != nil {
		fmt.Println(err)
		return
	}
	worker, _ := tree.NewAgent(1)
	var ends []string // how each run of the leaf ended
	worker.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventEnd && e.Path == "colonist/work/find path" {
			end := e.Status.String()
			if e.Status == bt.Running {
				end = "halted" // a halt ends a node with Running: its job's context is cancelled
			}
			ends = append(ends, end)
		}
	}))
	c := Colonist{Work: Cell{3, 0}}
	for tick := 1; tick <= 26; tick++ {
		c.Raider = tick == 13 // a raider passes while the second path is sought
		before := c
		if _, err := worker.Tick(&c, time.Second/4); err != nil {
			fmt.Println(err)
			return
		}
		switch {
		case c.Asked > before.Asked:
			fmt.Printf("tick %2d: asks the way from %v to %v\n", tick, c.At, c.Work)
		case c.Answered > before.Answered:
			fmt.Printf("tick %2d: the path comes, %d cells\n", tick, c.Steps)
		case c.Raider:
			fmt.Printf("tick %2d: a raider! runs home, and the path it asked for is cancelled\n", tick)
		case c.Dug > before.Dug:
			fmt.Printf("tick %2d: digs at %v\n", tick, c.At)
			c.Work = Cell{5, 0} // the next quarry
		}
	}
	fmt.Printf("paths asked %d, answered %d; the leaf's runs ended %v\n", c.Asked, c.Answered, ends)
	// Output:
	// tick  1: asks the way from {0 0} to {3 0}
	// tick  3: the path comes, 7 cells
	// tick 11: digs at {3 0}
	// tick 12: asks the way from {3 0} to {5 0}
	// tick 13: a raider! runs home, and the path it asked for is cancelled
	// tick 14: asks the way from {0 0} to {5 0}
	// tick 16: the path comes, 9 cells
	// tick 26: digs at {5 0}
	// paths asked 3, answered 2; the leaf's runs ended [Success halted Success]
}
