// Package jsonlog reads the JSON lines a demo prints with -json (an
// object a line, its "event" and its time "t" in seconds), for the demos'
// tests of saved games: GoesOn checks that a run loaded from a save
// printed what the run never saved printed after the save, and nothing
// before it.
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package jsonlog

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// At returns the time of line, and whether its event is one of events;
// it fails t on a line that is not such an object.
func At(t testing.TB, line string, events ...string) (float64, bool) {
	t.Helper()
	var e struct {
		Event string
		T     float64
	}
	if err := json.Unmarshal([]byte(line), &e); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return e.T, slices.Contains(events, e.Event)
}

// GoesOn checks the output rest of a run loaded from a save made at time
// at (in seconds) against the output whole of the same run never saved:
// rest ends whole; the lines of the events named (see At) that whole
// printed before rest are all of the save's time or earlier, and those
// of rest all later, at least one of them; and rest ends with the
// summary line.
func GoesOn(t testing.TB, whole, rest string, at float64, events ...string) {
	t.Helper()
	if !strings.HasSuffix(whole, rest) {
		t.Fatalf("the run loaded printed what the run never saved does not end with:\n%s", cmp.Diff(whole, rest))
	}
	before := strings.SplitAfter(whole[:len(whole)-len(rest)], "\n")
	after := strings.SplitAfter(rest, "\n")
	before, after = before[:len(before)-1], after[:len(after)-1] // what follows the last newline: nothing
	for _, line := range before {
		if when, ok := At(t, line, events...); ok && when > at {
			t.Fatalf("a line of what happened after the save at %vs is missing: %s", at, line)
		}
	}
	n := 0
	for _, line := range after {
		if when, ok := At(t, line, events...); ok {
			n++
			if when <= at {
				t.Fatalf("a line of what happened by the save at %vs is printed again: %s", at, line)
			}
		}
	}
	if n == 0 || len(after) == 0 || !strings.Contains(after[len(after)-1], `"event":"summary"`) {
		t.Errorf("the run loaded printed %d lines of %v and ends %q; want them, then the summary", n, events, rest[max(0, len(rest)-80):])
	}
}
