package docs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeMaxLines is how long the README may grow: a newcomer reads it in
// ten minutes, and the rest lives in docs/ (issue 30 cut it from 1,634
// lines to this).
const readmeMaxLines = 250

// The README stays short, and its first lines are the two commands a
// fresh machine runs: the main demo and the tests (CI runs the second).
func TestReadmeIsShort(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(snippetRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n > readmeMaxLines {
		t.Errorf("README.md has %d lines; keep it to %d and move the rest to docs/", n, readmeMaxLines)
	}
	lines := strings.SplitN(string(b), "\n", 7)
	for i, want := range []string{"go run ./examples/jedi", "go test ./..."} {
		if len(lines) < 6 || !strings.HasPrefix(lines[3+i], want) {
			t.Errorf("README.md's line %d does not begin with %q", 4+i, want)
		}
	}
}
