package docs_test

// The code of docs/09-in-a-game.md's "Saving and loading a game": the
// wall of sentries of ingame_test.go, saved to a file and loaded.

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// snippet save-file

// A wallSave is the game's save file: the world, the sentries' memories,
// and their agents' states, saved by the crowd in one call.
type wallSave struct {
	Frame    int
	Gates    [][3]int // each gate's sentry, intruder and intruder's hit points
	Memories []Post
	Agents   []byte // bt.Crowd.Save: every agent's state, in order
}

// end snippet save-file

// snippet save

// save writes the whole game: the world and memories are the game's,
// the agents' states the crowd's.
func save(game *wall, memories []Post, crowd *bt.Crowd[Post], agents []*bt.Agent[Post]) ([]byte, error) {
	s := wallSave{Frame: game.frame, Memories: memories}
	for _, g := range game.gates {
		s.Gates = append(s.Gates, [3]int{g.sentry, g.intruder, g.hp})
	}
	var err error
	if s.Agents, err = crowd.Save(nil, agents); err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// end snippet save

// snippet load

// load reads a save into a fresh game: agents of the tree, restored
// whole; the wall and memories as they were.
func load(data []byte, tree *bt.Tree[Post], crowd *bt.Crowd[Post]) (*wall, []Post, []*bt.Agent[Post], error) {
	var s wallSave
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, nil, nil, err
	}
	game := &wall{frame: s.Frame}
	for _, g := range s.Gates {
		game.gates = append(game.gates, gate{sentry: g[0], intruder: g[1], hp: g[2]})
	}
	agents := make([]*bt.Agent[Post], len(s.Memories))
	for i := range agents {
		agents[i], _ = tree.NewAgent(0) // the seed, like the rest, comes from the save
	}
	if err := crowd.Load(agents, s.Agents); err != nil {
		return nil, nil, nil, err // a save of another tree, or damaged: nothing is half loaded
	}
	return game, s.Memories, agents, nil
}

// end snippet load

// A game saved at frame 3 and loaded goes on as the game that never
// stopped: the same wall at frame 8.
func Example_save() {
	tree, err := wallTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	crowd := bt.NewCrowd(tree, 2)
	frames := func(game *wall, memories []Post, agents []*bt.Agent[Post], n int) {
		for range n {
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
	}
	game := newWall(6)
	agents := make([]*bt.Agent[Post], len(game.gates))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i) + 1)
	}
	memories := make([]Post, len(agents))
	frames(game, memories, agents, 3)
	file, err := save(game, memories, crowd, agents)
	if err != nil {
		fmt.Println(err)
		return
	}
	frames(game, memories, agents, 5)
	fmt.Println("never stopped:", game.summary())

	loaded, memories, agents, err := load(file, tree, crowd)
	if err != nil {
		fmt.Println(err)
		return
	}
	frames(loaded, memories, agents, 5)
	fmt.Println("loaded:       ", loaded.summary())
	// Output:
	// never stopped: frame 8: 5 of 6 intruders down; sentries at [4 8 6 3 8 9]
	// loaded:        frame 8: 5 of 6 intruders down; sentries at [4 8 6 3 8 9]
}
