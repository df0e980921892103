package decide_test

import (
	"testing"

	"github.com/foresight-bt/foresight/decide"
)

func TestCheckName(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"patrol", ""},
		{"", "a state needs a name"},
		{"x/y", `name "x/y" contains '/', which separates path elements`},
	} {
		got := ""
		if err := decide.CheckName("a state", c.name); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("CheckName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
