package treefile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-bt/foresight/internal/treefile"
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
