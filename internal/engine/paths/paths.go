// Package paths holds what every builder of the library checks of the
// names that make a node's path ("guard/attack"): a tree's nodes, a
// catalogue's entries, a domain's tasks and goals, a machine's states.
//
// It is an engine helper: it imports nothing of the project, and any
// package of the library may import it.
package paths

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// CheckName returns why name cannot name a thing in a path, or nil: it is
// empty, it holds the '/' that separates a path's elements, or it is not
// UTF-8 (a path is written into traces, saves and tree files, which carry
// text). what
// names the thing, with its article ("a state"), for the message.
func CheckName(what, name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%s needs a name", what)
	case strings.Contains(name, "/"):
		return fmt.Errorf("name %q contains '/', which separates path elements", name)
	case !utf8.ValidString(name):
		return fmt.Errorf("name %q is not UTF-8", name)
	}
	return nil
}
