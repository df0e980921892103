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

// savedAt returns the clock of the fight saved in the file at path.
func savedAt(t *testing.T, path string) time.Duration {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Arena struct{ Now string } `json:"arena"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	at, err := time.ParseDuration(s.Arena.Now)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// A fight loaded from a save made at D prints, from D on, exactly the
// -json lines of the fight never saved, for several seeds, skills and
// moments: the lines before are those of actions begun by D, those
// after of actions begun after, and the summary the same.
func TestLoadPrintsTheRest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		args []string
		at   string
		load []string // what -load needs besides
	}{
		{"a knight at 10s", []string{"-seed", "1"}, "10s", nil},
		{"a master at 10s", []string{"-seed", "3", "-skill", "master"}, "10s", nil},
		{"a padawan at 10s", []string{"-seed", "5", "-skill", "padawan"}, "10s", nil},
		{"a padawan at 4.5s", []string{"-seed", "8", "-skill", "0.3", "-enemies", "trooper:2,rusher:2"}, "4.5s", nil},
		{"with a partner and mistakes at 12s", []string{"-seed", "2", "-partner", "-mistakes"}, "12s", nil},
		{"at the start", []string{"-seed", "6", "-duration", "20s"}, "0s", nil},
		{"a tree file at 10s", []string{"-seed", "7", "-tree", "jedi.json"}, "10s", []string{"-tree", "jedi.json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			save := filepath.Join(t.TempDir(), "fight.json")
			whole, errs, code := runJedi(append([]string{"-json", "-save", save, "-save-at", c.at}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if !strings.Contains(errs, "jedi: saved the fight at ") {
				t.Errorf("stderr %q does not say the fight was saved", errs)
			}
			rest, errs, code := runJedi(append([]string{"-json", "-load", save}, c.load...)...)
			if code != 0 {
				t.Fatalf("-load: exit %d: %s", code, errs)
			}
			jsonlog.GoesOn(t, whole, rest, secs(savedAt(t, save)), "decide")
		})
	}
}

// The timeline of a fight loaded goes on as the fight never saved, the
// turned-down options of its first lines, decided before the save,
// included.
func TestLoadTimeline(t *testing.T) {
	t.Parallel()
	save := filepath.Join(t.TempDir(), "fight.json")
	whole, errs, code := runJedi("-seed", "3", "-skill", "master", "-save", save, "-save-at", "10s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rest, errs, code := runJedi("-load", save)
	if code != 0 {
		t.Fatalf("-load: exit %d: %s", code, errs)
	}
	header, lines, _ := strings.Cut(rest, "hp   victim\n")
	if !strings.HasPrefix(whole, header) {
		t.Errorf("-load's header %q is not the fight's", header)
	}
	if !strings.HasSuffix(whole, lines) {
		t.Errorf("-load's timeline is not the end of the fight never saved:\n%s", cmp.Diff(whole, lines))
	}
}

// A save and a load from a fight loaded: the second save is the first's
// fight further on, and loads as it.
func TestSaveFromLoad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.json"), filepath.Join(dir, "second.json")
	whole, errs, code := runJedi("-json", "-seed", "4", "-save", first, "-save-at", "5s")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, errs, code = runJedi("-json", "-load", first, "-save", second, "-save-at", "9s"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rest, errs, code := runJedi("-json", "-load", second)
	if code != 0 || !strings.HasSuffix(whole, rest) || savedAt(t, second) < 9*time.Second {
		t.Errorf("exit %d (%s): the fight loaded from the second save is not the end of the first fight", code, errs)
	}
}

// -save, -save-at and -load given wrong are reported on one line before
// the fight, with exit status 2.
func TestSaveFlagsWrong(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	save := filepath.Join(dir, "fight.json")
	if _, errs, code := runJedi("-json", "-duration", "30s", "-save", save, "-save-at", "10s"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	garbled := filepath.Join(dir, "garbled.json")
	if err := os.WriteFile(garbled, []byte(`{"format":"foresight-jedi-fight","version":1,"config":{"seed":1}}`), 0o644); err != nil {
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
		{[]string{"-save", save, "-save-at", "3m"}, "-save-at 3m0s: give a moment within the fight, before its -duration 2m0s"},
		{[]string{"-save", save, "-save-at", "-1s"}, "-save-at -1s: give a moment within the fight"},
		{[]string{"-save", save, "-save-at", "1s", "-runs", "2"}, "-save and -load go with one fight: not with -runs"},
		{[]string{"-load", save, "-seed", "2"}, "-load and -seed: the save says the fight's seed"},
		{[]string{"-load", save, "-duration", "1m"}, "-load and -duration: the save says the fight's duration"},
		{[]string{"-load", save, "-save", save, "-save-at", "20s"}, `-save "` + save + `" is the file -load "` + save + `" reads: write it elsewhere`},
		{[]string{"-load", save, "-save", filepath.Join(dir, "b.json"), "-save-at", "5s"}, "-save-at 5s: give a moment from the save's 10."},
		{[]string{"-load", save, "-save", filepath.Join(dir, "b.json"), "-save-at", "30s"}, "to the fight's end at 30s"},
		{[]string{"-load", filepath.Join(dir, "none.json")}, "-load \"" + filepath.Join(dir, "none.json") + "\": open: no such file or directory"},
		{[]string{"-load", garbled}, `-load "` + garbled + `": loading a fight: config: tree "": want "built in" or "given"`},
		{[]string{"-load", save, "-tree", "jedi.json"}, "loading a fight: a fight of the built-in tree: give no tree"},
	} {
		out, errs, code := runJedi(c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line about %q", c.args, code, out, errs, c.want)
		}
	}
}

// A fight over before -save-at saves nothing, and says so.
func TestSaveAtAfterTheEnd(t *testing.T) {
	t.Parallel()
	save := filepath.Join(t.TempDir(), "fight.json")
	_, errs, code := runJedi("-json", "-seed", "2", "-skill", "master", "-enemies", "droid", "-save", save, "-save-at", "1m")
	if code != 1 || !strings.Contains(errs, "-save-at 1m0s: the fight was over at ") {
		t.Errorf("exit %d, stderr %q; want exit 1 and why nothing was saved", code, errs)
	}
	if _, err := os.Stat(save); err == nil {
		t.Error("a save was written")
	}
}
