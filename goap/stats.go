package goap

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/foresight-bt/foresight/bt"
)

// ActionStats are what a domain's planners and runners did with one
// action, summed over every agent since the domain was built.
type ActionStats struct {
	Name string
	// Considered counts the states the planner tried the action from: every
	// state it expanded, since it tries every action from each.
	Considered int
	// Discarded counts, for each precondition in the order given to
	// Constrain, the times it was the first to fail.
	Discarded []int
	// AlreadyDone counts the times a precondition answered Done.
	AlreadyDone int
	// Chosen counts the action's steps in the plans made.
	Chosen int
	// Run counts the steps begun by runners; Succeeded and Failed how they
	// ended (a step halted by a new plan is neither).
	Run, Succeeded, Failed int
}

// stats are a domain's counters. Planners count a planning in tallies of
// their own and add them here once it is over, so the lock is taken once
// per planning and step, never per node.
type stats struct {
	mu                       sync.Mutex
	expanded                 int
	chosen, run, succ, fails []int
	discarded                []int // per precondition slot
}

func newStats[M any, K comparable](d *Domain[M, K]) *stats {
	n := len(d.actions)
	return &stats{chosen: make([]int, n), run: make([]int, n),
		succ: make([]int, n), fails: make([]int, n), discarded: make([]int, d.slots)}
}

// addPlanning adds what a planning did: the states it expanded, the
// discards per precondition slot, and the plan's steps.
func (st *stats) addPlanning(expanded int, tally, steps []int32) {
	st.mu.Lock()
	st.expanded += expanded
	for i, n := range tally {
		st.discarded[i] += int(n)
	}
	for _, a := range steps {
		st.chosen[a]++
	}
	st.mu.Unlock()
}

// addRun counts a step of action a begun.
func (st *stats) addRun(a int) {
	st.mu.Lock()
	st.run[a]++
	st.mu.Unlock()
}

// addEnd counts a step of action a ended with s.
func (st *stats) addEnd(a int, s bt.Status) {
	st.mu.Lock()
	switch s {
	case bt.Success:
		st.succ[a]++
	case bt.Failure:
		st.fails[a]++
	}
	st.mu.Unlock()
}

// Stats returns what the domain's planners and runners did with each
// action, in the order the actions were added. Call it between frames:
// the counts of a planning under way are added when it ends.
func (d *Domain[M, K]) Stats() []ActionStats {
	if !d.usable() {
		return nil
	}
	st := d.stats
	st.mu.Lock()
	defer st.mu.Unlock()
	out := make([]ActionStats, len(d.actions))
	for i, a := range d.actions {
		s := ActionStats{Name: a.name, Considered: st.expanded, Chosen: st.chosen[i],
			Run: st.run[i], Succeeded: st.succ[i], Failed: st.fails[i],
			Discarded: make([]int, len(a.pre))}
		copy(s.Discarded, st.discarded[a.slot:a.slot+len(a.pre)])
		s.AlreadyDone = st.discarded[a.slot+len(a.pre)]
		out[i] = s
	}
	return out
}

// NeverChosen lists the actions that no plan has used yet, in the order
// added: after a representative run, each is a part of the design the AI
// never uses (a precondition that never holds, a cost too high, a goal
// that does not need it). Ship with none.
func (d *Domain[M, K]) NeverChosen() []string {
	var never []string
	for _, s := range d.Stats() {
		if s.Chosen == 0 {
			never = append(never, s.Name)
		}
	}
	return never
}

// WriteStats writes the statistics as an aligned table, one action a line.
func (d *Domain[M, K]) WriteStats(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "action\tconsidered\tdiscarded (by precondition)\talready done\tchosen\trun\tsucceeded\tfailed")
	for _, s := range d.Stats() {
		by := make([]string, len(s.Discarded))
		for i, n := range s.Discarded {
			by[i] = strconv.Itoa(n)
		}
		disc := strings.Join(by, " ")
		if disc == "" {
			disc = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\n", s.Name, s.Considered, disc, s.AlreadyDone,
			s.Chosen, s.Run, s.Succeeded, s.Failed)
	}
	return tw.Flush()
}
