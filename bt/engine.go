package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// The engine runs the records of a tree for the agent bound to a scratch.
// Built-in nodes are run here, by kind; leaves are called directly, and
// custom nodes through their Node methods. Every user call is preceded by
// a store to s.at that says whose code runs, which is how a panic is pinned
// on the right node without a deferred recover per call.

// tickNode begins node i if it is not running, and updates it otherwise.
func (s *scratch[M]) tickNode(i int32, m *M, dt time.Duration) Status {
	if s.st[i].running() {
		return s.update(i, m, dt)
	}
	return s.begin(i, m)
}

// begin begins node i, unless a constraint stops it. A node that finishes
// at once is ended before begin returns.
func (s *scratch[M]) begin(i int32, m *M) Status {
	n := &s.nodes[i]
	st := &s.st[i]
	s.work++
	if n.flags&flagGuarded != 0 || st.flags&stQuarantined != 0 {
		if r, stopped := s.admit(i, m); stopped {
			return r
		}
	}
	if s.tracer != nil {
		s.trace(EventBegin, i, 0, 0, "")
	}
	at := s.at
	s.at = loc(i, opBegin)
	var r Status
	switch n.kind {
	case kindInstant:
		r = Failure
		if n.run(m) {
			r = Success
		}
		s.at = at
		s.ended(i, r) // an instant action has no End to call
		return r
	case kindCondition:
		r = Failure
		if n.test(m) {
			r = Success
		}
		s.at = at
		s.ended(i, r)
		return r
	case kindAction:
		st.flags |= stRunning
		if n.takes > 0 {
			st.decidedAt = s.clock.Now()
		}
		r = n.action.Begin(m)
	case kindWait:
		st.flags |= stRunning
		st.decidedAt = s.clock.Now()
		r = s.waited(i)
	case kindSequence:
		st.flags |= stRunning
		st.current = 0
		r = s.runSequence(i, m, 0)
	case kindPriority:
		st.flags |= stRunning
		st.current = 0
		r = s.runPriority(i, m, 0)
	case kindSelector:
		st.flags |= stRunning
		r = s.beginSelector(i, m)
	case kindParallel:
		st.flags |= stRunning
		r = s.beginParallel(i, m)
	case kindIfElse:
		st.flags |= stRunning
		r = s.beginIfElse(i, m)
	default:
		st.flags |= stRunning
		r = s.customBegin(i, m)
	}
	s.at = at
	if n.watch != nil {
		s.saw(i, m)
	}
	if r != Running {
		if !r.valid() {
			r = s.invalidStatus(i, "Begin")
		}
		s.finish(i, m, r)
	}
	return r
}

// update updates running node i, unless a constraint stops it.
func (s *scratch[M]) update(i int32, m *M, dt time.Duration) Status {
	n := &s.nodes[i]
	if n.flags&flagGuarded != 0 {
		if r, stopped := s.admit(i, m); stopped {
			return r
		}
	}
	at := s.at
	s.at = loc(i, opUpdate)
	var r Status
	switch n.kind {
	case kindAction:
		r = n.action.Update(m, dt)
	case kindSequence:
		r = s.updateSequence(i, m, dt)
	case kindPriority:
		r = s.updatePriority(i, m, dt)
	case kindSelector:
		r = s.updateSelector(i, m, dt)
	case kindParallel:
		r = s.updateParallel(i, m, dt)
	case kindIfElse:
		r = s.tickNode(n.kids[s.st[i].current], m, dt)
	case kindCustom:
		r = s.customUpdate(i, m, dt)
	case kindWait:
		r = s.waited(i)
	default:
		r = Success // instant actions and conditions never run on
	}
	s.at = at
	if n.watch != nil {
		s.saw(i, m)
	}
	if r != Running {
		if !r.valid() {
			r = s.invalidStatus(i, "Update")
		}
		s.finish(i, m, r)
	}
	return r
}

// admit checks the constraints of a live node. When one stops the node it
// reports the status its parent sees: Failure for Fail, Success for Done.
// A running node stopped this way was interrupted, not finished, so it is
// ended with Running, as when its parent or Halt interrupts it.
func (s *scratch[M]) admit(i int32, m *M) (Status, bool) {
	check, why := s.check(i, m, false)
	if check == Pass {
		return Running, false
	}
	if s.tracer != nil {
		s.event = Event{Kind: EventConstraint, Path: s.tree.pathOf(i), Check: check, Reason: why, AtBegin: !s.st[i].running()}
		s.emit()
	}
	if s.st[i].running() {
		s.finish(i, m, Running)
	}
	if check == Done {
		return Success, true
	}
	return Failure, true
}

// halt1 interrupts node i if it runs.
func (s *scratch[M]) halt1(i int32, m *M) {
	if s.st[i].running() {
		s.finish(i, m, Running)
	}
}

