package bt

import (
	"math"
	"strings"
	"testing"
	"time"
)

// situationsToSave are situations as a tree makes them, and at the edges
// of what they hold.
var situationsToSave = []Situation{
	{},
	{Now: 1500 * time.Millisecond, Simulating: true, seed: 7, tick: 15, node: 0xdeadbeefcafe, step: 100 * time.Millisecond},
	{Now: 3 * time.Second, Running: true, hasRun: true, lastEnd: 2 * time.Second, seed: 1, tick: 30, node: 1, step: time.Millisecond},
	{Now: math.MaxInt64, Simulating: true, Running: true, hasRun: true, lastEnd: math.MaxInt64, seed: math.MaxUint64,
		tick: math.MaxUint64, node: math.MaxUint64, step: math.MaxInt64},
	{hasRun: true}, // ended at 0
}

// saveSituations writes ss as one state, in the JSON form when asJSON is
// set, and returns a reader of it.
func saveSituations(t *testing.T, ss []Situation, asJSON bool) *StateReader {
	t.Helper()
	w := StateWriter{json: asJSON}
	for _, s := range ss {
		w.Situation("at", s)
		w.Int("after", 42) // what follows a situation is read as written
	}
	if w.err != nil {
		t.Fatal(w.err)
	}
	return readerOf(t, w.b, asJSON)
}

// readerOf returns a reader of state b, as an agent's restore makes it.
func readerOf(t *testing.T, b []byte, asJSON bool) *StateReader {
	t.Helper()
	if !asJSON {
		return &StateReader{b: b}
	}
	fields, err := readFields([]byte("{" + string(b) + "}"))
	if err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return &StateReader{fields: fields, json: true}
}

func TestSituationSavesAndRestores(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		r := saveSituations(t, situationsToSave, asJSON)
		for i, want := range situationsToSave {
			if got := r.Situation("at"); got != want {
				t.Errorf("json %v, situation %d: got %+v, want %+v", asJSON, i, got, want)
			}
			if after := r.Int("after"); after != 42 {
				t.Errorf("json %v, situation %d: the field after it reads %d", asJSON, i, after)
			}
		}
		if err := r.done(); err != nil {
			t.Errorf("json %v: %v", asJSON, err)
		}
	}
}

func TestSituationSavedBinaryAllocatesNothing(t *testing.T) {
	w := StateWriter{b: make([]byte, 0, 256)}
	s := situationsToSave[3]
	if n := testing.AllocsPerRun(100, func() {
		w.b = w.b[:0]
		w.Situation("at", s)
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// A state that does not hold a situation where one is read is an error,
// and the reader gives the zero Situation.
func TestSituationRefusesBadStates(t *testing.T) {
	whole := saveSituations(t, situationsToSave[2:3], false).b
	for _, tc := range []struct {
		name   string
		state  string
		asJSON bool
		want   string
	}{
		{"binary, empty", "", false, "ends too soon"},
		{"binary, truncated", string(whole[:len(whole)-3]), false, "ends too soon"},
		{"binary, truncated in the node", string(whole[:8]), false, "ends too soon"},
		{"binary, unknown flags", "\x02\x08", false, "flags"},
		{"binary, a negative clock", "\x01\x00\x00\x00\x00" + strings.Repeat("\x00", 8) + "\x00", false, "negative"},
		{"binary, an end without a run", "\x02\x00\x02\x00\x00" + strings.Repeat("\x00", 8) + "\x00", false, "never ended"},
		{"JSON, not an object", `"at":3`, true, "cannot unmarshal"},
		{"JSON, an unknown field", `"at":{"now":"1s","step":"0s","when":1}`, true, "unknown field"},
		{"JSON, not a duration", `"at":{"now":"soon","step":"0s"}`, true, "not a duration"},
		{"JSON, a negative step", `"at":{"now":"1s","step":"-1s"}`, true, "negative"},
		{"JSON, another field", `"where":{"now":"1s","step":"0s"}`, true, `want the field "at"`},
		{"JSON, none", ``, true, "ends too soon"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := readerOf(t, []byte(tc.state), tc.asJSON)
			if s := r.Situation("at"); s != (Situation{}) {
				t.Errorf("read %+v", s)
			}
			if err := r.Err(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// A Moment keeps its time, and none of the prediction's history: what
// finished before it belongs to the call it was taken in.
func TestMomentSavesItsTime(t *testing.T) {
	sim := NewSim(Config[int]{})
	var m int
	sim.Advance(&m, 1500*time.Millisecond)
	sim.Ran(3)
	at := sim.Moment()
	for _, asJSON := range []bool{false, true} {
		w := StateWriter{json: asJSON}
		w.Moment("at", at)
		w.Moment("start", Moment{})
		r := readerOf(t, w.b, asJSON)
		got, start := r.Moment("at"), r.Moment("start")
		if err := r.done(); err != nil {
			t.Fatalf("json %v: %v", asJSON, err)
		}
		if want := (Moment{elapsed: 1500 * time.Millisecond}); got != want || start != (Moment{}) {
			t.Errorf("json %v: got %+v and %+v, want %+v and the zero Moment", asJSON, got, start, want)
		}
	}
	for _, tc := range []struct {
		name   string
		state  string
		asJSON bool
		want   string
	}{
		{"binary, empty", "", false, "ends too soon"},
		{"binary, negative", "\x01", false, "before its prediction began"},
		{"JSON, a number", `"at":3`, true, "cannot unmarshal"},
		{"JSON, not a duration", `"at":"soon"`, true, "not a duration"},
		{"JSON, negative", `"at":"-1s"`, true, "before its prediction began"},
	} {
		r := readerOf(t, []byte(tc.state), tc.asJSON)
		if at := r.Moment("at"); at != (Moment{}) {
			t.Errorf("%s: read %+v", tc.name, at)
		}
		if err := r.Err(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
