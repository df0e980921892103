// Package joined splits an error that joins others (errors.Join, or any
// error with an Unwrap() []error method) into the errors it joins, so
// that a builder, a loader or a crowd can report each on a line, or at a
// place, of its own.
//
// It is an engine helper (internal/engine): it imports nothing of the
// project, and any package may import it.
package joined

// Split returns the errors err joins, or err alone when it joins none,
// and nil for nil. The slice is err's own, not a copy: a caller that
// changes it clones it first.
func Split(err error) []error {
	switch j := err.(type) {
	case nil:
		return nil
	case interface{ Unwrap() []error }:
		return j.Unwrap()
	}
	return []error{err}
}
