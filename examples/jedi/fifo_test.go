//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endless makes a named pipe at path whose writer writes zeros, 64 MiB at
// most, until the reader closes it; it returns how many bytes the reader
// took (and the pipe's buffer held), once the test is over with it.
func endless(t *testing.T, path string) (taken func() int) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	written := make(chan int, 1)
	go func() {
		n := 0
		defer func() { written <- n }()
		f, err := os.OpenFile(path, os.O_WRONLY, 0) // waits for a reader
		if err != nil {
			return
		}
		defer f.Close()
		zeros := make([]byte, 64<<10)
		for n < 64<<20 {
			k, err := f.Write(zeros)
			n += k
			if err != nil {
				return // the reader closed it
			}
		}
	}()
	return func() int {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
			select {
			case n := <-written:
				return n
			case <-time.After(20 * time.Millisecond):
			}
			// A writer still waiting for a reader (one that never came, or
			// not yet: its goroutine may start late) is given one for a
			// moment, which ends it.
			if r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				time.Sleep(10 * time.Millisecond)
				r.Close()
			}
		}
		t.Fatal("the pipe's writer never finished")
		return 0
	}
}

// A -tree file larger than a tree file may be is refused having read no
// more than the limit, whatever it is: a pipe, a device. (-tree /dev/zero
// read 2.4 GB in 7 s before the limit applied.)
func TestTreeFileReadBounded(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "tree.json")
	taken := endless(t, pipe)
	out, errs, code := runJedi("-tree", pipe)
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "larger than 4194304 bytes") {
		t.Errorf("-tree of an endless pipe: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if n := taken(); n > 5<<20 {
		t.Errorf("-tree read %d bytes of an endless pipe", n)
	}
}

// With -watch, a tree file replaced by something that is not a file (a
// link to a pipe or a device) is reported once and not read: the fight
// goes on with its tree. (A link to /dev/zero stalled the fight past its
// duration while memory grew.)
func TestWatchReadsOnlyFiles(t *testing.T) {
	file, _ := shippedCopy(t)
	pipe := filepath.Join(filepath.Dir(file), "pipe")
	taken := endless(t, pipe)
	steps := 0
	defer func(p func(time.Time)) { pace = p }(pace)
	pace = func(time.Time) {
		if steps++; steps == 100 {
			os.Remove(file)
			os.Symlink(pipe, file)
		}
	}
	_, errs, code := runJedi("-tree", file, "-watch", "-json", "-duration", "10s")
	if code != 0 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "not a regular file, the Jedi keeps its tree") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if n := taken(); n > 64<<10 { // what the pipe's buffer holds when the test opens it to end the writer
		t.Errorf("-watch read %d bytes of a pipe", n)
	}
}
