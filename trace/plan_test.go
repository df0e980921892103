package trace_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
)

func planEvent() *bt.Event {
	return &bt.Event{Kind: bt.EventPlan, Tick: 40, Time: 800 * time.Millisecond, Path: "troll/think",
		Plan: &decide.Report{Change: decide.Replaced, Reason: "outranks the running [2]", Plan: decide.Plan{Goal: "BeTrunkThumper", Steps: []string{"NavigateToEnemy", "DoTrunkSlam"}, Record: decide.Record{0, 0}, Expanded: 3, Rejected: []decide.Rejection{{Name: "AttackEnemy/slam", Reason: "no trunk"}}}}}
}

func TestJSONPlan(t *testing.T) {
	var out bytes.Buffer
	trace.JSON(&out).Trace(planEvent())
	want := `{"tick":40,"t":0.8,"kind":"plan","path":"troll/think","plan":{"goal":"BeTrunkThumper",` +
		`"change":"replaced","reason":"outranks the running [2]","steps":["NavigateToEnemy","DoTrunkSlam"],` +
		`"record":[0,0],"expanded":3,"rejected":[{"name":"AttackEnemy/slam","reason":"no trunk"}]}}` + "\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
}

func TestTimelinePlan(t *testing.T) {
	var out bytes.Buffer
	tl := trace.Timeline(&out, []bt.NodeInfo{{Path: "troll"}, {Path: "troll/think"}}, nil)
	tl.Trace(planEvent())
	none := planEvent()
	none.Plan = &decide.Report{Change: decide.None, Reason: "every method failed", Plan: decide.Plan{Goal: "BeTrunkThumper"}}
	tl.Trace(none)
	want := "  0.80s  think              plan replaced [0 0]: outranks the running [2]\n" +
		"                     steps: NavigateToEnemy → DoTrunkSlam\n" +
		"  0.80s  think              plan none: every method failed\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
}
