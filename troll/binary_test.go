package troll_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// savingDeciders are the troll's deciders, every one of which saves.
var savingDeciders = []troll.Decider{troll.HTN, troll.BT, troll.FSM, troll.GOAP, troll.Utility}

// A game's frame: its world's save, then its agent's.
func gameFrame(t *testing.T, g *troll.Game) []byte {
	t.Helper()
	b, err := g.World.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = binsave.Part(b, g.Agent); err != nil {
		t.Fatal(err)
	}
	return b
}

// A troll's game saved at any step (its world, and its agent) and
// restored into a fresh game goes on as the one saved: every later
// step's world and agent are the same, byte for byte, and so are its
// events; and the restored world saves the bytes it was restored from.
func TestBinaryWorldGoesOn(t *testing.T) {
	for _, d := range savingDeciders {
		tree, err := troll.NewTree(d)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(3) {
			var played bytes.Buffer
			g, err := troll.NewGame(tree, seed)
			if err != nil {
				t.Fatal(err)
			}
			g.Agent.SetTracer(trace.JSON(&played))
			type save struct {
				step         int
				world, agent []byte
				trace        int
			}
			var saves []save
			var frames [][]byte
			var traced []int
			const steps, every, then = 1200, 200, 60 // two minutes of the troll's world
			for i := range steps {
				if i%every == every/3 {
					w, err := g.World.MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					a, err := g.Agent.MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					saves = append(saves, save{i, w, a, played.Len()})
				}
				if _, err := g.Step(); err != nil {
					t.Fatal(err)
				}
				frames = append(frames, gameFrame(t, g))
				traced = append(traced, played.Len())
			}
			for _, s := range saves {
				r, err := troll.NewGame(tree, seed+100) // another seed: the save says
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				r.Agent.SetTracer(trace.JSON(&got))
				if err := r.World.UnmarshalBinary(s.world); err != nil {
					t.Fatal(err)
				}
				if err := r.Agent.UnmarshalBinary(s.agent); err != nil {
					t.Fatal(err)
				}
				if w, _ := r.World.MarshalBinary(); !bytes.Equal(w, s.world) {
					t.Fatalf("%v, seed %d, step %d: the restored world saves other bytes", d, seed, s.step)
				}
				for i := range then {
					if _, err := r.Step(); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(gameFrame(t, r), frames[s.step+i]) {
						t.Fatalf("%v, seed %d: restored at step %d, the game went otherwise %d steps later", d, seed, s.step, i+1)
					}
				}
				if want := played.String()[s.trace:traced[s.step+then-1]]; got.String() != want {
					t.Fatalf("%v, seed %d: restored at step %d, the troll went on otherwise:\n%s\nwant\n%s", d, seed, s.step, got.String(), want)
				}
			}
		}
	}
}

// A world's save allocates nothing once its buffer has room: a game
// saves every frame.
func TestWorldSaveAllocatesNothing(t *testing.T) {
	w := troll.NewWorld(1)
	buf := make([]byte, 0, 4096)
	if n := testing.AllocsPerRun(20, func() { buf, _ = w.AppendBinary(buf[:0]) }); n != 0 {
		t.Errorf("a save allocates %v times", n)
	}
}

// Hostile saves: cut short anywhere, a byte changed anywhere (and again
// resealed, its checksum made to match), of another version or not a
// world's: an error that wraps binsave.ErrSave, never a panic, and the
// world as it was; a resealed save that is taken plays on, the troll
// acting in it.
func TestHostileWorldSaves(t *testing.T) {
	played := troll.NewWorld(4)
	for range 900 {
		played.Advance()
	}
	save, err := played.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	w := troll.NewWorld(9)
	was, _ := w.MarshalBinary()
	tree, err := troll.NewTree(troll.BT)
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	refuse := func(what string, data []byte) {
		t.Helper()
		if err := w.UnmarshalBinary(data); !errors.Is(err, binsave.ErrSave) {
			t.Fatalf("%s: %v, want an error of binsave.ErrSave", what, err)
		}
		if now, _ := w.MarshalBinary(); !bytes.Equal(now, was) {
			t.Fatalf("%s: refused, but the world changed", what)
		}
	}
	for n := range len(save) {
		refuse("cut short", save[:n])
	}
	refuse("with a byte more", append(bytes.Clone(save), 0))
	refuse("not a world's", []byte("fsjm\x01 a Jedi's memory...."))
	newer := bytes.Clone(save)
	newer[4] = 2
	refuse("of another version", reseal(newer))
	for i := range len(save) - 4 {
		garbled := bytes.Clone(save)
		garbled[i] ^= 0x5a
		refuse("garbled", garbled)
		for _, v := range []byte{0x00, 0x7f, 0xff, garbled[i]} {
			garbled[i] = v
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("byte %d set to %#x and resealed: a panic: %v", i, v, p)
					}
				}()
				if err := w.UnmarshalBinary(reseal(garbled)); err != nil {
					refuse("resealed", reseal(garbled))
					return
				}
				for range 30 { // the troll's actions read its memory
					w.Advance()
					agent.Tick(&w.Troll, troll.Step)
				}
				was, _ = w.MarshalBinary()
			}()
		}
	}
}

// reseal gives a save the checksum of what it holds.
func reseal(save []byte) []byte {
	b := bytes.Clone(save[:len(save)-4])
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}
