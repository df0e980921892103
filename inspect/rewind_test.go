package inspect_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/trace"
)

// A yardGame is the guard's game for the tests of rewinding: its agent,
// its yard, and the intruder's whims from a seeded source. Its frames
// follow from its state alone, which it saves whole (an inspect.Rewinder).
type yardGame struct {
	frames int // run so far
	agent  *bt.Agent[yard]
	yard   yard
	pcg    rand.PCG
	rng    *rand.Rand
	trace  bytes.Buffer // the agent's events, as trace.JSON writes them
	failed bool         // saves fail from now on
}

func newYardGame() *yardGame {
	_, agent := guard()
	g := &yardGame{agent: agent}
	g.pcg.Seed(1, 2)
	g.rng = rand.New(&g.pcg)
	agent.SetTracer(trace.JSON(&g.trace))
	return g
}

// frame runs a frame: the intruder comes and goes, the guard decides.
func (g *yardGame) frame(t *testing.T) {
	t.Helper()
	if g.rng.IntN(4) == 0 {
		g.yard.Intruder = g.rng.IntN(3) * g.rng.IntN(20)
	}
	if _, err := g.agent.Tick(&g.yard, time.Second/60); err != nil {
		t.Fatal(err)
	}
	g.frames++
}

// AppendBinary saves the frames run, the yard, the random source, and,
// last, the agent.
func (g *yardGame) AppendBinary(b []byte) ([]byte, error) {
	if g.failed {
		return b, errors.New("the yard is closed")
	}
	b = binary.AppendVarint(b, int64(g.frames))
	b = binary.AppendVarint(b, int64(g.yard.Guard))
	b = binary.AppendVarint(b, int64(g.yard.Intruder))
	b, _ = g.pcg.AppendBinary(b) // 20 bytes
	return g.agent.AppendBinary(b)
}

// UnmarshalBinary restores what AppendBinary saved.
func (g *yardGame) UnmarshalBinary(data []byte) error {
	var v [3]int64
	for i := range v {
		x, n := binary.Varint(data)
		if n <= 0 {
			return errors.New("not a yard")
		}
		v[i], data = x, data[n:]
	}
	if len(data) < 20 {
		return errors.New("not a yard")
	}
	var pcg rand.PCG
	if err := pcg.UnmarshalBinary(data[:20]); err != nil {
		return err
	}
	if err := g.agent.UnmarshalBinary(data[20:]); err != nil {
		return err
	}
	g.frames, g.yard, g.pcg = int(v[0]), yard{Guard: int(v[1]), Intruder: int(v[2])}, pcg
	return nil
}

