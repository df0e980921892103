package bench

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/utility"
)

// needs is the memory of the utility comparison: ten needs, from 0 to 1.
type needs struct {
	Need [10]float64
	Done int
}

// tenOptions returns ten options, each an instant action guarded by a test
// of its own need, and ten measures of three considerations each (the
// need, the next one and the one after, through three kinds of curve), as
// utility's BenchmarkChoice has them. Option 9's guard alone passes where
// every need is below a half.
func tenOptions() ([]bt.Def[needs], []utility.Measure[needs]) {
	n := bt.New[needs]()
	done := bt.Instant(func(s *needs) bool { s.Done++; return true }, func(s *needs) { s.Done++ })
	var defs []bt.Def[needs]
	var measures []utility.Measure[needs]
	for i := range 10 {
		need := func(j int) utility.Input[needs] {
			j %= 10
			return utility.Input[needs]{Name: "need " + strconv.Itoa(j), Read: func(s *needs) float64 { return s.Need[j] }}
		}
		guard := constraints.Func("needed "+strconv.Itoa(i), func(s *needs) bool { return i == 9 || s.Need[i] >= 0.5 })
		defs = append(defs, n.Do("option "+strconv.Itoa(i), done).Constrain(guard))
		measures = append(measures, utility.Measure[needs]{Weight: 1, Considerations: []utility.Consideration[needs]{
			need(i).Over(0, 1, utility.Logistic(10, 0.5)),
			need(i+1).Over(0, 1, utility.Polynomial(2, -1, 0, 1)),
			need(i+2).Over(0, 1, utility.Points(0, 0.2, 0.5, 1, 1, 0.6)),
		}})
	}
	return defs, measures
}

// utilityRace is the claim in one run: a utility choice among ten
// options of three considerations each, against a fixed-priority pick
// that checks the same ten guards and the thirty curves on their own,
// timed in rotating batches (Race).
type utilityRace struct {
	priority, curves, choice func()
}

func newUtilityRace(tb testing.TB) utilityRace {
	defs, measures := tenOptions()
	tick := func(root bt.Def[needs]) func() {
		tree, err := bt.Build(bt.Config[needs]{}, root)
		if err != nil {
			tb.Fatal(err)
		}
		a, _ := tree.NewAgent(1)
		s := needs{Need: [10]float64{0.1, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3, 0.4, 0.1, 0.2}}
		return func() {
			if _, err := a.Tick(&s, time.Second); err != nil {
				tb.Fatal(err)
			}
		}
	}
	options := make([]utility.Option[needs], len(defs))
	for i := range defs {
		options[i] = utility.Option[needs]{Node: defs[i], Measure: measures[i]}
	}
	s := needs{Need: [10]float64{0.1, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3, 0.4, 0.1, 0.2}}
	var sink float64
	return utilityRace{
		priority: tick(bt.New[needs]().Priority("pick", defs...)),
		curves: func() {
			for i := range measures {
				sink += measures[i].Of(&s)
			}
		},
		choice: tick(utility.Select("pick", utility.Selector[needs]{}, options...)),
	}
}

// BenchmarkUtility reports the time of each side per call and the median
// over the rounds of the utility choice's batch time over the priority's
// and the curves' together (the issue asks that it be at most 1):
//
//	cd bench && go test -run '^$' -bench Utility -benchtime 2000x -count 5
func BenchmarkUtility(b *testing.B) {
	u := newUtilityRace(b)
	r := Race(b, 200, u.priority, u.curves, u.choice)
	b.ReportMetric(r.PerCall(0), "priority-ns")
	b.ReportMetric(r.PerCall(1), "curves-ns")
	b.ReportMetric(r.PerCall(2), "utility-ns")
	b.ReportMetric(r.ratioToSum(2, 0, 1), "utility/(priority+curves)")
}

// ratioToSum returns the median over the rounds of function i's batch
// time over the sum of j's and k's in the same round.
func (r *Results) ratioToSum(i, j, k int) float64 {
	ratios := make([]float64, len(r.rounds[i]))
	for n := range ratios {
		ratios[n] = float64(r.rounds[i][n]) / float64(r.rounds[j][n]+r.rounds[k][n])
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2]
}

// The comparison's three sides run, and the two ticks allocate nothing.
func TestUtilityRaceRuns(t *testing.T) {
	u := newUtilityRace(t)
	for _, side := range []struct {
		name string
		tick func()
	}{{"priority", u.priority}, {"utility", u.choice}} {
		if n := testing.AllocsPerRun(50, side.tick); n != 0 {
			t.Errorf("a %s tick allocates %v times", side.name, n)
		}
	}
	u.curves()
}
