package bt

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
	"github.com/foresight-bt/foresight/internal/engine/jsonstr"
)

// A StateWriter is what a node with state of its own writes that state
// to when its agent is saved (see Agent.AppendBinary): a custom decorator
// or composite, a planner's runner. A node with such state has two
// methods, which a save and a restore call on the agent's instance:
//
//	SaveState(w *bt.StateWriter)
//	RestoreState(r *bt.StateReader) error
//
// SaveState writes each field with a name and a value, always the same
// fields in the same order; RestoreState reads them back in that order,
// and returns an error for a state it cannot take (a plan whose steps the
// domain no longer has, say), which drops the node's state (see
// Agent.Restore). The binary form keeps the values only; the JSON form
// keeps them by name, so a save reads as what the node holds. A custom
// node without the methods cannot be saved: the save is refused with its
// path. One without state of its own gives empty methods.
//
// Writing allocates nothing in the binary form, but for Value.
type StateWriter struct {
	b     []byte
	json  bool
	count int
	err   error
}

// Int writes an integer.
func (w *StateWriter) Int(name string, v int64) {
	if w.field(name) {
		w.b = strconv.AppendInt(w.b, v, 10)
	} else {
		w.b = binary.AppendVarint(w.b, v)
	}
}

// Float writes a number, any float64 (NaN and the infinities too).
func (w *StateWriter) Float(name string, v float64) {
	switch {
	case !w.field(name):
		w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v))
	case math.IsNaN(v) || math.IsInf(v, 0):
		w.b = strconv.AppendQuote(w.b, strconv.FormatFloat(v, 'g', -1, 64))
	default:
		w.b = strconv.AppendFloat(w.b, v, 'g', -1, 64)
	}
}

// Bool writes a truth value.
func (w *StateWriter) Bool(name string, v bool) {
	switch {
	case w.field(name):
		w.b = strconv.AppendBool(w.b, v)
	case v:
		w.b = append(w.b, 1)
	default:
		w.b = append(w.b, 0)
	}
}

// String writes a text, which must be UTF-8.
func (w *StateWriter) String(name string, v string) {
	if !utf8.ValidString(v) {
		w.fail(fmt.Errorf("%s: a text that is not UTF-8", name))
		return
	}
	if w.field(name) {
		w.b = jsonstr.Append(w.b, v)
		return
	}
	w.b = binary.AppendUvarint(w.b, uint64(len(v)))
	w.b = append(w.b, v...)
}

// Ints writes a list of integers: a plan's steps, say.
func (w *StateWriter) Ints(name string, v []int) {
	if !w.field(name) {
		w.b = binary.AppendUvarint(w.b, uint64(len(v)))
		for _, x := range v {
			w.b = binary.AppendVarint(w.b, int64(x))
		}
		return
	}
	w.b = append(w.b, '[')
	for i, x := range v {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = strconv.AppendInt(w.b, int64(x), 10)
	}
	w.b = append(w.b, ']')
}

// Value writes any value that encoding/gob and encoding/json can both
// carry, such as a copy of the agent's memory a planner keeps while it
// plans over several ticks: with gob in the binary form, with json in the
// JSON form. Either form refuses what gob or json cannot carry, so that a
// value the binary form refuses (a struct of unexported fields, which
// json writes as {}) is not saved empty in the JSON form. It allocates.
func (w *StateWriter) Value(name string, v any) {
	if w.field(name) {
		data, err := json.Marshal(v)
		if err == nil {
			err = gob.NewEncoder(io.Discard).Encode(v) // what the binary form would say
		}
		if err != nil {
			w.fail(fmt.Errorf("%s: %w", name, err))
			return
		}
		w.b = append(w.b, data...)
		return
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		w.fail(fmt.Errorf("%s: %w", name, err))
		return
	}
	w.b = binary.AppendUvarint(w.b, uint64(buf.Len()))
	w.b = append(w.b, buf.Bytes()...)
}

// field starts a field, and reports whether the form is JSON (which has
// written the name).
func (w *StateWriter) field(name string) bool {
	if !w.json {
		return false
	}
	if w.count > 0 {
		w.b = append(w.b, ',')
	}
	w.count++
	w.b = jsonstr.Append(w.b, name)
	w.b = append(w.b, ':')
	return true
}

