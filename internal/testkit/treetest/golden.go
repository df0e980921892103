package treetest

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites golden files instead of comparing with them:
//
//	go test ./trace ./draw -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Golden compares got with the file testdata/name.golden, or rewrites the
// file when the tests run with -update.
func Golden(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (run with -update if the change is right):\n--- got\n%s\n--- want\n%s", name, path, got, want)
	}
}
