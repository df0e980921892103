package utility_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/utility"
)

// Stats is the memory of the benchmarks: ten needs, from 0 to 1.
type Stats struct {
	Need [10]float64
	Done int
}

// ten returns ten options, each an instant action guarded by a test of
// its own need, and ten measures of three considerations each: the need,
// the next one and the one after, through three kinds of curve. Option
// 9's guard alone passes where every need is below a half.
func ten() ([]bt.Def[Stats], []utility.Measure[Stats]) {
	n := bt.New[Stats]()
	done := bt.Instant(func(s *Stats) bool { s.Done++; return true }, func(s *Stats) { s.Done++ })
	var defs []bt.Def[Stats]
	var measures []utility.Measure[Stats]
	for i := range 10 {
		need := func(j int) utility.Input[Stats] {
			j %= 10
			return utility.Input[Stats]{Name: "need " + strconv.Itoa(j), Read: func(s *Stats) float64 { return s.Need[j] }}
		}
		guard := constraints.Func("needed "+strconv.Itoa(i), func(s *Stats) bool { return i == 9 || s.Need[i] >= 0.5 })
		defs = append(defs, n.Do("option "+strconv.Itoa(i), done).Constrain(guard))
		measures = append(measures, utility.Measure[Stats]{Weight: 1, Considerations: []utility.Consideration[Stats]{
			need(i).Over(0, 1, utility.Logistic(10, 0.5)),
			need(i+1).Over(0, 1, utility.Polynomial(2, -1, 0, 1)),
			need(i+2).Over(0, 1, utility.Points(0, 0.2, 0.5, 1, 1, 0.6)),
		}})
	}
	return defs, measures
}

// BenchmarkChoice is a choice among ten options of three considerations
// each, against what it cannot do without: a fixed-priority pick that
// checks the same ten options' guards (the last passes), and the thirty
// curves on their own. A utility choice costs about those two together;
// both ticks allocate nothing.
func BenchmarkChoice(b *testing.B) {
	defs, measures := ten()
	s := Stats{Need: [10]float64{0.1, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3, 0.4, 0.1, 0.2}}
	tick := func(b *testing.B, root bt.Def[Stats]) {
		tree, err := bt.Build(bt.Config[Stats]{}, root)
		if err != nil {
			b.Fatal(err)
		}
		a, _ := tree.NewAgent(1)
		a.Tick(&s, time.Second)
		b.ReportAllocs()
		for b.Loop() {
			a.Tick(&s, time.Second)
		}
	}
	b.Run("priority", func(b *testing.B) { tick(b, bt.New[Stats]().Priority("pick", defs...)) })
	b.Run("curves", func(b *testing.B) {
		b.ReportAllocs()
		sum := 0.0
		for b.Loop() {
			for i := range measures {
				sum += measures[i].Of(&s)
			}
		}
		if sum < 0 {
			b.Fatal(sum)
		}
	})
	b.Run("utility", func(b *testing.B) {
		options := make([]utility.Option[Stats], len(defs))
		for i := range defs {
			options[i] = utility.Option[Stats]{Node: defs[i], Measure: measures[i]}
		}
		tick(b, utility.Select("pick", utility.Selector[Stats]{}, options...))
	})
}

// The work of a choice, counted rather than timed: a utility tick among
// the ten options checks each option's guard once, as the priority does
// (and the winner's again, as the tree begins it), reads each
// consideration's input once, and allocates nothing.
func TestChoiceWork(t *testing.T) {
	_, measures := ten()
	var guards, reads int
	n := bt.New[Stats]()
	done := bt.Instant(func(s *Stats) bool { s.Done++; return true }, nil)
	var defs []bt.Def[Stats]
	options := make([]utility.Option[Stats], 10)
	for i := range 10 {
		guard := constraints.Func("counted", func(s *Stats) bool { guards++; return i == 9 })
		defs = append(defs, n.Do("option "+strconv.Itoa(i), done).Constrain(guard))
		ms := measures[i]
		ms.Considerations = append([]utility.Consideration[Stats](nil), ms.Considerations...)
		for j := range ms.Considerations {
			read := ms.Considerations[j].Input.Read
			ms.Considerations[j].Input.Read = func(s *Stats) float64 { reads++; return read(s) }
		}
		options[i] = utility.Option[Stats]{Node: defs[i], Measure: ms}
	}
	s := Stats{}
	for _, tc := range []struct {
		name          string
		root          bt.Def[Stats]
		guards, reads int
	}{
		{"priority", n.Priority("pick", defs...), 10, 0},
		{"utility", utility.Select("pick", utility.Selector[Stats]{}, options...), 11, 30},
	} {
		tree, err := bt.Build(bt.Config[Stats]{}, tc.root)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := tree.NewAgent(1)
		guards, reads = 0, 0
		if _, err := a.Tick(&s, time.Second); err != nil {
			t.Fatal(err)
		}
		if guards != tc.guards || reads != tc.reads {
			t.Errorf("%s: %d guards checked, %d inputs read; want %d and %d", tc.name, guards, reads, tc.guards, tc.reads)
		}
		if n := testing.AllocsPerRun(100, func() { a.Tick(&s, time.Second) }); n != 0 {
			t.Errorf("%s: %v allocations a tick", tc.name, n)
		}
	}
}
