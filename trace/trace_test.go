package trace_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
)

func duel(t *testing.T) *bt.Agent[treetest.Mem] {
	return treetest.MustAgent(t, treetest.DuelConfig(), treetest.Duel(), 3, nil)
}

func TestTimelineGolden(t *testing.T) {
	t.Parallel()
	tree := duel(t)
	var out bytes.Buffer
	ticks := 0
	tree.SetTracer(trace.Timeline(&out, tree.Tree().Nodes(), func() string { ticks++; return "context" }))
	treetest.DuelRun(t, tree)
	treetest.Golden(t, "timeline", out.Bytes())
	if ticks == 0 {
		t.Error("the context was never asked for")
	}
}

func TestJSONGolden(t *testing.T) {
	t.Parallel()
	tree := duel(t)
	var out bytes.Buffer
	w := trace.JSON(&out)
	tree.SetTracer(w)
	treetest.DuelRun(t, tree)
	if w.Err() != nil {
		t.Fatal(w.Err())
	}
	treetest.Golden(t, "events.jsonl", out.Bytes())
	for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("line %d is not JSON: %v", i+1, err)
		}
	}
}

type failingWriter struct{ n int }

func (f *failingWriter) Write(p []byte) (int, error) {
	f.n++
	return 0, bytes.ErrTooLarge
}

func TestJSONStopsAtTheFirstError(t *testing.T) {
	t.Parallel()
	fw := &failingWriter{}
	w := trace.JSON(fw)
	tree := duel(t)
	tree.SetTracer(w)
	treetest.DuelRun(t, tree)
	if w.Err() == nil || fw.n != 1 {
		t.Errorf("err %v after %d writes; want the first error and no more writes", w.Err(), fw.n)
	}
}

// The recorder keeps copies: the tree reuses its event, and decisions
// change.
func TestRecorderCopies(t *testing.T) {
	t.Parallel()
	rec := &trace.Recorder{}
	tree := duel(t)
	tree.SetTracer(rec)
	treetest.DuelRun(t, tree)
	decisions := ofKind(rec, bt.EventDecision)
	if len(decisions) < 15 {
		t.Fatalf("%d decisions recorded, want one a tick at least", len(decisions))
	}
	first, last := decisions[0].Decision, decisions[len(decisions)-1].Decision
	if first == last || first.Candidates[0].Verdict == last.Candidates[0].Verdict {
		t.Errorf("recorded decisions share storage: first %v, last %v", first, last)
	}
	if got := len(ofKind(rec, bt.EventBegin)); got == 0 {
		t.Error("no begin events")
	}
}

// ofKind returns the events of the kind k that rec recorded.
func ofKind(rec *trace.Recorder, k bt.EventKind) []bt.Event {
	var events []bt.Event
	for _, e := range rec.Events {
		if e.Kind == k {
			events = append(events, e)
		}
	}
	return events
}

func TestTee(t *testing.T) {
	t.Parallel()
	a, b := &trace.Recorder{}, &trace.Recorder{}
	tree := duel(t)
	tree.SetTracer(trace.Tee(a, nil, b))
	treetest.DuelRun(t, tree)
	if len(a.Events) == 0 || len(a.Events) != len(b.Events) {
		t.Errorf("tee gave %d and %d events", len(a.Events), len(b.Events))
	}
}

// Actions reports each action with what chose it and what it beat.
func TestActions(t *testing.T) {
	t.Parallel()
	tree := duel(t)
	var got []trace.ActionReport
	acts := trace.NewActions(tree.Tree().Nodes(), func(a *trace.ActionReport) {
		c := *a
		c.Alternatives = append([]trace.Alternative(nil), a.Alternatives...)
		got = append(got, c)
	})
	acts.MaxAlternatives = -1
	tree.SetTracer(acts)
	treetest.DuelRun(t, tree)
	if len(got) == 0 {
		t.Fatal("no actions reported")
	}
	lunge := -1
	for i, a := range got {
		if a.Name == "lunge" {
			lunge = i
			break
		}
	}
	if lunge < 0 {
		t.Fatalf("the attack never began: %v", got)
	}
	a := got[lunge]
	if a.Path != "duel/attack/lunge" || a.Verdict.Reason != "hit foe" {
		t.Errorf("lunge reported as %+v", a)
	}
	for i := 1; i < len(a.Alternatives); i++ {
		if a.Alternatives[i].Verdict.Outcome > a.Alternatives[i-1].Verdict.Outcome {
			t.Errorf("alternatives not best first: %v", a.Alternatives)
		}
	}
	if len(a.Alternatives) != 2 { // flourish and hold, turned down by the root
		t.Errorf("alternatives %v, want the root's two others", a.Alternatives)
	}
}
