package fsm

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// SaveState saves where the machine stands, for a save of its agent (see
// bt.StateWriter): its state, how the state's node ended in this visit,
// and the state History brings it back to, each state by name, so that a
// save reads as the machine's own words and restores into a machine
// edited since that still has the state. A name is "" for none, an end ""
// while the node runs. Then the state Run.Set set for the next tick to
// enter ("set", "" for none), the delayed transition that fired and
// waits ("delayed": its name and label, as its reports say it; "" for
// none) and when it is due ("due": on the agent's clock, in
// nanoseconds), the states that run nothing ("idle": their
// names, each after a "/"), and for each when the machine last left it
// ("left patrol": on the agent's clock, in nanoseconds; -1 for never),
// which a cooldown into it reads, as a node's last run is bt's to save.
//
// The counters of calls and predictions, and the call in which each state
// was last entered (entered, seen), are not saved: they are compared only
// within one call (is this state entered already in this tick, in this
// prediction?), and each call begins by counting itself past every value
// they hold, so a restored runner counting from zero decides as the saved
// one would. The report is scratch.
func (r *runner[M]) SaveState(w *bt.StateWriter) {
	w.String("state", r.name(r.at.cur))
	w.String("ended", endName(r.at.ended))
	w.String("history", r.name(r.last))
	w.String("set", r.name(r.set))
	delayed := ""
	if r.at.armed > 0 {
		delayed = r.m.trans[r.at.armed-1].reason
	}
	w.String("delayed", delayed)
	w.Int("due", int64(r.at.due))
	w.String("idle", r.m.idles)
	for _, i := range r.m.idle {
		w.Int(r.m.states[i].field, int64(r.left[i]))
	}
}

// RestoreState restores what SaveState saved, checked against the
// machine the runner runs: a state it lacks, or an end that is not
// Success or Failure, is an error, and the runner is left as it was.
// Where the machine has no History (an edit took it out), the state
// History would have brought it back to is not read, and forgotten. A save that
// says the machine's node runs, and the machine in no state, cannot be
// told from a true one here (the node's own state is bt's, and put
// after this): such a runner begins when it next runs (see standing).
func (r *runner[M]) RestoreState(sr *bt.StateReader) error {
	state, ended, history, set := sr.String("state"), sr.String("ended"), sr.String("history"), sr.String("set")
	delayed, due := sr.String("delayed"), time.Duration(sr.Int("due"))
	left, err := r.readLeft(sr)
	if err != nil {
		return err
	}
	cur, err := r.stand(state)
	if err != nil {
		return err
	}
	end, err := parseEnd(ended)
	switch {
	case err != nil:
		return err
	case cur < 0 && end != 0:
		return fmt.Errorf("an end %q in no state", ended)
	}
	last := int32(-1)
	if r.m.history {
		if last, err = r.stand(history); err != nil {
			return fmt.Errorf("history: %w", err)
		}
	}
	next, err := r.stand(set)
	if err != nil {
		return fmt.Errorf("set: %w", err)
	}
	armed, err := r.armed(delayed, cur)
	if err != nil {
		return fmt.Errorf("delayed: %w", err)
	}
	if armed == 0 {
		due = 0
	}
	r.at, r.last, r.set = cursor{cur: cur, ended: end, armed: armed, due: due}, last, next
	copy(r.left, left)
	return nil
}

// readLeft reads when the machine last left each state that runs
// nothing, as SaveState wrote it, into a list by state (unvisited for
// those the save does not name). A state the save names that the
// machine lacks, or that runs a node now, is passed over: an edit took it
// out, and what it kept is gone with it.
func (r *runner[M]) readLeft(sr *bt.StateReader) ([]time.Duration, error) {
	idle := sr.String("idle")
	left := make([]time.Duration, len(r.m.states))
	for i := range left {
		left[i] = unvisited
	}
	if idle == "" {
		return left, sr.Err()
	}
	names := strings.Split(idle, "/")
	if names[0] != "" {
		return nil, fmt.Errorf("idle: %q does not begin with a /", idle)
	}
	for _, name := range names[1:] {
		at := time.Duration(sr.Int("left " + name))
		if sr.Err() != nil {
			break
		}
		if at < unvisited {
			return nil, fmt.Errorf("left %s: %d, before the clock began", name, at)
		}
		if i, err := r.lookup(name); err == nil && i >= 0 && r.m.states[i].child < 0 {
			left[i] = at
		}
	}
	return left, sr.Err()
}

// armed returns the delayed transition a save names by its reason,
// plus one, 0 for none: one the machine has, delayed, from cur or a
// state that holds it.
func (r *runner[M]) armed(reason string, cur int32) (int32, error) {
	if reason == "" {
		return 0, nil
	}
	for i := range r.m.trans {
		t := &r.m.trans[i]
		switch {
		case t.reason != reason:
		case t.delay == 0:
			return 0, fmt.Errorf("%q is not delayed", reason)
		case cur < 0 || t.from < 0 || !r.m.holds(cur, t.from):
			return 0, fmt.Errorf("%q leaves no state the machine is in", reason)
		default:
			return int32(i) + 1, nil
		}
	}
	return 0, fmt.Errorf("the machine has no transition %q", reason)
}

// name returns state i's name, or "" for none (-1).
func (r *runner[M]) name(i int32) string {
	if i < 0 {
		return ""
	}
	return r.m.states[i].name
}

// lookup returns the state named name, or -1 for "".
func (r *runner[M]) lookup(name string) (int32, error) {
	if name == "" {
		return -1, nil
	}
	for i := range r.m.states {
		if r.m.states[i].name == name {
			return int32(i), nil
		}
	}
	return -1, fmt.Errorf("the machine has no state %q", name)
}

// stand returns the state named name, which the machine may stand in:
// one with no substates; -1 for "".
func (r *runner[M]) stand(name string) (int32, error) {
	i, err := r.lookup(name)
	if err == nil && i >= 0 && len(r.m.states[i].subs) > 0 {
		return -1, fmt.Errorf("the state %q holds others: the machine stands in one of them", name)
	}
	return i, err
}

// endName names how a state's node ended, "" while it runs.
func endName(s bt.Status) string {
	if s == 0 {
		return ""
	}
	return s.String()
}

// parseEnd reads what endName wrote.
func parseEnd(name string) (bt.Status, error) {
	switch name {
	case "":
		return 0, nil
	case bt.Success.String():
		return bt.Success, nil
	case bt.Failure.String():
		return bt.Failure, nil
	}
	return 0, fmt.Errorf("a state's node ended %q: not Success or Failure", name)
}
