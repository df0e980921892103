package sticky_test

import (
	"errors"
	"io"
	"testing"

	"github.com/foresight-bt/foresight/internal/web/sticky"
)

type failing struct{ after int }

func (f *failing) Write(p []byte) (int, error) {
	if f.after--; f.after < 0 {
		return 0, errors.New("full")
	}
	return len(p) / 2, nil // short from the start
}

func TestStopsAtFirstError(t *testing.T) {
	t.Parallel()
	w := &sticky.Writer{W: &failing{after: 5}}
	if _, err := w.Write([]byte("ab")); !errors.Is(err, io.ErrShortWrite) {
		t.Fatalf("a short write: %v", err)
	}
	if n, err := w.Write([]byte("cd")); n != 0 || !errors.Is(err, io.ErrShortWrite) || !errors.Is(w.Err, io.ErrShortWrite) {
		t.Fatalf("after a failure: %d, %v, kept %v", n, err, w.Err)
	}
}
