package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
)

// A Rewinder saves and restores the whole of a game's frame, for a Live
// whose page steps back through the frames the game ran and resumes the
// game from one (see Rewind). The Live cannot know the game's world; the
// game can.
//
// AppendBinary appends to b everything the game's next frames depend on:
// every agent's state (bt.Agent.AppendBinary, bt.Crowd.Save), every
// memory, and the world, random sources included. UnmarshalBinary puts
// the game back in a state AppendBinary saved: all of it, or, with an
// error, none of it. A game whose frames follow from its state alone
// then runs, from a frame restored, the frames it ran from there the
// first time. (A type that is an encoding.BinaryAppender and an
// encoding.BinaryUnmarshaler is a Rewinder.)
type Rewinder interface {
	AppendBinary(b []byte) ([]byte, error)
	UnmarshalBinary(data []byte) error
}

// MaxFrames bounds the frames a Live keeps for rewinding: at sixty frames
// a second, about eighteen minutes.
const MaxFrames = 1 << 16

// Rewind has a Live keep the last frames the game ran, saved by r, so
// that its page steps back through them a frame at a time, forward again,
// and resumes the game (or steps it) from the frame it shows: the frames
// kept after that one are then dropped, and the game runs them anew.
// frames is how many it keeps, 1 to MaxFrames (600 is ten seconds at
// sixty frames a second). A Writer ignores it.
//
// The Live saves and restores in Proceed, on the game's goroutine, and
// only while someone watches: a game that rewinds calls Proceed before
// each frame it runs, as a game that pauses does. Proceed saves the frame
// the game ran since it last let one run, into a ring of buffers it
// reuses, so that once each has grown to a frame's size a save allocates
// nothing; a save the same as the one before (the game did not run the
// frame Proceed let through) is not kept twice. A save that fails stops
// the rewinding, and a restore that fails leaves the game where it was;
// the page says why.
func Rewind(r Rewinder, frames int) Option {
	return func(s *settings) { s.rewinder, s.frames = r, frames }
}

// errNoRewinder is the error of Rewind given no Rewinder.
var errNoRewinder = errors.New("inspect: Rewind: no Rewinder")

// newRewinder returns the rewinder of a Live's settings, nil for none.
func newRewinder(s *settings) (*rewinder, error) {
	switch {
	case s.rewinder == nil && s.frames == 0:
		return nil, nil
	case s.rewinder == nil:
		return nil, errNoRewinder
	case s.frames < 1 || s.frames > MaxFrames:
		return nil, fmt.Errorf("inspect: Rewind: %d frames: keep 1 to %d", s.frames, MaxFrames)
	}
	return &rewinder{game: s.rewinder, ring: ring{saves: make([][]byte, s.frames), last: -1}}, nil
}

// A rewinder is a Live's rewinding: the game's saves, where the game
// stands among them, and the moves the page asked for. All but moves
// belong to the game's goroutine, which alone tells the page where the
// game stands (event), so that the page hears it in order with the
// frames.
type rewinder struct {
	game    Rewinder
	ring    ring
	spare   []byte // the buffer of the next save
	at      int64  // the frame the game stands at, kept in the ring
	ran     bool   // Proceed let a frame run since it last saved
	off     bool   // a save failed: no more rewinding
	problem string // what went wrong last, for the page
	moves   atomic.Int64
}

// rewindState is where the game stands among the frames kept, as the page
// is told it.
type rewindState struct {
	Frame int64  `json:"frame"`           // the frame the game stands at
	First int64  `json:"first"`           // the oldest frame kept
	Last  int64  `json:"last"`            // the newest
	Off   bool   `json:"off,omitempty"`   // a save failed: no more rewinding
	Error string `json:"error,omitempty"` // why, or why the last move failed
}

// start begins afresh when the first watcher comes, or a new tree: the
// frames kept before are dropped (no page shows them), and the next save
// is of the frame the game stands at.
func (rw *rewinder) start() {
	rw.ring.clear()
	rw.ran = true
	rw.moves.Store(0)
}

