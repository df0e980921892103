package utility

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// SaveState saves the runner's own state, for a save of its agent (see
// bt.StateWriter): the option it runs, by its child's name ("" for
// none), so that a save restores into a tree edited since that still
// has the option; and when it last chose, from which Replan counts. The
// scores are scratch, made afresh at every choice.
func (r *runner[M]) SaveState(w *bt.StateWriter) {
	name := ""
	if r.cur >= 0 {
		name = r.names[r.cur]
	}
	w.String("option", name)
	w.Int("decided", int64(r.decided))
}

// RestoreState restores what SaveState saved. An option the node has no
// child of that name for is an error, as is an option saved for a node
// that was not running, and the runner is left as it was.
func (r *runner[M]) RestoreState(sr *bt.StateReader) error {
	name, decided := sr.String("option"), time.Duration(sr.Int("decided"))
	if err := sr.Err(); err != nil {
		return err
	}
	cur := -1
	if name != "" {
		for i, n := range r.names {
			if n == name {
				cur = i
			}
		}
		switch {
		case cur < 0:
			return fmt.Errorf("the utility node has no option %q", name)
		case !sr.Running():
			return fmt.Errorf("option %q running in a node that does not run", name)
		}
	}
	r.cur, r.decided = cur, decided
	return nil
}
