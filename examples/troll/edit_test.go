package main

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/internal/edittest"
	"github.com/foresight-bt/foresight/troll"
)

// -edit serves the -tree file's editor and the run's live view, and runs
// game after game. The palette is the troll's registry's names; a tree
// that does not build is refused with the path of its error, and leaves
// the file and the running troll alone; a tree that builds (the troll's
// HTN domain swapped for its GOAP goals) is saved, put in force, and the
// live view starts afresh with it.
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
	var stderr edittest.Buffer
	ed, err := openEditor(ctx, "127.0.0.1:0", &stderr)
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
	var out edittest.Buffer
	done := make(chan error, 1)
	go func() { done <- ed.run(o, tree, bufio.NewWriter(&out)) }()
	e := edittest.Dial(t, "http://"+ed.ln.Addr().String()+"/")

	f := e.File(t)
	if f.Text != string(htn) || !f.Live {
		t.Fatalf("the editor reads %.80q, live view %v", f.Text, f.Live)
	}
	reg, err := troll.Registry()
	if err != nil {
		t.Fatal(err)
	}
	schema := e.Schema(t)
	if want, _ := reg.Schema(); string(schema) != string(want) {
		t.Errorf("the editor's schema is not the troll registry's:\n%.300s", schema)
	}
	if diff := cmp.Diff(edittest.Palette(reg), edittest.SchemaPalette(t, schema)); diff != "" {
		t.Errorf("the palette (-troll registry +editor):\n%s", diff)
	}
	events := e.Events(t)
	events.Next(t, "the HTN domain", func(l string) bool { return strings.Contains(l, `"kind":"compound"`) })
	events.Next(t, "a plan", func(l string) bool { return strings.Contains(l, `"kind":"plan"`) })

	// A tree that does not build: an action the troll has not, and a
	// decider the registry does not name.
	bad := strings.Replace(string(htn), `"action": "Recover"`, `"action": "Rest"`, 1)
	bad = strings.Replace(bad, `"planner": "htn"`, `"planner": "mcts"`, 1)
	wantPaths := []string{"$.children[1].children[1].action", "$.children[2].planner"}
	for _, a := range []edittest.Answer{e.Check(t, bad), e.Save(t, bad, f.Version)} {
		var paths []string
		for _, p := range a.Problems {
			paths = append(paths, p.Path)
			if p.Line == 0 || p.Message == "" {
				t.Errorf("a problem without its line or what it is: %+v", p)
			}
		}
		if diff := cmp.Diff(wantPaths, paths); diff != "" {
			t.Errorf("the problems of a bad tree, answered %d (-want +got):\n%s\n%+v", a.Status, diff, a.Problems)
		}
	}
	if a := e.Save(t, bad, f.Version); a.Status != http.StatusUnprocessableEntity {
		t.Errorf("a save of a tree that does not build: %d", a.Status)
	}
	if b, _ := os.ReadFile(file); string(b) != string(htn) {
		t.Errorf("a refused save changed the file:\n%s", b)
	}
	if e.File(t).Version != f.Version {
		t.Error("a refused save changed the file's version")
	}

	// A tree that builds: saved, and the troll runs it.
	goap := strings.Replace(string(htn), `"planner": "htn"`, `"planner": "goap"`, 1)
	a := e.Save(t, goap, f.Version)
	if a.Status != http.StatusOK {
		t.Fatalf("save: %d %s %+v", a.Status, a.Error, a.Problems)
	}
	if b, _ := os.ReadFile(file); string(b) != a.File.Text || !strings.Contains(a.File.Text, `"planner": "goap"`) {
		t.Errorf("the file holds %q after saving %q", b, a.File.Text)
	}
	events.Next(t, "the GOAP domain", func(l string) bool { return strings.Contains(l, `"kind":"goap"`) })
	if got := strings.Count(stderr.String(), "reloaded the tree"); got != 1 {
		t.Errorf("reloaded %d times, not once:\n%s", got, stderr.String())
	}
	if strings.Contains(stderr.String(), "not reloaded") {
		t.Errorf("the refused tree reached the troll:\n%s", stderr.String())
	}
	if b := e.Save(t, goap, f.Version); b.Status != http.StatusConflict {
		t.Errorf("a save over a version the file no longer has: %d", b.Status)
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

// -edit is secured as the live view is: an address that names no host is
// listened on at loopback, and requests for another name, or from a page
// of another site, are refused.
func TestEditRefusesStrangers(t *testing.T) {
	file := filepath.Join(t.TempDir(), "troll.json")
	htn, err := os.ReadFile("troll.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, htn, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stderr edittest.Buffer
	ed, err := openEditor(ctx, ":0", &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if ip := ed.ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		t.Errorf("-edit :0 listens on %v", ip)
	}
	o, err := parseFlags([]string{"-tree", file, "-edit", ":0", "-duration", "1s"})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := o.mind()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- ed.run(o, tree, bufio.NewWriter(new(edittest.Buffer))) }()
	defer func() {
		cancel()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("the editing did not stop after the interrupt")
		}
	}()
	base := "http://" + ed.ln.Addr().String() + "/"
	edittest.Dial(t, base)
	for _, tt := range []struct {
		name, path, host, origin string
		want                     int
	}{
		{"the page", "", "", "", http.StatusOK},
		{"the page for localhost", "", "localhost:8080", "", http.StatusOK},
		{"the page for another name", "", "evil.example", "", http.StatusForbidden},
		{"the file for another name", "file", "evil.example:80", "", http.StatusForbidden},
		{"the live view for another name", "live/", "evil.example", "", http.StatusForbidden},
		{"a save from another site", "save", "", "http://evil.example", http.StatusForbidden},
		{"the file from another site", "file", "", "http://evil.example", http.StatusForbidden},
	} {
		method := http.MethodGet
		if tt.path == "save" {
			method = http.MethodPost
		}
		req, err := http.NewRequest(method, base+tt.path, strings.NewReader(`{"text": "{}", "base": ""}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if tt.host != "" {
			req.Host = tt.host
		}
		if tt.origin != "" {
			req.Header.Set("Origin", tt.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != string(htn) {
		t.Errorf("the file changed:\n%s", b)
	}
}