// frame returns the number of the frame whose events are traced now: the
// one the game runs after Proceed let it, else the one it stands at.
func (rw *rewinder) frame() int64 {
	if rw.ran {
		return rw.at + 1
	}
	return rw.at
}

// keep saves the frame the game ran, if it ran one, and reports whether
// the page must be told where the game stands.
func (rw *rewinder) keep() bool {
	if rw.off || !rw.ran {
		return false
	}
	rw.ran = false
	b, err := rw.game.AppendBinary(rw.spare[:0])
	if err != nil {
		rw.off = true
		rw.ring.clear()
		rw.problem = fmt.Sprintf("rewinding is off: the game could not be saved: %v", err)
		return true
	}
	if prev := rw.ring.get(rw.at); prev != nil && bytes.Equal(prev, b) {
		rw.spare = b // the game did not run the frame
		return false
	}
	if rw.ring.get(rw.at) != nil {
		rw.at++
	}
	rw.spare = rw.ring.put(rw.at, b)
	return false
}

// move restores the frame the page's moves lead to, and reports whether
// it moved (or failed to).
func (rw *rewinder) move() bool {
	d := rw.moves.Swap(0)
	if d == 0 || rw.off || rw.ring.last < rw.ring.first {
		return false
	}
	rw.problem = ""
	to := min(max(rw.at+d, rw.ring.first), rw.ring.last)
	if to == rw.at {
		return true // the page hears that it stays
	}
	if err := rw.game.UnmarshalBinary(rw.ring.get(to)); err != nil {
		rw.problem = fmt.Sprintf("the game could not be restored to frame %d: %v", to, err)
		return true
	}
	rw.at = to
	return true
}

// run lets the game run the frame after the one it stands at: the frames
// kept after it are dropped. It reports whether any were.
func (rw *rewinder) run() bool {
	rw.ran = true
	if rw.off || rw.at >= rw.ring.last {
		return false
	}
	rw.ring.cut(rw.at)
	rw.problem = ""
	return true
}

// event returns where the game stands as a server-sent event, "frame",
// for the page: the frame it shows, and the frames kept (the page drops
// what it received of those after the last).
func (rw *rewinder) event() []byte {
	s := rewindState{Frame: rw.at, First: rw.ring.first, Last: rw.ring.last, Off: rw.off, Error: rw.problem}
	if rw.off {
		s = rewindState{Off: true, Error: rw.problem}
	}
	b, _ := json.Marshal(s) // cannot fail
	return message(nil, "frame", b)
}

// A ring keeps the saves of the last frames, numbered, in buffers it
// reuses: frame n's save is in saves[n%len(saves)].
type ring struct {
	saves       [][]byte
	first, last int64 // the frames kept: first to last; none when last < first
}

// get returns frame n's save, or nil if the ring does not keep it.
func (r *ring) get(n int64) []byte {
	if n < r.first || n > r.last {
		return nil
	}
	return r.saves[n%int64(len(r.saves))]
}

// put keeps save as frame n, after the last it keeps (a frame that does
// not follow it starts the ring afresh), dropping the oldest when the
// ring is full. It returns a buffer it no longer holds, for the next
// save: the oldest frame's, or nil.
func (r *ring) put(n int64, save []byte) (free []byte) {
	switch {
	case n != r.last+1 || r.last < r.first:
		r.clear()
		r.first = n
	case r.last-r.first+1 == int64(len(r.saves)):
		r.first++
	}
	r.last = n
	i := n % int64(len(r.saves))
	free, r.saves[i] = r.saves[i], save
	return free[:0]
}

// cut drops the frames after n.
func (r *ring) cut(n int64) { r.last = min(r.last, max(n, r.first-1)) }

// clear drops every frame, keeping the buffers.
func (r *ring) clear() { r.first, r.last = 0, -1 }
