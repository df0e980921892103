package jedi_test

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"runtime/debug"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/trace"
)

// A tracedFight is a fight whose first Jedi's events are written to
// trace, as trace.JSON writes them.
type tracedFight struct {
	f     *jedi.Fight
	trace bytes.Buffer
}

func newTracedFight(t *testing.T, cfg jedi.FightConfig) *tracedFight {
	t.Helper()
	f, err := jedi.NewFight(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tr := &tracedFight{f: f}
	f.AddTracer(trace.JSON(&tr.trace))
	return tr
}

// frameOf returns the fight's whole state: its arena's save, then each
// Jedi's agent's and memory's.
func frameOf(t *testing.T, f *jedi.Fight) [][]byte {
	t.Helper()
	parts := []encoding.BinaryMarshaler{f.Arena}
	for _, j := range f.Fighters {
		parts = append(parts, j.Agent, &j.Memory)
	}
	var saves [][]byte
	for _, p := range parts {
		b, err := p.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		saves = append(saves, b)
	}
	return saves
}

// restoreFrame puts a frame's state back into f.
func restoreFrame(t *testing.T, f *jedi.Fight, saves [][]byte) {
	t.Helper()
	parts := []encoding.BinaryUnmarshaler{f.Arena}
	for _, j := range f.Fighters {
		parts = append(parts, j.Agent, &j.Memory)
	}
	for i, p := range parts {
		if err := p.UnmarshalBinary(saves[i]); err != nil {
			t.Fatal(err)
		}
	}
}

// playFrames steps the fight n times and returns each step's frame.
func playFrames(t *testing.T, f *jedi.Fight, n int) [][][]byte {
	t.Helper()
	var frames [][][]byte
	for range n {
		if _, err := f.Step(); err != nil {
			t.Fatal(err)
		}
		frames = append(frames, frameOf(t, f))
	}
	return frames
}

// A fight saved at any step (its arena, and each Jedi's agent and
// memory) and restored into a fresh fight of the same config goes on as
// the one saved: every later step's frame is the same, byte for byte,
// and so are the first Jedi's events; and the restored fight saves the
// bytes it was restored from. Fights of every enemy type, with and
// without a partner, saved every so many steps.
func TestBinaryFrameGoesOn(t *testing.T) {
	t.Parallel()
	types := []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}
	// At full size (under -race in CI) 8 fights of 20 s, each saved 12
	// times and played on for a second.
	steps, every, then := testsize.Pick(300, 480, 1200), testsize.Pick(100, 80, 100), testsize.Pick(20, 30, 60)
	for seed := range testsize.Pick[uint64](2, 3, 8) {
		rng := rand.New(rand.NewPCG(seed, 31))
		cfg := jedi.FightConfig{Seed: seed, Skill: rng.Float64(), Partner: seed%2 == 0}
		for range 1 + rng.IntN(jedi.MaxEnemies) {
			cfg.Enemies = append(cfg.Enemies, types[rng.IntN(len(types))])
		}
		played := newTracedFight(t, cfg)
		type save struct {
			at    int
			frame [][]byte
			trace int // where the trace stood
		}
		var saves []save
		var frames [][][]byte
		var traced []int // where the trace stood after each step
		for i := range steps {
			if i%every == every/2 && i+then <= steps {
				saves = append(saves, save{i, frameOf(t, played.f), played.trace.Len()})
			}
			frames = append(frames, playFrames(t, played.f, 1)...)
			traced = append(traced, played.trace.Len())
		}
		trace := played.trace.String()
		for _, s := range saves {
			restored := newTracedFight(t, cfg)
			restoreFrame(t, restored.f, s.frame)
			if diff := cmp.Diff(s.frame, frameOf(t, restored.f)); diff != "" {
				t.Fatalf("seed %d, step %d: restored, the fight saves other bytes (-saved +restored):\n%s", seed, s.at, diff)
			}
			for i, got := range playFrames(t, restored.f, then) {
				if !cmp.Equal(frames[s.at+i], got) {
					t.Fatalf("seed %d: restored at step %d, the fight went otherwise %d steps later", seed, s.at, i+1)
				}
			}
			want := trace[s.trace:traced[s.at+then-1]]
			if diff := cmp.Diff(want, restored.trace.String()); diff != "" {
				t.Fatalf("seed %d: restored at step %d, the first Jedi went on otherwise (-saved +restored):\n%s", seed, s.at, diff)
			}
		}
	}
}

