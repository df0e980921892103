package inspect_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/engine/binsave"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
)

// A rewindingFight is a Jedi fight that a Live rewinds: it saves its
// whole frame (the frames it ran, the arena, each Jedi's agent and
// memory), and keeps the first Jedi's events of each frame it runs, the
// first time and again after it was put back.
type rewindingFight struct {
	f      *jedi.Fight
	frames int
	events bytes.Buffer // this frame's, as trace.JSON writes them

	mu      sync.Mutex // the game's goroutine writes what follows, the test reads it
	rewound bool
	first   map[int]string // frame → its events, the first time it ran
	again   map[int]string // and after the fight was put back
}

func newRewindingFight(t *testing.T) *rewindingFight {
	t.Helper()
	f, err := jedi.NewFight(jedi.FightConfig{Seed: 3, Skill: 0.6, Partner: true,
		Enemies: []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Brawler, jedi.Trooper}})
	if err != nil {
		t.Fatal(err)
	}
	r := &rewindingFight{f: f, first: map[int]string{}, again: map[int]string{}}
	f.AddTracer(trace.JSON(&r.events))
	return r
}

// step runs a frame of the fight and keeps its events.
func (r *rewindingFight) step() error {
	_, err := r.f.Step()
	r.frames++
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rewound {
		r.again[r.frames] = r.events.String()
	} else {
		r.first[r.frames] = r.events.String()
	}
	r.events.Reset()
	return err
}

const fightMagic = "test"

func (r *rewindingFight) AppendBinary(b []byte) ([]byte, error) {
	start := len(b)
	b = binsave.Begin(b, fightMagic, 1)
	b = binsave.Int(b, r.frames)
	b, err := binsave.Part(b, r.f.Arena)
	for _, j := range r.f.Fighters {
		if err == nil {
			b, err = binsave.Part(b, j.Agent)
		}
		if err == nil {
			b, err = binsave.Part(b, &j.Memory)
		}
	}
	if err != nil {
		return b[:start], err
	}
	return binsave.End(b, start), nil
}

func (r *rewindingFight) UnmarshalBinary(data []byte) error {
	rd, err := binsave.Open("a test fight", data, fightMagic, 1)
	if err != nil {
		return err
	}
	frames := rd.Int(0, 1<<30)
	arena := rd.Part()
	var agents, memories [][]byte
	for range r.f.Fighters {
		agents, memories = append(agents, rd.Part()), append(memories, rd.Part())
	}
	if err := rd.Close(); err != nil {
		return err
	}
	if err := r.f.Arena.UnmarshalBinary(arena); err != nil {
		return err
	}
	for i, j := range r.f.Fighters {
		if err := j.Agent.UnmarshalBinary(agents[i]); err != nil {
			return err
		}
		if err := j.Memory.UnmarshalBinary(memories[i]); err != nil {
			return err
		}
	}
	r.frames = frames
	r.mu.Lock()
	r.rewound = true
	r.mu.Unlock()
	return nil
}

// The live page steps a Jedi fight back frame by frame, and forward
// again, showing the moment of the frame the game is put back to; resumed
// from there, the game runs on exactly as it ran from that frame the
// first time (the first Jedi's events, frame for frame), and the page
// drops what it had received of the frames after it, which it is sent
// anew.
func TestLiveRewindInBrowser(t *testing.T) {
	t.Parallel()
	game := newRewindingFight(t)
	live, err := inspect.NewLive(inspect.Header{Title: "rewind test", Nodes: game.f.Tree.Nodes()}, inspect.Rewind(game, 600))
	if err != nil {
		t.Fatal(err)
	}
	game.f.AddTracer(live)
	srv := serveLive(t, live)

	// The game: a frame every 5 ms while the page lets it, from when the
	// page comes, so that the Live's frames are the game's.
	stop := make(chan struct{})
	done := make(chan error, 1)
	defer func() {
		close(stop)
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	go func() {
		var sc scene.Scene
		for {
			select {
			case <-stop:
				done <- nil
				return
			case <-time.After(5 * time.Millisecond):
			}
			if !live.Watched() || !live.Proceed() {
				continue
			}
			if err := game.step(); err != nil {
				done <- err
				return
			}
			game.f.Arena.Scene(&sc)
			live.Scene(&sc)
		}
	}()

	p := page(t)
	if err := p.Navigate(srv.URL + "/"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `Number(document.body.dataset.frame || 0) > 150 && !document.getElementById("back").hidden`)
	if err := p.Click("#pause"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.paused === "true"`)

	const back, forward = 40, 15
	for range back {
		if err := p.Click("#back"); err != nil {
			t.Fatal(err)
		}
	}
	browser.Await(t, p, fmt.Sprintf(`V.rw && V.rw.frame === V.rw.last - %d`, back))
	for range forward {
		if err := p.Click("#forward"); err != nil {
			t.Fatal(err)
		}
	}
	browser.Await(t, p, fmt.Sprintf(`V.rw.frame === V.rw.last - %d`, back-forward))
	at := browser.Value[int](t, p, `V.rw.frame`)
	if shown := browser.Value[string](t, p, `document.body.dataset.frame`); shown != fmt.Sprint(at) {
		t.Errorf("put back to frame %d, the page says frame %s", at, shown)
	}
	// The page shows the moment of that frame, once it has drawn it: the
	// last tick the first Jedi traced by its end.
	browser.Await(t, p, fmt.Sprintf(`document.body.dataset.tick === %q`, lastTick(t, game, at)))
	if text := browser.Value[string](t, p, `document.getElementById("livestate").textContent`); !strings.Contains(text, fmt.Sprintf("put back %d frames", back-forward)) {
		t.Errorf("put back, the page says %q", text)
	}

	if err := p.Click("#pause"); err != nil { // Resume, from frame at
		t.Fatal(err)
	}
	browser.Await(t, p, fmt.Sprintf(`document.body.dataset.paused === "false" && Number(document.body.dataset.frame) > %d`, at+back+60))
	if err := p.Click("#pause"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.paused === "true"`)

	game.mu.Lock()
	compared, events := 0, 0
	for frame := at + 1; frame <= at+back+60; frame++ {
		first, ran := game.first[frame]
		again, reran := game.again[frame]
		if !ran || !reran {
			continue
		}
		if again != first {
			t.Errorf("resumed from frame %d, frame %d went otherwise:\n%s\nthe first time:\n%s", at, frame, again, first)
			break
		}
		compared++
		events += strings.Count(first, "\n")
	}
	game.mu.Unlock()
	if compared < back-forward || events == 0 {
		t.Errorf("resumed from frame %d, %d frames ran again (%d events): too few to compare", at, compared, events)
	}
	// The page dropped the frames after the one it resumed from: each
	// tick it shows, once.
	if ok := browser.Value[bool](t, p, `M.ticks.every((t, i) => i === 0 || t.tick > M.ticks[i - 1].tick)`); !ok {
		t.Error("resumed, the page shows ticks twice or out of order: it kept what came after the frame it resumed from")
	}
	noErrors(t, p)
}

// lastTick returns, as the page's body says it, the tick of the last
// event the first Jedi traced by the end of frame n, the first time.
func lastTick(t *testing.T, game *rewindingFight, n int) string {
	t.Helper()
	game.mu.Lock()
	defer game.mu.Unlock()
	for ; n > 0; n-- {
		lines := strings.Split(strings.TrimSpace(game.first[n]), "\n")
		if last := lines[len(lines)-1]; last != "" {
			var e struct{ Tick uint64 }
			if err := json.Unmarshal([]byte(last), &e); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(e.Tick)
		}
	}
	return ""
}
