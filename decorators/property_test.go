package decorators_test

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decorators"
)

// For instant children, Sequence(a, b, ...) behaves exactly as
// Invert(Priority(Invert(a), Invert(b), ...)): the same status, and the
// same actions run in the same order.
func TestPropertySequenceIsInvertedPriority(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		scripts := rapid.SliceOfN(rapid.SampledFrom([]bt.Status{S, F}), 1, 5).Draw(t, "statuses")
		plain, inverted := &recorder{}, &recorder{}

		b := bt.New(bt.Config[mem]{}).Sequence("all")
		for i, s := range scripts {
			b.Do("c"+strconv.Itoa(i), act(plain, "c"+strconv.Itoa(i), nil, s))
		}
		seq := mustBuild(t, b.End())

		b = bt.New(bt.Config[mem]{}).Decorate("not", decorators.Invert[mem]()).Priority("any failing")
		for i, s := range scripts {
			name := "c" + strconv.Itoa(i)
			b.Decorate("not "+name, decorators.Invert[mem]()).Do(name, act(inverted, name, nil, s)).End()
		}
		dual := mustBuild(t, b.End().End())

		want, _ := seq.Tick(&mem{}, 0)
		got, _ := dual.Tick(&mem{}, 0)
		if got != want {
			t.Fatalf("statuses differ: sequence %v, inverted priority %v", want, got)
		}
		if diff := cmp.Diff(plain.Take(), inverted.Take()); diff != "" {
			t.Fatalf("different actions ran (-sequence +inverted priority):\n%s", diff)
		}
	})
}
