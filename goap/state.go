package goap

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// A runner saves its state (see bt.StateWriter) by name where the domain
// names it (goals, steps), so that the JSON form reads as what it holds
// and a plan whose steps an edited domain still has goes on:
//
//	goal, utility, cost       the running plan's goal ("" for none)
//	steps, then each step     the plan: its action's name, its variant
//	at, from                  the step under way, and the one under way
//	                          when the planning under way started
//	plannedAt                 when it last planned (nanoseconds)
//	fromStart, origin         the memory the plan started from, kept only
//	                          for a goal that reads it (GoalFrom)
//	nogo ... deferred         what the next tick does
//	planning, purpose, why... the planning under way, and why
//	setbacks, then each one   the steps backing off (Backoff)
//	stale, then each goal     the goals found without a plan, and the
//	                          key of the state they were found so from
//	actions ... moment        the planning under way (see savePlanning)
//
// Left out, as scratch of one call: the reports and the predictions
// (another Session), replans (reset by every tick before it is read) and
// skip (set by end before every use).

// The purposes of a planning, by name.
var purposeNames = [...]string{fresh: "fresh", changed: "changed", higher: "higher"}

// SaveState saves the runner's state (see bt.StateWriter): its plan,
// goal, back-offs, stale goals, and the planning under way, search and
// all, so that a restored runner goes on exactly as the saved one (see
// RestoreState). The memory its plan started from (for a goal from the
// start), the keys of stale goals and a planning under way are written
// with StateWriter.Value, so the memory and key types must be what both
// encoding/gob and encoding/json carry whole: exported fields, finite
// numbers. A save fails on what they cannot encode at all; a field they do
// not see (unexported) is left zero by a restore. The rest allocates
// nothing.
func (r *runner[M, K]) SaveState(w *bt.StateWriter) {
	d := r.d
	w.String("goal", d.goalName(r.goal))
	w.Float("utility", r.utility)
	w.Float("cost", r.cost)
	d.saveSteps(w, "steps", r.plan)
	w.Int("at", int64(r.at))
	w.Int("from", int64(r.from))
	w.Int("plannedAt", int64(r.plannedAt))
	fromStart := r.goal >= 0 && d.goals[r.goal].satisfiedFrom != nil
	w.Bool("fromStart", fromStart)
	if fromStart {
		w.Value("origin", r.origin)
	}
	w.Bool("nogo", r.nogo)
	w.Bool("achieved", r.achieved)
	w.Bool("deferred", r.deferred)
	w.Bool("planning", r.planning)
	w.String("purpose", purposeNames[r.purpose])
	w.String("whyStep", d.actionName(r.why.action))
	w.String("why", r.why.text)
	w.String("whyDetail", r.why.detail)
	w.Int("setbacks", int64(len(r.setbacks)))
	for _, f := range r.setbacks {
		d.saveStep(w, "setback", f.step)
		w.Int("times", int64(f.times))
		w.Int("until", int64(f.until))
	}
	stale := 0
	for _, s := range r.stale {
		if s {
			stale++
		}
	}
	w.Int("stale", int64(stale))
	for gi, s := range r.stale {
		if s {
			w.String("staleGoal", d.goals[gi].name)
			w.Value("staleAt", r.staleAt[gi])
		}
	}
	if r.planning {
		r.live.savePlanning(w)
	}
}

// restored is a runner's state as read, before it is put in the runner.
type restored[M any, K comparable] struct {
	goal               int
	utility, cost      float64
	plan               []step
	at, from           int
	plannedAt          time.Duration
	origin             M
	nogo, achieved     bool
	deferred, planning bool
	purpose            purpose
	why                cause
	setbacks           []setback
	stale              []bool
	staleAt            []K
	live               *Session[M, K]
}

// RestoreState restores what SaveState saved, checked against the
// runner's domain, which may have been edited since (see bt.Agent.Reload).
// A goal, a step or a purpose the domain does not have, a step under way
// past the plan, a time or a count below zero, or a planning under way
// over other goals or actions than the domain's is an error, and the
// runner is left as it was. What the domain no longer has to apply them
// to is forgotten: the back-off of a step gone, the stale mark of a goal
// gone. A plan whose steps the domain still has goes on; the runner checks
// each step's preconditions before it begins it, as it does any plan's.
func (r *runner[M, K]) RestoreState(sr *bt.StateReader) error {
	var s restored[M, K]
	c := &checker{sr: sr}
	r.read(c, &s)
	switch {
	case c.err != nil: // noted before any reading error
		return c.err
	case sr.Err() != nil:
		return sr.Err()
	}
	r.take(&s)
	return nil
}

