package paths_test

import (
	"fmt"
	"testing"

	"github.com/foresight-bt/foresight/internal/engine/paths"
)

func TestCheckName(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"patrol", ""},
		{"", "a state needs a name"},
		{"x/y", `name "x/y" contains '/', which separates path elements`},
		{"x\xff", `name "x\xff" is not UTF-8`},
	} {
		got := ""
		if err := paths.CheckName("a state", c.name); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("CheckName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// CheckName is the one rule for the names of things that stand in paths,
// for a decider of your own as for the built-in ones.
func ExampleCheckName() {
	for _, name := range []string{"patrol", "", "left/right"} {
		fmt.Println(paths.CheckName("a state", name))
	}
	// Output:
	// <nil>
	// a state needs a name
	// name "left/right" contains '/', which separates path elements
}
