package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/jedi"
)

// lockedBuffer is a buffer that the fight's goroutine writes and the
// test reads.
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

// -edit serves the -tree file's editor and the fight's live view, and
// fights on, fight after fight: a tree saved through the editor is put in force, and the
// live view starts afresh with it.
func TestEdit(t *testing.T) {
	file, _ := shippedCopy(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb lockedBuffer
	ed, err := openEditor(ctx, "127.0.0.1:0", &errb)
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-tree", file, "-edit", "127.0.0.1:0", "-duration", "1s", "-enemies", "droid:1"})
	if err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	done := make(chan error, 1)
	go func() { done <- ed.run(o, bufio.NewWriter(&out)) }()
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
	shipped, _ := os.ReadFile(file)
	if f.Text != string(shipped) || !f.Live {
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
	next("a decision", func(l string) bool { return strings.Contains(l, `"kind":"decision"`) })

	// Save the Jedi's idling only, through the editor.
	def, err := jedi.Design(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	def.Children = def.Children[3:]
	idle, err := registry().Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"text": string(idle), "base": f.Version})
	resp, err := http.Post(base+"save", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("save: %s", resp.Status)
	}
	next("the new tree", func(l string) bool { return strings.Contains(l, `"nodes"`) && !strings.Contains(l, `"engage"`) })
	if !strings.Contains(errb.String(), "reloaded the tree from "+file) {
		t.Errorf("stderr: %s", errb.String())
	}
	// Fight after fight: a fight of 1 s ends, and the next begins.
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "(seed 2)"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("one fight, and no other:\n%s", out.String())
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