// A checker reads a saved state and notes the first thing in it that
// does not fit the domain, unless a reading error (StateReader.Err) came
// before it.
type checker struct {
	sr  *bt.StateReader
	err error
}

// fail notes what does not fit, unless something was noted before.
func (c *checker) fail(format string, args ...any) {
	if c.ok() {
		c.err = fmt.Errorf("goap: "+format, args...)
	}
}

// ok reports whether all read so far reads and fits.
func (c *checker) ok() bool { return c.err == nil && c.sr.Err() == nil }

// read reads a saved state into s, noting in c what does not fit.
func (r *runner[M, K]) read(c *checker, s *restored[M, K]) {
	d, sr, fail := r.d, c.sr, c.fail
	s.goal = d.goalNamed(sr.String("goal"), c)
	s.utility, s.cost = sr.Float("utility"), sr.Float("cost")
	if !finite(s.utility) || !finite(s.cost) || s.cost < 0 {
		fail("utility %v, cost %v: a utility is a finite number, a cost one not below zero", s.utility, s.cost)
	}
	s.plan = d.readSteps(c, "steps")
	s.at, s.from = int(sr.Int("at")), int(sr.Int("from"))
	if s.at < 0 || s.at > len(s.plan) || s.from < 0 {
		fail("step %d under way (from %d) of a plan of %d steps", s.at, s.from, len(s.plan))
	}
	if s.plannedAt = time.Duration(sr.Int("plannedAt")); s.plannedAt < 0 {
		fail("planned at %v", s.plannedAt)
	}
	if sr.Bool("fromStart") {
		sr.Value("origin", &s.origin)
	} else if s.goal >= 0 && d.goals[s.goal].satisfiedFrom != nil {
		fail("goal %q is judged from the memory its plan started from, which the state lacks", d.goals[s.goal].name)
	}
	s.nogo, s.achieved = sr.Bool("nogo"), sr.Bool("achieved")
	s.deferred, s.planning = sr.Bool("deferred"), sr.Bool("planning")
	p := sr.String("purpose")
	if i := slices.Index(purposeNames[:], p); i >= 0 {
		s.purpose = purpose(i)
	} else {
		fail("purpose %q", p)
	}
	s.why.action = -1
	if name := sr.String("whyStep"); name != "" {
		if s.why.action = d.actionNamed(name); s.why.action < 0 {
			fail("a planning started for action %q, which the domain lacks", name)
		}
	}
	s.why.text, s.why.detail = sr.String("why"), sr.String("whyDetail")
	if s.planning && s.purpose != fresh && s.goal < 0 {
		// A planning beside the running plan (changed, higher) is
		// replaced by a fresh one when that plan ends; kept without it,
		// it would report on goal -1 as it ends, and fault.
		fail("a planning beside the running plan (%s), where none runs", purposeNames[s.purpose])
	}
	r.readSetbacks(c, s)
	r.readStale(c, s)
	if s.planning && c.ok() {
		s.live = d.NewSession()
		s.live.restorePlanning(c)
	}
}

// readSetbacks reads the steps backing off, forgetting those of a step the
// domain no longer has.
func (r *runner[M, K]) readSetbacks(c *checker, s *restored[M, K]) {
	sr := c.sr
	n := sr.Int("setbacks")
	if n < 0 {
		c.fail("%d setbacks", n)
	}
	for i := int64(0); i < n && sr.Err() == nil; i++ { // each reads a byte at least: n is bounded by the state
		st, gone := r.d.readStep(c, "setback")
		f := setback{step: st, times: int(sr.Int("times")), until: time.Duration(sr.Int("until"))}
		if f.times < 1 || f.until < 0 {
			c.fail("a step that failed %d times, backing off until %v", f.times, f.until)
		}
		if gone == "" {
			s.setbacks = append(s.setbacks, f)
		}
	}
}

