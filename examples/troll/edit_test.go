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

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/troll"
)

// An editRun is -edit run by a test: the troll's tree file (troll.json
// here) copied to a file of the test's, its editor at an address, game
// after game; stopped as Ctrl-C stops it when the test ends, which fails
// if it does not stop, or stops with an error.
type editRun struct {
	file           string
	shipped        []byte   // what the file held at first
	addr           net.Addr // the editor's
	stdout, stderr edittest.Buffer
}

// startEdit starts -edit of troll.json; before, if given, is called once
// the troll has read its tree and before the run starts.
func startEdit(t *testing.T, addr, duration string, before ...func(file string)) *editRun {
	t.Helper()
	return startEditOf(t, "troll.json", addr, duration, before...)
}

// startEditOf starts -edit of a copy of the shipped tree file, as
// startEdit does.
func startEditOf(t *testing.T, shipped, addr, duration string, before ...func(file string)) *editRun {
	t.Helper()
	r := &editRun{file: filepath.Join(t.TempDir(), "troll.json")}
	var err error
	if r.shipped, err = os.ReadFile(shipped); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(r.file, r.shipped, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ed, err := openEditor(ctx, addr, &r.stderr)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	r.addr = ed.ln.Addr()
	o, err := parseFlags([]string{"-tree", r.file, "-edit", addr, "-duration", duration})
	if err == nil {
		var tree *bt.Tree[troll.Memory]
		var data []byte
		if tree, data, err = o.mind(); err == nil {
			for _, f := range before {
				f(r.file)
			}
			done := make(chan error, 1)
			go func() { done <- ed.run(o, tree, data, bufio.NewWriter(&r.stdout)) }()
			t.Cleanup(func() {
				cancel()
				select {
				case err := <-done:
					if err != nil {
						t.Error(err)
					}
				case <-time.After(30 * time.Second):
					t.Error("the editing did not stop after the interrupt")
				}
			})
			return r
		}
	}
	cancel()
	ed.ln.Close()
	t.Fatal(err)
	return nil
}

// url is the editor's address.
func (r *editRun) url() string { return "http://" + r.addr.String() + "/" }

// -edit serves the -tree file's editor and the run's live view, and runs
// game after game. The palette is the troll's registry's names; a tree
// that does not build is refused with the path of its error, and leaves
// the file and the running troll alone; a tree that builds (the troll's
// HTN domain swapped for its GOAP goals) is saved, put in force, and the
// live view starts afresh with it.
func TestEdit(t *testing.T) {
	run := startEdit(t, "127.0.0.1:0", "1s")
	htn, file := run.shipped, run.file
	e := edittest.Dial(t, run.url())

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
	if got := strings.Count(run.stderr.String(), "reloaded the tree"); got != 1 {
		t.Errorf("reloaded %d times, not once:\n%s", got, run.stderr.String())
	}
	if strings.Contains(run.stderr.String(), "not reloaded") {
		t.Errorf("the refused tree reached the troll:\n%s", run.stderr.String())
	}
	if b := e.Save(t, goap, f.Version); b.Status != http.StatusConflict {
		t.Errorf("a save over a version the file no longer has: %d", b.Status)
	}
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(run.stdout.String(), "seed 2,"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("one game, and no other:\n%s", run.stdout.String())
		}
	}
}

// A file saved after the troll read it, before the run began, is put in
// force: the run watches for changes from the text the troll was built
// from, not from the file as it is when the run begins.
func TestEditReloadsASaveBeforeTheRun(t *testing.T) {
	save := func(file string) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		goap := strings.Replace(string(data), `"planner": "htn"`, `"planner": "goap"`, 1)
		if err := os.WriteFile(file, []byte(goap), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := startEdit(t, "127.0.0.1:0", "1m", save)
	events := edittest.Dial(t, run.url()).Events(t)
	events.Next(t, "the GOAP domain", func(l string) bool { return strings.Contains(l, `"kind":"goap"`) })
	if got := strings.Count(run.stderr.String(), "reloaded the tree"); got != 1 {
		t.Errorf("reloaded %d times, not once:\n%s", got, run.stderr.String())
	}
}

// -edit is secured as the live view is: an address that names no host is
// listened on at loopback, and requests for another name, or from a page
// of another site, are refused.
func TestEditRefusesStrangers(t *testing.T) {
	run := startEdit(t, ":0", "1s")
	if ip := run.addr.(*net.TCPAddr).IP; !ip.IsLoopback() {
		t.Errorf("-edit :0 listens on %v", ip)
	}
	base := run.url()
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
	if b, _ := os.ReadFile(run.file); string(b) != string(run.shipped) {
		t.Errorf("the file changed:\n%s", b)
	}
}
