package troll

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// A Game is one troll on its map: the world, with the troll's memory, and
// an agent of the troll's tree.
type Game struct {
	World *World
	Agent *bt.Agent[Memory]
}

// NewGame lays out the map from seed and gives the troll a mind of tree,
// whose random numbers (it has none of its own today) come from seed too.
func NewGame(tree *bt.Tree[Memory], seed uint64) (*Game, error) {
	agent, err := tree.NewAgent(seed)
	if err != nil {
		return nil, err
	}
	return &Game{World: NewWorld(seed), Agent: agent}, nil
}

// Step moves the world on by one Step, then has the troll think.
func (g *Game) Step() (bt.Status, error) {
	g.World.Advance()
	return g.Agent.Tick(&g.World.Troll, Step)
}

// Run steps the game until d has passed, or the tick fails with an error.
func (g *Game) Run(d time.Duration) error {
	for g.World.Troll.Now < d {
		if _, err := g.Step(); err != nil {
			return err
		}
	}
	return nil
}

// A Summary is how a game went.
type Summary struct {
	Time     time.Duration `json:"-"`
	Seconds  float64       `json:"t"`
	HP       int           `json:"hp"`
	Dead     bool          `json:"dead"`
	Checks   int           `json:"checks"`
	Slams    int           `json:"slams"`
	Uprooted int           `json:"uprooted"`
	Roars    int           `json:"roars"`
	Kills    int           `json:"kills"`
}

// Summary reports the game so far.
func (g *Game) Summary() Summary {
	m := &g.World.Troll
	return Summary{Time: m.Now, Seconds: m.Now.Seconds(), HP: m.HP, Dead: m.Dead, Checks: m.Checks,
		Slams: m.Slams, Uprooted: m.Uprooted, Roars: m.Roars, Kills: m.Kills}
}
