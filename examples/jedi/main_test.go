package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runJedi(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// 6. Determinism: the same flags give byte-identical JSON.
func TestSameFlagsSameJSON(t *testing.T) {
	for _, args := range [][]string{
		{"-json", "-seed", "4"},
		{"-json", "-seed", "9", "-skill", "master", "-partner", "-mistakes", "-enemies", "trooper:2,droid:2"},
	} {
		a, _, codeA := runJedi(args...)
		b, _, codeB := runJedi(args...)
		if codeA != 0 || codeB != 0 {
			t.Fatalf("%v: exit %d, %d", args, codeA, codeB)
		}
		if a != b {
			t.Errorf("%v: two runs differ", args)
		}
		other, _, _ := runJedi(append(args[:len(args):len(args)], "-seed", "5")...)
		if other == a {
			t.Errorf("%v: another seed gave the same fight", args)
		}
	}
}

// The JSON lines follow the documented schema: decide events, then one
// summary.
func TestJSONSchema(t *testing.T) {
	out, _, code := runJedi("-json", "-seed", "2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 10 {
		t.Fatalf("only %d lines", len(lines))
	}
	for i, line := range lines[:len(lines)-1] {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		for _, k := range []string{"event", "t", "action", "outcome", "rule", "options", "jedi_hp", "victim", "victim_type", "victim_hp", "victim_shield"} {
			if _, ok := e[k]; !ok {
				t.Fatalf("line %d lacks %q: %s", i+1, k, line)
			}
		}
		if e["event"] != "decide" {
			t.Fatalf("line %d: event %v, want decide", i+1, e["event"])
		}
		for _, o := range e["options"].([]any) {
			o := o.(map[string]any)
			if o["action"] == nil || o["outcome"] == nil || o["rule"] == nil {
				t.Fatalf("line %d: option %v lacks a field", i+1, o)
			}
		}
	}
	var s struct {
		Event    string  `json:"event"`
		Winner   string  `json:"winner"`
		JediHP   int     `json:"jedi_hp"`
		Duration float64 `json:"duration"`
		Kills    []struct {
			Enemy      int     `json:"enemy"`
			Type       string  `json:"type"`
			T          float64 `json:"t"`
			VictimTime float64 `json:"victim_time"`
			By         int     `json:"by"`
			Move       string  `json:"move"`
		} `json:"kills"`
		PartnerHP *int `json:"partner_hp"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatal(err)
	}
	if s.Event != "summary" || s.Winner != "jedi" || len(s.Kills) != 6 || s.Duration <= 0 {
		t.Errorf("summary %+v: want the Jedi to win against all six", s)
	}
	for _, k := range s.Kills {
		if k.Enemy == 0 || k.Type == "" || k.T <= 0 || k.VictimTime <= 0 || k.VictimTime > k.T || k.By != 0 || k.Move == "" {
			t.Errorf("kill %+v", k)
		}
	}
	if s.PartnerHP != nil {
		t.Errorf("partner_hp %d for a Jedi alone", *s.PartnerHP)
	}
}

// With a partner, the summary says how it ended and who killed what.
func TestPartnerSummary(t *testing.T) {
	out, _, code := runJedi("-partner", "-seed", "1", "-duration", "1m")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"Its partner ends with", "to the partner's", "to the Jedi's"} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out[strings.LastIndex(out, "\n\n"):])
		}
	}
}

func TestTimeline(t *testing.T) {
	out, errs, code := runJedi("-seed", "3", "-mistakes", "-enemies", "trooper")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"A Jedi of skill 0.6 faces 1 trooper (seed 3).",
		"swing at the shield",
		"not: ",
		"The Jedi won in",
		"trooper#1",
		"The Jedi swung at a raised shield",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("timeline lacks %q", want)
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-skill", "godlike"}, "-skill"},
		{[]string{"-skill", "1.5"}, "-skill"},
		{[]string{"-skill", "NaN"}, "-skill"},
		{[]string{"-enemies", "ghost:1"}, "unknown enemy type"},
		{[]string{"-enemies", "droid:0"}, "at least 1"},
		{[]string{"-enemies", "droid:x"}, "whole number"},
		{[]string{"-enemies", "droid:9"}, "at most 8"},
		{[]string{"-enemies", ""}, "unknown enemy type"},
		{[]string{"-duration", "0s"}, "-duration"},
		{[]string{"-duration", "-3s"}, "-duration"},
		{[]string{"-duration", "2h"}, "-duration"},
		{[]string{"-seed", "x"}, "invalid value"},
		{[]string{"-frob"}, "not defined"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-at", "3"}, "give -dot or -mermaid"},
		{[]string{"-runs", "0"}, "-runs 0"},
	} {
		out, errs, code := runJedi(tt.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "jedi: ") || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line about %q", tt.args, code, out, errs, tt.want)
		}
	}
}

func TestHelp(t *testing.T) {
	out, _, code := runJedi("-h")
	if code != 0 || !strings.HasPrefix(out, "usage: jedi") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
	for _, flag := range []string{"-seed", "-skill", "-enemies", "-partner", "-mistakes", "-duration", "-json", "-dot", "-mermaid", "-at", "-runs",
		"-tree", "-watch", "-write-tree", "-write-schema"} {
		if !strings.Contains(out, "\n  "+flag+" ") && !strings.Contains(out, "\n  "+flag+"\n") {
			t.Errorf("-h says nothing of %s:\n%s", flag, out)
		}
	}
	if !strings.Contains(out, "examples:") {
		t.Errorf("-h gives no examples:\n%s", out)
	}
}

func TestPictures(t *testing.T) {
	dir := t.TempDir()
	dot, mmd := dir+"/tree.dot", dir+"/tree.mmd"
	_, errs, code := runJedi("-seed", "2", "-at", "3.5", "-dot", dot, "-mermaid", mmd)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "jedi: wrote the combat tree to " + dot + " (-dot)\njedi: wrote the combat tree to " + mmd + " (-mermaid)\n"; errs != want {
		t.Errorf("stderr %q; want %q", errs, want)
	}
	for _, tt := range []struct{ file, want string }{
		{dot, `digraph "the Jedi's combat tree at 3.52s"`},
		{dot, "penwidth=3"},
		{mmd, "flowchart TD"},
		{mmd, "linkStyle"},
	} {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), tt.want) {
			t.Errorf("%s lacks %q", tt.file, tt.want)
		}
	}
}

// A picture file that cannot be created is found before the fight: exit
// 2, one line on stderr, nothing on stdout.
func TestBadPicturePaths(t *testing.T) {
	dir := t.TempDir()
	same := filepath.Join(dir, "same")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-dot", filepath.Join(dir, "no", "such", "dir", "x.dot")}, "no such file or directory"},
		{[]string{"-mermaid", dir}, "is a directory"},
		{[]string{"-dot", filepath.Join(dir, "ok.dot"), "-mermaid", filepath.Join(dir, "missing", "x.mmd")}, "-mermaid"},
		{[]string{"-dot", same, "-mermaid", filepath.Join(dir, ".", "same")}, "the same file"},
		{[]string{"-dot", filepath.Join(dir, "new\nline", "x.dot")}, `-dot "` + dir + `/new\nline/x.dot"`},
	} {
		out, errs, code := runJedi(tt.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "jedi: ") || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, stdout %d bytes, stderr %q; want exit 2 and one line about %q", tt.args, code, len(out), errs, tt.want)
		}
	}
}

// failingWriter accepts n bytes, then fails every write.
type failingWriter struct{ n int }

var errFull = errors.New("disk full")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	n := w.n
	w.n = 0
	return n, errFull
}

// A write error on stdout, early or late, exits 1 with one line that
// says so, whatever is being written.
func TestStdoutWriteErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-duration", "3s"},
		{"-json", "-duration", "3s"},
		{"-runs", "1", "-duration", "3s"},
		{"-h"},
	} {
		full, _, _ := runJedi(args...)
		for _, n := range []int{0, len(full) / 2, len(full) - 1} {
			var errb bytes.Buffer
			code := run(args, &failingWriter{n: n}, &errb)
			errs := errb.String()
			if code != 1 || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "jedi: writing to standard output: ") || !strings.Contains(errs, "disk full") {
				t.Errorf("%q, failing after %d bytes: exit %d, stderr %q; want exit 1 and one line about the write", args, n, code, errs)
			}
		}
	}
	full, _, _ := runJedi("-h")
	if code := run([]string{"-h"}, &failingWriter{n: len(full)}, io.Discard); code != 0 {
		t.Errorf("-h with just enough room: exit %d", code)
	}
}

// A write error on a picture file exits 1 with one line naming the flag.
func TestPictureWriteError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here to fail writes")
	}
	for _, flag := range []string{"-dot", "-mermaid"} {
		_, errs, code := runJedi(flag, "/dev/full", "-duration", "1s")
		if code != 1 || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "jedi: "+flag+` "/dev/full": write: `) {
			t.Errorf("%s /dev/full: exit %d, stderr %q; want exit 1 and one line about the write", flag, code, errs)
		}
	}
}

func TestRuns(t *testing.T) {
	out, errs, code := runJedi("-runs", "3", "-seed", "10")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if errs != "" {
		t.Errorf("a progress line was written though stderr is no terminal: %q", errs)
	}
	for _, want := range []string{
		"3 fights from seed 10: the Jedi won 3.",
		"node                                         simulated",
		"combat ",
		"Never chosen:",
		"combat/give space",
		"Always impossible:",
		"combat/give space (", "clear of the other Jedi",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, args := range [][]string{{"-runs", "2", "-json"}, {"-runs", "2", "-dot", "x"}, {"-runs", "-1"}, {"-at", "-2"}, {"-at", "500"}} {
		if _, _, code := runJedi(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// One file given for two outputs, or an output in the -tree file, is
// refused before anything is written: exit 2, one line. (-write-tree F
// -write-schema F wrote the schema over the tree and reported both
// written.)
func TestOneFileTwoUses(t *testing.T) {
	tree, shipped := shippedCopy(t)
	dir := filepath.Dir(tree)
	file := filepath.Join(dir, "out")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-write-tree", file, "-write-schema", file}, "are the same file"},
		{[]string{"-dot", file, "-html", file}, "are the same file"},
		{[]string{"-mermaid", file, "-html", filepath.Join(dir, ".", "out")}, "are the same file"},
		{[]string{"-tree", tree, "-dot", tree}, "is the file -tree"},
		{[]string{"-tree", tree, "-html", filepath.Join(dir, "..", filepath.Base(dir), "tree.json")}, "is the file -tree"},
	} {
		out, errs, code := runJedi(tt.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, stdout %d bytes, stderr %q; want exit 2 and one line about %q", tt.args, code, len(out), errs, tt.want)
		}
		if _, err := os.Stat(file); err == nil {
			t.Errorf("%q: the file was written", tt.args)
			os.Remove(file)
		}
		if got, _ := os.ReadFile(tree); !bytes.Equal(got, shipped) {
			t.Fatalf("%q: the tree file was overwritten", tt.args)
		}
	}
}
