package troll

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
)

// MarshalJSON returns the game's state as JSON: the world (see
// World.MarshalJSON) and the agent's state in bt's JSON form, which
// carries its tree's fingerprint and a checksum. A game of the same tree
// given it (UnmarshalJSON) goes on exactly as this one: the same
// decisions, events and world, tick for tick.
func (g *Game) MarshalJSON() ([]byte, error) {
	agent, err := g.Agent.MarshalJSON()
	if err != nil {
		return nil, err
	}
	world, err := g.World.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(gameState{World: world, Agent: agent})
}

// UnmarshalJSON restores a state MarshalJSON returned into g, a game of
// the same tree (NewGame's seed does not matter: the state says where the
// world's random source stands). A state that cannot be restored (not a
// game's, a world no game can have, an agent of another tree or changed)
// is an error that says what, and leaves g as it was.
func (g *Game) UnmarshalJSON(data []byte) error {
	var s gameState
	if err := decodeStrict(data, &s); err != nil {
		return fmt.Errorf("troll: a game's state: %v", err)
	}
	var w World
	if err := w.UnmarshalJSON(s.World); err != nil {
		return err
	}
	if err := g.Agent.UnmarshalJSON(s.Agent); err != nil {
		return fmt.Errorf("troll: a game's state: %w", err)
	}
	*g.World = w                         // in place: whoever holds the troll's memory holds it still
	g.World.rng = rand.New(&g.World.pcg) // w's drew from w's own source
	return nil
}

type gameState struct {
	World json.RawMessage `json:"world"`
	Agent json.RawMessage `json:"agent"`
}

// MarshalJSON returns the world's state as JSON: the troll's memory and
// the intruder as Go writes them (durations in nanoseconds), and the
// state of the world's random source (rand.PCG's, in base64).
func (w *World) MarshalJSON() ([]byte, error) {
	rng, err := w.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(worldState{Troll: w.Troll, Intruder: w.Intruder, Rand: rng})
}

// UnmarshalJSON restores a state MarshalJSON returned into w. A state no
// world can have (a cell off the map, a bridge or tree the map lacks, hit
// points or a trunk out of range, a random source's state garbled) is an
// error that says what, and leaves w as it was.
func (w *World) UnmarshalJSON(data []byte) error {
	var s worldState
	if err := decodeStrict(data, &s); err != nil {
		return fmt.Errorf("troll: a world's state: %v", err)
	}
	pcg := new(rand.PCG)
	err := pcg.UnmarshalBinary(s.Rand)
	if err != nil {
		err = fmt.Errorf("random source: %v", err)
	} else {
		err = checkWorld(&s)
	}
	if err != nil {
		return fmt.Errorf("troll: a world's state: %v", err)
	}
	*w = World{Troll: s.Troll, Intruder: s.Intruder, pcg: *pcg}
	w.rng = rand.New(&w.pcg)
	return nil
}

type worldState struct {
	Troll    Memory   `json:"troll"`
	Intruder Intruder `json:"intruder"`
	Rand     []byte   `json:"rand"`
}

// decodeStrict decodes one JSON value into v, refusing members v lacks
// and anything after the value.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more after the state")
	}
	return nil
}

// checkWorld reports what in a world's state no world can have. The
// troll's walks step a cell at a time, and a prediction walks all the
// way: a cell off the map would have it walk for ever.
func checkWorld(s *worldState) error {
	m, in := &s.Troll, &s.Intruder
	type place struct {
		what string
		at   Cell
	}
	cells := []place{{"the troll", m.Pos}, {"the intruder seen", m.Enemy}, {"the intruder last seen", m.LastSeen},
		{"the intruder", in.Pos}, {"the intruder's goal", in.Goal}}
	for i, c := range m.BridgeAt {
		cells = append(cells, place{fmt.Sprintf("bridge %d", i), c})
	}
	for i, c := range m.TreeAt {
		cells = append(cells, place{fmt.Sprintf("tree %d", i), c})
	}
	for _, c := range cells {
		if c.at.X < 0 || c.at.X >= Width || c.at.Y < 0 || c.at.Y >= Height {
			return fmt.Errorf("%s at %v, off the map of %d by %d", c.what, c.at, Width, Height)
		}
	}
	switch {
	case m.Now < 0:
		return fmt.Errorf("clock %v", m.Now)
	case m.Bridge < -1 || m.Bridge >= Bridges:
		return fmt.Errorf("bridge %d of %d", m.Bridge, Bridges)
	case m.Tree < -1 || m.Tree >= Trees:
		return fmt.Errorf("tree %d of %d", m.Tree, Trees)
	case m.HP < 0 || m.HP > MaxHP:
		return fmt.Errorf("the troll's %d hit points: want 0 to %d", m.HP, MaxHP)
	case m.Trunk < 0 || m.Trunk > TrunkHealth:
		return fmt.Errorf("a trunk of health %d: want 0 to %d", m.Trunk, TrunkHealth)
	case in.HP > IntruderHP || m.EnemyHP > IntruderHP:
		return fmt.Errorf("the intruder's %d hit points (%d as seen): want at most %d", in.HP, m.EnemyHP, IntruderHP)
	}
	return nil
}
