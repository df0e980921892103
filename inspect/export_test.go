package inspect

import "github.com/foresight-bt/foresight/internal/sticky"

// PageOf returns a replay page that embeds recording as it is, for tests
// of what the page does with recordings this package would not write.
func PageOf(recording []byte) []byte {
	var out bytesBuffer
	b := sticky.Writer{W: &out}
	b64, zw := pageWriters(&b)
	zw.Write(recording)
	finishPage(zw, b64, &b)
	return out.b
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
