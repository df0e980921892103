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
)

// CheckName returns why name cannot name a thing in a path, or nil: it is
// empty, or it holds the '/' that separates a path's elements. what
// names the thing, with its article ("a state"), for the message.
func CheckName(what, name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%s needs a name", what)
	case strings.Contains(name, "/"):
		return fmt.Errorf("name %q contains '/', which separates path elements", name)
	}
	return nil
}
