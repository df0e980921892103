package treetest

import (
	"errors"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/joined"
)

// Errors returns the errors err joins (errors.Join), or err alone.
func Errors(err error) []error {
	if err == nil {
		return []error{nil} // as it was: CheckErrors fails a nil before
	}
	return joined.Split(err)
}

// CheckErrors checks that err, what a Build returned, holds exactly the
// errors want describes, each "path: message" (the message may be cut
// short), each a *decide.Error with that path.
func CheckErrors(t testing.TB, err error, want []string) {
	t.Helper()
	if err == nil {
		t.Fatal("built")
	}
	var got []string
	for _, e := range Errors(err) {
		var de *decide.Error
		if !errors.As(e, &de) {
			t.Errorf("not a *decide.Error: %q", e)
			continue
		}
		got = append(got, de.Path+": "+de.Err.Error())
	}
	if len(got) != len(want) {
		t.Errorf("%d errors, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, w)
		}
		if !found {
			t.Errorf("no error %q among:\n%s", w, strings.Join(got, "\n"))
		}
	}
}
