package bt_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
)

// reporter is a custom composite that reports a planning from every
// method, so a test can see which reports reach the tracer.
type reporter struct {
	self  *bt.Child[mem]
	kids  []*bt.Child[mem]
	bound int
}

func (r *reporter) Bind(self *bt.Child[mem]) { r.self = self; r.bound++ }

func (r *reporter) report(why string) {
	r.self.Report(&decide.Report{Change: decide.Made, Reason: why, Plan: decide.Plan{Goal: "g", Steps: []string{"a"}, Record: decide.Record{0}}})
}

func (r *reporter) Begin(m *mem) bt.Status {
	r.report("begin")
	return r.kids[0].Tick(m, 0)
}

func (r *reporter) Update(m *mem, dt time.Duration) bt.Status {
	r.report("update")
	return r.kids[0].Tick(m, dt)
}

func (r *reporter) End(m *mem, _ bt.Status) { r.report("end") }

func (r *reporter) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	r.report("simulate")
	return r.kids[0].Simulate(ctx, m)
}

func (r *reporter) Route(*mem) int { r.report("route"); return 0 }

func TestReportOnlyFromLiveBeginAndUpdate(t *testing.T) {
	var made []*reporter
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.Selector("root",
		n.Composite("planner", func(kids []*bt.Child[mem]) (bt.Node[mem], error) {
			r := &reporter{kids: kids}
			made = append(made, r)
			return r, nil
		},
			n.Do("work", act(rec, "work", hitFoe(1), R, S)),
		),
	)
	var log trace.Recorder
	agent := mustAgent(t, bt.Config[mem]{Heuristic: goal}, root, 1, &log)
	r := made[len(made)-1] // Build may make an instance of its own, to check the factory
	if r.bound != 1 || r.self.Path() != "root/planner" {
		t.Fatalf("Bind: bound %d times, to %q", r.bound, r.self.Path())
	}
	m := mem{HP: 10, Foe: 10}
	if _, err := agent.Preview(&m, 0); err != nil {
		t.Fatal(err)
	}
	tickN(t, agent, &m, 2)
	var got []string
	for _, e := range log.Events {
		if e.Kind == bt.EventPlan {
			got = append(got, e.Path+": "+e.Plan.Reason)
		}
	}
	want := []string{"root/planner: begin", "root/planner: update"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reports (-want +got):\n%s", diff)
	}

	// Without a tracer, the node is told no one listens.
	agent.SetTracer(nil)
	if r.self.Tracing() {
		t.Error("Tracing outside a tick, with no tracer: true")
	}
}

func TestRecorderClonesPlanning(t *testing.T) {
	p := &decide.Report{Plan: decide.Plan{Steps: []string{"a"}, Record: decide.Record{1}, Rejected: []decide.Rejection{{Name: "m", Reason: "r"}}}}
	var rec trace.Recorder
	rec.Trace(&bt.Event{Kind: bt.EventPlan, Plan: p})
	p.Steps[0], p.Record[0], p.Rejected[0].Name = "changed", 9, "changed"
	got := rec.Events[0].Plan
	want := &decide.Report{Plan: decide.Plan{Steps: []string{"a"}, Record: decide.Record{1}, Rejected: []decide.Rejection{{Name: "m", Reason: "r"}}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("recorded planning changed with the planner's (-want +got):\n%s", diff)
	}
}
