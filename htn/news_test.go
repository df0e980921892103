package htn_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/htn"
)

// watch is a watchman's memory: the raider in sight, 0 for none.
type watch struct{ Raider int }

// plannings runs a planner node over a one-step domain that never ends
// under a ReplanOn-style option, a tick for each raider in turn, and
// returns how many times the runner planned: its one step's prediction
// counts them.
func plannings(t *testing.T, opt bt.Option, raiders []int) int {
	t.Helper()
	n := 0
	var b catalogue.Builder[watch]
	b.Action("keep watch", bt.Lasting(func(*watch, time.Duration) bt.Status { return bt.Running }, func(*watch) { n++ }))
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := htn.New(actions).Compound("watch").Method("keep").Do("keep watch").Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := bt.Build(bt.Config[watch]{}, bt.New[watch]().Plan("watchman", d, opt))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var m watch
	for _, r := range raiders {
		m.Raider = r
		if _, err := a.Tick(&m, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// A runner plans again every tick a ReplanOn test holds, and once per
// change of a ReplanOnChange key: here at the raider's coming and its
// going. (A planning beside a running plan predicts its one step more
// than once: first is what the first plan costs, again a planning beside
// it.)
func TestRunnerReplansOnNews(t *testing.T) {
	near := bt.ReplanOn(func(w *watch) bool { return w.Raider != 0 })
	first := plannings(t, near, []int{0})
	again := plannings(t, near, []int{0, 5}) - first
	raiders := []int{0, 0, 5, 5, 5, 5, 5, 0, 0}
	if got, want := plannings(t, near, raiders), first+5*again; got != want {
		t.Errorf("ReplanOn: %d predictions, want %d (5 plannings beside the plan)", got, want)
	}
	if got, want := plannings(t, bt.ReplanOnChange(func(w *watch) uint64 { return uint64(w.Raider) }), raiders), first+2*again; got != want {
		t.Errorf("ReplanOnChange: %d predictions, want %d (2 plannings beside the plan)", got, want)
	}
}
