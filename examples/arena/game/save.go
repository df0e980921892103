package game

import (
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/troll"
)

// A game's frame saves whole, in one slice of bytes: the frames run, each
// arena's round and world, every Jedi's agent (through the crowd, in one
// call: bt.Crowd.Save) and memory, and each troll's decider, agent and
// world (its memory with it). The random sources are in the worlds, so a
// game restored runs on as the one saved, frame for frame. It is what the
// game keeps to step back (Back), its quick save (QuickSave), and what the
// live inspector keeps to rewind (an inspect.Rewinder). The form:
//
//	"fsar" | version (uvarint) | frame (uvarint) | arenas (uvarint) |
//	each arena: its round (uvarint), its world (part) |
//	the Jedi's agents (part) | each Jedi's memory (part) |
//	trolls (uvarint) | each troll: its decider (uvarint), agent (part),
//	world (part) | CRC-32 of all before (4 bytes)
//
// where a part is its length (4 bytes, little-endian), then its bytes.
const (
	saveMagic   = "fsar"
	saveVersion = 1
)

// saving is what a game keeps of its saves.
type saving struct {
	agents []*bt.Agent[jedi.Memory] // the Jedi's, for the crowd: reused
	kept   ring                     // the last frames, to step back (Config.Rewind)
	spare  []byte                   // the buffer of the next frame kept
	// keepErr is why the game stopped keeping frames: a save failed.
	keepErr error
	quick   []byte // the quick save
}

// AppendBinary appends the game's frame to b and returns the extended
// slice (see saveMagic for what it holds). It fails, returning b as it
// was, when an agent cannot be saved: a troll under a decider whose
// planner's state cannot be saved yet (bt.Agent.AppendBinary says
// which). Once its buffers have grown, a save allocates nothing.
func (g *Game) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	b = append(b, saveMagic...)
	b = binary.AppendUvarint(b, saveVersion)
	b = binary.AppendUvarint(b, uint64(g.frame))
	b = binary.AppendUvarint(b, uint64(len(g.fights)))
	var err error
	for _, f := range g.fights {
		b = binary.AppendUvarint(b, uint64(f.round))
		if b, err = appendPart(b, f.arena); err != nil {
			return b[:start], fmt.Errorf("game: arena %d: %w", f.index+1, err)
		}
	}
	g.agents = g.agents[:0]
	for _, j := range g.all {
		g.agents = append(g.agents, j.fighter.Agent)
	}
	at := len(b)
	if b, err = g.crowd.Save(append(b, 0, 0, 0, 0), g.agents); err != nil {
		return b[:start], fmt.Errorf("game: the Jedi: %w", err)
	}
	binary.LittleEndian.PutUint32(b[at:], uint32(len(b)-at-4))
	for _, j := range g.all {
		if b, err = appendPart(b, j.Memory()); err != nil {
			return b[:start], fmt.Errorf("game: %s: %w", j.Name(), err)
		}
	}
	b = binary.AppendUvarint(b, uint64(len(g.trolls)))
	for _, t := range g.trolls {
		b = binary.AppendUvarint(b, uint64(t.decider))
		if b, err = appendPart(b, t.Agent); err == nil {
			b, err = appendPart(b, t.world)
		}
		if err != nil {
			return b[:start], fmt.Errorf("game: %s: %w", t.Name(), err)
		}
	}
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:])), nil
}

// appendPart appends v's binary form after its length.
func appendPart(b []byte, v encoding.BinaryAppender) ([]byte, error) {
	at := len(b)
	b, err := v.AppendBinary(append(b, 0, 0, 0, 0))
	if err != nil {
		return b[:at], err
	}
	binary.LittleEndian.PutUint32(b[at:], uint32(len(b)-at-4))
	return b, nil
}