// finish ends node i: its running children first, deepest first, then the
// node itself with its final status (Running when interrupted). The node
// counts as ended, and its end is traced, before End is called, so a panic
// in End leaves no node running and no begin without its end.
func (s *scratch[M]) finish(i int32, m *M, r Status) {
	n := &s.nodes[i]
	st := &s.st[i]
	switch n.kind {
	case kindSequence, kindPriority, kindSelector, kindIfElse:
		if c := st.current; c >= 0 && int(c) < len(n.kids) {
			s.halt1(n.kids[c], m)
		}
	case kindParallel, kindCustom:
		for _, k := range n.kids {
			s.halt1(k, m)
		}
	}
	s.ended(i, r)
	at := s.at
	s.at = loc(i, opEnd)
	switch n.kind {
	case kindAction:
		n.action.End(m, r)
	case kindSelector:
		if st.current >= 0 {
			st.lastEnded, st.current = st.current, -1
		}
	case kindCustom:
		s.a.custom[n.custom].End(m, r)
	}
	s.at = at
}

// ended records that node i ended with r.
func (s *scratch[M]) ended(i int32, r Status) {
	st := &s.st[i]
	st.flags = st.flags&^stRunning | stHasRun
	st.ended = r
	st.lastEnd = s.clock.Now()
	if s.tracer != nil {
		why := ""
		if s.whyFor == i+1 {
			why, s.why, s.whyFor = s.why, "", 0
		}
		s.trace(EventEnd, i, r, 0, why)
	}
}

// check evaluates node i's constraints: any Fail wins, then any Done. A
// quarantined node always fails.
func (s *scratch[M]) check(i int32, m *M, simulating bool) (Check, string) {
	if s.st[i].flags&stQuarantined != 0 {
		return Fail, quarantinedVerdict.Reason
	}
	if simulating && (s.nodes[i].flags&flagTimeless == 0 || s.st[i].running()) && s.ctx.Moment() != (Moment{}) {
		return s.checkLater(i, m)
	}
	at := s.at
	s.at = loc(i, opConstraint)
	check, why := Pass, ""
	for _, k := range s.nodes[i].constraints {
		// The situation is made for each call, in place: cheaper than
		// copying one made before the loop (most nodes have one).
		got, reason := k.Evaluate(s.situation(i, simulating), m)
		var stop bool
		if check, why, stop = s.fold(i, check, why, got, reason); stop {
			break
		}
	}
	s.at = at
	return check, why
}

// checkLater is check for a prediction under way: node i's constraints
// are told the time it has reached, and what it ran.
//
//go:noinline
func (s *scratch[M]) checkLater(i int32, m *M) (Check, string) {
	at := s.at
	s.at = loc(i, opConstraint)
	sit := s.situation(i, true)
	s.predicted(i, &sit)
	check, why := Pass, ""
	for _, k := range s.nodes[i].constraints {
		got, reason := k.Evaluate(sit, m)
		var stop bool
		if check, why, stop = s.fold(i, check, why, got, reason); stop {
			break
		}
	}
	s.at = at
	return check, why
}

// fold adds a constraint's answer got (and reason) to node i's answer so
// far, check and why, and says whether it is final: Fail wins, then Done.
func (s *scratch[M]) fold(i int32, check Check, why string, got Check, reason string) (Check, string, bool) {
	switch got {
	case Pass:
	case Done:
		if check == Pass {
			check, why = Done, reason
		}
	case Fail:
		return Fail, reason, true
	default:
		s.invalid(i, "a constraint returned an invalid check")
		return Fail, "invalid check", true
	}
	return check, why, false
}

// situation is what node i's constraints are told now, live; in a
// prediction, predicted moves it on.
func (s *scratch[M]) situation(i int32, simulating bool) Situation {
	st := &s.st[i]
	return Situation{
		Now:        s.clock.Now(),
		Simulating: simulating,
		Running:    st.running(),
		hasRun:     st.flags&stHasRun != 0,
		lastEnd:    st.lastEnd,
		seed:       s.a.seed,
		tick:       s.keyTick,
		node:       s.nodes[i].key,
		step:       s.clock.step,
	}
}

// predicted moves sit to where the prediction under way stands: the time
// it has reached, and when node i finished in it, if it did. A node that
// runs now but is predicted once the prediction has moved on (a step
// later in a plan that does not go on with it) was halted at the start
// of the prediction, and begins afresh (see runsOn).
func (s *scratch[M]) predicted(i int32, sit *Situation) {
	*sit = sit.Later(s.ctx.Elapsed())
	switch end, ok := s.ctx.LastRan(i); {
	case ok:
		sit.hasRun, sit.lastEnd, sit.Running = true, s.clock.Now()+end, false
	case sit.Running:
		sit.hasRun, sit.lastEnd, sit.Running = true, s.clock.Now(), false
	}
}

// runsOn reports whether node i is predicted as what remains of its run:
// it runs, and the prediction has not moved on. A prediction that has
// (a plan whose first steps are others) halts it first, and predicts it
// run afresh.
func (s *scratch[M]) runsOn(i int32) bool {
	return s.st[i].running() && s.ctx.Moment() == (Moment{})
}

// quarantinedVerdict is how a node that panicked simulates from then on.
var quarantinedVerdict = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "quarantined after a panic"}

