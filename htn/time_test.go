package htn_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
)

// before passes while the situation's clock is before t.
type before time.Duration

func (b before) Evaluate(s bt.Situation, _ *world) (bt.Check, string) {
	if s.Now < time.Duration(b) {
		return bt.Pass, ""
	}
	return bt.Fail, "too late"
}

// A method's conditions are judged at the time the plan has reached, once:
// a runner in a tree plans as a Session does.
func TestMethodConditionsAtThePlannedTime(t *testing.T) {
	dom := build(t, func(b *catalogue.Builder[world]) {
		b.Action("wait", noop).Takes(time.Second).Action("early", noop).Action("late", noop)
	}, func(d *htn.Builder[world]) {
		d.Compound("r").Method("m").Do("wait", "next")
		d.Compound("next").
			Method("in time", before(1500*time.Millisecond)).Do("early").
			Method("otherwise").Do("late")
	})
	alone, err := dom.NewSession().Plan(&world{})
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{}, n.Plan("run", dom))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	var rec trace.Recorder
	agent.SetTracer(&rec)
	if _, err := agent.Tick(&world{}, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	plans := ofKind(rec.Events, bt.EventPlan)
	if len(plans) == 0 {
		t.Fatal("no plan reported")
	}
	want := []string{"wait", "early"} // the plan reaches next at 1s: in time
	if diff := cmp.Diff(want, alone.Steps); diff != "" {
		t.Errorf("Plan (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, plans[0].Plan.Steps); diff != "" {
		t.Errorf("the runner's plan (-want +got):\n%s", diff)
	}
}