// readStale reads the goals found without a plan, forgetting those the
// domain no longer has.
func (r *runner[M, K]) readStale(c *checker, s *restored[M, K]) {
	sr, goals := c.sr, r.d.goals
	s.stale, s.staleAt = make([]bool, len(goals)), make([]K, len(goals))
	n := sr.Int("stale")
	if n < 0 {
		c.fail("%d stale goals", n)
	}
	for i := int64(0); i < n && sr.Err() == nil; i++ {
		name := sr.String("staleGoal")
		var at K
		sr.Value("staleAt", &at)
		if gi := slices.IndexFunc(goals, func(g goal[M]) bool { return g.name == name }); gi >= 0 {
			s.stale[gi], s.staleAt[gi] = true, at
		}
	}
}

// take puts a state read and checked into the runner.
func (r *runner[M, K]) take(s *restored[M, K]) {
	r.goal, r.utility, r.cost = s.goal, s.utility, s.cost
	r.plan = append(r.plan[:0], s.plan...)
	r.at, r.from, r.plannedAt = s.at, s.from, s.plannedAt
	r.origin = s.origin
	r.nogo, r.achieved, r.deferred, r.planning = s.nogo, s.achieved, s.deferred, s.planning
	r.purpose, r.why = s.purpose, s.why
	r.setbacks = append(r.setbacks[:0], s.setbacks...)
	r.stale, r.staleAt = s.stale, s.staleAt
	if s.live != nil {
		r.live = s.live
	}
}

// saveSteps saves steps as their count, then each step.
func (d *Domain[M, K]) saveSteps(w *bt.StateWriter, name string, steps []step) {
	w.Int(name, int64(len(steps)))
	for _, st := range steps {
		d.saveStep(w, "step", st)
	}
}

// saveStep saves a step as its action's name and its variant.
func (d *Domain[M, K]) saveStep(w *bt.StateWriter, name string, st step) {
	w.String(name, d.actions[actionOf(st)].name)
	w.Int("variant", int64(variantOf(st)))
}

// readSteps reads steps saved by saveSteps: each must be of an action
// the domain has, and a variant it offers.
func (d *Domain[M, K]) readSteps(c *checker, name string) []step {
	sr := c.sr
	n := sr.Int(name)
	if n < 0 {
		c.fail("%s: %d steps", name, n)
	}
	var steps []step
	for i := int64(0); i < n && sr.Err() == nil; i++ { // each reads a byte at least: n is bounded by the state
		st, why := d.readStep(c, "step")
		if why != "" {
			c.fail("%s: step %d: %s", name, i+1, why)
		}
		steps = append(steps, st)
	}
	return steps
}

// readStep reads a step saved by saveStep, and says why the domain does
// not have it, if it does not (see stepNamed).
func (d *Domain[M, K]) readStep(c *checker, name string) (step, string) {
	action, v := c.sr.String(name), c.sr.Int("variant")
	return d.stepNamed(c, action, v)
}

// stepNamed returns the step of action's variant v, and says why the
// domain does not have it, if it does not: the action, or a variant of it
// (other than the first). A variant no action can have fails.
func (d *Domain[M, K]) stepNamed(c *checker, action string, v int64) (step, string) {
	a := d.actionNamed(action)
	switch {
	case v < 0 || v > maxVariants:
		c.fail("action %q: variant %d", action, v)
		return 0, "no such variant"
	case a < 0:
		return 0, fmt.Sprintf("action %q, which the domain lacks", action)
	case v > 0 && d.actions[a].bind == nil:
		return 0, fmt.Sprintf("variant %d of action %q, which has none", v, action)
	}
	return stepOf(a, int(v)), ""
}

// goalName names goal gi, "" for none (-1).
func (d *Domain[M, K]) goalName(gi int) string {
	if gi < 0 {
		return ""
	}
	return d.goals[gi].name
}

// actionName names action a, "" for none (-1).
func (d *Domain[M, K]) actionName(a int32) string {
	if a < 0 {
		return ""
	}
	return d.actions[a].name
}

// goalNamed returns the index of the goal of that name, -1 for "", and
// fails for one the domain lacks.
func (d *Domain[M, K]) goalNamed(name string, c *checker) int {
	if name == "" {
		return -1
	}
	gi := slices.IndexFunc(d.goals, func(g goal[M]) bool { return g.name == name })
	if gi < 0 {
		c.fail("goal %q, which the domain lacks", name)
	}
	return gi
}

// actionNamed returns the index of the action of that name, or -1.
func (d *Domain[M, K]) actionNamed(name string) int32 {
	return int32(slices.IndexFunc(d.actions, func(a action[M]) bool { return a.name == name }))
}

// finite reports whether v is a finite number.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
