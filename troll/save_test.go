package troll_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

var deciders = []troll.Decider{troll.BT, troll.FSM, troll.HTN, troll.GOAP}

// A gameLog follows a game: every event of the troll's tree, and the
// world after every step.
type gameLog struct{ strings.Builder }

func (l *gameLog) follow(g *troll.Game) { g.Agent.SetTracer(trace.JSON(&l.Builder)) }

func (l *gameLog) step(t interface{ Fatal(...any) }, g *troll.Game) {
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	world, err := g.World.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(l, "world %s\n", world)
}

// trollSaveGoesOn runs a game of decider d for k ticks, saves it, restores
// the save into a new game of a tree built afresh and another seed, and
// runs both on for n ticks: the game restored goes on exactly as the one
// never saved (every event, the world after every tick), saves again the
// bytes it was restored from, and ends in the same state.
func trollSaveGoesOn(t interface {
	Fatal(...any)
	Fatalf(string, ...any)
	Skip(...any)
}, d troll.Decider, seed uint64, k, n int) {
	tree, err := troll.NewTree(d)
	if err != nil {
		t.Fatal(err)
	}
	var whole, restored gameLog
	a, err := troll.NewGame(tree, seed)
	if err != nil {
		t.Fatal(err)
	}
	whole.follow(a)
	for range k {
		whole.step(t, a)
	}
	save, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	at := whole.Len()
	again, err := troll.NewTree(d)
	if err != nil {
		t.Fatal(err)
	}
	b, err := troll.NewGame(again, seed+1)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.UnmarshalJSON(save); err != nil {
		t.Fatalf("restoring the save after %d ticks: %v", k, err)
	}
	if resaved, err := b.MarshalJSON(); err != nil || !bytes.Equal(resaved, save) {
		t.Fatalf("the game restored saves again otherwise (%v):\n%s", err, cmp.Diff(string(save), string(resaved)))
	}
	restored.follow(b)
	for range n {
		whole.step(t, a)
		restored.step(t, b)
	}
	if diff := cmp.Diff(whole.String()[at:], restored.String()); diff != "" {
		t.Fatalf("%v, saved after %d ticks: the game restored goes on otherwise (-never saved +restored):\n%s", d, k, diff)
	}
	if diff := cmp.Diff(a.Summary(), b.Summary()); diff != "" {
		t.Fatalf("%v, saved after %d ticks: the game restored sums up otherwise:\n%s", d, k, diff)
	}
}

// Under each decider, a game saved at a few moments and restored goes on
// exactly as the game never saved.
func TestGameSaveGoesOn(t *testing.T) {
	t.Parallel()
	for _, d := range deciders {
		for _, k := range []int{0, 100, 347} { // before the first tick, at 10 s, mid-plan
			t.Run(fmt.Sprintf("%v/%d", d, k), func(t *testing.T) {
				t.Parallel()
				trollSaveGoesOn(t, d, 1, k, 300)
			})
		}
	}
}

// Over random seeds and moments, under each decider, a game saved and
// restored goes on exactly as the game never saved.
func TestPropertyGameSaveGoesOn(t *testing.T) {
	t.Parallel()
	for _, d := range deciders {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			if _, err := saveOf(d); err != nil {
				t.Fatal(err)
			}
			rapid.Check(t, func(t *rapid.T) {
				trollSaveGoesOn(t, d, rapid.Uint64().Draw(t, "seed"), rapid.IntRange(0, 600).Draw(t, "k"), rapid.IntRange(1, 150).Draw(t, "n"))
			})
		})
	}
}

// saveOf returns the state of a game of decider d ten seconds in.
func saveOf(d troll.Decider) ([]byte, error) {
	tree, err := troll.NewTree(d)
	if err != nil {
		return nil, err
	}
	g, err := troll.NewGame(tree, 1)
	if err != nil {
		return nil, err
	}
	if err := g.Run(10 * time.Second); err != nil {
		return nil, err
	}
	return g.MarshalJSON()
}