// simulate predicts node i's run on the scratch memory m. A constraint
// that fails makes it Impossible without simulating it; Done judges the
// unchanged memory. When the caller knows that m was just copied from
// before (a choice's candidate, a chain's first step), an action leaf, a
// sequence or a parallel judges against before instead of taking a
// snapshot of its own.
func (s *scratch[M]) simulate(i int32, before, m *M) heuristic.Verdict {
	check, why := s.constrained(i, m)
	if check == Fail {
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: why}
	}
	return s.simulateChecked(i, before, m, check)
}

// candidate predicts child k of a choice made on memory m, on a fresh copy
// of m pushed on the scratch stack, which it returns. Constraints read
// the memory without changing it, so they are checked on m itself, and a
// child they refuse costs no copy: try is nil, and nothing is pushed.
func (s *scratch[M]) candidate(k int32, m *M) (try *M, v heuristic.Verdict) {
	check, why := s.constrained(k, m)
	if check == Fail {
		return nil, heuristic.Verdict{Outcome: heuristic.Impossible, Reason: why}
	}
	try = s.ctx.Push(m)
	return try, s.simulateChecked(k, m, try, check)
}

// constrained checks node i's constraints for a prediction on m, and Pass
// for a node that has none.
func (s *scratch[M]) constrained(i int32, m *M) (Check, string) {
	if s.nodes[i].flags&flagGuarded == 0 && s.st[i].flags&stQuarantined == 0 {
		return Pass, ""
	}
	return s.check(i, m, true)
}

// simulateChecked predicts node i, whose constraints said check (Pass or
// Done), under its goal if it has one.
func (s *scratch[M]) simulateChecked(i int32, before, m *M, check Check) heuristic.Verdict {
	if s.nodes[i].flags&flagGoal == 0 {
		return s.simulateNode(i, before, m, check)
	}
	s.ctx.pushHeuristic(s.nodes[i].goal)
	v := s.simulateNode(i, before, m, check)
	s.ctx.popHeuristic()
	return v
}

func (s *scratch[M]) simulateNode(i int32, before, m *M, check Check) heuristic.Verdict {
	if check == Done {
		return s.judge(m, m)
	}
	n := &s.nodes[i]
	s.work++
	at := s.at
	s.at = loc(i, opSimulate)
	var v heuristic.Verdict
	switch n.kind {
	case kindAction, kindInstant, kindWait:
		v = s.predict(i, before, m)
	case kindCondition:
		v = s.predictCondition(n, m)
	case kindSequence:
		v = s.simulateSequence(i, before, m)
	case kindPriority:
		v = s.simulatePriority(i, m)
	case kindSelector:
		v = s.simulateSelector(i, m)
	case kindParallel:
		v = s.simulateParallel(i, before, m)
	case kindIfElse:
		v = s.simulateIfElse(i, m)
	default:
		v = s.a.custom[n.custom].Simulate(s.ctx, m)
	}
	s.at = at
	if !v.Outcome.Valid() {
		s.invalid(i, "Simulate returned an invalid outcome")
		v = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "invalid outcome"}
	}
	if n.flags&flagWatched != 0 && v.Outcome != heuristic.Impossible {
		s.ctx.Ran(i)
	}
	return v
}

// guarded reports whether node i has a guard a reactive parent can check
// without beginning it: constraints, the test of a condition, or the
// conditions a sequence begins with.
func (s *scratch[M]) guarded(i int32) bool {
	n := &s.nodes[i]
	return n.flags&flagGuarded != 0 || s.st[i].flags&stQuarantined != 0 || n.kind == kindCondition ||
		len(s.leadingConditions(i)) > 0
}

// leadingConditions returns the Condition children a sequence begins
// with, before its first other child; nil for any other node.
func (s *scratch[M]) leadingConditions(i int32) []int32 {
	n := &s.nodes[i]
	if n.kind != kindSequence {
		return nil
	}
	k := 0
	for k < len(n.kids) && s.nodes[n.kids[k]].kind == kindCondition {
		k++
	}
	return n.kids[:k]
}

// guard checks whether node i could begin now without beginning it: its
// constraints; for a condition, its test; for a sequence, the guards of
// the conditions it begins with (the classic "condition, then action").
func (s *scratch[M]) guard(i int32, m *M, simulating bool) (Check, string) {
	n := &s.nodes[i]
	check, why := Pass, ""
	if n.flags&flagGuarded != 0 || s.st[i].flags&stQuarantined != 0 {
		if check, why = s.check(i, m, simulating); check == Fail {
			return check, why
		}
	}
	if n.kind == kindCondition && !s.holds(i, m) {
		return Fail, n.whenFalse
	}
	for _, k := range s.leadingConditions(i) {
		if kc, kwhy := s.guard(k, m, simulating); kc == Fail {
			return kc, kwhy
		}
	}
	return check, why
}

// holds asks condition i's test.
func (s *scratch[M]) holds(i int32, m *M) bool {
	at := s.at
	s.at = loc(i, opConstraint)
	ok := s.nodes[i].test(m)
	s.at = at
	return ok
}
