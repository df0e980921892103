package game

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/scene"
)

// run plays frames of a game of seed and workers, and returns a digest
// of every frame's pictures and captions.
func run(t *testing.T, seed uint64, workers, frames int) (*Game, uint64) {
	t.Helper()
	g, err := New(Config{Seed: seed, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	var ps []Panel
	for range frames {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		ps = g.Panels(ps)
		for i := range ps {
			p := &ps[i]
			picture, err := json.Marshal(&p.Scene)
			if err != nil {
				t.Fatalf("%s: %v", p.Title, err)
			}
			h.Write(picture)
			for _, c := range p.Agents {
				fmt.Fprintf(h, "%s|%s|%g,%g;", c.Doing, c.Reason, c.X, c.Y)
			}
		}
	}
	return g, h.Sum64()
}

// drawable returns what in s the inspector cannot draw, as it reports it
// when it records s, or nil.
func drawable(t *testing.T, s *scene.Scene) error {
	t.Helper()
	nodes := []bt.NodeInfo{{Path: "agent", Name: "agent", Kind: bt.KindAction}}
	w, err := inspect.NewWriter(io.Discard, inspect.Header{Title: "a panel", Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	return w.Scene(s)
}

// The game runs without a window: frames advance, every agent decides,
// and the same seed gives the same game, frame for frame, whatever the
// number of the crowd's workers.
func TestGameRunsHeadlessAndReplays(t *testing.T) {
	frames := 600 // ten seconds of game
	if testing.Short() {
		frames = 240
	}
	g, a := run(t, 1, 1, frames)
	if g.Frame() != frames {
		t.Errorf("ran %d frames, want %d", g.Frame(), frames)
	}
	ps := g.Panels(nil)
	if len(ps) != 4+len(Deciders) {
		t.Fatalf("%d panels, want 4 arenas and a troll map a decider", len(ps))
	}
	for _, p := range ps {
		if len(p.Scene.Entities) == 0 {
			t.Errorf("%s: nothing to draw", p.Title)
		}
		if err := drawable(t, &p.Scene); err != nil {
			t.Errorf("%s: %v", p.Title, err)
		}
		for _, c := range p.Agents {
			if c.Doing == "" || c.Reason == "" {
				t.Errorf("%s: %s has decided nothing yet (%q, %q)", p.Title, c.Agent.Name(), c.Doing, c.Reason)
			}
		}
	}
	if _, b := run(t, 1, 2, frames); a != b {
		t.Error("two workers played another game than one")
	}
	if _, c := run(t, 2, 1, frames); a == c {
		t.Error("seeds 1 and 2 played the same game")
	}
}

// Pause stops the game; Step runs a frame of a paused game; Slow runs a
// frame every so many.
func TestPauseStepSlow(t *testing.T) {
	g, err := New(Config{Seed: 1, Arenas: 1, Trolls: 1})
	if err != nil {
		t.Fatal(err)
	}
	update := func(n int) {
		for range n {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	update(3)
	g.Pause(true)
	update(5)
	g.Step()
	update(5)
	if g.Frame() != 4 {
		t.Errorf("paused, stepped once: frame %d, want 4", g.Frame())
	}
	g.Pause(false)
	if g.Slow() != 2 {
		t.Fatal("Slow: want half speed")
	}
	update(10)
	if g.Frame() != 9 {
		t.Errorf("at half speed, ten frames of the window: frame %d, want 9", g.Frame())
	}
	for g.Slow() != 1 {
	}
	update(2)
	if g.Frame() != 11 {
		t.Errorf("back at full speed: frame %d, want 11", g.Frame())
	}
}

// A troll is switched between the deciders in turn, and goes on deciding
// under each.
func TestSwitchDecider(t *testing.T) {
	g, err := New(Config{Seed: 3, Arenas: 1, Trolls: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr := g.Trolls()[0]
	var seen []string
	for range Deciders {
		for range 120 {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
		doing, _ := tr.Doing()
		if doing == "" {
			t.Errorf("under %v the troll began nothing in two seconds", tr.Decider())
		}
		seen = append(seen, tr.Decider().String())
		if err := g.Switch(0); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(seen, " "); got != "htn bt goap fsm" || tr.Decider() != Deciders[0] {
		t.Errorf("deciders in turn: %s, then %v; want htn bt goap fsm, then htn", got, tr.Decider())
	}
	if err := g.Switch(5); err == nil {
		t.Error("Switch of a troll that is not there: no error")
	}
}

// An agent can be watched: a second tracer gets its events, and its
// world's picture is drawn.
func TestWatch(t *testing.T) {
	g, err := New(Config{Seed: 1, Arenas: 1, Trolls: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []Watchable{g.Jedi()[0], g.Trolls()[0]} {
		events := 0
		w.Watch(tracerFunc(func() { events++ }))
		for range 300 {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
		w.Watch(nil)
		var s scene.Scene
		w.Scene(&s)
		if events == 0 || len(s.Entities) == 0 || len(w.Nodes()) == 0 || w.Name() == "" {
			t.Errorf("%s: %d events, %d entities, %d nodes", w.Name(), events, len(s.Entities), len(w.Nodes()))
		}
	}
}

type tracerFunc func()

func (f tracerFunc) Trace(*bt.Event) { f() }

// BenchmarkFrame times a frame of the game without drawing it: four
// arenas of two Jedi and six enemies, and four trolls.
func BenchmarkFrame(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			g, err := New(Config{Seed: 1, Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := g.Advance(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