// A state no game can have is an error that says what, and leaves the
// game as it was: not JSON, members unknown or missing, cells off the
// map, a bridge or tree the map lacks, hit points or a trunk out of
// range, a random source garbled, an agent changed or of another tree.
func TestGameStateHostile(t *testing.T) {
	t.Parallel()
	save, err := saveOf(troll.BT)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		World struct {
			Troll    troll.Memory   `json:"troll"`
			Intruder troll.Intruder `json:"intruder"`
			Rand     []byte         `json:"rand"`
		} `json:"world"`
		Agent json.RawMessage `json:"agent"`
	}
	if err := json.Unmarshal(save, &s); err != nil {
		t.Fatal(err)
	}
	edit := func(e func(m *troll.Memory, in *troll.Intruder)) []byte {
		c := s
		e(&c.World.Troll, &c.World.Intruder)
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, c := range []struct {
		name  string
		state []byte
		want  string
	}{
		{"empty", nil, "troll: a game's state: EOF"},
		{"cut short", save[:len(save)/2], "troll: a game's state: unexpected EOF"},
		{"a member more", bytes.Replace(save, []byte(`"agent"`), []byte(`"more":1,"agent"`), 1), `troll: a game's state: json: unknown field "more"`},
		{"more after", append(save[:len(save):len(save)], `{}`...), "troll: a game's state: more after the state"},
		{"a world of no kind", bytes.Replace(save, []byte(`{"world":{`), []byte(`{"world":{"x":1,`), 1), `troll: a world's state: json: unknown field "x"`},
		{"the troll off the map", edit(func(m *troll.Memory, _ *troll.Intruder) { m.Pos.X = 1 << 40 }), "troll: a world's state: the troll at {1099511627776 "},
		{"the intruder off the map", edit(func(_ *troll.Memory, in *troll.Intruder) { in.Pos.Y = -1 }), "the intruder at {"},
		{"its goal off the map", edit(func(_ *troll.Memory, in *troll.Intruder) { in.Goal.X = troll.Width }), "the intruder's goal at {40 "},
		{"a bridge off the map", edit(func(m *troll.Memory, _ *troll.Intruder) { m.BridgeAt[2].Y = troll.Height }), "bridge 2 at {"},
		{"a bridge the map lacks", edit(func(m *troll.Memory, _ *troll.Intruder) { m.Bridge = troll.Bridges }), "bridge 3 of 3"},
		{"a tree the map lacks", edit(func(m *troll.Memory, _ *troll.Intruder) { m.Tree = -2 }), "tree -2 of 6"},
		{"hit points beyond the troll's", edit(func(m *troll.Memory, _ *troll.Intruder) { m.HP = troll.MaxHP + 1 }), "the troll's 101 hit points"},
		{"a trunk beyond any", edit(func(m *troll.Memory, _ *troll.Intruder) { m.Trunk = 9 }), "a trunk of health 9"},
		{"an intruder beyond any", edit(func(_ *troll.Memory, in *troll.Intruder) { in.HP = 1000 }), "the intruder's 1000 hit points"},
		{"a clock before the game", edit(func(m *troll.Memory, _ *troll.Intruder) { m.Now = -time.Second }), "clock -1s"},
		{"a random source garbled", bytes.Replace(save, []byte(`"rand":"`), []byte(`"rand":"AAAA`), 1), "troll: a world's state: random source"},
		{"an agent changed", bytes.Replace(save, []byte(`"ticks":100`), []byte(`"ticks":101`), 1), "troll: a game's state: bt: a state that cannot be restored: its checksum does not match"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tree, err := troll.NewTree(troll.BT)
			if err != nil {
				t.Fatal(err)
			}
			g, err := troll.NewGame(tree, 3)
			if err != nil {
				t.Fatal(err)
			}
			g.Run(time.Second)
			before, _ := g.MarshalJSON()
			err = g.UnmarshalJSON(c.state)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one about %q", err, c.want)
			}
			if after, _ := g.MarshalJSON(); !bytes.Equal(after, before) {
				t.Errorf("the game changed:\n%s", cmp.Diff(string(before), string(after)))
			}
		})
	}
	// A state of another decider's tree: its agent names nodes this tree
	// lacks.
	tree, err := troll.NewTree(troll.FSM)
	if err != nil {
		t.Fatal(err)
	}
	g, err := troll.NewGame(tree, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.UnmarshalJSON(save); err == nil || !strings.Contains(err.Error(), "bt: a state that cannot be restored") {
		t.Errorf("a bt troll's state restored into an fsm troll: %v", err)
	}
}
