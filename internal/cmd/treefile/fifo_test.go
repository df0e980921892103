//go:build unix

package treefile_test

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/foresight-bt/foresight/internal/cmd/treefile"
)

// A named pipe is not read (it could stall the game), and is said once.
func TestWatchPipe(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	w := treefile.New(path, nil, 10)
	if _, _, err := w.Changed(); !errors.Is(err, treefile.ErrIrregular) {
		t.Errorf("a pipe: %v", err)
	}
	if data, ok, err := w.Changed(); data != nil || ok || err != nil {
		t.Errorf("a pipe, again: %q, %v, %v", data, ok, err)
	}
}
