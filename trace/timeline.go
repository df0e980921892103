package trace

import (
	"fmt"
	"io"
	"strings"

	"github.com/foresight-bt/foresight/bt"
)

// Timeline returns a tracer that writes a readable account of a tree: a
// line for each action begun, with the time, the action, the verdict that
// got it chosen, and whatever context returns (a game's status: hit
// points, the target; nil for none), then a line with the best options
// turned down:
//
//	2.50s  chase      Beneficial (closer)       hp 100
//	                  not: patrol Cosmetic (on the round) · attack Impossible (out of reach)
//
// The Jedi demo prints its fights this way.
func Timeline(w io.Writer, nodes []bt.NodeInfo, context func() string) *Actions {
	return NewActions(nodes, func(a *Action) {
		extra := ""
		if context != nil {
			extra = "  " + context()
		}
		line := fmt.Sprintf("%6.2fs  %-18s %-38s%s", a.Time.Seconds(), a.Name, a.Verdict.String(), extra)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if len(a.Options) > 0 {
			not := make([]string, len(a.Options))
			for i, o := range a.Options {
				not[i] = o.Name + " " + o.Verdict.String()
			}
			fmt.Fprintf(w, "%27s %s\n", "not:", strings.Join(not, " · "))
		}
	})
}
