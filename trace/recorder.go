package trace

import (
	"github.com/foresight-bt/foresight/bt"
)

// A Recorder keeps every event it is given, copied, in order.
type Recorder struct {
	Events []bt.Event
}

// Trace records a copy of e, with its decision and planning copied too.
func (r *Recorder) Trace(e *bt.Event) {
	c := *e
	if e.Decision != nil {
		d := *e.Decision
		d.Candidates = append([]bt.Candidate(nil), d.Candidates...)
		c.Decision = &d
	}
	c.Plan = e.Plan.Clone()
	r.Events = append(r.Events, c)
}

// Tee returns a tracer that hands every event to each of tracers in turn;
// nil tracers are skipped.
func Tee(tracers ...bt.Tracer) bt.Tracer {
	var ts []bt.Tracer
	for _, t := range tracers {
		if t != nil {
			ts = append(ts, t)
		}
	}
	return tee(ts)
}

type tee []bt.Tracer

func (t tee) Trace(e *bt.Event) {
	for _, tr := range t {
		tr.Trace(e)
	}
}

// A Latest keeps the last live decision of every selector it hears of:
// what the agent chose, and why, when it last chose. Pictures of a tree
// (package draw) are annotated with its Decisions.
type Latest struct {
	bySelector map[string]int
	decisions  []bt.Decision
}

// Trace keeps a copy of a decision event, in place of the selector's last.
func (l *Latest) Trace(e *bt.Event) {
	if e.Kind != bt.EventDecision || e.Decision == nil {
		return
	}
	if l.bySelector == nil {
		l.bySelector = map[string]int{}
	}
	d := *e.Decision
	i, ok := l.bySelector[d.Selector]
	if !ok {
		i = len(l.decisions)
		l.bySelector[d.Selector] = i
		l.decisions = append(l.decisions, bt.Decision{})
	}
	d.Candidates = append(l.decisions[i].Candidates[:0], d.Candidates...)
	l.decisions[i] = d
}

// Decisions returns the last decision of each selector, in the order the
// selectors first decided. The decisions are copies.
func (l *Latest) Decisions() []bt.Decision {
	out := make([]bt.Decision, len(l.decisions))
	for i, d := range l.decisions {
		d.Candidates = append([]bt.Candidate(nil), d.Candidates...)
		out[i] = d
	}
	return out
}
