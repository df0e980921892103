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
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/inspect"
)

func runArgs(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

// The JSON is the same, byte for byte, for the same flags, and holds a
// plan event for every plan, a task event for every task begun and a
// summary.
func TestJSONDeterministic(t *testing.T) {
	for _, decider := range []string{"htn", "bt", "goap", "fsm"} {
		args := []string{"-json", "-decider", decider, "-seed", "3", "-duration", "40s"}
		code, a, stderr := runArgs(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if _, b, _ := runArgs(t, args...); a != b {
			t.Fatalf("%v: two runs differ", args)
		}
		kinds := map[string]int{}
		lines := strings.Split(strings.TrimSpace(a), "\n")
		for _, l := range lines {
			var e struct {
				Event string `json:"event"`
			}
			if err := json.Unmarshal([]byte(l), &e); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			kinds[e.Event]++
		}
		if kinds["task"] == 0 || kinds["summary"] != 1 || !strings.Contains(lines[len(lines)-1], `"event":"summary"`) {
			t.Errorf("%s: events %v", decider, kinds)
		}
		if (kinds["plan"] > 0) != (decider != "bt") {
			t.Errorf("%s: %d plan events", decider, kinds["plan"])
		}
	}
}

func TestTimeline(t *testing.T) {
	code, out, stderr := runArgs(t, "-duration", "20s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"The Trunk Thumper (htn), seed 1", "plan made [patrol]",
		"steps: ChooseBridgeToCheck → NavigateToBridge → CheckBridge", "step 2 of 3 of plan [patrol]", "After 20s:"} {
		if !strings.Contains(out, want) {
			t.Errorf("the timeline lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if n := len([]rune(l)); n > 120 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
}

// Bad flags exit 2 with one line; -h prints the help.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-decider", "goat"}, {"-seed", "-1"}, {"-duration", "0s"}, {"-duration", "50ms"}, {"-duration", "2h"},
		{"-nope"}, {"extra"}, {"-dot", "x", "-mermaid", "x"}, {"-html", "x", "-serve", ":0"}, {"-serve", "not an address"},
		{"-edit", ":0"}, {"-tree", "troll.json", "-edit", ""}, {"-tree", "troll.json", "-edit", ":0", "-serve", ":0"},
		{"-tree", "troll.json", "-edit", "127.0.0.1:99999"},
		{"-stats", "-serve", ":0"}, {"-stats", "-tree", "troll.json", "-edit", ":0"},
	} {
		code, out, stderr := runArgs(t, args...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "troll: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, stderr)
		}
	}
	code, out, _ := runArgs(t, "-h")
	if code != 0 || !strings.Contains(out, "-decider D") || !strings.Contains(out, "-edit ADDR") || !strings.Contains(out, "Examples:") {
		t.Errorf("-h: exit %d:\n%s", code, out)
	}
}

// -dot and -mermaid draw the domain (or the tree), and say where.
func TestPictures(t *testing.T) {
	dir := t.TempDir()
	dot, mmd := filepath.Join(dir, "troll.dot"), filepath.Join(dir, "troll.mmd")
	code, _, stderr := runArgs(t, "-duration", "1s", "-dot", dot, "-mermaid", mmd)
	if code != 0 || !strings.Contains(stderr, "wrote the domain to "+dot) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for path, want := range map[string]string{dot: "digraph", mmd: "flowchart TD"} {
		b, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(b), want) || !strings.Contains(string(b), "unfolded above") {
			t.Errorf("%s: %v\n%s", path, err, b)
		}
	}
	code, _, stderr = runArgs(t, "-decider", "bt", "-duration", "1s", "-dot", dot)
	if b, _ := os.ReadFile(dot); code != 0 || !strings.Contains(stderr, "wrote the tree") || !strings.Contains(string(b), "reactive-priority") {
		t.Errorf("bt: exit %d: %s\n%s", code, stderr, b)
	}
	code, _, stderr = runArgs(t, "-decider", "fsm", "-duration", "20s", "-dot", dot, "-mermaid", mmd)
	if b, _ := os.ReadFile(dot); code != 0 || !strings.Contains(stderr, "wrote the machine to "+dot) ||
		!strings.Contains(string(b), `s0 -> s0 [label="succeeded", penwidth=3`) || !strings.Contains(string(b), `label="any state"`) {
		t.Errorf("fsm: exit %d: %s\n%s", code, stderr, b)
	}
	if b, _ := os.ReadFile(mmd); !strings.Contains(string(b), "stateDiagram-v2") || !strings.Contains(string(b), "class s0 current") {
		t.Errorf("fsm: %s", b)
	}
	if code, _, stderr := runArgs(t, "-dot", filepath.Join(dir, "no", "such", "dir.dot")); code != 2 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("a picture that cannot be written: exit %d: %q", code, stderr)
	}
}

// Under goap the timeline names the goal each plan serves, and the JSON
// carries it with the plan's cost.
func TestGoalTimeline(t *testing.T) {
	code, out, stderr := runArgs(t, "-decider", "goap", "-seed", "3", "-duration", "12s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"The Trunk Thumper (goap), seed 3", "plan made: goal guard (utility 1), the highest with a plan",
		"steps: ChooseBridgeToCheck → NavigateToBridge → CheckBridge", "plan replaced: the world changed; now for goal slay (utility 3)",
		"DoTrunkSlam", "UprootTrunk", "After 12s:"} {
		if !strings.Contains(out, want) {
			t.Errorf("the timeline lacks %q:\n%s", want, out)
		}
	}
	_, js, _ := runArgs(t, "-json", "-decider", "goap", "-seed", "3", "-duration", "12s")
	if !strings.Contains(js, `"change":"replaced","goal":"slay"`) || !strings.Contains(js, `"cost":`) {
		t.Errorf("the JSON lacks a slay plan with its cost:\n%s", js)
	}
	dot := filepath.Join(t.TempDir(), "troll.dot")
	code, _, stderr = runArgs(t, "-decider", "goap", "-duration", "1s", "-dot", dot)
	if b, _ := os.ReadFile(dot); code != 0 || !strings.Contains(stderr, "wrote the tree") || !strings.Contains(string(b), "goap: 3 goals, 9 actions") {
		t.Errorf("goap: exit %d: %s\n%s", code, stderr, b)
	}
}

// -stats ends the run with what every node did; under htn and goap, with
// what the plannings made of each task, every consideration of a task
// either discarded or admitted.
func TestStats(t *testing.T) {
	for _, tt := range []struct {
		decider string
		tasks   int
	}{{"htn", 10}, {"goap", 9}} {
		code, out, stderr := runArgs(t, "-decider", tt.decider, "-seed", "3", "-duration", "20s", "-stats")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.decider, code, stderr)
		}
		_, table, ok := strings.Cut(out, "\nWhat each node did (-stats")
		if !ok || !strings.Contains(table, "planned considered discarded admitted") || !strings.Contains(table, "\nnever chosen: troll/die/Fall") {
			t.Fatalf("%s: no table of tallies after the run:\n%s", tt.decider, out)
		}
		tasks := 0
		for _, line := range strings.Split(table, "\n") {
			f := strings.Fields(line)
			if len(f) != 13 || f[0] == "node" {
				continue
			}
			n := make([]int, 6)
			for i := range n {
				n[i], _ = strconv.Atoi(f[i+1])
			}
			if considered, discarded, admitted := n[3], n[4], n[5]; considered > 0 {
				tasks++
				if discarded+admitted != considered {
					t.Errorf("%s: %s: considered %d, discarded %d, admitted %d", tt.decider, f[0], considered, discarded, admitted)
				}
			}
		}
		if tasks != tt.tasks {
			t.Errorf("%s: %d tasks considered, want the planner's %d:\n%s", tt.decider, tasks, tt.tasks, table)
		}
	}
	_, js, _ := runArgs(t, "-decider", "goap", "-seed", "3", "-duration", "5s", "-stats", "-json")
	if n := strings.Count(js, `{"event":"stats","node":"troll/think/DoTrunkSlam","simulated":0,"chosen":0,"planned":`); n != 1 ||
		!strings.Contains(js[strings.LastIndex(js, `"event":"stats"`):], `"event":"summary"`) {
		t.Errorf("-json -stats: %d stats objects for DoTrunkSlam, or no summary after them:\n%s", n, js)
	}
}

