//go:build !unix

package editor

import "os"

// openFile opens the file at path to read it (see open_unix.go).
func openFile(path string) (*os.File, error) { return os.Open(path) }
