package bench

import (
	"slices"
	"testing"
	"time"
)

// Interleave measures two functions side by side, the way every
// comparison in this module does (see Race). It returns each side's time
// per call, and the median over the rounds of ours' batch time over
// theirs'.
func Interleave(b *testing.B, batch int, ours, theirs func()) (oursNs, theirsNs, ratio float64) {
	r := Race(b, batch, ours, theirs)
	return r.PerCall(0), r.PerCall(1), r.Ratio(0, 1)
}

// Race measures functions side by side: it warms each up with a batch,
// then, for each of b's iterations (a round), times a batch of calls of
// each in turn, the order rotating from round to round so that none is
// always first after another. The machines we measure on are shared and
// noisy: a ratio of batches timed in the same round is steadier than two
// runs compared, and the median of those ratios steadier still.
func Race(b *testing.B, batch int, fs ...func()) *Results {
	for _, f := range fs {
		for range batch {
			f()
		}
	}
	r := &Results{batch: batch, rounds: make([][]time.Duration, len(fs))}
	b.ResetTimer()
	for round := 0; b.Loop(); round++ {
		for k := range fs {
			i := (k + round) % len(fs)
			f := fs[i]
			t0 := time.Now()
			for range batch {
				f()
			}
			r.rounds[i] = append(r.rounds[i], time.Since(t0))
		}
	}
	b.ReportMetric(0, "ns/op") // the op is a round of batches: its time says nothing
	return r
}

// Results are the batch times of a Race, by function and round.
type Results struct {
	batch  int
	rounds [][]time.Duration
}

// PerCall returns function i's mean time per call, in nanoseconds.
func (r *Results) PerCall(i int) float64 {
	var sum time.Duration
	for _, d := range r.rounds[i] {
		sum += d
	}
	return float64(sum.Nanoseconds()) / float64(len(r.rounds[i])*r.batch)
}

// Ratio returns the median over the rounds of function i's batch time
// over function j's.
func (r *Results) Ratio(i, j int) float64 {
	ratios := make([]float64, len(r.rounds[i]))
	for k := range ratios {
		ratios[k] = float64(r.rounds[i][k]) / float64(r.rounds[j][k])
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2]
}
