package htn_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
)

// world is the tests' memory: a guard that fights when it sees a foe and
// patrols otherwise.
type world struct {
	See, Saw bool
	Trunk    int
	Foe      int
	Bridge   int
	Checked  int
	Log      [16]byte
	N        int
}

func (w *world) note(c byte) {
	if w.N < len(w.Log) {
		w.Log[w.N] = c
	}
	w.N++
}

// step is an action that takes ticks ticks and applies effect, live and
// predicted alike.
func step(name byte, ticks int, effect func(*world)) bt.Action[world] {
	left := 0
	return bt.Lasting(func(w *world, _ time.Duration) bt.Status {
		if left--; left > 0 {
			return bt.Running
		}
		w.note(name)
		effect(w)
		return bt.Success
	}, effect).OnBegin(func(w *world) bt.Status { left = ticks; return bt.Running })
}

var judge = heuristic.Func[world](func(before, after *world) heuristic.Outcome {
	if after.Foe < before.Foe {
		return heuristic.Beneficial
	}
	return heuristic.Cosmetic
})

var (
	see   = constraints.Func("sees the foe", func(w *world) bool { return w.See })
	saw   = constraints.Func("saw the foe", func(w *world) bool { return w.Saw })
	trunk = constraints.Func("has a trunk", func(w *world) bool { return w.Trunk > 0 })
)

// guardActions is the guard's action library: each action declared once,
// with its preconditions and what a plan may expect of it.
func guardActions(t testing.TB) *catalogue.Catalogue[world] {
	t.Helper()
	var b catalogue.Builder[world]
	b.Action("slam", step('s', 1, func(w *world) { w.Foe--; w.Trunk-- }), see, trunk)
	b.Action("uproot", step('u', 1, func(w *world) { w.Trunk = 3 }))
	b.Action("seek", step('k', 2, func(*world) {})).Expect(func(w *world) { w.See = true })
	b.Action("roar", step('r', 1, func(*world) {}), see)
	b.Action("choose", step('c', 1, func(w *world) { w.Bridge = (w.Bridge + 1) % 3 }))
	b.Action("walk", step('w', 2, func(*world) {}))
	b.Action("check", step('x', 1, func(w *world) { w.Checked++ }))
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions
}

func domain(t testing.TB) *htn.Domain[world] {
	t.Helper()
	d := htn.New(guardActions(t))
	d.Compound("be").
		Method("attack", see).Do("attack").
		Method("regain", saw).Do("seek", "roar").
		Method("patrol").Do("choose", "walk", "check")
	d.Compound("attack").
		Method("slam", trunk).Do("slam").
		Method("rearm").Do("uproot", "attack")
	dom, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	return dom
}

// tree returns a tree of one planner node, think, over dom, with opts.
func tree(t testing.TB, dom *htn.Domain[world], opts ...bt.Option) *bt.Tree[world] {
	t.Helper()
	n := bt.New[world]()
	tr, err := bt.Build(bt.Config[world]{Heuristic: judge}, n.Plan("think", dom, opts...))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// ofKind returns the events of kind k among events, in order.
func ofKind(events []bt.Event, k bt.EventKind) []bt.Event {
	var out []bt.Event
	for _, e := range events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// leaf returns the node a preview foresees the tick running: the last of
// its path.
func leaf(p bt.Preview) string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}

// A runner that plans again every tick interrupts its patrol when the foe
// comes into sight, and fights: it rearms, then slams until the trunk is
// spent, and rearms again.
func TestPlansAndReplaces(t *testing.T) {
	tr := tree(t, domain(t), bt.Replan(0))
	var out strings.Builder
	agent, err := tr.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(trace.Timeline(&out, tr.Nodes(), nil))
	w := world{Foe: 5}
	for i := 0; i < 12; i++ {
		if i == 3 {
			w.See = true
		}
		if _, err := agent.Tick(&w, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	t.Log("\n" + out.String())
	// The patrol chose a bridge, and its walk was cut short when the foe
	// came into sight: the guard uprooted a trunk, slammed three times
	// with it, and uprooted another.
	if got, want := string(w.Log[:min(w.N, len(w.Log))]), "cusssu"; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
}
