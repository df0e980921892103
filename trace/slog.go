package trace

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// Slog returns a tracer that writes an agent's events to a game's
// structured log: decisions at level, with the choice, why it won and the
// verdict on every candidate; constraint stops at level; faults at
// slog.LevelError; and begins and ends at slog.LevelDebug. Every record
// carries the tick, the agent's clock ("clock") and the node's path. An
// event whose level the logger does not enable costs a check and nothing
// more.
func Slog(logger *slog.Logger, level slog.Level) bt.Tracer {
	return &slogTracer{log: logger, level: level}
}

type slogTracer struct {
	log   *slog.Logger
	level slog.Level
}

func (s *slogTracer) Trace(e *bt.Event) {
	level := s.level
	switch e.Kind {
	case bt.EventBegin, bt.EventEnd:
		level = slog.LevelDebug
	case bt.EventFault:
		level = slog.LevelError
	}
	ctx := context.Background()
	if s.log == nil || !s.log.Enabled(ctx, level) {
		return
	}
	attrs := []slog.Attr{
		slog.Uint64("tick", e.Tick),
		slog.Duration("clock", e.Time),
		slog.String("path", e.Path),
	}
	switch e.Kind {
	case bt.EventEnd:
		attrs = append(attrs, slog.String("status", e.Status.String()))
		if e.Reason != "" {
			attrs = append(attrs, slog.String("reason", e.Reason))
		}
	case bt.EventConstraint:
		attrs = append(attrs, slog.String("check", e.Check.String()), slog.String("reason", e.Reason))
		if e.AtBegin {
			attrs = append(attrs, slog.Bool("atBegin", true))
		}
	case bt.EventFault:
		attrs = append(attrs, slog.String("reason", e.Reason))
	case bt.EventDecision:
		attrs = append(attrs, decisionAttrs(e.Decision)...)
	case bt.EventPlan:
		attrs = append(attrs, planningAttrs(e.Plan)...)
	}
	s.log.LogAttrs(ctx, level, e.Kind.String(), attrs...)
}

// planningAttrs describes a planner's report: what became of the plan,
// why, its record (HTN), its steps, and what each alternative was worth
// (a group of the scores, by name).
func planningAttrs(p *decide.Report) []slog.Attr {
	if p == nil {
		return nil
	}
	attrs := []slog.Attr{
		slog.String("goal", p.Goal),
		slog.String("change", p.Change.String()),
		slog.String("reason", p.Reason),
		// Text, not the planner's slices, which it reuses: a handler may
		// keep the record after the event.
		slog.String("steps", strings.Join(p.Steps, " → ")),
	}
	if p.Record != nil {
		attrs = append(attrs, slog.String("record", fmt.Sprint([]int(p.Record))), slog.String("methods", p.Path()))
	}
	if p.Utility != 0 {
		attrs = append(attrs, slog.Float64("utility", p.Utility))
	}
	if p.Scores != nil {
		scores := make([]any, len(p.Scores))
		for i, s := range p.Scores {
			scores[i] = slog.Float64(s.Name, s.Utility)
		}
		attrs = append(attrs, slog.Group("scores", scores...))
	}
	return attrs
}

// decisionAttrs describes a decision: the choice (empty for none), why,
// and a group with each candidate's verdict.
func decisionAttrs(d *bt.Decision) []slog.Attr {
	if d == nil {
		return nil
	}
	chosen := ""
	if c, ok := d.Choice(); ok {
		chosen = c.Name
	}
	options := make([]any, len(d.Candidates))
	for i, c := range d.Candidates {
		options[i] = slog.String(c.Name, c.Verdict.String())
	}
	return []slog.Attr{
		slog.String("chosen", chosen),
		slog.String("why", d.Why.String()),
		slog.Group("options", options...),
	}
}
