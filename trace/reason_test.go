package trace_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
)

// failing is a custom leaf that fails at its first update, saying why.
type failing struct{ self *bt.Child[yard] }

func (f *failing) Bind(self *bt.Child[yard]) { f.self = self }
func (f *failing) Begin(*yard) bt.Status     { return bt.Running }
func (f *failing) Update(*yard, time.Duration) bt.Status {
	f.self.SetReason("no way through the rocks")
	return bt.Failure
}
func (f *failing) End(*yard, bt.Status) {}
func (f *failing) Simulate(*bt.Sim[yard], *yard) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Irrelevant}
}

// A node that says why it failed (bt.Child.SetReason) has its reason in
// every trace: a timeline line, the JSON end event, the slog record.
func TestEndReasonTraced(t *testing.T) {
	t.Parallel()
	agent := treetest.MustAgent(t, bt.Config[yard]{}, bt.New[yard]().Leaf("find path", &failing{}), 1, nil)
	var timeline, events, logged bytes.Buffer
	agent.SetTracer(trace.Tee(trace.Timeline(&timeline, agent.Tree().Nodes(), nil), trace.JSON(&events),
		trace.Slog(slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug})), slog.LevelInfo)))
	m := yard{}
	for range 2 {
		if _, err := agent.Tick(&m, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	for what, want := range map[string]struct{ in, text string }{
		"timeline": {timeline.String(), "  2.00s  find path          failed: no way through the rocks\n"},
		"JSON":     {events.String(), `{"tick":2,"t":2,"kind":"end","path":"find path","status":"Failure","reason":"no way through the rocks"}`},
		"slog":     {logged.String(), `msg=end tick=2 clock=2s path="find path" status=Failure reason="no way through the rocks"`},
	} {
		if !strings.Contains(want.in, want.text) {
			t.Errorf("the %s lacks %q:\n%s", what, want.text, want.in)
		}
	}
}
