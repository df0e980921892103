package bt

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
)

// The flags of a Situation in the binary form.
const (
	sitSimulating = 1 << iota
	sitRunning
	sitHasRun
)

// Situation writes a constraint's situation (see Situation), all of it:
// the clock, the flags, when the node last ended, and what keys its roll
// and the rolls of the ticks after it. A planner that plans over several
// ticks keeps the situations its steps' preconditions are judged in, as
// they were when the planning began; a node cannot make one itself.
func (w *StateWriter) Situation(name string, s Situation) {
	if !w.field(name) {
		var flags byte
		if s.Simulating {
			flags |= sitSimulating
		}
		if s.Running {
			flags |= sitRunning
		}
		if s.hasRun {
			flags |= sitHasRun
		}
		w.b = binary.AppendVarint(w.b, int64(s.Now))
		w.b = append(w.b, flags)
		w.b = binary.AppendVarint(w.b, int64(s.lastEnd))
		w.b = binary.AppendUvarint(w.b, s.seed)
		w.b = binary.AppendUvarint(w.b, s.tick)
		w.b = binary.LittleEndian.AppendUint64(w.b, s.node)
		w.b = binary.AppendVarint(w.b, int64(s.step))
		return
	}
	w.b = append(w.b, `{"now":`...)
	w.b = strconv.AppendQuote(w.b, s.Now.String())
	w.b = append(w.b, `,"simulating":`...)
	w.b = strconv.AppendBool(w.b, s.Simulating)
	w.b = append(w.b, `,"running":`...)
	w.b = strconv.AppendBool(w.b, s.Running)
	if s.hasRun {
		w.b = append(w.b, `,"lastEnd":`...)
		w.b = strconv.AppendQuote(w.b, s.lastEnd.String())
	}
	w.b = append(w.b, `,"seed":`...)
	w.b = strconv.AppendUint(w.b, s.seed, 10)
	w.b = append(w.b, `,"tick":`...)
	w.b = strconv.AppendUint(w.b, s.tick, 10)
	w.b = append(w.b, `,"node":`...)
	w.b = strconv.AppendUint(w.b, s.node, 10)
	w.b = append(w.b, `,"step":`...)
	w.b = strconv.AppendQuote(w.b, s.step.String())
	w.b = append(w.b, '}')
}

// jsonSituation is a Situation in the JSON form, as read.
type jsonSituation struct {
	Now        string  `json:"now"`
	Simulating bool    `json:"simulating"`
	Running    bool    `json:"running"`
	LastEnd    *string `json:"lastEnd"`
	Seed       uint64  `json:"seed"`
	Tick       uint64  `json:"tick"`
	Node       uint64  `json:"node"`
	Step       string  `json:"step"`
}

// Situation reads a situation written with StateWriter.Situation. Its
// times are 0 or more: a situation with a negative one is an error.
func (r *StateReader) Situation(name string) Situation {
	var s Situation
	if raw, ok := r.field(name); ok {
		s = r.jsonSituation(name, raw)
	} else if r.err == nil {
		s = r.binarySituation(name)
	}
	if r.err == nil && (s.Now < 0 || s.lastEnd < 0 || s.step < 0) {
		r.fail(fmt.Errorf("%s: a situation with a negative time", name))
	}
	if r.err != nil {
		return Situation{}
	}
	return s
}

// binarySituation reads a situation of the binary form.
func (r *StateReader) binarySituation(name string) Situation {
	var s Situation
	varint := func() int64 {
		v, n := binsave.Varint(r.b)
		if n <= 0 {
			r.fail(fmt.Errorf("%s: %w", name, errTruncated))
			return 0
		}
		r.b = r.b[n:]
		return v
	}
	uvarint := func() uint64 {
		v, n := binsave.Uvarint(r.b)
		if n <= 0 {
			r.fail(fmt.Errorf("%s: %w", name, errTruncated))
			return 0
		}
		r.b = r.b[n:]
		return v
	}
	s.Now = time.Duration(varint())
	if r.err != nil || !r.need(name, 1) {
		return s
	}
	flags := r.b[0]
	r.b = r.b[1:]
	if flags > sitSimulating|sitRunning|sitHasRun {
		r.fail(fmt.Errorf("%s: flags %#x", name, flags))
		return s
	}
	s.Simulating, s.Running, s.hasRun = flags&sitSimulating != 0, flags&sitRunning != 0, flags&sitHasRun != 0
	s.lastEnd = time.Duration(varint())
	s.seed = uvarint()
	s.tick = uvarint()
	if r.err != nil || !r.need(name, 8) {
		return s
	}
	s.node = binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	s.step = time.Duration(varint())
	if !s.hasRun && s.lastEnd != 0 {
		r.fail(fmt.Errorf("%s: a last end of a node that never ended", name))
	}
	return s
}

// jsonSituation reads a situation of the JSON form.
func (r *StateReader) jsonSituation(name string, raw json.RawMessage) Situation {
	var js jsonSituation
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&js); err != nil {
		r.fail(fmt.Errorf("%s: %w", name, err))
		return Situation{}
	}
	s := Situation{Simulating: js.Simulating, Running: js.Running, seed: js.Seed, tick: js.Tick, node: js.Node}
	duration := func(what, v string) time.Duration {
		d, err := time.ParseDuration(v)
		if err != nil {
			r.fail(fmt.Errorf("%s: %s %q: not a duration", name, what, v))
		}
		return d
	}
	s.Now = duration("now", js.Now)
	s.step = duration("step", js.Step)
	if js.LastEnd != nil {
		s.hasRun, s.lastEnd = true, duration("lastEnd", *js.LastEnd)
	}
	return s
}

// Moment writes where a prediction stands (see Moment): the simulated
// time that has passed in it. What finished in the prediction before it
// (Sim.Ran) is not written: that history belongs to the call of the
// agent the prediction was made in, and ends with it, so a Moment kept
// from one call to the next (a search spread over ticks) stands for its
// time alone.
func (w *StateWriter) Moment(name string, at Moment) {
	if w.field(name) {
		w.b = strconv.AppendQuote(w.b, at.elapsed.String())
		return
	}
	w.b = binary.AppendVarint(w.b, int64(at.elapsed))
}

// Moment reads a moment written with StateWriter.Moment: the time it
// stood at, 0 or more, in a prediction where nothing has finished yet.
func (r *StateReader) Moment(name string) Moment {
	var elapsed time.Duration
	if raw, ok := r.field(name); ok {
		var s string
		r.decode(name, raw, &s)
		if r.err == nil {
			var err error
			if elapsed, err = time.ParseDuration(s); err != nil {
				r.fail(fmt.Errorf("%s: %q: not a duration", name, s))
			}
		}
	} else {
		elapsed = time.Duration(r.Int(name))
	}
	if r.err == nil && elapsed < 0 {
		r.fail(fmt.Errorf("%s: a moment %v before its prediction began", name, elapsed))
	}
	if r.err != nil {
		return Moment{}
	}
	return Moment{elapsed: elapsed}
}
