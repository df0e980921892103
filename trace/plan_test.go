package trace_test

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
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
	t.Parallel()
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
	t.Parallel()
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

// A cost that is not a finite number, which JSON has no number for, is
// written as a string; the events after it are written as ever. (A
// planner's +Inf or NaN cost made the encoder fail, and every later event
// was dropped without an error.)
func TestJSONNonFiniteCost(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	j := trace.JSON(&out)
	for _, cost := range []float64{math.Inf(1), math.NaN(), math.Inf(-1), 2.5} {
		e := planEvent()
		e.Plan.Cost = cost
		j.Trace(e)
	}
	j.Trace(&bt.Event{Kind: bt.EventBegin, Tick: 41, Path: "troll/think"})
	if err := j.Err(); err != nil {
		t.Fatalf("Err = %v", err)
	}
	var costs []any
	var kinds []string
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		var e struct {
			Kind string
			Plan struct{ Cost any }
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		kinds = append(kinds, e.Kind)
		if e.Kind == "plan" {
			costs = append(costs, e.Plan.Cost)
		}
	}
	if want := []any{"+Inf", "NaN", "-Inf", 2.5}; !cmp.Equal(costs, want) {
		t.Errorf("costs %v, want %v", costs, want)
	}
	if want := []string{"plan", "plan", "plan", "plan", "begin"}; !cmp.Equal(kinds, want) {
		t.Errorf("events %q, want %q", kinds, want)
	}
}
