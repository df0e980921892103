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
	"testing"
	"time"

	"github.com/foresight-bt/foresight/inspect"
)

// recording returns the recording a replay page embeds, as lines.
func recording(t *testing.T, page []byte) []string {
	t.Helper()
	raw, err := inspect.ReadPage(page)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
}

func TestReplayFlag(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	for _, f := range []string{a, b} {
		_, errs, code := runJedi("-seed", "3", "-html", f)
		if code != 0 || errs != "jedi: wrote the replay to "+f+" (-html)\n" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
	}
	pa, _ := os.ReadFile(a)
	pb, _ := os.ReadFile(b)
	if !bytes.Equal(pa, pb) {
		t.Error("the same flags wrote two different pages")
	}
	if !bytes.HasPrefix(pa, []byte("<!DOCTYPE html>")) || bytes.Contains(pa, []byte("http://")) || bytes.Contains(pa, []byte("https://")) {
		t.Error("the page is not a self-contained HTML file")
	}
	lines := recording(t, pa)
	var head struct {
		Format  string
		Version int
		Nodes   []json.RawMessage
	}
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil || head.Format != inspect.Format || head.Version != inspect.Version || len(head.Nodes) < 10 {
		t.Fatalf("header %s: %v", lines[0], err)
	}
	kinds := map[string]int{}
	for _, line := range lines[1:] {
		var e struct{ Kind string }
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		kinds[e.Kind]++
	}
	for _, k := range []string{"scene", "decision", "begin", "end"} {
		if kinds[k] == 0 {
			t.Errorf("the recording has no %s lines: %v", k, kinds)
		}
	}
}

func TestViewFlagErrors(t *testing.T) {
	dir := t.TempDir()
	same := filepath.Join(dir, "same")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-html", dir}, "is a directory"},
		{[]string{"-html", ""}, "-html needs a file name"},
		{[]string{"-dot", same, "-html", same}, `-dot "` + same + `" and -html "` + same + `" are the same file`},
		{[]string{"-runs", "2", "-html", filepath.Join(dir, "x.html")}, "-runs prints statistics"},
		{[]string{"-runs", "2", "-serve", ":0"}, "-runs prints statistics"},
		{[]string{"-serve", ""}, "-serve needs an address"},
		{[]string{"-tree", "jedi.json", "-watch", "-serve", ":0"}, "-watch goes without -html and -serve"},
		{[]string{"-tree", "jedi.json", "-watch", "-html", filepath.Join(dir, "w.html")}, "-watch goes without -html and -serve"},
		{[]string{"-serve", "127.0.0.1:99999"}, `-serve "127.0.0.1:99999"`},
		{[]string{"-edit", ":0"}, "-edit edits the -tree file"},
		{[]string{"-tree", "jedi.json", "-edit", ""}, "-edit needs an address"},
		{[]string{"-tree", "jedi.json", "-edit", ":0", "-serve", ":0"}, "-edit fights until Ctrl-C and serves the live view itself"},
		{[]string{"-tree", "jedi.json", "-edit", ":0", "-runs", "2"}, "-edit fights until Ctrl-C"},
		{[]string{"-tree", "jedi.json", "-edit", "127.0.0.1:99999"}, `-edit "127.0.0.1:99999"`},
	} {
		out, errs, code := runJedi(tt.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "jedi: ") || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, stdout %d bytes, stderr %q; want exit 2 and one line about %q", tt.args, code, len(out), errs, tt.want)
		}
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		_, errs, code := runJedi("-html", "/dev/full", "-duration", "1s")
		if code != 1 || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, `jedi: -html "/dev/full": write: `) {
			t.Errorf("-html /dev/full: exit %d, stderr %q; want exit 1 and one line about the write", code, errs)
		}
	}
}

func TestHelpNamesViews(t *testing.T) {
	out, _, _ := runJedi("-h")
	for _, s := range []string{"\n  -html FILE\n", "\n  -serve ADDR\n", "\n  -edit ADDR\n", "jedi -html fight.html", "jedi -serve :8080", "jedi -tree my.json -edit :8080"} {
		if !strings.Contains(out, s) {
			t.Errorf("-h lacks %q", s)
		}
	}
}

// -serve waits for a browser, then streams the fight in real time.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb bytes.Buffer
	l, err := listen(ctx, "127.0.0.1:0", &errb)
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-duration", "2s"})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- watch(o, bufio.NewWriter(io.Discard), nil, []viewer{l}, io.Discard) }()

	var resp *http.Response
	for deadline := time.Now().Add(10 * time.Second); ; {
		resp, err = http.Get("http://" + l.ln.Addr().String() + "/events")
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	seen := map[string]bool{}
	for sc.Scan() && !(seen["header"] && seen["scene"] && seen["decision"]) {
		line := sc.Text()
		switch {
		case line == "event: header":
			seen["header"] = true
		case strings.HasPrefix(line, `data: {"kind":"scene"`):
			seen["scene"] = true
		case strings.Contains(line, `"kind":"decision"`):
			seen["decision"] = true
		}
	}
	if !seen["header"] || !seen["scene"] || !seen["decision"] {
		t.Errorf("the stream lacks something: %v", seen)
	}
	resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the fight did not end after the interrupt")
	}
	if !strings.Contains(errb.String(), "to watch: the fight starts when a browser connects") {
		t.Errorf("stderr %q", errb.String())
	}
}
