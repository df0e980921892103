package trace_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// crash is an action whose Begin panics.
type crash struct{}

func (crash) Begin(*yard) bt.Status                 { panic("boom") }
func (crash) Update(*yard, time.Duration) bt.Status { return bt.Success }
func (crash) End(*yard, bt.Status)                  {}
func (crash) Simulate(_ *bt.Sim[yard], m *yard)     { m.Guard = m.Intruder }

// levels records the level and message of every record.
type levels struct{ got []string }

func (l *levels) Enabled(context.Context, slog.Level) bool { return true }
func (l *levels) Handle(_ context.Context, r slog.Record) error {
	l.got = append(l.got, r.Level.String()+" "+r.Message)
	return nil
}
func (l *levels) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *levels) WithGroup(string) slog.Handler      { return l }

// Each kind of event is logged at its level: decisions and constraint
// stops at the level given, begins and ends at Debug, faults at Error.
func TestSlogLevels(t *testing.T) {
	t.Parallel()
	n := bt.New[yard]()
	tree, err := bt.Build(bt.Config[yard]{Heuristic: goal},
		n.Selector("guard",
			n.Do("crash", crash{}),
			n.Do("patrol", patrol),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	h := &levels{}
	agent.SetTracer(trace.Slog(slog.New(h), slog.LevelWarn))
	m := yard{Intruder: 3}
	if _, err := agent.Tick(&m, time.Second); err == nil {
		t.Fatal("the crash did not come back as an error")
	}
	want := []string{"DEBUG begin", "WARN decision", "DEBUG begin", "ERROR fault", "DEBUG end", "DEBUG end"}
	if diff := cmp.Diff(want, h.got); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
}

// An event whose level the logger does not enable costs a check and
// nothing more: no record is built, nothing is allocated.
func TestSlogDisabledCostsNothing(t *testing.T) {
	var buf bytes.Buffer
	tracer := trace.Slog(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelError})), slog.LevelInfo)
	d := &bt.Decision{Selector: "guard", Chosen: 0, Candidates: []bt.Candidate{{Name: "chase"}, {Name: "patrol"}}}
	events := []bt.Event{
		{Kind: bt.EventBegin, Path: "guard/chase"},
		{Kind: bt.EventDecision, Path: "guard", Decision: d},
		{Kind: bt.EventEnd, Path: "guard/chase", Status: bt.Success},
	}
	allocs := testing.AllocsPerRun(100, func() {
		for i := range events {
			tracer.Trace(&events[i])
		}
	})
	if allocs != 0 || buf.Len() != 0 {
		t.Errorf("disabled events allocated %v times and wrote %q", allocs, strings.TrimSpace(buf.String()))
	}
}
