package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/testkit/jsonlog"
	"github.com/google/go-cmp/cmp"
)

// saveRun runs the troll with args, saving at the moment at to a file it
// returns, and what it printed.
func saveRun(t *testing.T, at string, args ...string) (save, stdout string) {
	t.Helper()
	save = filepath.Join(t.TempDir(), "run.json")
	code, stdout, stderr := runArgs(t, append([]string{"-save", save, "-save-at", at}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	if !strings.Contains(stderr, "troll: saved the run at ") {
		t.Errorf("stderr %q does not say the run was saved", stderr)
	}
	return save, stdout
}

// savedAt returns the clock of the run saved in the file at path, in
// seconds.
func savedAt(t *testing.T, path string) float64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Game struct {
			World struct {
				Troll struct{ Now time.Duration } `json:"troll"`
			} `json:"world"`
		} `json:"game"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s.Game.World.Troll.Now.Seconds()
}

// A run loaded from a save made at D prints, from D on, exactly the
// -json lines of the run never saved, under each decider, for several
// seeds and moments: the lines before are of what happened by D, those
// after of what happened after, and the summary the same.
func TestLoadPrintsTheRest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		args []string
		at   string
		load []string // what -load needs besides
	}{
		{"bt at 10s", []string{"-decider", "bt", "-seed", "1"}, "10s", nil},
		{"bt at 10s, seed 2", []string{"-decider", "bt", "-seed", "2"}, "10s", nil},
		{"bt at 37.3s", []string{"-decider", "bt", "-seed", "5", "-duration", "90s"}, "37.3s", nil},
		{"bt at the start", []string{"-decider", "bt", "-seed", "3", "-duration", "20s"}, "0s", nil},
		{"a bt tree file at 10s", []string{"-tree", "troll-bt.json", "-seed", "4"}, "10s", []string{"-tree", "troll-bt.json"}},
		{"fsm at 10s", []string{"-decider", "fsm", "-seed", "1"}, "10s", nil},
		{"fsm at 25s, seed 6", []string{"-decider", "fsm", "-seed", "6"}, "25s", nil},
		{"htn at 10s", []string{"-decider", "htn", "-seed", "1"}, "10s", nil},
		{"htn at 21s, seed 7", []string{"-decider", "htn", "-seed", "7"}, "21s", nil},
		{"goap at 10s", []string{"-decider", "goap", "-seed", "1"}, "10s", nil},
		{"goap at 33s, seed 8", []string{"-decider", "goap", "-seed", "8"}, "33s", nil},
		{"utility at 10s", []string{"-decider", "utility", "-seed", "1"}, "10s", nil},
		{"utility at 29s, seed 9", []string{"-decider", "utility", "-seed", "9"}, "29s", nil},
		{"a utility tree file at 10s", []string{"-tree", "troll-utility.json", "-seed", "4"}, "10s", []string{"-tree", "troll-utility.json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			save, whole := saveRun(t, c.at, append([]string{"-json"}, c.args...)...)
			code, rest, stderr := runArgs(t, append([]string{"-json", "-load", save}, c.load...)...)
			if code != 0 {
				t.Fatalf("-load: exit %d: %s", code, stderr)
			}
			jsonlog.GoesOn(t, whole, rest, savedAt(t, save), "plan", "task")
		})
	}
}

// The timeline of a run loaded goes on as the run never saved, places in
// plans made before the save included.
func TestLoadTimeline(t *testing.T) {
	t.Parallel()
	for _, decider := range []string{"bt", "htn"} {
		t.Run(decider, func(t *testing.T) {
			t.Parallel()
			save, whole := saveRun(t, "12s", "-decider", decider, "-seed", "2")
			code, rest, stderr := runArgs(t, "-load", save)
			if code != 0 {
				t.Fatalf("-load: exit %d: %s", code, stderr)
			}
			header, lines, _ := strings.Cut(rest, "  state\n")
			if !strings.HasPrefix(whole, header) {
				t.Errorf("-load's header %q is not the run's", header)
			}
			if !strings.HasSuffix(whole, lines) {
				t.Errorf("-load's timeline is not the end of the run never saved:\n%s", cmp.Diff(whole, lines))
			}
		})
	}
}

// -save, -save-at and -load given wrong are reported on one line before
// the run, with exit status 2.
func TestSaveFlagsWrong(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	save, _ := saveRun(t, "10s", "-json", "-decider", "bt", "-duration", "30s")
	garbled := filepath.Join(dir, "garbled.json")
	if err := os.WriteFile(garbled, []byte(`{"format":"foresight-troll-run","version":1,"decider":"bt","duration":"1m0s","game":{"world":{}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-save", save}, "-save and -save-at go together"},
		{[]string{"-save-at", "10s"}, "-save and -save-at go together"},
		{[]string{"-save", "", "-save-at", "1s"}, "-save needs a file name"},
		{[]string{"-load", ""}, "-load needs a file name"},
		{[]string{"-save", filepath.Join(dir, "b.json"), "-save-at", "2m"}, "-save-at 2m0s: give a moment within the run, before its -duration 1m0s"},
		{[]string{"-save", filepath.Join(dir, "b.json"), "-save-at", "1s", "-serve", ":0"}, "-save and -load go with one run to its end: not with -serve"},
		{[]string{"-load", save, "-decider", "htn"}, "-load and -decider: the save says the run's decider"},
		{[]string{"-load", save, "-seed", "2"}, "-load and -seed: the save says the run's seed"},
		{[]string{"-load", save, "-save", save, "-save-at", "20s"}, `-save "` + save + `" is the file -load "` + save + `" reads: write it elsewhere`},
		{[]string{"-load", save, "-save", filepath.Join(dir, "b.json"), "-save-at", "5s"}, "-save-at 5s: the run loaded is at 10s already"},
		{[]string{"-load", save, "-save", filepath.Join(dir, "b.json"), "-save-at", "30s"}, "-save-at 30s: give a moment within the run, before its -duration 30s"},
		{[]string{"-load", save, "-tree", "troll-bt.json"}, "a run of the bt decider: give no -tree"},
		{[]string{"-load", filepath.Join(dir, "none.json")}, "open " + filepath.Join(dir, "none.json") + ": no such file or directory"},
		{[]string{"-load", garbled}, `-load "` + garbled + `": troll: a world's state: random source`},
	} {
		code, out, errs := runArgs(t, c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line about %q", c.args, code, out, errs, c.want)
		}
	}
}
