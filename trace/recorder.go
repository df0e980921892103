package trace

import (
	"github.com/foresight-bt/foresight/bt"
)

// A Recorder keeps every event it is given, copied, in order.
type Recorder struct {
	Events []bt.Event
}

// Trace records a copy of e, with its decision copied too.
func (r *Recorder) Trace(e *bt.Event) {
	c := *e
	if e.Decision != nil {
		d := *e.Decision
		d.Candidates = append([]bt.Candidate(nil), d.Candidates...)
		c.Decision = &d
	}
	r.Events = append(r.Events, c)
}

// Kind returns the recorded events of one kind.
func (r *Recorder) Kind(k bt.EventKind) []bt.Event {
	var out []bt.Event
	for _, e := range r.Events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// Reset forgets the recorded events.
func (r *Recorder) Reset() { r.Events = r.Events[:0] }

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
