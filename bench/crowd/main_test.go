package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// A small crowd prints one row per number of agents and workers, the
// fewest workers at a speed-up of 1.
func TestTable(t *testing.T) {
	cfg, err := parse([]string{"-agents", "3,5", "-workers", "2,1", "-rounds", "2", "-frames", "2"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(cfg, &out); err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) == 8 && (f[0] == "3" || f[0] == "5") {
			rows = append(rows, f[0]+"×"+f[1])
			if f[1] == "1" && f[4] != "1.00" {
				t.Errorf("one worker's speed-up over itself: %s", f[4])
			}
		}
	}
	if got, want := strings.Join(rows, " "), "3×1 3×2 5×1 5×2"; got != want {
		t.Errorf("rows %q, want %q; the table:\n%s", got, want, out.String())
	}
}

// Bad flags are refused with a line saying what is wanted.
func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-agents", "0"}, {"-agents", "x"}, {"-workers", "1,300"}, {"-rounds", "0"},
		{"-frames", "0"}, {"-replan", "-1s"}, {"extra"},
	} {
		if _, err := parse(args, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
