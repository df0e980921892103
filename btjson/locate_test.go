package btjson

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// Errors are placed in one pass over the file, however many there are
// and in whatever order they come: a one-line file of many errors is not
// read again for each.
func TestLocateReadsOnce(t *testing.T) {
	t.Parallel()
	data := []byte(strings.Repeat(`{"é": "☃", "a": 1}, `, 5000) + "\n" + strings.Repeat("x\r\n", 100))
	rng := rand.New(rand.NewPCG(1, 2))
	var errs []*Error
	var offsets []int
	for range 10_000 {
		errs = append(errs, &Error{})
		off := rng.IntN(len(data) + 1)
		for off < len(data) && !utf8.RuneStart(data[off]) {
			off++
		}
		offsets = append(offsets, off)
	}
	c := locateWith(data, errs, offsets)
	if c.read > len(data) {
		t.Errorf("placing %d errors read %d bytes of a file of %d", len(errs), c.read, len(data))
	}
	// Every offset's place, the slow way: line by line, rune by rune.
	type at struct{ line, col int }
	want := map[int]at{}
	start := 0
	for n, line := range bytes.SplitAfter(data, []byte("\n")) {
		col := 1
		for i := range string(line) {
			want[start+i] = at{n + 1, col}
			col++
		}
		start += len(line)
		want[start] = at{n + 1, col} // the end of the file; else the next line's start, set next
	}
	for i, e := range errs {
		if w := want[offsets[i]]; e.Line != w.line || e.Column != w.col {
			t.Fatalf("offset %d placed at %d:%d, want %d:%d", offsets[i], e.Line, e.Column, w.line, w.col)
		}
	}
}
