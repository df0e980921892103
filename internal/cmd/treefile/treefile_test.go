package treefile_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/cmd/treefile"
)

func TestWatch(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := treefile.New(path, []byte("one"), 10)
	expect := func(want string, changed bool) {
		t.Helper()
		data, ok, err := w.Changed()
		if err != nil || ok != changed || string(data) != want {
			t.Fatalf("Changed() = %q, %v, %v; want %q, %v", data, ok, err, want, changed)
		}
	}
	expect("", false)
	os.WriteFile(path, []byte("two"), 0o644)
	expect("two", true)
	expect("", false)
	os.Remove(path) // while it is saved
	expect("", false)
	os.WriteFile(path, []byte("a file of more than ten bytes"), 0o644)
	expect("a file of m", true) // the registry refuses it, having read no more
}

// A limit as large as an int holds reads the whole file: one byte more
// than the limit saturates, where it wrapped around and read nothing.
func TestReadLimitOfMaxInt(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte("a tree"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := treefile.Read(path, math.MaxInt); err != nil || string(data) != "a tree" {
		t.Errorf("Read = %q, %v; want the file", data, err)
	}
}

// A Reloader puts a changed file in force and says so; a file that does
// not build is not, and it says why, on one line, and who keeps its tree.
func TestReloader(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	r := treefile.Reloader{Watch: treefile.New(path, []byte("one"), 100), Log: &log, Prog: "guard", Agent: "the guard"}
	var inForce string
	put := func(data []byte) error {
		if strings.HasPrefix(string(data), "bad") {
			return errors.New("1:1: $: bad JSON\n1:2: $: and more")
		}
		inForce = string(data)
		return nil
	}
	steps := []struct {
		write string
		want  bool
	}{
		{"", false}, {"two", true}, {"", false}, {"bad", false}, {"bad", false}, {"three", true},
	}
	for i, s := range steps {
		if s.write != "" {
			if err := os.WriteFile(path, []byte(s.write), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := r.Reload(time.Duration(i)*time.Second, put); got != s.want {
			t.Errorf("step %d: Reload() = %v", i, got)
		}
	}
	want := "guard: 1.00s: reloaded the tree from " + path + "\n" +
		"guard: 3.00s: " + path + " not reloaded, the guard keeps its tree: 1:1: $: bad JSON; 1:2: $: and more\n" +
		"guard: 5.00s: reloaded the tree from " + path + "\n"
	if log.String() != want || inForce != "three" {
		t.Errorf("in force %q, said:\n%s\nwant:\n%s", inForce, log.String(), want)
	}
}