// -html writes a replay page whose recording holds the tree, its plans and
// the map.
func TestReplayPage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "troll.html")
	code, _, stderr := runArgs(t, "-duration", "20s", "-html", path)
	if code != 0 || !strings.Contains(stderr, "wrote the replay to "+path) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := inspect.ReadPage(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"format":"foresight-inspect"`, `the Trunk Thumper (htn), seed 1`, `"kind":"plan"`,
		`"kind":"scene"`, `"label":"intruder"`, `"label":"bridge 0`} {
		if !strings.Contains(string(rec), want) {
			t.Errorf("the recording lacks %s", want)
		}
	}
	if code, _, _ := runArgs(t, "-html", filepath.Join(t.TempDir(), "no", "such", "dir.html")); code != 2 {
		t.Errorf("a page that cannot be created: exit %d", code)
	}
}

// -serve waits for a browser, then streams the run in real time: the
// tree's events, its plans and the map.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errs bytes.Buffer
	live, err := listen(ctx, "127.0.0.1:0", &errs)
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-duration", "3s", "-serve", "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	tree, _, err := o.mind()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- play(o, tree, io.Discard, nil, live, nil, io.Discard) }()
	var resp *http.Response
	for deadline := time.Now().Add(10 * time.Second); ; {
		resp, err = http.Get(inspect.URL(live.ln.Addr()) + "events")
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	seen := map[string]bool{}
	for sc.Scan() && !(seen["plan"] && seen["scene"] && seen["begin"]) {
		for _, kind := range []string{"plan", "scene", "begin"} {
			if strings.Contains(sc.Text(), `"kind":"`+kind+`"`) {
				seen[kind] = true
			}
		}
	}
	if !seen["plan"] || !seen["scene"] || !seen["begin"] {
		t.Errorf("the stream held %v", seen)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errs.String(), "open http://127.0.0.1:") {
		t.Errorf("stderr: %s", errs.String())
	}
}

// One file given for two outputs is refused before anything is written:
// exit 2, one line. (The second output overwrote the first, and both
// were reported written.)
func TestOneFileTwoOutputs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out")
	for _, args := range [][]string{
		{"-dot", file, "-html", file},
		{"-mermaid", file, "-html", filepath.Join(dir, ".", "out")},
		{"-dot", file, "-mermaid", file},
	} {
		code, out, stderr := runArgs(t, append([]string{"-duration", "1s"}, args...)...)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "are the same file") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line", args, code, out, stderr)
		}
		if _, err := os.Stat(file); err == nil {
			t.Errorf("%v: the file was written", args)
			os.Remove(file)
		}
	}
}
