package bench

import (
	"slices"
	"testing"
	"time"
)

// Interleave measures two functions side by side, the way every
// comparison in this module does: it warms both up with a batch, then, for
// each of b's iterations, times a batch of calls of ours and then one of
// theirs. It returns each side's time per call, and the median over the
// batches of ours' batch time over theirs'. The machines we measure on are
// shared and noisy: a ratio measured this way is steadier than two runs
// compared.
func Interleave(b *testing.B, batch int, ours, theirs func()) (oursNs, theirsNs, ratio float64) {
	for range batch {
		ours()
		theirs()
	}
	var ratios []float64
	var osum, tsum time.Duration
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		for range batch {
			ours()
		}
		t1 := time.Now()
		for range batch {
			theirs()
		}
		t2 := time.Now()
		osum += t1.Sub(t0)
		tsum += t2.Sub(t1)
		ratios = append(ratios, float64(t1.Sub(t0))/float64(t2.Sub(t1)))
	}
	slices.Sort(ratios)
	n := float64(b.N) * float64(batch)
	b.ReportMetric(0, "ns/op") // the op is a pair of batches: its time says nothing
	return float64(osum.Nanoseconds()) / n, float64(tsum.Nanoseconds()) / n, ratios[len(ratios)/2]
}