// save returns the game's state now.
func (g *yardGame) save(t *testing.T) []byte {
	t.Helper()
	b, err := g.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// serveLive serves live until the test ends.
func serveLive(t *testing.T, live *inspect.Live) *httptest.Server {
	srv := httptest.NewServer(live)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv
}

// frameEvent waits for the page to be told where the game stands.
func frameEvent(t *testing.T, lines <-chan string) (at struct{ Frame, First, Last int64 }) {
	t.Helper()
	next(t, lines, func(l string) bool { return l == "event: frame" })
	data := next(t, lines, func(string) bool { return true })
	if err := json.Unmarshal([]byte(strings.TrimPrefix(data, "data: ")), &at); err != nil {
		t.Fatalf("the frame event %q: %v", data, err)
	}
	return at
}

// A Live with Rewind keeps the frames the game ran while someone
// watches: back and forward restore them, a frame at a time, as far as
// the frames kept go; and the game resumed from one runs the frames it
// ran from there the first time, the same states and the same events.
func TestLiveRewind(t *testing.T) {
	// Not in parallel: it counts allocations.
	g := newYardGame()
	tree, _ := guard()
	const kept = 40
	live, err := inspect.NewLive(inspect.Header{Title: "yard", Nodes: tree.Nodes()}, inspect.Rewind(g, kept))
	if err != nil {
		t.Fatal(err)
	}
	srv := serveLive(t, live)
	lines, stop := watch(t, srv)
	defer stop()
	next(t, lines, func(l string) bool { return strings.HasPrefix(l, `data: {"paused":false,"rewinds":true}`) })
	waitWatched(t, live, true)

	// The first run: the state after every frame, and the events of each.
	var states [][]byte
	var traced []int
	run := func(n int) {
		for range n {
			if !live.Proceed() {
				t.Fatal("Proceed holds a game no one paused")
			}
			g.frame(t)
			live.Flush()
			states = append(states[:g.frames], g.save(t))
			traced = append(traced[:g.frames], g.trace.Len())
		}
	}
	states, traced = append(states, g.save(t)), append(traced, 0) // frame 0: before any
	run(100)
	firstTrace := g.trace.String()

	control := func(do string, times int) {
		t.Helper()
		for range times {
			if code, body := post(t, srv, "application/json", `{"do":"`+do+`"}`); code != http.StatusOK {
				t.Fatalf("%s: %d %s", do, code, body)
			}
		}
	}
	stands := func(what string, frame, first, last int64) {
		t.Helper()
		if live.Proceed() {
			t.Fatalf("%s: Proceed lets the game run", what)
		}
		if got := frameEvent(t, lines); got.Frame != frame || got.First != first || got.Last != last {
			t.Fatalf("%s: the page is told frame %d of %d to %d, want %d of %d to %d", what, got.Frame, got.First, got.Last, frame, first, last)
		}
		if !bytes.Equal(g.save(t), states[frame]) {
			t.Fatalf("%s: the game is not as it was at frame %d", what, frame)
		}
		if g.frames != int(frame) {
			t.Fatalf("%s: the game stands at frame %d, want %d", what, g.frames, frame)
		}
	}
	control("back", 5)
	stands("back 5", 95, 100-kept+1, 100)
	control("forward", 2)
	stands("forward 2", 97, 100-kept+1, 100)
	control("forward", 9)
	stands("forward past the newest", 100, 100-kept+1, 100)
	control("back", kept+10)
	stands("back past the oldest kept", 100-kept+1, 100-kept+1, 100)
	control("forward", 30)
	stands("forward 30", 100-kept+31, 100-kept+1, 100)

	// Resumed, the game runs on from frame 91; the frames after it that
	// were kept are dropped.
	from := 100 - kept + 31
	g.trace.Reset()
	control("resume", 1)
	for i := range 100 - from {
		if !live.Proceed() {
			t.Fatal("Proceed holds a resumed game")
		}
		if i == 0 {
			if got := frameEvent(t, lines); got.Frame != int64(from) || got.Last != int64(from) {
				t.Fatalf("resumed: the page is told frame %d, frames to %d, want %d and %d", got.Frame, got.Last, from, from)
			}
		}
		g.frame(t)
		live.Flush()
		if !bytes.Equal(g.save(t), states[g.frames]) {
			t.Fatalf("resumed from frame %d, the game went otherwise at frame %d", from, g.frames)
		}
	}
	if diff := cmp.Diff(firstTrace[traced[from]:], g.trace.String()); diff != "" {
		t.Errorf("resumed from frame %d, the guard went on otherwise (-first +again):\n%s", from, diff)
	}

	// Once the ring is full, keeping a frame allocates nothing.
	g.agent.SetTracer(nil)
	if n := testing.AllocsPerRun(50, func() {
		live.Proceed()
		g.frame(t)
	}); n != 0 {
		t.Errorf("a frame kept allocates %v times", n)
	}

	// A save that fails stops the rewinding, and says why.
	g.failed = true
	live.Proceed()
	g.frame(t)
	live.Proceed()
	next(t, lines, func(l string) bool { return l == "event: frame" })
	if off := next(t, lines, func(string) bool { return true }); !strings.Contains(off, `"off":true`) || !strings.Contains(off, "the yard is closed") {
		t.Errorf("a save failed: the page is told %s", off)
	}
	control("back", 1)
	if live.Proceed() {
		t.Error("rewinding off, back did not pause the game")
	}
	if g.frames != 100+51+1 {
		t.Errorf("rewinding off, back moved the game to frame %d", g.frames)
	}
}

// Rewind wants a Rewinder and a number of frames in range; a Live
// without it refuses back and forward.
func TestRewindRefused(t *testing.T) {
	t.Parallel()
	tree, _ := guard()
	h := inspect.Header{Nodes: tree.Nodes()}
	for _, tt := range []struct {
		r      inspect.Rewinder
		frames int
	}{{nil, 600}, {newYardGame(), 0}, {newYardGame(), -1}, {newYardGame(), inspect.MaxFrames + 1}} {
		if _, err := inspect.NewLive(h, inspect.Rewind(tt.r, tt.frames)); err == nil {
			t.Errorf("Rewind(%T, %d): no error", tt.r, tt.frames)
		}
	}
	_, srv := serve(t)
	for _, do := range []string{"back", "forward"} {
		if code, body := post(t, srv, "application/json", fmt.Sprintf(`{"do":%q}`, do)); code != http.StatusBadRequest || !strings.Contains(body, "does not rewind") {
			t.Errorf("%s without Rewind: %d %s", do, code, body)
		}
	}
}
