package bt_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/htn"
)

// undescribable is a planner whose description panics.
type undescribable struct{ bt.Planner[int] }

func (undescribable) Nodes() []bt.NodeInfo { panic("no description") }

// Tree.Nodes gives a planner node's own description (an HTN domain's
// tasks and methods) as its Domain, and none to other nodes or to
// planners that do not describe themselves.
func TestNodesDescribePlannersDomains(t *testing.T) {
	t.Parallel()
	var a catalogue.Builder[int]
	a.Action("step", bt.Instant(func(*int) bool { return true }, nil))
	actions, err := a.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := htn.New(actions)
	d.Compound("root").Method("only").Do("step")
	domain, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[int]()
	tree, err := bt.Build(bt.Config[int]{}, n.Sequence("top",
		n.Plan("described", domain),
		n.Plan("silent", struct{ bt.Planner[int] }{domain}), // hides Nodes
		n.Plan("broken", undescribable{domain}),
	))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]bt.NodeInfo{}
	for _, info := range tree.Nodes() {
		got[info.Path] = info.Domain
	}
	want := map[string][]bt.NodeInfo{"top": nil, "top/described": domain.Nodes(), "top/described/step": nil,
		"top/silent": nil, "top/silent/step": nil, "top/broken": nil, "top/broken/step": nil}
	if len(want["top/described"]) != 3 {
		t.Fatalf("the domain describes itself as %+v", want["top/described"])
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the nodes' domains (-want +got):\n%s", diff)
	}
}
