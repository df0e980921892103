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
	for i, e := range errs {
		before := data[:offsets[i]]
		line := bytes.Count(before, []byte("\n")) + 1
		col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
		if e.Line != line || e.Column != col {
			t.Fatalf("offset %d placed at %d:%d, want %d:%d", offsets[i], e.Line, e.Column, line, col)
		}
	}
}