// A save allocates nothing once its buffer has room: a game saves every
// frame.
func TestBinarySaveAllocatesNothing(t *testing.T) {
	f := newTracedFight(t, jedi.FightConfig{Seed: 3, Skill: 0.5, Partner: true, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Trooper}})
	playFrames(t, f.f, 200)
	buf := make([]byte, 0, 1<<16)
	m := &f.f.Fighters[0].Memory
	if n := testing.AllocsPerRun(20, func() {
		b, _ := f.f.Arena.AppendBinary(buf[:0])
		b, _ = m.AppendBinary(b)
		buf = b
	}); n != 0 {
		t.Errorf("a save allocates %v times", n)
	}
}

// A memory goes through encoding/gob, by its binary form, as a game's
// save file keeps it beside its agent.
func TestMemoryThroughGob(t *testing.T) {
	f := newTracedFight(t, jedi.FightConfig{Seed: 5, Skill: 0.7, Enemies: []jedi.EnemyType{jedi.Trooper, jedi.Rusher}})
	playFrames(t, f.f, 150)
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&f.f.Fighters[0].Memory); err != nil {
		t.Fatal(err)
	}
	var m jedi.Memory
	if err := gob.NewDecoder(&buf).Decode(&m); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f.f.Fighters[0].Memory, m); diff != "" {
		t.Errorf("through gob (-saved +loaded):\n%s", diff)
	}
}

// Hostile saves: a save cut short anywhere, with a byte changed anywhere
// (its checksum then fails, and again with the checksum made to match,
// when the values it holds must be checked one by one), of another
// version or of the other kind is an error that wraps binsave.ErrSave,
// never a panic, and the arena or memory is left as it was.
func TestHostileBinarySaves(t *testing.T) {
	f := newTracedFight(t, jedi.FightConfig{Seed: 7, Skill: 0.5, Partner: true, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}})
	playFrames(t, f.f, 400)
	arena, err := f.f.Arena.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	memory, err := f.f.Fighters[0].Memory.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	type target interface {
		encoding.BinaryMarshaler
		encoding.BinaryUnmarshaler
	}
	for _, tt := range []struct {
		name   string
		save   []byte
		target func() target
	}{
		{"arena", arena, func() target {
			a, _ := jedi.NewArena(jedi.Config{Seed: 1, Enemies: []jedi.EnemyType{jedi.Droid}})
			return a
		}},
		{"memory", memory, func() target { return &jedi.Memory{Victim: -1, Skill: 0.25} }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := tt.target()
			was, _ := x.MarshalBinary()
			refuse := func(what string, data []byte) {
				t.Helper()
				err := x.UnmarshalBinary(data)
				if !errors.Is(err, binsave.ErrSave) {
					t.Fatalf("%s: %v, want an error of binsave.ErrSave", what, err)
				}
				if now, _ := x.MarshalBinary(); !bytes.Equal(now, was) {
					t.Fatalf("%s: refused (%v), but the %s changed", what, err, tt.name)
				}
			}
			for n := range len(tt.save) {
				refuse("cut short", tt.save[:n])
			}
			refuse("with a byte more", append(bytes.Clone(tt.save), 0))
			other := arena
			if tt.name == "arena" {
				other = memory
			}
			refuse("of the other kind", other)
			newer := bytes.Clone(tt.save)
			newer[4] = 2 // the version, after the magic
			refuse("of another version", resealed(newer))
			for i := range len(tt.save) - 4 {
				garbled := bytes.Clone(tt.save)
				garbled[i] ^= 0x5a
				refuse("garbled", garbled)
				// Resealed, what it holds may still be a state, but what
				// is not is refused.
				for _, v := range []byte{0x00, 0x7f, 0xff, garbled[i]} {
					garbled[i] = v
					func() {
						defer func() {
							if p := recover(); p != nil {
								t.Fatalf("byte %d set to %#x and resealed: a panic: %v\n%s", i, v, p, debug.Stack())
							}
						}()
						if err := x.UnmarshalBinary(resealed(garbled)); err == nil {
							was, _ = x.MarshalBinary() // it took it: it plays on
							if a, ok := x.(*jedi.Arena); ok {
								for range 30 {
									for j := range a.NumJedi() {
										m := jedi.Memory{Victim: -1}
										a.Sense(j, &m, time.Second/60)
									}
									a.Step(time.Second / 60)
								}
								was, _ = x.MarshalBinary()
							}
						} else {
							refuse("resealed", resealed(garbled))
						}
					}()
				}
			}
		})
	}
}

// resealed gives a save the checksum of what it holds.
func resealed(save []byte) []byte {
	b := bytes.Clone(save[:len(save)-4])
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}
