// Package sticky holds a writer that stops at its first error, for code
// that writes many pieces and checks once at the end.
//
// It is a web helper (internal/web): it imports only engine helpers
// (internal/engine), and the library's web views (inspect) and the
// commands import it.
package sticky

import "io"

// A Writer passes writes on to W until one fails, then keeps that error
// in Err and fails every write after it. A short write counts as a
// failure (io.ErrShortWrite).
type Writer struct {
	W   io.Writer
	Err error
}

// Write writes p to W, unless an earlier write failed.
func (s *Writer) Write(p []byte) (int, error) {
	if s.Err != nil {
		return 0, s.Err
	}
	n, err := s.W.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	s.Err = err
	return n, err
}
