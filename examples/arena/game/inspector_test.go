package game

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The inspector serves the live page of the agent it watches on
// loopback, streams the agent's tree, events and world while a browser
// watches, and moves on to another agent.
func TestInspector(t *testing.T) {
	g, err := New(Config{Seed: 1, Arenas: 1, Trolls: 1})
	if err != nil {
		t.Fatal(err)
	}
	var in Inspector
	defer in.Close()
	url, err := in.Open(g.Trolls()[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("served at %s, want loopback", url)
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(url)
	if err != nil {
		t.Fatalf("GET the page (the inspector did not answer within 10s): %v", err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "foresight inspector") {
		t.Fatalf("the page: %s\n%.200s", resp.Status, page)
	}
	watch(t, g, &in, url, `"title":"troll 1 (htn)"`, `"kind":"scene"`, `"kind":"begin"`)
	if _, err := in.Open(g.Jedi()[0]); err != nil { // on to a Jedi
		t.Fatal(err)
	}
	watch(t, g, &in, url, `"title":"Jedi of arena 1"`, `"kind":"scene"`)
}

// watch runs the game while a browser watches the inspector at url,
// until its stream has said every one of want, for at most ten seconds.
func watch(t *testing.T, g *Game, in *Inspector, url string, want ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET events (the inspector did not answer within 10s): %v", err)
	}
	defer resp.Body.Close()
	got := make(chan string, 1)
	go func() {
		var seen strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			seen.Write(buf[:n])
			all := true
			for _, w := range want {
				all = all && strings.Contains(seen.String(), w)
			}
			if all || err != nil {
				got <- seen.String()
				return
			}
		}
	}()
	for frames := 0; ; frames++ {
		select {
		case s := <-got:
			for _, w := range want {
				if !strings.Contains(s, w) {
					t.Fatalf("the stream ended without %s (%d frames): %.300s", w, frames, s)
				}
			}
			return
		case <-ctx.Done():
			t.Fatalf("the inspector did not stream %q within 10s (%d frames)", want, frames)
		default:
		}
		if in.Proceed() {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			in.Frame()
		}
		time.Sleep(time.Millisecond)
	}
}

// Given the game as its Rewinder, the inspector's page can put the game
// back: its frames come numbered, to step back through.
func TestInspectorRewinds(t *testing.T) {
	g, err := New(savable(1))
	if err != nil {
		t.Fatal(err)
	}
	in := Inspector{Rewinder: g}
	defer in.Close()
	url, err := in.Open(g.Jedi()[0])
	if err != nil {
		t.Fatal(err)
	}
	watch(t, g, &in, url, `"rewinds":true`, "\nid: 2\n")
}
