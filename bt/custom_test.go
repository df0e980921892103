package bt_test

import (
	"errors"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// faulty is a custom composite that reports, through its own handle,
// the error its Update meets every other tick, and goes on.
type faulty struct {
	self  *bt.Child[int]
	kids  []*bt.Child[int]
	ticks int
}

func (f *faulty) Bind(self *bt.Child[int]) { f.self = self }
func (f *faulty) Begin(m *int) bt.Status   { return f.Update(m, 0) }
func (f *faulty) Update(m *int, dt time.Duration) bt.Status {
	if f.ticks++; f.ticks%2 == 0 {
		f.self.Fault(errors.New("the horn is broken"))
	}
	return f.kids[0].Tick(m, dt)
}
func (f *faulty) End(*int, bt.Status)                               {}
func (f *faulty) Simulate(c *bt.Sim[int], m *int) heuristic.Verdict { return f.kids[0].Simulate(c, m) }
func (f *faulty) SaveState(*bt.StateWriter)                         {}
func (f *faulty) RestoreState(*bt.StateReader) error                { return nil }

// A custom node's Fault is returned by the tick as a *decide.Error with
// the node's path, and traced as a fault, and the tick goes on; a
// preview reports none. Agent.Custom gives the agent's own instance of a
// custom node, and nothing for a built-in node or an unknown path.
func TestFaultAndCustom(t *testing.T) {
	n := bt.New[int]()
	run := bt.Lasting(func(*int, time.Duration) bt.Status { return bt.Running }, nil)
	tree, err := bt.Build(bt.Config[int]{}, n.Composite("horn", func(kids []*bt.Child[int]) (bt.Node[int], error) {
		return &faulty{kids: kids}, nil
	}, n.Do("blow", run)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var faults []string
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventFault {
			faults = append(faults, e.Path+": "+e.Reason)
		}
	}))
	var m int
	for i := range 4 {
		if _, err := a.Preview(&m, time.Second); err != nil {
			t.Fatalf("a preview reports %v", err)
		}
		s, err := a.Tick(&m, time.Second)
		var de *decide.Error
		switch {
		case s != bt.Running:
			t.Errorf("tick %d: %v, want the tick to go on", i, s)
		case i%2 == 0 && err != nil:
			t.Errorf("tick %d: %v", i, err)
		case i%2 == 1 && (!errors.As(err, &de) || de.Path != "horn" || de.Err.Error() != "the horn is broken"):
			t.Errorf("tick %d: %v, want the horn's error", i, err)
		}
	}
	if len(faults) != 2 || faults[0] != "horn: the horn is broken" {
		t.Errorf("traced faults %q", faults)
	}
	node, ok := a.Custom("horn")
	if f, is := node.(*faulty); !ok || !is || f.ticks != 4 {
		t.Errorf("Custom(horn): %v, %v", node, ok)
	}
	for _, path := range []string{"horn/blow", "nowhere", ""} {
		if node, ok := a.Custom(path); ok || node != nil {
			t.Errorf("Custom(%q): %v, %v", path, node, ok)
		}
	}
	var none *bt.Agent[int]
	if _, ok := none.Custom("horn"); ok {
		t.Error("a nil agent has a custom node")
	}
}
