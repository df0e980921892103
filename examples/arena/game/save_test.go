package game

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/foresight-bt/foresight/troll"
)

// savable is a config of trolls under every decider.
func savable(workers int) Config {
	return Config{Seed: 4, Arenas: 2, Trolls: 4, Workers: workers, Deciders: []troll.Decider{troll.HTN, troll.BT, troll.FSM, troll.GOAP}}
}

func newGame(t *testing.T, cfg Config) *Game {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// save returns the game's frame.
func save(t *testing.T, g *Game) []byte {
	t.Helper()
	b, err := g.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// advance runs n frames of g and returns the frame after each.
func advance(t *testing.T, g *Game, n int) [][]byte {
	t.Helper()
	var frames [][]byte
	for range n {
		if err := g.Advance(); err != nil {
			t.Fatal(err)
		}
		frames = append(frames, save(t, g))
	}
	return frames
}

// sameFrames fails the test at the first frame of got that is not want's.
func sameFrames(t *testing.T, what string, want, got [][]byte) {
	t.Helper()
	for i := range want {
		if !bytes.Equal(want[i], got[i]) {
			t.Fatalf("%s: %d frames on, the game went otherwise", what, i+1)
		}
	}
}

// A game saved, then restored (into a fresh game with another number of
// workers, or into itself once it ran on), runs on as the one saved,
// frame for frame; and a troll switched to another decider since the
// save comes back under the decider it had.
func TestSaveRestore(t *testing.T) {
	t.Parallel()
	g := newGame(t, savable(1))
	advance(t, g, 200)
	saved := save(t, g)
	want := advance(t, g, 100)

	fresh := newGame(t, savable(2))
	if err := fresh.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	if fresh.Frame() != 200 || !bytes.Equal(save(t, fresh), saved) {
		t.Fatalf("restored into a fresh game: frame %d, and other bytes", fresh.Frame())
	}
	sameFrames(t, "restored into a fresh game", want, advance(t, fresh, 100))

	if err := g.Switch(1); err != nil { // bt → goap, which does not save
		t.Fatal(err)
	}
	advance1(t, g)
	if err := g.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	if d := g.Trolls()[1].Decider(); d != troll.BT {
		t.Errorf("restored, troll 2 decides by %v, want bt as it did", d)
	}
	sameFrames(t, "restored into itself", want, advance(t, g, 100))
}

// advance1 runs a frame, of a game that may not save.
func advance1(t *testing.T, g *Game) {
	t.Helper()
	if err := g.Advance(); err != nil {
		t.Fatal(err)
	}
}

// Back steps the game back through the frames it keeps (Config.Rewind),
// each as it was, as far as they go; run on from there, it runs the
// frames it ran from there; and QuickLoad puts it back at its QuickSave.
func TestBackAndQuickLoad(t *testing.T) {
	t.Parallel()
	cfg := savable(1)
	cfg.Rewind = 60
	g := newGame(t, cfg)
	frames := append([][]byte{save(t, g)}, advance(t, g, 100)...)
	for want := 99; want >= 70; want-- {
		if back, err := g.Back(); !back || err != nil {
			t.Fatalf("back from frame %d: %v, %v", want+1, back, err)
		}
		if g.Frame() != want || !bytes.Equal(save(t, g), frames[want]) {
			t.Fatalf("back to frame %d: at frame %d, and not as it was", want, g.Frame())
		}
	}
	sameFrames(t, "run on from frame 70", frames[71:], advance(t, g, 30))
	for g.Frame() > 41 {
		if back, err := g.Back(); !back || err != nil {
			t.Fatalf("back from frame %d: %v, %v", g.Frame(), back, err)
		}
	}
	if back, err := g.Back(); back || err != nil {
		t.Errorf("back from the oldest frame kept (41 of 100, keeping 60): %v, %v", back, err)
	}

	if err := g.QuickLoad(); err == nil {
		t.Error("quick load with nothing saved: no error")
	}
	if err := g.QuickSave(); err != nil {
		t.Fatal(err)
	}
	advance(t, g, 20)
	if err := g.QuickLoad(); err != nil {
		t.Fatal(err)
	}
	if g.Frame() != 41 || !bytes.Equal(save(t, g), frames[41]) {
		t.Errorf("quick loaded: frame %d, and not as it was saved", g.Frame())
	}
}

// A save of another game, or cut short or changed, is refused and the
// game left as it was.
func TestHostileGameSaves(t *testing.T) {
	t.Parallel()
	g := newGame(t, savable(1))
	advance(t, g, 30)
	good := save(t, g)
	other := newGame(t, Config{Seed: 4, Arenas: 1, Trolls: 2, Deciders: []troll.Decider{troll.BT}})
	was := save(t, other)
	refuse := func(what string, data []byte) {
		t.Helper()
		if err := other.UnmarshalBinary(data); err == nil {
			t.Fatalf("%s: taken", what)
		}
		if !bytes.Equal(save(t, other), was) {
			t.Fatalf("%s: refused, but the game changed", what)
		}
	}
	refuse("a save of a game of two arenas, into one of one", good)
	for n := 0; n < len(good); n += 97 {
		refuse("cut short", good[:n])
	}
	for i := 0; i < len(good)-4; i += 89 {
		garbled := bytes.Clone(good)
		garbled[i] ^= 0x5a
		refuse("garbled", garbled)
	}
	refuse("empty", nil)
}

// Rollback: two copies of the arena play the same game, the second
// hearing the player's inputs six frames late. When an input reaches it,
// it puts itself back to the frame the input belongs to, applies it, and
// runs the frames since again; and in the end the two have played the
// same game, frame for frame, byte for byte. The inputs change the game:
// played without them it goes otherwise.
func TestRollback(t *testing.T) {
	t.Parallel()
	rollback(t, savable(1), savable(2), func(rng *rand.Rand) input {
		j := rng.IntN(4) // arenas × two Jedi
		return func(g *Game) error { _, err := g.HoldBack(j); return err }
	})
}

// Rollback under every decider, the player switching trolls' deciders
// as well as holding Jedi back.
func TestRollbackEveryDecider(t *testing.T) {
	t.Parallel()
	cfg := Config{Seed: 4, Arenas: 2, Trolls: 4, Workers: 1}
	other := cfg
	other.Workers = 2
	rollback(t, cfg, other, func(rng *rand.Rand) input {
		if rng.IntN(2) == 0 {
			i := rng.IntN(4)
			return func(g *Game) error { return g.Switch(i) }
		}
		j := rng.IntN(4)
		return func(g *Game) error { _, err := g.HoldBack(j); return err }
	})
}

// An input is the player's, applied to a game between two frames.
type input func(*Game) error

// rollback plays the rollback test: games of configs a and b, inputs
// drawn by draw.
func rollback(t *testing.T, a, b Config, draw func(*rand.Rand) input) {
	const frames, late = 360, 6
	rng := rand.New(rand.NewPCG(7, 8))
	inputs := map[int][]input{} // by the frame they belong to: applied before it runs
	for range 10 {
		f := rng.IntN(frames - late)
		inputs[f] = append(inputs[f], draw(rng))
	}
	apply := func(g *Game, f int) {
		t.Helper()
		for _, in := range inputs[f] {
			if err := in(g); err != nil {
				t.Fatal(err)
			}
		}
	}

	// The first copy hears every input on time.
	first := newGame(t, a)
	want := [][]byte{save(t, first)} // frame f: after f frames
	for f := range frames {
		apply(first, f)
		advance1(t, first)
		want = append(want, save(t, first))
	}

	// The second hears the inputs of frame f when it has run f+late
	// frames. What it believes of each frame is in frames: it keeps its
	// saves to roll back to.
	second := newGame(t, b)
	saves := [][]byte{save(t, second)}
	mispredicted := 0
	for now := 0; now < frames; now++ {
		if f := now - late; f >= 0 && len(inputs[f]) > 0 {
			for g := f + 1; g <= now; g++ {
				if !bytes.Equal(saves[g], want[g]) {
					mispredicted++
				}
			}
			if err := second.UnmarshalBinary(saves[f]); err != nil {
				t.Fatal(err)
			}
			apply(second, f)
			for g := f; g < now; g++ { // inputs after f are not heard yet
				advance1(t, second)
				saves[g+1] = save(t, second)
			}
		}
		advance1(t, second)
		saves = append(saves, save(t, second))
	}
	if mispredicted == 0 {
		t.Error("the late inputs never made the second copy go otherwise: the test tests nothing")
	}
	for f := range want {
		if !bytes.Equal(saves[f], want[f]) {
			t.Fatalf("rolled back and run again, the second copy's frame %d is not the first's", f)
		}
	}

	// Without the inputs, the game goes otherwise.
	alone := newGame(t, a)
	for range frames {
		advance1(t, alone)
	}
	if bytes.Equal(save(t, alone), want[frames]) {
		t.Error("the inputs did not change the game")
	}
}
