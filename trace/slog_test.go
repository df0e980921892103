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
	"github.com/foresight-bt/foresight/sim"
	"github.com/foresight-bt/foresight/trace"
)

// crash is an action whose Begin panics.
type crash struct{}

func (crash) Begin(*yard) bt.Status                  { panic("boom") }
func (crash) Update(*yard, time.Duration) bt.Status  { return bt.Success }
func (crash) End(*yard, bt.Status)                   {}
func (crash) Simulate(_ *sim.Context[yard], m *yard) { m.Guard = m.Intruder }

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
	tree, err := bt.New(bt.Config[yard]{Heuristic: goal}).
		Selector("guard").
		Do("crash", crash{}).
		Do("patrol", patrol).
		End().
		Build()
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

// A logger that is not enabled for an event's level is not asked to
// write it.
func TestSlogDisabledWritesNothing(t *testing.T) {
	_, agent := guard()
	var buf bytes.Buffer
	agent.SetTracer(trace.Slog(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelError})), slog.LevelInfo))
	m := yard{Intruder: 3}
	if _, err := agent.Tick(&m, time.Second); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %q", strings.TrimSpace(buf.String()))
	}
}