// UnmarshalBinary puts the game back in a frame AppendBinary saved, of a
// game of the same config (as many arenas and trolls): it then runs on as
// the game saved did. A save that cannot be restored (cut short,
// changed, of another game) is an error, and leaves the game as it was.
// What the agents were last seen doing, drawn beside them, is not in the
// save: it is brought up to date as they decide.
func (g *Game) UnmarshalBinary(data []byte) error {
	s, err := g.readFrame(data)
	if err != nil {
		return err
	}
	// Check every part before changing anything; the Jedi's agents are
	// loaded all or none.
	for i, f := range g.fights {
		var a jedi.Arena
		if err := a.UnmarshalBinary(s.arenas[i]); err != nil {
			return fmt.Errorf("game: arena %d: %w", i+1, err)
		}
		if a.NumJedi() != len(f.jedi) {
			return fmt.Errorf("game: arena %d: a save with %d Jedi, where it has %d", i+1, a.NumJedi(), len(f.jedi))
		}
	}
	memories := make([]jedi.Memory, len(g.all))
	for i := range memories {
		if err := memories[i].UnmarshalBinary(s.memories[i]); err != nil {
			return fmt.Errorf("game: %s: %w", g.all[i].Name(), err)
		}
	}
	agents := make([]*bt.Agent[troll.Memory], len(g.trolls))
	for i, t := range g.trolls {
		tree, err := g.mind(s.deciders[i])
		if err == nil {
			agents[i], err = tree.NewAgent(0)
		}
		if err == nil {
			err = agents[i].UnmarshalBinary(s.trollAgents[i])
		}
		var w troll.World
		if err == nil {
			err = w.UnmarshalBinary(s.worlds[i])
		}
		if err != nil {
			return fmt.Errorf("game: %s: %w", t.Name(), err)
		}
	}
	g.agents = g.agents[:0]
	for _, j := range g.all {
		g.agents = append(g.agents, j.fighter.Agent)
	}
	if err := g.crowd.Load(g.agents, s.jedi); err != nil {
		return fmt.Errorf("game: the Jedi: %w", err)
	}

	// Checked above: none of what follows fails.
	g.frame = s.frame
	for i, f := range g.fights {
		f.round = s.rounds[i]
		_ = f.arena.UnmarshalBinary(s.arenas[i])
	}
	for i, j := range g.all {
		*j.Memory() = memories[i]
	}
	for i, t := range g.trolls {
		t.Agent = agents[i]
		if t.decider != s.deciders[i] {
			t.decider = s.deciders[i]
			t.follow(g.minds[t.decider])
		} else {
			t.Agent.SetTracer(t)
		}
		_ = t.world.UnmarshalBinary(s.worlds[i])
	}
	return nil
}

// A savedFrame is a game's save, read into its parts.
type savedFrame struct {
	frame               int
	rounds, deciders    []int
	arenas, memories    [][]byte
	jedi                []byte
	trollAgents, worlds [][]byte
}

// errSave is wrapped by every error of a save that cannot be read.
var errSave = errors.New("not a save of this game")

// readFrame reads a save's parts, checking its frame: the magic, the
// version, the checksum, and counts that fit the game.
func (g *Game) readFrame(data []byte) (*savedFrame, error) {
	if len(data) < len(saveMagic)+4 || string(data[:len(saveMagic)]) != saveMagic {
		return nil, fmt.Errorf("game: %w", errSave)
	}
	body := data[:len(data)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("game: %w: its checksum does not match (cut short or changed)", errSave)
	}
	r := frameReader{b: body[len(saveMagic):]}
	if v := r.uvarint(); v != saveVersion && r.err == nil {
		return nil, fmt.Errorf("game: a save of version %d, where this game reads %d", v, saveVersion)
	}
	s := &savedFrame{frame: int(r.uvarint())}
	if n := r.uvarint(); n != uint64(len(g.fights)) && r.err == nil {
		return nil, fmt.Errorf("game: a save of %d arenas, where the game has %d", n, len(g.fights))
	}
	for range g.fights {
		s.rounds = append(s.rounds, int(r.uvarint()))
		s.arenas = append(s.arenas, r.part())
	}
	s.jedi = r.part()
	for range g.all {
		s.memories = append(s.memories, r.part())
	}
	if n := r.uvarint(); n != uint64(len(g.trolls)) && r.err == nil {
		return nil, fmt.Errorf("game: a save of %d trolls, where the game has %d", n, len(g.trolls))
	}
	for range g.trolls {
		d := r.uvarint()
		if d >= uint64(len(Deciders)) && r.err == nil {
			r.err = fmt.Errorf("no troll decider %d", d)
		}
		s.deciders = append(s.deciders, int(d))
		s.trollAgents = append(s.trollAgents, r.part())
		s.worlds = append(s.worlds, r.part())
	}
	if r.err == nil && len(r.b) > 0 {
		r.err = fmt.Errorf("%d bytes left over", len(r.b))
	}
	if r.err != nil {
		return nil, fmt.Errorf("game: %w: %v", errSave, r.err)
	}
	return s, nil
}

