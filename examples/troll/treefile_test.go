package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The shipped tree files are what -write-tree writes for each decider,
// and each decides as the built-in tree does: the same JSON, byte for
// byte, for the same seed.
func TestTreeFiles(t *testing.T) {
	for decider, file := range map[string]string{"htn": "troll.json", "bt": "troll-bt.json", "goap": "troll-goap.json",
		"fsm": "troll-fsm.json", "utility": "troll-utility.json"} {
		t.Run(decider, func(t *testing.T) {
			written := filepath.Join(t.TempDir(), "tree.json")
			if code, _, stderr := runArgs(t, "-decider", decider, "-write-tree", written); code != 0 {
				t.Fatalf("-write-tree: exit %d: %s", code, stderr)
			}
			want, err := os.ReadFile(written)
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s is out of date (go run . -decider %s -write-tree %s) (-written +shipped):\n%s", file, decider, file, diff)
			}
			for _, seed := range []string{"1", "3"} {
				_, builtIn, stderr := runArgs(t, "-json", "-decider", decider, "-seed", seed, "-duration", "40s")
				code, fromFile, stderr2 := runArgs(t, "-json", "-tree", file, "-seed", seed, "-duration", "40s")
				if code != 0 {
					t.Fatalf("-tree %s: exit %d: %s %s", file, code, stderr, stderr2)
				}
				if builtIn != fromFile {
					t.Errorf("seed %s: the tree from %s decides otherwise than the built-in %s tree", seed, file, decider)
				}
			}
		})
	}
}

// -tree and -decider together, or a broken file, are refused on one
// line with exit status 2.
func TestTreeFileRefusals(t *testing.T) {
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte(`{"kind": "planner", "name": "think", "planner": "htm"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-tree", "troll.json", "-decider", "bt"},
		{"-tree", "troll.json", "-write-tree", "x.json"},
		{"-tree", broken},
		{"-tree", filepath.Join(t.TempDir(), "missing.json")},
	} {
		code, _, stderr := runArgs(t, args...)
		if code != 2 || len(stderr) == 0 || stderr[len(stderr)-1] != '\n' || countLines(stderr) != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, stderr)
		}
	}
}

func countLines(s string) int {
	n := 0
	for _, c := range s {
		if c == '\n' {
			n++
		}
	}
	return n
}
