// Package outfiles checks the files a program's flags name before the
// program writes any: two outputs in one file would overwrite one with
// the other, and an output in the program's input file would overwrite
// what it reads. The examples' commands use it.
//
// It is a command helper (internal/cmd): only the commands under examples/
// and other command helpers import it; the library never does.
package outfiles

import (
	"fmt"
	"os"
	"path/filepath"
)

// A File is a file a flag names: one the program writes, or, Input, one
// it reads.
type File struct {
	Flag  string // without its dash: "dot"
	Path  string // "" when the flag is not given
	Input bool
}

// Distinct returns an error that names the first two flags naming one
// file, at least one of them an output, or nil. Files are the same when
// their paths name one existing regular file (by any path, links
// included), or one name in one directory for files not yet written;
// devices and such (/dev/null) may take any number of outputs.
func Distinct(files ...File) error {
	for i, a := range files {
		for _, b := range files[i+1:] {
			if a.Path == "" || b.Path == "" || a.Input && b.Input || !same(a.Path, b.Path) {
				continue
			}
			if b.Input {
				a, b = b, a
			}
			if a.Input {
				return fmt.Errorf("-%s %q is the file -%s %q reads: write it elsewhere", b.Flag, b.Path, a.Flag, a.Path)
			}
			return fmt.Errorf("-%s %q and -%s %q are the same file: give each its own", a.Flag, a.Path, b.Flag, b.Path)
		}
	}
	return nil
}

// same reports whether two paths name one regular file, written or not.
func same(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	switch {
	case errA == nil && errB == nil:
		return ia.Mode().IsRegular() && os.SameFile(ia, ib)
	case errA == nil || errB == nil:
		return false // one is written, the other not
	}
	if filepath.Base(a) != filepath.Base(b) {
		return false
	}
	da, errA := os.Stat(filepath.Dir(a))
	db, errB := os.Stat(filepath.Dir(b))
	if errA == nil && errB == nil {
		return os.SameFile(da, db)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}
