package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// With -watch, an edit elsewhere in the tree saved mid-fight keeps the
// Jedi's state (its cooldowns under way, the move under way): the fight
// goes on line for line as the fight never reloaded.
func TestWatchKeepsTheFightGoing(t *testing.T) {
	file, _ := shippedCopy(t)
	shipped, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The designer's edit: the trooper's force push cools down a second
	// sooner. No trooper is in this fight.
	const was, is = `"push range", "cooldown 6s"`, `"push range", "cooldown 5s"`
	if !strings.Contains(string(shipped), was) {
		t.Fatalf("the shipped tree has no %s to edit", was)
	}
	edited := []byte(strings.Replace(string(shipped), was, is, 1))
	args := []string{"-tree", file, "-json", "-duration", "12s", "-seed", "4", "-enemies", "droid:2,brawler:1"}
	never, errs, code := runJedi(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	steps := 0
	defer func(p func(time.Time)) { pace = p }(pace)
	pace = func(time.Time) {
		if steps++; steps == 300 {
			os.WriteFile(file, edited, 0o644)
		}
	}
	watched, errs, code := runJedi(append(args, "-watch")...)
	if code != 0 || !strings.Contains(errs, "reloaded the tree from") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if diff := cmp.Diff(strings.Split(never, "\n"), strings.Split(watched, "\n")); diff != "" {
		t.Errorf("the fight after the reload (-never reloaded +reloaded):\n%s", diff)
	}
}