func (w *StateWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// A StateReader gives a node's saved state back to its RestoreState (see
// StateWriter), which reads the fields in the order they were written.
// A reader that meets a field of another name or kind, or the end of the
// state, gives zero values from then on, and Err says what went wrong;
// RestoreState returns it, or its own error.
type StateReader struct {
	b       []byte      // the binary form: what remains
	fields  []jsonField // the JSON form
	next    int
	json    bool
	running bool
	err     error
}

type jsonField struct {
	name  string
	value json.RawMessage
}

// Running reports whether the state is of a node that runs: a node saved
// running mid-task, whose RestoreState may check that its state says
// what it was doing.
func (r *StateReader) Running() bool { return r.running }

// Err returns the first error of the reading, if any.
func (r *StateReader) Err() error { return r.err }

// Int reads an integer.
func (r *StateReader) Int(name string) int64 {
	if raw, ok := r.field(name); ok {
		var v int64
		r.decode(name, raw, &v)
		return v
	}
	if r.err != nil {
		return 0
	}
	v, n := binsave.Varint(r.b)
	if n <= 0 {
		r.fail(fmt.Errorf("%s: %w", name, errTruncated))
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Float reads a number.
func (r *StateReader) Float(name string) float64 {
	if raw, ok := r.field(name); ok {
		if len(raw) > 0 && raw[0] == '"' {
			var s string
			r.decode(name, raw, &s)
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				r.fail(fmt.Errorf("%s: %w", name, err))
			}
			return v
		}
		var v float64
		r.decode(name, raw, &v)
		return v
	}
	if r.err != nil || !r.need(name, 8) {
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

// Bool reads a truth value.
func (r *StateReader) Bool(name string) bool {
	if raw, ok := r.field(name); ok {
		var v bool
		r.decode(name, raw, &v)
		return v
	}
	if r.err != nil || !r.need(name, 1) {
		return false
	}
	v := r.b[0]
	r.b = r.b[1:]
	if v > 1 {
		r.fail(fmt.Errorf("%s: %d is not a truth value", name, v))
	}
	return v == 1
}

// String reads a text.
func (r *StateReader) String(name string) string {
	if raw, ok := r.field(name); ok {
		var v string
		r.decode(name, raw, &v)
		return v
	}
	n, ok := r.length(name)
	if !ok {
		return ""
	}
	v := string(r.b[:n])
	r.b = r.b[n:]
	if !utf8.ValidString(v) {
		r.fail(fmt.Errorf("%s: a text that is not UTF-8", name))
	}
	return v
}

// Ints reads a list of integers, appended to dst.
func (r *StateReader) Ints(name string, dst []int) []int {
	if raw, ok := r.field(name); ok {
		var v []int
		r.decode(name, raw, &v)
		return append(dst, v...)
	}
	n, ok := r.length(name) // each takes at least a byte: n is bounded by what remains
	for i := 0; ok && i < n; i++ {
		v, k := binsave.Varint(r.b)
		if k <= 0 || v < math.MinInt || v > math.MaxInt {
			r.fail(fmt.Errorf("%s: %w", name, errTruncated))
			break
		}
		r.b = r.b[k:]
		dst = append(dst, int(v))
	}
	return dst
}

// Value reads a value written with StateWriter.Value into ptr.
func (r *StateReader) Value(name string, ptr any) {
	if raw, ok := r.field(name); ok {
		r.decode(name, raw, ptr)
		return
	}
	n, ok := r.length(name)
	if !ok {
		return
	}
	if err := gob.NewDecoder(bytes.NewReader(r.b[:n])).Decode(ptr); err != nil {
		r.fail(fmt.Errorf("%s: %w", name, err))
	}
	r.b = r.b[n:]
}

// field takes the next field of the JSON form, which must be name.
func (r *StateReader) field(name string) (json.RawMessage, bool) {
	if !r.json || r.err != nil {
		return nil, false
	}
	if r.next >= len(r.fields) {
		r.fail(fmt.Errorf("%s: %w", name, errTruncated))
		return nil, false
	}
	f := r.fields[r.next]
	r.next++
	if f.name != name {
		r.fail(fmt.Errorf("want the field %q, not %q", name, f.name))
		return nil, false
	}
	return f.value, true
}

// decode decodes a JSON field's value into ptr.
func (r *StateReader) decode(name string, raw json.RawMessage, ptr any) {
	if err := json.Unmarshal(raw, ptr); err != nil {
		r.fail(fmt.Errorf("%s: %w", name, err))
	}
}

// length reads a length of the binary form, no more than what remains.
func (r *StateReader) length(name string) (int, bool) {
	if r.err != nil {
		return 0, false
	}
	n, k := binsave.Uvarint(r.b)
	if k <= 0 || n > uint64(len(r.b)-k) {
		r.fail(fmt.Errorf("%s: %w", name, errTruncated))
		return 0, false
	}
	r.b = r.b[k:]
	return int(n), true
}

// need reports whether n bytes remain, failing the reading otherwise.
func (r *StateReader) need(name string, n int) bool {
	if len(r.b) < n {
		r.fail(fmt.Errorf("%s: %w", name, errTruncated))
		return false
	}
	return true
}

func (r *StateReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// done reports what the node left unread: a state longer than it reads
// is not the state it wrote.
func (r *StateReader) done() error {
	switch {
	case r.err != nil:
		return r.err
	case r.json && r.next < len(r.fields):
		return fmt.Errorf("the field %q was not read: the node saves more than it restores", r.fields[r.next].name)
	case !r.json && len(r.b) > 0:
		return fmt.Errorf("%d bytes were not read: the node saves more than it restores", len(r.b))
	}
	return nil
}

// errTruncated says a saved state ends before what is read of it.
var errTruncated = errors.New("the state ends too soon")
