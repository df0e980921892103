package main

import (
	"bytes"
	"strings"
	"testing"
)

func runGuard(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestSameSeedSameOutput(t *testing.T) {
	a, _, _ := runGuard(t, "-seed", "7")
	b, _, _ := runGuard(t, "-seed", "7")
	c, _, _ := runGuard(t, "-seed", "8")
	if a != b {
		t.Error("the same seed gave different runs")
	}
	if a == c {
		t.Error("different seeds gave the same run")
	}
}

// Over a long enough watch the guard patrols, chases and strikes, and
// brings the intruder down.
func TestTheGuardDoesItsJob(t *testing.T) {
	out, errs, code := runGuard(t, "-seed", "1", "-ticks", "400")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"patrol  Cosmetic (on the round)",
		"chase   Beneficial (closer to the intruder)",
		"attack  Safe (intruder hurt)",
		"the intruder is down after 3 blows",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// Under the machine the guard reports each state it enters, with the
// transition that took it there, and does its job as under the tree.
func TestTheMachineDoesItsJob(t *testing.T) {
	out, errs, code := runGuard(t, "-decider", "fsm", "-seed", "1", "-ticks", "400")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	tree, _, _ := runGuard(t, "-seed", "1", "-ticks", "400")
	for _, want := range []string{
		"  time  guard   intruder  state   because",
		"patrol  initial state patrol",
		"chase   patrol → fight: in sight",
		"attack  chase → attack: in reach",
		"chase   attack → chase: not in reach",
		"the intruder is down after 3 blows",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	end := func(s string) string { return s[strings.LastIndex(s, "the intruder"):] }
	if end(out) != end(tree) {
		t.Errorf("the machine's guard ends otherwise than the tree's:\n%s\n%s", end(out), end(tree))
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-seed", "x"},
		{"-ticks", "0"},
		{"-speed", "3"},
		{"-decider", "htn"},
		{"extra"},
	} {
		out, errs, code := runGuard(t, args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "guard: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errs)
		}
	}
}

func TestHelp(t *testing.T) {
	out, _, code := runGuard(t, "-h")
	if code != 0 || !strings.Contains(out, "usage: guard") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
}

// The run opens with a picture of the yard and a header naming the
// columns, and closes with the yard as it was left.
func TestPictureAndHeader(t *testing.T) {
	out, _, code := runGuard(t, "-seed", "1", "-ticks", "3")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "The yard") || strings.Count(out, " G ")+strings.Count(out, "  G") < 2 {
		t.Errorf("no picture of the yard with the guard in it, before and after:\n%s", out)
	}
	if !strings.Contains(out, "  time  guard   intruder  choice  because") {
		t.Errorf("no column header:\n%s", out)
	}
	if out, _, _ := runGuard(t, "-decider", "fsm", "-ticks", "3"); !strings.HasPrefix(out, "The yard") {
		t.Errorf("no picture of the yard under the machine:\n%s", out)
	}
	for i, l := range lines {
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %d ends in a space: %q", i+1, l)
		}
	}
}
