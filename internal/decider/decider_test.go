package decider_test

import (
	"math"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/decider"
)

func TestLater(t *testing.T) {
	for _, tt := range []struct{ now, d, want time.Duration }{
		{0, 0, 0},
		{time.Second, time.Second, 2 * time.Second},
		{time.Second, math.MaxInt64, math.MaxInt64},
		{math.MaxInt64 - 1, 2, math.MaxInt64},
		{math.MaxInt64 - 2, 2, math.MaxInt64},
	} {
		if got := decider.Later(tt.now, tt.d); got != tt.want {
			t.Errorf("Later(%d, %d) = %d, want %d", tt.now, tt.d, got, tt.want)
		}
	}
}