// A frameReader reads a save's fields in order; the first that is
// missing is its error.
type frameReader struct {
	b   []byte
	err error
}

// uvarint reads a count, at most a frame's worth (1<<31).
func (r *frameReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<31 {
		r.err = errors.New("a count cut short or out of range")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// part reads a part: its length, then its bytes.
func (r *frameReader) part() []byte {
	if r.err != nil {
		return nil
	}
	if len(r.b) < 4 || uint64(binary.LittleEndian.Uint32(r.b)) > uint64(len(r.b)-4) {
		r.err = errors.New("a part cut short")
		return nil
	}
	n := binary.LittleEndian.Uint32(r.b)
	p := r.b[4 : 4+n : 4+n]
	r.b = r.b[4+n:]
	return p
}

// startSaving has the game keep its frames, when the config asks: the
// first is the frame it starts at.
func (g *Game) startSaving() {
	if g.cfg.Rewind > 0 {
		g.kept = ring{saves: make([][]byte, g.cfg.Rewind), last: -1}
		g.keep()
	}
}

// keep saves the frame the game stands at among the frames kept, if it
// keeps them; a save that fails stops the keeping (Back says why).
func (g *Game) keep() {
	if len(g.kept.saves) == 0 || g.keepErr != nil {
		return
	}
	b, err := g.AppendBinary(g.spare[:0])
	if err != nil {
		g.keepErr, g.kept.last = err, g.kept.first-1
		return
	}
	g.spare = g.kept.put(g.frame, b)
}

// Back puts the game back a frame, to the frame before the one it stands
// at, and reports whether it could: the game keeps its last frames
// (Config.Rewind). Run on from there, it drops the frames kept after. The
// error is why it keeps none: a frame could not be saved, or restored.
func (g *Game) Back() (bool, error) {
	if g.keepErr != nil {
		return false, g.keepErr
	}
	prev := g.kept.get(g.frame - 1)
	if prev == nil {
		return false, nil
	}
	if err := g.UnmarshalBinary(prev); err != nil {
		return false, err
	}
	return true, nil
}

// QuickSave saves the game's frame, for QuickLoad to put it back there. A
// frame that cannot be saved is an error, and the last quick save is
// kept.
func (g *Game) QuickSave() error {
	b, err := g.AppendBinary(nil)
	if err != nil {
		return err
	}
	g.quick = b
	return nil
}

// QuickLoad puts the game back in the frame of its last quick save.
func (g *Game) QuickLoad() error {
	if g.quick == nil {
		return errors.New("game: nothing quick-saved yet")
	}
	return g.UnmarshalBinary(g.quick)
}

// A ring keeps the saves of the last frames, in buffers it reuses: frame
// n's save is in saves[n%len(saves)].
type ring struct {
	saves       [][]byte
	first, last int // the frames kept: first to last; none when last < first
}

// get returns frame n's save, or nil if the ring does not keep it.
func (r *ring) get(n int) []byte {
	if n < r.first || n > r.last {
		return nil
	}
	return r.saves[n%len(r.saves)]
}

// put keeps save as frame n, dropping the frames kept from n on (a game
// put back runs them anew) and the oldest when the ring is full; a frame
// that does not follow them starts the ring afresh. It returns a buffer
// it no longer holds, for the next save.
func (r *ring) put(n int, save []byte) (free []byte) {
	switch {
	case r.last < r.first || n < r.first || n > r.last+1:
		r.first = n
	case n-r.first == len(r.saves):
		r.first++
	}
	r.last = n
	i := n % len(r.saves)
	free, r.saves[i] = r.saves[i], save
	return free[:0]
}
