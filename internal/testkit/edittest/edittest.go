// Package edittest drives a running game's tree editor (package editor)
// over HTTP, as its page does, for the tests of the games that serve one
// (examples/jedi -edit, examples/troll -edit): it reads the file, checks
// and saves trees, follows the game's live view, and says which names
// the page's palette offers for a registry.
//
// Start with Dial, which waits for the game to serve its editor.
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package edittest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/btjson"
)

// An Editor is an editor served at a base URL that ends in a slash.
type Editor struct {
	Base string
}

// A File is the tree file as the editor's page reads it (GET file).
type File struct {
	Name    string `json:"name"`
	Text    string `json:"text"`
	Version string `json:"version"`
	Live    bool   `json:"live"`
}

// An Answer is the editor's answer to a check or a save: its status, and
// what it said (the file as saved, or the problems of a tree that does
// not build, or why it refused).
type Answer struct {
	Status   int
	File     File
	Problems []Problem
	Error    string
}

// A Problem is one error of a tree the editor refused, as its answer
// says it: a JSON path such as "$.children[2].action" (empty for the tree
// as a whole), a line and column, and the message.
type Problem struct {
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// client makes the requests that are answered at once, each given up
// after Wait.
var client = &http.Client{Timeout: Wait}

// Dial returns the editor at base once it answers, failing t when it does
// not within 10 seconds.
func Dial(t testing.TB, base string) *Editor {
	t.Helper()
	e := &Editor{Base: base}
	var err error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err = e.file(); err == nil {
			return e
		}
	}
	t.Fatalf("the editor at %s does not answer: %v", base, err)
	return nil
}

// File reads the file as the page does.
func (e *Editor) File(t testing.TB) File {
	t.Helper()
	f, err := e.file()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (e *Editor) file() (File, error) {
	var f File
	resp, err := client.Get(e.Base + "file")
	if err != nil {
		return f, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&f)
	return f, err
}

// Schema returns the schema of tree files the page reads its palette
// and its forms from.
func (e *Editor) Schema(t testing.TB) []byte {
	t.Helper()
	resp, err := client.Get(e.Base + "schema")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Check asks the editor what the loader and Build find wrong with text.
func (e *Editor) Check(t testing.TB, text string) Answer {
	t.Helper()
	return e.post(t, "check", text, "")
}

// Save saves text over the version of the file named base.
func (e *Editor) Save(t testing.TB, text, base string) Answer {
	t.Helper()
	return e.post(t, "save", text, base)
}

func (e *Editor) post(t testing.TB, what, text, base string) Answer {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"text": text, "base": base}) // strings always encode
	resp, err := client.Post(e.Base+what, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	a := Answer{Status: resp.StatusCode}
	var v struct {
		File
		Problems []Problem `json:"problems"`
		Error    string    `json:"error"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		a.Error = string(b) // a refusal in plain text
		return a
	}
	a.File, a.Problems, a.Error = v.File, v.Problems, v.Error
	return a
}

// Events follows the game's live view served beside the editor (at
// live/), a line of its stream at a time; it is closed with the test.
func (e *Editor) Events(t testing.TB) *Events {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.Base+"live/events", nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	lines := bufio.NewScanner(resp.Body)
	lines.Buffer(nil, 1<<20)
	return &Events{lines: lines, cancel: cancel}
}

// Events is the live view's stream of events.
type Events struct {
	lines  *bufio.Scanner
	cancel context.CancelFunc // ends the stream
}

// Wait is how long Next waits for the line it wants.
const Wait = 30 * time.Second

// Next reads lines until one that ok accepts, failing t, which says what
// it waited for, when the stream ends first or none comes within Wait
// (and the stream is ended then).
func (ev *Events) Next(t testing.TB, what string, ok func(line string) bool) {
	t.Helper()
	late := time.AfterFunc(Wait, ev.cancel)
	defer late.Stop()
	for ev.lines.Scan() {
		if ok(ev.lines.Text()) {
			return
		}
	}
	t.Fatalf("no %s: the live view ended, or %v went by", what, Wait)
}

// Palette returns the names the editor's page offers a designer for a
// registry, by their roles in the palette, each list sorted: node kinds,
// actions (the catalogue's and the registered), conditions, constraints,
// decorators, composites, leaves, planners (and machines), simulations.
// A role with no name is left out, as the page leaves it empty.
func Palette[M any](r *btjson.Registry[M]) map[string][]string {
	kinds := []string{"sequence", "reactive-sequence", "selector", "random", "parallel", "priority", "reactive-priority",
		"ifelse", "decorator", "composite", "action", "condition", "leaf", "planner", "utility"}
	sorted := func(keys []string) []string { slices.Sort(keys); return keys }
	out := map[string][]string{
		"kind":       kinds,
		"action":     sorted(append(r.Catalogue.Names(), slices.Collect(maps.Keys(r.Actions))...)),
		"condition":  sorted(slices.Collect(maps.Keys(r.Conditions))),
		"constraint": sorted(slices.Collect(maps.Keys(r.Constraints))),
		"decorator":  sorted(slices.Collect(maps.Keys(r.Decorators))),
		"composite":  sorted(slices.Collect(maps.Keys(r.Composites))),
		"leaf":       sorted(slices.Collect(maps.Keys(r.Leaves))),
		"planner":    sorted(slices.Collect(maps.Keys(r.Planners))),
		"simulation": sorted(slices.Collect(maps.Keys(r.Simulations))),
	}
	for role, list := range out {
		if len(list) == 0 {
			delete(out, role)
		}
	}
	return out
}

// SchemaPalette returns the names a schema of tree files offers in each
// of the palette's roles, where the page reads them: the enums of the
// fields of a node ($defs.node) a name goes in. A role with no name is
// left out.
func SchemaPalette(t testing.TB, schema []byte) map[string][]string {
	t.Helper()
	type enum struct {
		Enum  []string `json:"enum"`
		Items *struct {
			Enum []string `json:"enum"`
		} `json:"items"`
	}
	var s struct {
		Defs struct {
			Node struct {
				Properties map[string]enum `json:"properties"`
			} `json:"node"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatalf("the schema: %v", err)
	}
	fields := s.Defs.Node.Properties
	if len(fields) == 0 {
		t.Fatalf("the schema has no fields of a node: %.200s", schema)
	}
	out := map[string][]string{}
	for role, field := range map[string]string{"kind": "kind", "action": "action", "condition": "test", "decorator": "decorator",
		"composite": "composite", "leaf": "leaf", "planner": "planner", "simulation": "simulate"} {
		if names := fields[field].Enum; len(names) > 0 {
			out[role] = names
		}
	}
	if c := fields["constraints"].Items; c != nil && len(c.Enum) > 0 {
		out["constraint"] = c.Enum
	}
	return out
}

// Buffer is a buffer that a game's goroutine writes and a test reads.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the buffer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
