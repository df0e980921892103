package main

import (
	"bytes"
	"io"
	"strconv"
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
		{"-frames", "0"}, {"-replan", "-1s"}, {"extra"}, {"-budget", "-1ms"}, {"-spike", "1"}, {"-measure", "1"},
		{"-guards", "-1"}, {"-budget", "5ms", "-guards", "10"},
	} {
		if _, err := parse(args, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// With -budget, the same fights run with and without a budget, and the
// table has a row for each, with the ratio of the budgeted p99 to the
// budget.
func TestBudgetTable(t *testing.T) {
	cfg, err := parse([]string{"-agents", "20", "-workers", "2", "-replan", "250ms", "-budget", "50ms", "-spike", "3", "-measure", "6"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(cfg, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"20 Jedi, 2 workers", "\nno budget ", "\nbudget 50ms ", "p99 / budget: ", " of work (the claim"} {
		if !strings.Contains(out.String(), strings.ReplaceAll(want, "\\n", "\n")) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
}

// With -guards, guards decide every frame and at rates, and the rated
// ones tick fewer agents a frame.
func TestGuardsTable(t *testing.T) {
	cfg, err := parse([]string{"-guards", "200", "-workers", "2", "-measure", "16"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(cfg, &out); err != nil {
		t.Fatal(err)
	}
	ticks := map[string]float64{}
	for _, line := range strings.Split(out.String(), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 10 && f[0] == "every":
			ticks["every"], _ = strconv.ParseFloat(f[8], 64)
		case len(f) == 9 && f[0] == "rates":
			ticks["rates"], _ = strconv.ParseFloat(f[7], 64)
		}
	}
	if ticks["every"] != 200 || ticks["rates"] <= 0 || ticks["rates"] >= 100 {
		t.Errorf("ticks a frame %v; the table:\n%s", ticks, out.String())
	}
}
