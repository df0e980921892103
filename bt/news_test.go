package bt_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// raid is a settler's memory: the raider in sight (0 for none) and how
// busy the settler has been.
type raid struct {
	Raider int
	Work   int
}

var settler = heuristic.Func[raid](func(b, a *raid) heuristic.Outcome {
	if a.Work > b.Work {
		return heuristic.Beneficial
	}
	return heuristic.Irrelevant
})

// settlerTree is a selector that keeps working, and plans again as the
// option says.
func settlerTree(t *testing.T, opt bt.Option) *bt.Agent[raid] {
	t.Helper()
	b := bt.New[raid]()
	work := bt.Lasting(func(r *raid, _ time.Duration) bt.Status { r.Work++; return bt.Running }, func(r *raid) { r.Work++ })
	return mustAgent(t, bt.Config[raid]{Heuristic: settler},
		b.Selector("settle", opt, b.Do("work", work), b.Do("rest", bt.Lasting[raid](nil, nil))), 1, nil)
}

// decisions ticks a once for each raider in sight in turn, and returns
// how many times its selector decided.
func decisions(t *testing.T, a *bt.Agent[raid], raiders []int) int {
	t.Helper()
	n := 0
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			n++
		}
	}))
	m := raid{}
	for _, r := range raiders {
		m.Raider = r
		if _, err := a.Tick(&m, time.Second/60); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// A level test plans again every tick it holds: a raider in sight for
// sixty ticks is sixty decisions. A key plans again when it changes:
// once as the raider comes, once as another takes its place, once as it
// goes; and, with the first decision, four.
func TestReplanOnChangeIsNews(t *testing.T) {
	raiders := make([]int, 100)
	for i := 20; i < 80; i++ {
		raiders[i] = 7
	}
	for i := 50; i < 80; i++ {
		raiders[i] = 9
	}
	near := func(r *raid) bool { return r.Raider != 0 }
	if got := decisions(t, settlerTree(t, bt.ReplanOn(near)), raiders); got != 61 {
		t.Errorf("ReplanOn(near): %d decisions, want 61", got)
	}
	raider := func(r *raid) uint64 { return uint64(r.Raider) }
	if got := decisions(t, settlerTree(t, bt.ReplanOnChange(raider)), raiders); got != 4 {
		t.Errorf("ReplanOnChange(raider): %d decisions, want 4", got)
	}
}

// The key a decider last saw is saved with its agent, in both forms: an
// agent restored with the raider still in sight does not plan again for
// it, and one restored after it left does.
func TestReplanOnChangeSaved(t *testing.T) {
	raider := func(r *raid) uint64 { return uint64(r.Raider) }
	for _, asJSON := range []bool{false, true} {
		a := settlerTree(t, bt.ReplanOnChange(raider))
		decisions(t, a, []int{0, 7, 7})
		save := a.MarshalBinary
		if asJSON {
			save = a.MarshalJSON
		}
		data, err := save()
		if err != nil {
			t.Fatal(err)
		}
		if asJSON && !strings.Contains(string(data), `"seen":7`) {
			t.Errorf("the JSON form lacks the key seen:\n%s", data)
		}
		for _, tt := range []struct {
			raiders []int
			want    int
		}{{[]int{7, 7}, 0}, {[]int{0, 0}, 1}} {
			b := settlerTree(t, bt.ReplanOnChange(raider))
			if _, err := b.Restore(data); err != nil {
				t.Fatal(err)
			}
			if got := decisions(t, b, tt.raiders); got != tt.want {
				t.Errorf("JSON %v: restored, then raiders %v: %d decisions, want %d", asJSON, tt.raiders, got, tt.want)
			}
		}
	}
}

// Build refuses a key of another memory, and a nil one, with the node's
// path; a sequence takes no key.
func TestReplanOnChangeRefused(t *testing.T) {
	b := bt.New[raid]()
	var none func(*raid) uint64
	_, err := bt.Build(bt.Config[raid]{Heuristic: settler}, b.Sequence("top",
		b.Selector("a", bt.ReplanOnChange(func(*mem) uint64 { return 0 }), b.Succeed("x")),
		b.Selector("b", bt.ReplanOnChange(none), b.Succeed("x")),
		b.Sequence("c", bt.ReplanOnChange(func(*raid) uint64 { return 0 }), b.Succeed("x")),
	))
	for _, want := range []string{
		"top/a: ReplanOnChange: a key of func(*treetest.Mem) uint64, not of this tree's memory",
		"top/b: ReplanOnChange: a nil key",
		"top/c: ReplanOnChange is not for a sequence",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}
