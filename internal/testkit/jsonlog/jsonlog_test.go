package jsonlog_test

import (
	"testing"

	"github.com/foresight-bt/foresight/internal/testkit/jsonlog"
)

// GoesOn passes a run loaded that goes on as the whole run, and fails one
// that repeats a line from before the save, misses one after it, or
// lacks the summary.
func TestGoesOn(t *testing.T) {
	const (
		a       = `{"event":"decide","t":1}` + "\n"
		b       = `{"event":"decide","t":2}` + "\n"
		c       = `{"event":"decide","t":3}` + "\n"
		other   = `{"event":"hit","t":2.5}` + "\n"
		summary = `{"event":"summary","t":3}` + "\n"
	)
	whole := a + b + other + c + summary
	for _, tc := range []struct {
		name string
		rest string
		at   float64
		ok   bool
	}{
		{"goes on", c + summary, 2, true},
		{"goes on, other events beside", other + c + summary, 2, true},
		{"a line before the save again", b + other + c + summary, 2, false},
		{"a line after the save missing", c + summary, 1, false},
		{"nothing decided", summary, 3, false},
		{"not the whole run's end", c, 2, false},
	} {
		ft := &fakeT{TB: t}
		func() {
			defer func() { _ = recover() }() // Fatalf ends the check, as it ends a test
			jsonlog.GoesOn(ft, whole, tc.rest, tc.at, "decide")
		}()
		if ft.failed == tc.ok {
			t.Errorf("%s: failed %v, want %v", tc.name, ft.failed, !tc.ok)
		}
	}
}

// fakeT records a failure instead of failing the test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true; panic("fatal") }
