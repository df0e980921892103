package utility_test

import (
	"math"
	"testing"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/utility"
)

// A measure multiplies its considerations' answers, each raised for their
// number (y + (1 − y)·(1 − 1/n)·y), or averages them by their weights,
// and multiplies by its weight; an input is normalised over its range and
// clamped to it, and one that is not a number answers 0 (it read as the
// range's start, where a falling curve gave an unknown input full marks).
func TestMeasure(t *testing.T) {
	lift := func(y float64, n int) float64 { return y + (1-y)*(1-1/float64(n))*y }
	in := func(v float64) utility.Input[Pet] {
		return utility.Input[Pet]{Name: "v", Read: func(*Pet) float64 { return v }}
	}
	id := utility.Linear(1, 0)
	for _, tc := range []struct {
		name string
		ms   utility.Measure[Pet]
		want float64
	}{
		{"none", utility.Measure[Pet]{Weight: 0.7}, 0.7},
		{"one", utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{in(3).Over(0, 10, id)}}, 0.3},
		{"two", utility.Measure[Pet]{Weight: 2, Considerations: []utility.Consideration[Pet]{in(3).Over(0, 10, id), in(5).Over(0, 10, id)}},
			2 * lift(0.3, 2) * lift(0.5, 2)},
		{"three", utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{
			in(3).Over(0, 10, id), in(5).Over(0, 10, id), in(9).Over(0, 10, id)}}, lift(0.3, 3) * lift(0.5, 3) * lift(0.9, 3)},
		{"a veto", utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{in(3).Over(0, 10, id), in(0).Over(0, 10, id)}}, 0},
		{"clamped", utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{in(30).Over(0, 10, id)}}, 1},
		{"below the range", utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{in(-3).Over(0, 10, utility.Linear(-1, 1))}}, 1},
		{"not a number", utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{in(math.NaN()).Over(0, 10, utility.Linear(-1, 1))}}, 0},
		{"not a number in a sum", utility.Measure[Pet]{Weight: 1, Sum: true, Considerations: []utility.Consideration[Pet]{
			in(math.NaN()).Over(0, 10, utility.Linear(-1, 1)), in(5).Over(0, 10, id)}}, 0.25},
		{"a weighted sum", utility.Measure[Pet]{Weight: 0.5, Sum: true, Considerations: []utility.Consideration[Pet]{
			in(2).Over(0, 10, id).Weighted(3), in(0).Over(0, 10, id)}}, 0.5 * (3*0.2 + 0) / 4},
	} {
		ms := tc.ms
		if got := ms.Of(&Pet{}); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		terms := ms.Terms()
		if got := ms.Explain(&Pet{}, terms); math.Abs(got-tc.want) > 1e-12 || len(terms) != len(ms.Considerations) {
			t.Errorf("%s: explained %v with %d terms", tc.name, got, len(terms))
		}
		if err := ms.Validate(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	ms := utility.Measure[Pet]{Weight: 1, Considerations: []utility.Consideration[Pet]{in(3).Over(0, 10, id)}}
	if got := ms.Explain(&Pet{}, []decide.Term{}); got != 0.3 {
		t.Errorf("explained into too few terms: %v", got)
	}
}
