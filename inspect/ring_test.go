package inspect

import (
	"bytes"
	"strconv"
	"testing"
)

// saveOf is frame n's save in the ring tests: its number, padded to a
// size that changes with n, as a game's saves do.
func saveOf(b []byte, n int64) []byte {
	b = strconv.AppendInt(append(b, "frame "...), n, 10)
	for range n % 7 * 10 {
		b = append(b, '.')
	}
	return b
}

// The ring keeps the last frames, and hands back each one kept as it was
// saved, and none older; cut drops the frames after one, and a frame put
// after a cut follows it. Its buffers are reused: once it is full, saving
// a frame allocates nothing, and it holds no more than its frames and a
// spare, however many frames pass through it.
func TestRing(t *testing.T) {
	const size = 10
	r := ring{saves: make([][]byte, size)}
	r.clear()
	if r.get(0) != nil {
		t.Fatal("an empty ring gave a save")
	}
	var spare []byte
	put := func(n int64) { spare = r.put(n, saveOf(spare[:0], n)) }
	check := func(first, last int64) {
		t.Helper()
		if r.first != first || r.last != last {
			t.Fatalf("the ring keeps frames %d to %d, want %d to %d", r.first, r.last, first, last)
		}
		for n := first - size; n <= last+size; n++ {
			got := r.get(n)
			if n < first || n > last {
				if got != nil {
					t.Fatalf("frame %d, not kept (%d to %d), came back: %q", n, first, last, got)
				}
				continue
			}
			if want := saveOf(nil, n); !bytes.Equal(got, want) {
				t.Fatalf("frame %d came back as %q, want %q", n, got, want)
			}
		}
	}
	for n := range int64(4) {
		put(n)
	}
	check(0, 3)
	for n := int64(4); n < 1000; n++ {
		put(n)
	}
	check(990, 999)

	r.cut(995) // the game resumed from frame 995
	check(990, 995)
	put(996)
	check(990, 996)
	r.cut(10) // before the first frame kept: none is left
	check(990, 989)
	put(2000) // a frame that does not follow starts afresh
	check(2000, 2000)

	if n := testing.AllocsPerRun(100, func() {
		put(r.last + 1)
	}); n != 0 {
		t.Errorf("saving a frame allocates %v times", n)
	}
	held := cap(spare)
	for _, s := range r.saves {
		held += cap(s)
	}
	if most := (size + 1) * cap(saveOf(nil, 6)) * 2; held > most {
		t.Errorf("the ring holds %d bytes, more than %d", held, most)
	}
}
