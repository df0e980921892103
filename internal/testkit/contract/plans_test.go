package contract

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// plannerNodes is a planner node with three steps.
var plannerNodes = []bt.NodeInfo{
	{Path: "p", Name: "p", Kind: bt.KindPlanner, Children: 3},
	{Path: "p/a", Name: "a", Kind: bt.KindAction, Parent: "p"},
	{Path: "p/b", Name: "b", Kind: bt.KindAction, Parent: "p"},
	{Path: "p/c", Name: "c", Kind: bt.KindAction, Parent: "p"},
}

func report(change decide.Change, steps ...string) Event {
	return Event{Kind: bt.EventPlan, Path: "p", Plan: &decide.Report{Change: change, Plan: decide.Plan{Steps: steps}}}
}

// The plans a preview foresees are those the tick reports before it
// first acts; after an update of a running leaf, only a prefix.
func TestForeseen(t *testing.T) {
	made := report(decide.Made, "a", "b").Plan
	kept := report(decide.Kept, "b").Plan
	tests := []struct {
		name    string
		preview bt.Preview
		running map[string]bool
		tick    []Event
		want    string
	}{
		{"foreseen", bt.Preview{Path: []string{"p", "p/a"}, Plans: []decide.Report{*made}}, nil,
			[]Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a"), report(decide.Replaced, "c")}, ""},
		{"empty is none", bt.Preview{Plans: []decide.Report{{Change: decide.None, Plan: decide.Plan{Steps: []string{}}}}}, nil,
			[]Event{report(decide.None)}, ""},
		{"other steps", bt.Preview{Path: []string{"p", "p/a"}, Plans: []decide.Report{*made}}, nil,
			[]Event{begin("p"), report(decide.Made, "b"), begin("p/b")}, "plan report 1 of the tick is\n\tmade () [b]\nbut the preview foresaw\n\tmade () [a b]"},
		{"unforeseen", bt.Preview{Path: []string{"p", "p/a"}}, nil,
			[]Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a")}, "but the preview foresaw\n\tnothing"},
		{"not reported", bt.Preview{Path: []string{"p", "p/a"}, Plans: []decide.Report{*made}}, nil,
			[]Event{begin("p"), begin("p/a")}, "plan report 1 of the tick is\n\tnothing"},
		{"after an update, a prefix", bt.Preview{Path: []string{"p", "p/b"}, Plans: []decide.Report{*kept}},
			map[string]bool{"p": true, "p/b": true}, []Event{report(decide.Kept, "b"), report(decide.Replaced, "c")}, ""},
		{"after an update, still the prefix", bt.Preview{Path: []string{"p", "p/b"}, Plans: []decide.Report{*kept}},
			map[string]bool{"p": true, "p/b": true}, []Event{report(decide.Replaced, "c")}, "plan report 1"},
	}
	for _, tt := range tests {
		err := Foreseen(tt.preview, plannerNodes, tt.running, tt.tick)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

// A follower finds each rule a decider's reports can break, follows a
// plan to its due step, and keeps a plan that goes on with its running
// step.
func TestFollower(t *testing.T) {
	end := func(path string, s bt.Status, at time.Duration) Event {
		return Event{Kind: bt.EventEnd, Path: path, Status: s, Time: at}
	}
	decided := func(chosen string) Event { return Event{Kind: bt.EventDecision, Selector: "p", Chosen: chosen} }
	withRecord := report(decide.Made, "a")
	withRecord.Plan.Record, withRecord.Plan.Methods = decide.Record{0, 1}, []string{"root/x"}
	tests := []struct {
		name  string
		trace []Event
		want  string // the rule broken; "" for none
		due   string // the step due after the trace
	}{
		{"a plan run", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a"), end("p/a", bt.Success, 0)}, "", "b"},
		{"not due while a step runs", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a")}, "", ""},
		{"not due after a failure", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a"), end("p/a", bt.Failure, 0)}, "", ""},
		{"kept what remains", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a"), report(decide.Kept, "a", "b"),
			end("p/a", bt.Success, 0), report(decide.Kept, "b")}, "", "b"},
		{"replaced by a plan that goes on", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a"),
			report(decide.Replaced, "a", "c"), end("p/a", bt.Success, 0)}, "", "c"},
		{"a decision", []Event{begin("p"), decided("b")}, "", "b"},
		{"forgotten at the end", []Event{begin("p"), report(decide.Made, "a", "b"), end("p", bt.Running, 0)}, "", ""},
		{"a change of none", []Event{report(0, "a")}, RuleChange, ""},
		{"a step it lacks", []Event{report(decide.Made, "a", "x")}, RuleStep, ""},
		{"kept more than remains", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/a"), end("p/a", bt.Success, 0),
			report(decide.Kept, "a", "b")}, RuleKept, ""},
		{"kept nothing", []Event{begin("p"), report(decide.Kept, "a")}, RuleKept, ""},
		{"none with steps", []Event{report(decide.None, "a")}, RuleNoPlan, ""},
		{"out of budget with steps", []Event{report(decide.OutOfBudget, "a")}, RuleNoPlan, ""},
		{"a record without its methods", []Event{withRecord}, RuleRecord, ""},
		{"another step", []Event{begin("p"), report(decide.Made, "a", "b"), begin("p/b")}, RuleRunsPlan, ""},
		{"a step past the plan", []Event{begin("p"), report(decide.Made, "a"), begin("p/a"), end("p/a", bt.Success, 0),
			begin("p/a")}, RuleRunsPlan, ""},
		{"a step not decided", []Event{begin("p"), decided("b"), begin("p/a")}, RuleRunsPlan, ""},
	}
	for _, tt := range tests {
		f := NewFollower(plannerNodes, "p")
		var got *Breach
		for _, e := range tt.trace {
			if got = f.See(e); got != nil {
				break
			}
		}
		switch {
		case tt.want == "" && got != nil:
			t.Errorf("%s: %v", tt.name, got)
		case tt.want != "" && (got == nil || got.Rule != tt.want):
			t.Errorf("%s: got %v, want %q", tt.name, got, tt.want)
		}
		if due, _ := f.Due(); tt.want == "" && due != tt.due {
			t.Errorf("%s: due %q, want %q", tt.name, due, tt.due)
		}
	}
	// A follower knows when each step last ended.
	f := NewFollower(plannerNodes, "p")
	f.See(begin("p/a"))
	f.See(end("p/a", bt.Success, time.Second))
	if at, ok := f.LastEnd("a"); !ok || at != time.Second {
		t.Errorf("LastEnd(a) = %v, %v; want 1s", at, ok)
	}
	if _, ok := f.LastEnd("b"); ok {
		t.Error("LastEnd(b): b never ran")
	}
}
