package contract

import (
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
)

func begin(path string) Event { return Event{Kind: bt.EventBegin, Path: path} }
func end(path string, s bt.Status) Event {
	return Event{Kind: bt.EventEnd, Path: path, Status: s}
}

// Each broken trace breaks one rule of LifeCycle, which must name it.
func TestLifeCycle(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{
		{Path: "root", Kind: bt.KindSequence, Children: 2},
		{Path: "root/a", Kind: bt.KindAction, Parent: "root"},
		{Path: "root/b", Kind: bt.KindAction, Parent: "root"},
		{Path: "par", Kind: bt.KindParallel, Children: 2},
		{Path: "par/a", Kind: bt.KindAction, Parent: "par"},
		{Path: "par/b", Kind: bt.KindAction, Parent: "par"},
	}
	tests := []struct {
		name  string
		trace []Event
		want  string // "" for a trace that keeps every rule
	}{
		{"kept", []Event{begin("root"), begin("root/a"), end("root/a", bt.Success), begin("root/b"),
			end("root/b", bt.Running), end("root", bt.Running)}, ""},
		{"a parallel runs its children together", []Event{begin("par"), begin("par/a"), begin("par/b"),
			end("par/b", bt.Success), end("par/a", bt.Success), end("par", bt.Success)}, ""},
		{"began twice", []Event{begin("root"), begin("root"), end("root", bt.Success)}, "root began twice without ending"},
		{"ended without beginning", []Event{end("root/a", bt.Success)}, "root/a ended without having begun"},
		{"ended before a descendant", []Event{begin("root"), begin("root/a"), end("root", bt.Running)},
			"root ended before its descendant root/a"},
		{"two children of a sequence at once", []Event{begin("root"), begin("root/a"), begin("root/b")},
			"root/b began while its sibling root/a runs"},
		{"left running", []Event{begin("root"), begin("root/a")}, "still running after Halt: [root root/a]"},
	}
	for _, tt := range tests {
		err := LifeCycle(nodes, tt.trace)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

// A tick that decides otherwise than its preview, or begins another way
// down, breaks the promise.
func TestPlanIsAct(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{
		{Path: "sel", Kind: bt.KindSelector, Children: 2},
		{Path: "sel/a", Kind: bt.KindAction, Parent: "sel"},
		{Path: "sel/b", Kind: bt.KindAction, Parent: "sel"},
	}
	chooseA := bt.Decision{Selector: "sel", Candidates: []bt.Candidate{{Name: "a"}, {Name: "b"}}, Chosen: 0}
	chooseB := chooseA
	chooseB.Chosen = 1
	plan := bt.Preview{Path: []string{"sel", "sel/a"}, Decisions: []bt.Decision{chooseA}}
	decided := func(d bt.Decision) Event { return Event{Kind: bt.EventDecision, Decision: d.String()} }
	tests := []struct {
		name string
		tick []Event
		want string
	}{
		{"kept", []Event{begin("sel"), decided(chooseA), begin("sel/a")}, ""},
		{"decided otherwise", []Event{begin("sel"), decided(chooseB), begin("sel/b")}, "the tick decided"},
		{"went another way", []Event{begin("sel"), decided(chooseA), begin("sel/b")}, "the tick began sel/b after [sel]"},
		{"did not decide", []Event{begin("sel")}, "the tick began [sel], but the preview's path was [sel sel/a]"},
	}
	for _, tt := range tests {
		err := PlanIsAct(plan, nodes, nil, tt.tick)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}
