package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer that the run's goroutine writes and the test
// reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// -edit serves the -tree file's editor and the run's live view, and runs
// game after game: a tree saved through the editor (the troll's HTN
// domain swapped for its GOAP goals) is put in force, and the live view
// starts afresh with it.
func TestEdit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "troll.json")
	htn, err := os.ReadFile("troll.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, htn, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb lockedBuffer
	ed, err := openEditor(ctx, "127.0.0.1:0", &errb)
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-tree", file, "-edit", "127.0.0.1:0", "-duration", "1s"})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := o.mind()
	if err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	done := make(chan error, 1)
	go func() { done <- ed.run(o, tree, bufio.NewWriter(&out)) }()
	base := "http://" + ed.ln.Addr().String() + "/"

	var f struct {
		Text, Version string
		Live          bool
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get(base + "file")
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&f)
			resp.Body.Close()
		}
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
	}
	if f.Text != string(htn) || !f.Live {
		t.Fatalf("the editor reads %.80q, live view %v", f.Text, f.Live)
	}
	events, err := http.Get(base + "live/events")
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	lines := bufio.NewScanner(events.Body)
	lines.Buffer(nil, 1<<20)
	next := func(what string, ok func(string) bool) {
		t.Helper()
		for lines.Scan() {
			if ok(lines.Text()) {
				return
			}
		}
		t.Fatalf("the live view ended before %s", what)
	}
	next("the HTN domain", func(l string) bool { return strings.Contains(l, `"kind":"compound"`) })
	next("a plan", func(l string) bool { return strings.Contains(l, `"kind":"plan"`) })

	goap := strings.Replace(string(htn), `"planner": "htn"`, `"planner": "goap"`, 1)
	body, _ := json.Marshal(map[string]string{"text": goap, "base": f.Version})
	resp, err := http.Post(base+"save", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("save: %s", resp.Status)
	}
	next("the GOAP domain", func(l string) bool { return strings.Contains(l, `"kind":"goap"`) })
	if !strings.Contains(errb.String(), "reloaded the tree") {
		t.Errorf("stderr: %s", errb.String())
	}
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "seed 2,"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("one game, and no other:\n%s", out.String())
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the editing did not stop after the interrupt")
	}
}
