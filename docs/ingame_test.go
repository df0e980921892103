package docs_test

// The code of docs/09-in-a-game.md: a wall of sentries, the sentry of
// treefiles_test.go, each at a post of its own, deciding once a frame on
// a bt.Crowd.

import (
	"fmt"
	"hash/fnv"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// A gate is one post of the wall as the game knows it: where its sentry
// and an intruder stand, and the intruder's hit points.
type gate struct {
	sentry, intruder, hp int // intruder < 0: none
}

// A wall is the game: its gates, and the frame it is at.
type wall struct {
	gates []gate
	frame int
}

// newWall returns a wall of n gates, each with an intruder somewhere
// along it.
func newWall(n int) *wall {
	w := &wall{gates: make([]gate, n)}
	for i := range w.gates {
		w.gates[i] = gate{sentry: i % 10, intruder: (i * 7) % 10, hp: 2}
	}
	return w
}

// sense writes what sentry i knows into its memory: where it stands, and
// the intruder, if it is within sight (four places).
func (w *wall) sense(i int, m *Post) {
	g := w.gates[i]
	m.Sentry, m.Intruder, m.IntruderHP = g.sentry, -1, g.hp
	if g.intruder >= 0 && max(g.intruder-g.sentry, g.sentry-g.intruder) <= 4 {
		m.Intruder = g.intruder
	}
}

// apply carries out what sentry i did to its memory: it moved, and it
// struck. An intruder with no hit points left is gone.
func (w *wall) apply(i int, m *Post) {
	g := &w.gates[i]
	g.sentry, g.hp = m.Sentry, m.IntruderHP
	if g.hp <= 0 {
		g.intruder = -1
	}
}

// down counts the intruders down.
func (w *wall) down() int {
	n := 0
	for _, g := range w.gates {
		if g.intruder < 0 {
			n++
		}
	}
	return n
}

// summary says how the wall stands.
func (w *wall) summary() string {
	at := make([]int, len(w.gates))
	for i, g := range w.gates {
		at[i] = g.sentry
	}
	return fmt.Sprintf("frame %d: %d of %d intruders down; sentries at %v", w.frame, w.down(), len(w.gates), at)
}

// wallTree is the sentries' tree, from its file.
func wallTree() (*bt.Tree[Post], error) {
	data, err := os.ReadFile("testdata/trees/post.json")
	if err != nil {
		return nil, err
	}
	return postRegistry().Build(postConfig(), data)
}

// playWall plays frames of a wall of n sentries on a crowd of workers.
func playWall(n, workers, frames int) (*wall, error) {
	tree, err := wallTree()
	if err != nil {
		return nil, err
	}
	game := newWall(n)
	// snippet agents
	agents := make([]*bt.Agent[Post], n)
	for i := range agents {
		if agents[i], err = tree.NewAgent(uint64(i) + 1); err != nil { // each its own seed
			return nil, err
		}
	}
	memories := make([]Post, n)
	// end snippet agents

	// snippet frame
	crowd := bt.NewCrowd(tree, workers) // runtime.GOMAXPROCS(0), say
	const dt = time.Second / 4
	for range frames {
		for i := range memories {
			game.sense(i, &memories[i]) // the game writes what each sentry knows
		}
		if err := crowd.Tick(agents, memories, dt); err != nil { // each decides, and acts on its memory
			return nil, err // *bt.AgentError values, by agent index
		}
		for i := range memories {
			game.apply(i, &memories[i]) // the game carries out what they did
		}
		game.frame++
	}
	// end snippet frame

	return game, nil
}

// A wall of sentries decides the same, frame for frame, on any number of
// workers.
func Example_crowd() {
	for _, workers := range []int{1, 2, 4} {
		game, err := playWall(1000, workers, 12)
		if err != nil {
			fmt.Println(err)
			return
		}
		digest := fnv.New64a()
		fmt.Fprint(digest, game.gates) // every gate: its sentry, its intruder and its hit points
		fmt.Printf("workers=%d: %d of %d intruders down; the wall's digest %x\n", workers, game.down(), len(game.gates), digest.Sum64())
	}
	// Output:
	// workers=1: 900 of 1000 intruders down; the wall's digest 6658b029251f319
	// workers=2: 900 of 1000 intruders down; the wall's digest 6658b029251f319
	// workers=4: 900 of 1000 intruders down; the wall's digest 6658b029251f319
}

// Sense, decide and act agent by agent, while the agent is in cache.
func Example_crowdRun() {
	tree, err := wallTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	game := newWall(8)
	agents := make([]*bt.Agent[Post], len(game.gates))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i) + 1)
	}
	memories := make([]Post, len(agents))
	crowd := bt.NewCrowd(tree, 2)
	const dt = time.Second / 4
	for range 12 {
		// snippet run
		err := crowd.Run(len(agents), func(w *bt.Worker[Post], i int) error {
			game.sense(i, &memories[i])
			_, err := w.Tick(agents[i], &memories[i], dt) // with the worker's scratch memories
			game.apply(i, &memories[i])
			return err
		})
		// end snippet run

		if err != nil {
			fmt.Println(err)
			return
		}
		game.frame++
	}
	fmt.Println(game.summary())
	// Output:
	// frame 12: 7 of 8 intruders down; sentries at [8 9 0 7 2 3 6 8]
}

// A tree saved while the game runs, put in force for every agent.
func Example_crowdReload() {
	tree, err := wallTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	game := newWall(4)
	agents := make([]*bt.Agent[Post], len(game.gates))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i) + 1)
	}
	memories := make([]Post, len(agents))
	crowd := bt.NewCrowd(tree, 2)
	frame := func() {
		for i := range memories {
			game.sense(i, &memories[i])
		}
		if err := crowd.Tick(agents, memories, time.Second/4); err != nil {
			fmt.Println(err)
		}
		for i := range memories {
			game.apply(i, &memories[i])
		}
		game.frame++
	}
	frame()
	fmt.Println(game.summary())
	data := []byte(`{"kind": "action", "name": "patrol", "action": "patrol"}`) // the file, saved: patrol only

	// snippet reload
	next, err := postRegistry().Build(postConfig(), data)
	if err != nil {
		fmt.Println(err) // a file that does not build: every agent keeps its tree
		return
	}
	for i, a := range agents {
		if _, err := a.Reload(next, &memories[i]); err != nil {
			fmt.Println(err) // this agent keeps its old tree
		}
	}
	crowd = bt.NewCrowd(next, 2) // a crowd ticks the agents of its own tree
	// end snippet reload

	frame()
	fmt.Println(game.summary())
	// Output:
	// frame 1: 0 of 4 intruders down; sentries at [0 2 3 2]
	// frame 2: 0 of 4 intruders down; sentries at [1 3 4 3]
}
