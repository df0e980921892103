// Package trace has ready-made tracers for foresight trees, the answers to
// a designer's first two questions about a planning AI: what is it doing
// and why, and why isn't it doing something else.
//
//   - Recorder keeps every event, for tests and tools.
//   - JSON writes one JSON object per event, in a stable schema.
//   - Actions reports each action as it begins, with the verdict that got
//     it chosen and the best alternatives turned down on the way.
//   - Timeline writes those reports as a readable account.
//   - Latest keeps each selector's last decision, to annotate pictures.
//   - Slog writes events to a log/slog logger, so a game's own logging
//     shows its agents' decisions.
//   - Tee hands events to several tracers.
//
// Start with Timeline, or Recorder in a test. An agent hands its events
// to the tracer set with bt.Agent.SetTracer:
//
//	rec := &trace.Recorder{}
//	guard.SetTracer(rec)
//
// An agent reuses one Event for all its reports; these tracers copy what
// they keep.
package trace
