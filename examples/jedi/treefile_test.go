package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/jedi"
)

// The shipped tree file is the built-in tree, and the shipped schema is
// the registry's: regenerate them with
//
//	go run ./examples/jedi -write-tree examples/jedi/jedi.json -write-schema examples/jedi/jedi.schema.json
func TestShippedFilesUpToDate(t *testing.T) {
	dir := t.TempDir()
	tree, schema := filepath.Join(dir, "tree.json"), filepath.Join(dir, "schema.json")
	if _, errs, code := runJedi("-write-tree", tree, "-write-schema", schema); code != 0 {
		t.Fatalf("-write-tree: exit %d: %s", code, errs)
	}
	for _, f := range []struct{ shipped, written string }{{"jedi.json", tree}, {"jedi.schema.json", schema}} {
		want, err := os.ReadFile(f.written)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(f.shipped)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: regenerate it (see this test's comment)", f.shipped)
		}
	}
	built, err := jedi.NewTree(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	loaded, _, err := readTree("jedi.json")
	if err != nil {
		t.Fatal(err)
	}
	if loaded.String() != built.String() {
		t.Errorf("jedi.json loads as\n%s\nnot the built-in\n%s", loaded, built)
	}
}

// A fight with -tree jedi.json is the fight with the built-in tree, byte
// for byte.
func TestTreeFlagSameFight(t *testing.T) {
	for _, seed := range []string{"1", "2"} {
		want, _, code := runJedi("-seed", seed, "-json", "-duration", "30s")
		got, errs, code2 := runJedi("-seed", seed, "-json", "-duration", "30s", "-tree", "jedi.json")
		if code != 0 || code2 != 0 || got != want {
			t.Errorf("seed %s: -tree jedi.json (exit %d, %s) differs from the built-in tree", seed, code2, errs)
		}
	}
}

// Bad tree files, and flags that do not go together, are one line each,
// before the fight, with exit status 2.
func TestBadTreeFlags(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.json")
	os.WriteFile(broken, []byte(`{"kind": "selector", "name": "combat", "children": [
  {"kind": "action", "name": "swing", "action": "swnig"},
  {"kind": "sequence", "name": "empty", "children": []}
]}`), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-watch"}, "give -tree FILE with it"},
		{[]string{"-tree", "jedi.json", "-watch", "-runs", "3"}, "-watch goes with one fight"},
		{[]string{"-tree", filepath.Join(dir, "missing.json")}, "no such file"},
		{[]string{"-tree", broken}, `2:49: $.children[0].action: unknown action "swnig"`},
		{[]string{"-tree", "jedi.json", "-mistakes"}, "-mistakes shapes the built-in tree"},
		{[]string{"-tree", "jedi.json", "-write-tree", filepath.Join(dir, "x.json")}, "do not go with -tree"},
	} {
		out, errs, code := runJedi(tt.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line about %q", tt.args, code, out, errs, tt.want)
		}
	}
	if _, errs, code := runJedi("-write-tree", filepath.Join(dir, "no", "such", "dir.json")); code != 1 || !strings.Contains(errs, "-write-tree") {
		t.Errorf("-write-tree to a missing directory: exit %d, %q", code, errs)
	}
}

// shippedCopy writes a copy of the shipped tree file, jedi.json, in a
// directory of the test's, and returns its path and what it holds.
func shippedCopy(t *testing.T) (path string, shipped []byte) {
	t.Helper()
	shipped, err := os.ReadFile("jedi.json")
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, shipped, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, shipped
}

// With -watch, an edit of the file saved mid-fight is put in force at
// once: after it the Jedi only idles. A broken save is reported and the
// Jedi keeps its tree.
func TestWatch(t *testing.T) {
	file, _ := shippedCopy(t)
	def, err := jedi.Design(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	def.Children = def.Children[3:] // idle only
	idle, err := jedi.Registry().Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	defer func(p func(time.Time)) { pace = p }(pace)
	pace = func(time.Time) { // no waiting: the test saves the file at given steps
		switch steps++; steps {
		case 200:
			os.WriteFile(file, []byte(`{"kind": "selector"`), 0o644)
		case 400:
			os.WriteFile(file, idle, 0o644)
		}
	}
	out, errs, code := runJedi("-tree", file, "-watch", "-json", "-duration", "20s", "-enemies", "droid:2,brawler:2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "not reloaded, the Jedi keeps its tree: 1:20: $: bad JSON") ||
		!strings.Contains(lines[1], "reloaded the tree from "+file) {
		t.Fatalf("stderr:\n%s", errs)
	}
	var at float64
	if _, err := fmt.Sscanf(lines[1], "jedi: %fs:", &at); err != nil {
		t.Fatal(err)
	}
	idling := []string{"close in", "strafe", "taunt", "defensive stance", "wait"}
	before, after := 0, 0
	for _, l := range strings.Split(out, "\n") {
		if !strings.Contains(l, `"event":"decide"`) {
			continue
		}
		var d struct {
			T      float64 `json:"t"`
			Action string  `json:"action"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatal(err)
		}
		switch {
		case d.T < at:
			before++
		case !slices.Contains(idling, d.Action):
			t.Fatalf("after the reload at %.2fs the Jedi began %s at %.2fs", at, d.Action, d.T)
		default:
			after++
		}
	}
	if before == 0 || after == 0 {
		t.Errorf("%d actions before the reload, %d after: the test shows nothing", before, after)
	}
}
