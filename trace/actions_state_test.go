package trace_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
)

// An Actions saved after any event and restored into a new one reports
// the rest of the events as the one never saved does, alternatives and
// places in plans alike; a new one not restored does not (what the state
// is for).
func TestActionsStateGoesOn(t *testing.T) {
	t.Parallel()
	tree := duel(t)
	rec := &trace.Recorder{}
	tree.SetTracer(rec)
	treetest.DuelRun(t, tree)
	nodes := tree.Tree().Nodes()
	plans := planStream()
	for _, c := range []struct {
		name   string
		nodes  []bt.NodeInfo
		events []bt.Event
	}{{"duel", nodes, rec.Events}, {"plan", planNodes, plans}} {
		t.Run(c.name, func(t *testing.T) {
			var whole bytes.Buffer
			replay(trace.Timeline(&whole, c.nodes, nil), c.events)
			differs := false
			for k := range c.events {
				var before, after, fresh bytes.Buffer
				saved := trace.Timeline(&before, c.nodes, nil)
				replay(saved, c.events[:k])
				state, err := saved.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				restored := trace.Timeline(&after, c.nodes, nil)
				if err := restored.UnmarshalJSON(state); err != nil {
					t.Fatalf("after %d events: %v\n%s", k, err, state)
				}
				if again, _ := restored.MarshalJSON(); !bytes.Equal(again, state) {
					t.Fatalf("after %d events: saved again, %s; was %s", k, again, state)
				}
				replay(restored, c.events[k:])
				if diff := cmp.Diff(whole.String()[before.Len():], after.String()); diff != "" {
					t.Fatalf("restored after %d events, the timeline goes on otherwise (-whole +restored):\n%s", k, diff)
				}
				replay(trace.Timeline(&fresh, c.nodes, nil), c.events[k:])
				differs = differs || fresh.String() != after.String()
			}
			if !differs {
				t.Error("a timeline begun afresh reports as a restored one after every event: the test tests nothing")
			}
		})
	}
}

// planNodes and planStream are a planner's plan and the two steps it
// begins: the second begun after a save is step 2 of 2.
var planNodes = []bt.NodeInfo{{Path: "troll"}, {Path: "troll/think", Children: 2},
	{Path: "troll/think/NavigateToEnemy"}, {Path: "troll/think/DoTrunkSlam"}}

func planStream() []bt.Event {
	plan := planEvent()
	plan.Plan.Change = decide.Made
	begin := func(step string, at time.Duration) bt.Event {
		return bt.Event{Kind: bt.EventBegin, Time: at, Path: "troll/think/" + step}
	}
	return []bt.Event{*plan, begin("NavigateToEnemy", time.Second), begin("DoTrunkSlam", 2*time.Second)}
}

func replay(a *trace.Actions, events []bt.Event) {
	for i := range events {
		a.Trace(&events[i])
	}
}

// A state that no Actions could have is an error that says what, and
// leaves the Actions as it was.
func TestActionsStateHostile(t *testing.T) {
	t.Parallel()
	a := trace.NewActions(planNodes, func(*trace.ActionReport) {})
	replay(a, planStream()[:2])
	want, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ state, err string }{
		{``, "EOF"},
		{`{"decisions":[`, "unexpected EOF"},
		{`{"decisions":[],"plans":[],"more":1}`, `unknown field "more"`},
		{`{"decisions":[{"selector":"a","chosen":1,"candidates":[{"name":"x","outcome":"Safe"}]}]}`, `the decision of "a": choice 1 of 1 candidates`},
		{`{"decisions":[{"selector":"a","chosen":-2,"candidates":[]}]}`, `choice -2 of 0`},
		{`{"decisions":[{"selector":"a","chosen":0,"why":"whim","candidates":[{"name":"x","outcome":"Safe"}]}]}`, `no reason for a choice is called "whim"`},
		{`{"decisions":[{"selector":"a","chosen":0,"candidates":[{"name":"x","outcome":"Great"}]}]}`, `unknown outcome "Great"`},
		{`{"decisions":[{"selector":"a","chosen":-1,"candidates":[]},{"selector":"a","chosen":-1,"candidates":[]}]}`, `the decision of "a": twice`},
		{`{"plans":[{"planner":"p","steps":["x"],"next":2}]}`, `the plan of "p": next step 2 of 1`},
		{`{"plans":[{"planner":"p","steps":[],"next":-1}]}`, `next step -1 of 0`},
		{`{"plans":[{"planner":"p","steps":[]},{"planner":"p","steps":[]}]}`, `the plan of "p": twice`},
	} {
		err := a.UnmarshalJSON([]byte(c.state))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one about %q", c.state, err, c.err)
		}
		if got, _ := a.MarshalJSON(); !bytes.Equal(got, want) {
			t.Errorf("%s: the state became %s", c.state, got)
		}
	}
}
