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

		n := bt.New[mem]()
		var all []bt.Part
		var failing []bt.Def[mem]
		for i, s := range scripts {
			name := "c" + strconv.Itoa(i)
			all = append(all, n.Do(name, act(plain, name, nil, s)))
			failing = append(failing, n.Decorate("not "+name, decorators.Invert[mem](), n.Do(name, act(inverted, name, nil, s))))
		}
		seq := mustBuild(t, bt.Config[mem]{}, n.Sequence("all", all...))
		dual := mustBuild(t, bt.Config[mem]{}, n.Decorate("not", decorators.Invert[mem](), n.Priority("any failing", failing...)))

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
