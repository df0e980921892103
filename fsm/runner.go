package fsm

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/decider"
)

// Runner makes an agent's runner of the machine over steps, the handles
// on the nodes of Steps: a planner node's runner, which the tree makes.
// Put the machine in a tree with bt.Builder.Plan.
//
// The runner begins in the initial state (or, with History, where an
// interruption left it). In every tick it first settles: it checks the
// transitions from any state, then those of the states the machine is
// in, outermost first (innermost first, with InnerFirst, and those from
// any state last), each state's in the order written, and takes the
// first that fires, leaving the states it leaves (the node halted,
// deepest first) and entering the next, whose transitions it checks in
// turn. Then it runs the state's node: it begins it, or updates it. When
// the node ends, its end (Succeeded, Failed) is a trigger that the
// state's transitions may wait for (and, if none takes it, those of the
// states that hold it, innermost first), and the runner settles again,
// so the next state begins in the same tick. In one tick the runner
// enters each state at most once: a transition into a state it entered
// already in the tick waits for the next tick (as it would, checked
// again then), and meanwhile the state the machine is in runs its node,
// as every state entered does. A node that ends with no transition to
// take ends the machine, with its status; so does a final state's, and a
// final state that runs nothing ends it as it is entered, with Success.
//
// As it leaves a state (its node halted, or ended) the runner calls the
// state's exit hooks, innermost state first; as it enters one, its entry
// hooks, outermost first; then the machine's Transitioned: live only.
// A state's guards on leaving (LeaveIf) are checked with the
// transition's own, for each state the transition leaves.
//
// A machine checks its transitions every tick: the Replan and ReplanOn
// options are refused on its node (give a planner among its states its
// own).
//
// Each state the runner enters is reported to the tree's tracer as a
// bt.EventPlan: decide.Made for the state it begins in (Reason "initial
// state patrol", or "history: back to patrol"), decide.Replaced for each
// transition, whose Reason is the transition ("patrol → chase: in
// sight") and whose Rejected are the transitions checked before it that
// did not fire, each with the guard's reason or the trigger that was not
// there. Goal is the state the machine then stands in (the innermost:
// for a transition into a state with substates, the substate it enters)
// and Steps its node (none for a state that runs nothing). Agent.Preview reports what the tick will
// report (Preview.Plans) and follows the runner into the node the tick
// will run.
//
// Under a simulated selector, the runner predicts its run from where it
// is: it settles as the tick would, predicts the state's node (what
// remains of it, if it runs), and follows the transition the prediction
// would take at the node's end into the next state, and so on, each state
// at most once: it stops where the machine would come round again, where
// it would end, or at a state that runs nothing. (Where the machine comes
// round in the tick it entered the state it leaves, it runs that state's
// node first, waiting for the next tick: the prediction leaves it out.)
// A machine that would end failing is Impossible.
//
// The runner's own calls into user code (guards, hooks, the way to the
// Inbox) are its code: a panic there quarantines the machine node; a state's
// node is a node of the tree, and a panic there quarantines that node.
func (m *Machine[M]) Runner(steps []*bt.Child[M], replan bt.Replanning[M]) (bt.Node[M], error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if replan.Periodic || replan.On != nil {
		return nil, errors.New("fsm: a machine checks its transitions every tick: Replan and ReplanOn are not for " +
			"a machine's node (give a planner among its states its own)")
	}
	if len(steps) != len(m.steps) {
		return nil, errors.New("fsm: the runner's children are not its machine's states' nodes: put the machine in a tree as a planner node")
	}
	r := &runner[M]{m: m, kids: steps, at: cursor{cur: -1}, last: -1, set: -1,
		entered: make([]uint64, len(m.states)), seen: make([]uint64, len(m.states)),
		left: make([]time.Duration, len(m.states)), scores: make([]float64, len(m.states)), tried: make([]bool, len(m.states))}
	for i := range r.left {
		r.left[i] = unvisited
	}
	return r, nil
}

// A cursor is where a machine stands: the innermost state it is in (one
// with no substates), and how the state's node ended in this visit (0
// while it runs or has not begun).
type cursor struct {
	cur   int32
	ended bt.Status
	armed int32         // a delayed transition that fired, plus one, waiting to be taken; 0 for none
	due   time.Duration // when the machine takes it, on the agent's clock
}

// runner is one agent's run of a machine.
type runner[M any] struct {
	m    *Machine[M]
	kids []*bt.Child[M]
	self *bt.Child[M]
	at   cursor
	last int32 // the state an interruption left the machine in, for History; -1 for none

	// calls counts the live calls (Begin, Update) and previews (Route);
	// entered holds the call in which each state was last entered, so that
	// a tick enters each state once. preds and seen do the same for
	// predictions.
	calls   uint64
	entered []uint64
	preds   uint64
	seen    []uint64

	// left holds when the machine last left each state, on the agent's
	// clock, or unvisited: what a guard into a state that runs nothing is
	// told of its last run, as a node's handle tells it of the node's.
	left []time.Duration

	// scores and tried, by state, are scratch for choosing a substate by
	// utility (choose): each state's score, and whether it was tried.
	scores []float64
	tried  []bool

	set   int32   // the state Run.Set sets, for the next live call to enter; -1 for none
	asked Trigger // while asking: the trigger asked about, whose transitions alone are checked

	tracing  bool
	report   decide.Report
	rejected []decide.Rejection // the report's Rejected, when there are any
	step     [1]string          // the report's Steps, when the state runs a node
}

// unvisited is when the machine last left a state it has never left.
const unvisited time.Duration = -1

// A mode is what the runner does while it settles: act on the live
// memory, preview a tick, or predict.
type mode uint8

const (
	acting mode = iota
	previewing
	predicting
	asking // Run.Can asks whether a transition on a trigger would fire
)

// A move is a transition found to fire: the transition, and the state
// the machine then stands in (its target, or the substate the target
// descends to).
type move struct {
	t    int32
	leaf int32
}

// Bind keeps the runner's own handle, for its reports and situation.
func (r *runner[M]) Bind(self *bt.Child[M]) { r.self = self }

// Describe says what the node runs, for dumps and pictures.
func (r *runner[M]) Describe() string {
	return "fsm: " + strconv.Itoa(len(r.m.states)) + " states, initial " + r.m.initialName()
}

// live starts a live call (Begin, Update, Route): it reports if traced.
func (r *runner[M]) live() { r.tracing = r.self.Tracing() }

// hush ends a live call: predictions between them do not report.
func (r *runner[M]) hush() { r.tracing = false }

// Begin enters the state the machine begins in, settles and runs it.
func (r *runner[M]) Begin(m *M) bt.Status {
	r.live()
	defer r.hush()
	r.calls++
	r.at = r.begin(m, acting, nil)
	if r.at.cur < 0 {
		return bt.Failure // no state it can enter: reported
	}
	s := r.run(m, 0)
	r.drop(m)
	return s
}

// Update settles and runs the current state; a runner that stands in
// none begins (see standing).
func (r *runner[M]) Update(m *M, dt time.Duration) bt.Status {
	if r.at.cur < 0 {
		return r.Begin(m)
	}
	r.live()
	defer r.hush()
	r.calls++
	r.setNow(&r.at, m, acting)
	s := r.run(m, dt)
	r.drop(m)
	return s
}

// drop reports the triggers left in the inbox at the end of a live tick
// to the machine's Unhandled hook, if it has one, and takes them out.
func (r *runner[M]) drop(m *M) {
	in := r.inbox(m)
	if r.m.unhandled == nil || in == nil || in.n == 0 {
		return
	}
	left := *in
	*in = Inbox{} // a trigger the hook posts waits for the next tick
	name := r.m.states[r.at.cur].name
	for i := range left.n {
		r.call1(r.m.unhandled, m, Change{From: name, To: name, Trigger: left.events[i], payload: left.payloads[i]}, "Unhandled")
	}
}

// End remembers the state an interruption left the machine in, for
// History, and forgets where it stands: the machine leaves every state
// it is in, innermost first, calling their exit hooks.
func (r *runner[M]) End(m *M, s bt.Status) {
	if r.at.cur >= 0 {
		r.exit(m, r.at.cur, -1, Change{From: r.m.states[r.at.cur].name})
	}
	r.last = -1
	if s == bt.Running && r.m.history {
		r.last = r.at.cur
	}
	r.at = cursor{cur: -1}
}

// standing reports whether the runner runs, and stands in a state. A
// runner that runs stands in one, but for a save that says it runs, and
// in no state, which its node's state cannot tell from a true one (see
// RestoreState): it begins, rather than fault.
func (r *runner[M]) standing() bool { return r.at.cur >= 0 && r.self.Running() }

// start returns the state the machine begins in, and why: the state
// Run.Set set, the state History brings it back to, or the top-level
// state it enters as it would a state that held them all (see choose);
// -1 and why not if it can enter none.
func (r *runner[M]) start(m *M, md mode, ctx *bt.Sim[M]) (int32, string) {
	if r.set >= 0 {
		return r.set, r.m.states[r.set].setTo
	}
	if r.m.history && r.last >= 0 {
		return r.last, r.m.states[r.last].back
	}
	leaf, top, why := r.choose(r.m.tops, r.m.topsByUtility, m, md, ctx)
	if leaf < 0 {
		return -1, why
	}
	return leaf, r.m.states[top].first
}

// begin enters the state the machine begins in, and the states that
// hold it, in the call under way, and reports it (unless predicting);
// acting, it calls their entry hooks, and the machine's Transitioned.
// If it can enter none, it reports so (decide.None), and stands in none.
func (r *runner[M]) begin(m *M, md mode, ctx *bt.Sim[M]) cursor {
	s, why := r.start(m, md, ctx)
	if md == acting {
		r.set = -1
	}
	if md != predicting {
		r.rejected = r.rejected[:0]
	}
	if s < 0 {
		if md != predicting {
			r.tell(decide.None, why, -1)
		}
		return cursor{cur: -1}
	}
	r.mark(s, -1, md)
	if md != predicting {
		r.tell(decide.Made, why, s)
	}
	r.apply(m, s, -1, md)
	if md == acting {
		r.enterHooks(m, Change{To: r.m.states[s].name}, s, -1)
	}
	return cursor{cur: s}
}

// apply writes the parameters of leaf and of the states that hold it, in
// from the state domain, outermost first, into m (Params): the live
// memory, a preview's copy or a prediction's.
func (r *runner[M]) apply(m *M, leaf, domain int32, md mode) {
	if md == asking {
		return
	}
	chain := r.m.states[leaf].chain
	for _, s := range chain[r.depth(domain)+1:] {
		for _, set := range r.m.states[s].params {
			set(m)
		}
	}
}

// mayEnter reports whether the enter conditions of state s pass on m
// (EnterIf), told the situation of its node as if about to begin it;
// if not, why.
func (r *runner[M]) mayEnter(s int32, m *M, md mode, ctx *bt.Sim[M]) (bool, string) {
	guards := r.m.states[s].enterIf
	if len(guards) == 0 {
		return true, ""
	}
	return pass(guards, r.situation(s, md, ctx), m, nil)
}

// pick returns the state the machine stands in when it enters state s:
// s itself, or, for a state that holds others, the substate choose
// chooses, and so on down; -1, and why, for none.
func (r *runner[M]) pick(s int32, m *M, md mode, ctx *bt.Sim[M]) (int32, string) {
	st := &r.m.states[s]
	if len(st.subs) == 0 {
		return s, ""
	}
	leaf, _, why := r.choose(st.subs, st.byUtility, m, md, ctx)
	return leaf, why
}

// choose returns the state the machine stands in when it enters one of
// the states of list, siblings, and the one of list it enters: the first
// in the order declared that it may enter (EnterIf), and so on down, as
// StateTree selects a child state in order; or, byUtility, the one that
// scores highest (Utility) of those, the first declared on a tie. It
// returns -1, and the first reason it met, for none. It is the one place
// a machine chooses where it goes without a transition.
func (r *runner[M]) choose(list []int32, byUtility bool, m *M, md mode, ctx *bt.Sim[M]) (leaf, in int32, why string) {
	if byUtility {
		for _, s := range list {
			r.scores[s] = r.m.states[s].utility(m)
			r.tried[s] = false
		}
	}
	for k := range list {
		s := list[k]
		if byUtility {
			if s = r.best(list); s < 0 {
				break
			}
			r.tried[s] = true
		}
		ok, no := r.mayEnter(s, m, md, ctx)
		if ok {
			if leaf, no = r.pick(s, m, md, ctx); leaf >= 0 {
				return leaf, s, ""
			}
		}
		if why == "" {
			why = no
		}
	}
	return -1, -1, why
}

// best returns the state of list not tried yet that scores highest, the
// first on a tie; -1 if all were tried.
func (r *runner[M]) best(list []int32) int32 {
	top := int32(-1)
	for _, s := range list {
		if !r.tried[s] && (top < 0 || outranks(r.scores[s], r.scores[top])) {
			top = s
		}
	}
	return top
}

// enters returns the state the machine stands in when a transition into
// state to, from out of the state domain, enters it: the states from
// domain in to to must each pass their enter conditions, and to's
// substates are picked as pick does; -1, and why, if it cannot.
func (r *runner[M]) enters(to, domain int32, m *M, md mode, ctx *bt.Sim[M]) (int32, string) {
	chain := r.m.states[to].chain
	for _, s := range chain[r.depth(domain)+1:] {
		if ok, why := r.mayEnter(s, m, md, ctx); !ok {
			return -1, why
		}
	}
	return r.pick(to, m, md, ctx)
}

// enterHooks calls the entry hooks of leaf and the states that hold it, in
// from the state domain, outermost first, and then the machine's
// Transitioned, for change c.
func (r *runner[M]) enterHooks(m *M, c Change, leaf, domain int32) {
	chain := r.m.states[leaf].chain
	for _, s := range chain[r.depth(domain)+1:] {
		r.call(r.m.states[s].entry, m, c, r.m.states[s].entering)
	}
	for _, h := range r.m.after {
		if err := h(m, c); err != nil {
			r.self.Fault(fmt.Errorf("Transitioned, %s → %s: %w", c.From, c.To, err))
		}
	}
}

// call calls hooks for change c, and reports their errors, each after
// what: "leaving patrol".
func (r *runner[M]) call(hooks []Hook[M], m *M, c Change, what string) {
	for _, h := range hooks {
		r.call1(h, m, c, what)
	}
}

// call1 calls hook for change c, and reports its error after what.
func (r *runner[M]) call1(hook Hook[M], m *M, c Change, what string) {
	if err := hook(m, c); err != nil {
		r.self.Fault(fmt.Errorf("%s: %w", what, err))
	}
}

// mark notes that the call under way (the prediction, when predicting)
// enters leaf and the states that hold it, in from the state domain.
func (r *runner[M]) mark(leaf, domain int32, md mode) {
	chain := r.m.states[leaf].chain
	for _, s := range chain[r.depth(domain)+1:] {
		if md == predicting {
			r.seen[s] = r.preds
		} else {
			r.entered[s] = r.calls
		}
	}
}

// marked reports whether the call under way (the prediction, when
// predicting) entered any of leaf and the states that hold it, in from
// the state domain, already.
func (r *runner[M]) marked(leaf, domain int32, md mode) bool {
	chain := r.m.states[leaf].chain
	for _, s := range chain[r.depth(domain)+1:] {
		if md == predicting && r.seen[s] == r.preds || md != predicting && r.entered[s] == r.calls {
			return true
		}
	}
	return false
}

// depth returns how deep state s is: 0 for a top-level state, -1 for
// none (-1).
func (r *runner[M]) depth(s int32) int {
	if s < 0 {
		return -1
	}
	return len(r.m.states[s].chain) - 1
}

// run settles the machine on the live memory and runs its state, until
// the state's node runs on or the machine ends.
func (r *runner[M]) run(m *M, dt time.Duration) bt.Status {
	in := r.inbox(m)
	for {
		mv, wait := r.fire(&r.at, m, in, acting, nil)
		switch {
		case mv.t >= 0:
			r.take(&r.at, mv, m, in, acting)
			continue // an internal transition, or an ignored trigger, took a trigger: settle again
		case r.at.ended != 0 && (wait || r.at.armed > 0):
			return bt.Running // the node ended, and its transition waits for the next tick, or its delay
		case r.at.ended != 0:
			return r.at.ended // no transition takes the node's end: the machine ends so
		}
		// The state the machine is in runs its node, even while a
		// transition out of it waits for the next tick: it was entered.
		k := r.kid(r.at.cur)
		if k == nil {
			if r.m.states[r.at.cur].final {
				return bt.Success
			}
			return bt.Running // a state that runs nothing waits for a transition
		}
		if s := k.Tick(m, dt); s != bt.Running {
			r.at.ended = s
			continue
		}
		return bt.Running
	}
}

// take takes the move mv from c: it takes the trigger the transition
// waited for out of the inbox, leaves the states the machine leaves
// (acting: halting the node of the state it stands in, and noting when it
// left each), and enters the next, in the call under way (a
// prediction's own numbering when predicting), reporting it.
func (r *runner[M]) take(c *cursor, mv move, m *M, in *Inbox, md mode) {
	t := &r.m.trans[mv.t]
	var payload any
	switch {
	case c.armed == mv.t+1:
		c.armed = 0 // its trigger was taken as it fired
	case t.event != "" && !t.event.completion() && in != nil:
		payload, _ = in.take(t.event)
	}
	if t.kind != external { // handled in place: nothing is left or entered
		if md != predicting {
			r.tell(decide.Kept, t.reason, c.cur)
		}
		if md == acting && t.hook != nil {
			name := r.m.states[c.cur].name
			r.call1(t.hook, m, Change{From: name, To: name, Trigger: t.event, payload: payload}, t.name)
		}
		return
	}
	r.goTo(c, mv.leaf, r.m.domain(c.cur, t.to), Change{Trigger: t.event, payload: payload}, t.reason, m, md)
}

// goTo takes the machine from where c stands to leaf, leaving the states
// out to the state domain and entering those in to leaf, in the call
// under way (a prediction's own numbering when predicting), and reports
// it, for reason. Acting, it halts the node of the state it leaves, notes
// when it left each, and calls the exit and entry hooks and
// Transitioned, told the change, whose trigger and payload ch holds.
func (r *runner[M]) goTo(c *cursor, leaf, domain int32, ch Change, reason string, m *M, md mode) {
	if md == acting {
		if k := r.kid(c.cur); k != nil && k.Running() {
			k.Halt(m)
		}
		ch.From, ch.To = r.m.states[c.cur].name, r.m.states[leaf].name
		r.exit(m, c.cur, r.depth(domain), ch)
	}
	r.mark(leaf, domain, md)
	if md != predicting {
		r.tell(decide.Replaced, reason, leaf)
	}
	next := cursor{cur: leaf}
	if c.armed > 0 && r.depth(r.m.trans[c.armed-1].from) <= r.depth(domain) {
		next.armed, next.due = c.armed, c.due // its state is not left: its delayed transition still waits
	}
	*c = next
	r.apply(m, leaf, domain, md)
	if md == acting {
		r.enterHooks(m, ch, leaf, domain)
	}
}

// exit leaves the states that hold leaf (leaf too) deeper than depth
// (-1: all), innermost first: it notes when it left each and calls its
// exit hook, told the change ch.
func (r *runner[M]) exit(m *M, leaf int32, depth int, ch Change) {
	now := r.self.Now()
	chain := r.m.states[leaf].chain
	for d := len(chain) - 1; d > depth; d-- {
		r.left[chain[d]] = now
		r.call(r.m.states[chain[d]].exit, m, ch, r.m.states[chain[d]].leaving)
	}
}

// setNow takes the machine from where c stands to the state Run.Set
// set, if it set one, as goTo does: acting, once, and then forgets it.
func (r *runner[M]) setNow(c *cursor, m *M, md mode) {
	if r.set < 0 {
		return
	}
	to := r.set
	if md == acting {
		r.set = -1
	}
	r.rejected = r.rejected[:0] // a set turns no transition down
	r.goTo(c, to, r.m.domain(c.cur, to), Change{}, r.m.states[to].setTo, m, md)
}

// fire returns the first transition that fires from c on m, checked in
// order (see Runner), as a move, or one whose t is -1. wait reports a
// transition that fires into a state entered already in the call: it is
// taken no sooner than the next call. While tracing, the transitions
// checked that did not fire are noted in the report's Rejected. It is
// the one decision of the machine, which a tick, a preview and a
// prediction share.
func (r *runner[M]) fire(c *cursor, m *M, in *Inbox, md mode, ctx *bt.Sim[M]) (mv move, wait bool) {
	if r.tracing && md != predicting {
		r.rejected = r.rejected[:0]
	}
	leaf := &r.m.states[c.cur]
	if leaf.final {
		return move{t: -1}, false // nothing leaves a final state
	}
	chain := leaf.chain
	var found bool
	if r.m.innerFirst {
		for d := len(chain) - 1; d >= 0 && !found; d-- {
			mv, wait, found = r.first(r.m.states[chain[d]].out, every, c, m, in, md, ctx)
		}
		if !found {
			mv, wait, found = r.first(r.m.any, every, c, m, in, md, ctx)
		}
	} else {
		mv, wait, found = r.first(r.m.any, every, c, m, in, md, ctx)
		for d := 0; d < len(chain) && !found; d++ {
			which := every
			if d < len(chain)-1 {
				which = unlessEnds // a state's on its substate's end come after the substate's
			}
			mv, wait, found = r.first(r.m.states[chain[d]].out, which, c, m, in, md, ctx)
		}
		for d := len(chain) - 2; d >= 0 && !found; d-- {
			mv, wait, found = r.first(r.m.states[chain[d]].out, onEnds, c, m, in, md, ctx)
		}
	}
	if !found || wait {
		mv.t = -1
	}
	return mv, wait
}

// Which of a list's transitions first checks: all of them, those that do
// not wait for a node's end, or those that do.
const (
	every = iota
	unlessEnds
	onEnds
)

// first checks the transitions of list (those which says) in order, and
// returns the first that fires from c, if one does (found). A delayed
// transition that fired and waits (c.armed) fires again once it is due,
// whatever its trigger and guards say now; a prediction takes it at once.
func (r *runner[M]) first(list []int32, which int, c *cursor, m *M, in *Inbox, md mode, ctx *bt.Sim[M]) (mv move, wait, found bool) {
	for _, i := range list {
		tr := &r.m.trans[i]
		switch {
		case which == unlessEnds && tr.event.completion(), which == onEnds && !tr.event.completion():
			continue
		case tr.from == anyState && r.m.holds(c.cur, tr.to):
			continue // from any state, but never into a state the machine is in
		case md == asking && tr.event != r.asked:
			continue
		}
		armed := c.armed == i+1 && md != asking
		var ok bool
		var why string
		switch {
		case armed && md != predicting && r.self.Now() < c.due:
			why = tr.after // it fired, and waits
		case armed:
			ok = true // it fired: its trigger taken, its guards are not checked again
		default:
			ok, why = r.admits(tr, c, m, in, md, ctx)
			if ok && tr.from != c.cur && tr.event != "" && !tr.event.completion() {
				if in, shadowed := r.m.ignored(c.cur, tr.from, tr.event); shadowed {
					ok, why = false, in
				}
			}
		}
		if ok && tr.kind != external {
			return move{t: i, leaf: c.cur}, false, true
		}
		domain := r.m.domain(c.cur, tr.to)
		if ok {
			ok, why = r.leaves(c, domain, m, md, ctx)
		}
		leaf := int32(-1)
		if ok {
			if leaf, why = r.enters(tr.to, domain, m, md, ctx); leaf < 0 {
				ok = false
			}
		}
		if ok && !armed && tr.delay > 0 && (md == acting || md == previewing) {
			ok, why = false, r.arm(c, i, in)
		}
		if !ok {
			if r.tracing && md != predicting {
				r.rejected = append(r.rejected, decide.Rejection{Name: tr.name, Reason: why})
			}
			continue
		}
		if (md == acting || md == previewing) && r.marked(leaf, domain, md) {
			return move{t: -1}, true, true
		}
		return move{t: i, leaf: leaf}, false, true
	}
	return move{t: -1}, false, false
}

// arm arms the delayed transition i, which fired from c, unless a delayed
// transition waits already (then i waits for it), taking its trigger out
// of the inbox; it returns why i is not taken now.
func (r *runner[M]) arm(c *cursor, i int32, in *Inbox) string {
	tr := &r.m.trans[i]
	switch c.armed {
	case 0:
		c.armed, c.due = i+1, decider.Later(r.self.Now(), tr.delay)
		if tr.event != "" && !tr.event.completion() && in != nil {
			in.take(tr.event)
		}
		return tr.after
	case i + 1:
		return tr.after
	}
	return waitsForAnother
}

// waitsForAnother is why a delayed transition that fires is not armed.
const waitsForAnother = "another delayed transition waits"

// admits reports whether transition t fires from c on m: its trigger is
// there, and every guard passes; if not, why.
func (r *runner[M]) admits(t *transition[M], c *cursor, m *M, in *Inbox, md mode, ctx *bt.Sim[M]) (bool, string) {
	switch {
	case t.event == Succeeded && c.ended != bt.Success, t.event == Failed && c.ended != bt.Failure:
		return false, t.absent
	case t.event != "" && !t.event.completion() && (in == nil || !in.has(t.event)):
		return false, t.absent
	}
	if len(t.guards) == 0 {
		return true, ""
	}
	sit := bt.Situation{Simulating: md == predicting} // all a timeless guard reads
	if !t.timeless {
		sit = r.situation(t.to, md, ctx)
	}
	var payload any
	if t.payload && in != nil {
		payload = in.peek(t.event)
	}
	return pass(t.guards, sit, m, payload)
}

// leaves reports whether the machine, standing where c says, may leave
// the states out to the state domain: the guards of each (LeaveIf) pass,
// each told the situation of the state's node (the machine's, for a
// state that runs nothing); if not, why.
func (r *runner[M]) leaves(c *cursor, domain int32, m *M, md mode, ctx *bt.Sim[M]) (bool, string) {
	chain := r.m.states[c.cur].chain
	for d := len(chain) - 1; d > r.depth(domain); d-- {
		guards := r.m.states[chain[d]].leaveIf
		if len(guards) == 0 {
			continue
		}
		self := r.self
		if k := r.kid(chain[d]); k != nil {
			self = k
		}
		sit := self.Situation(md == predicting)
		if md == predicting {
			sit = sit.Later(ctx.Elapsed())
		}
		if ok, why := pass(guards, sit, m, nil); !ok {
			return false, why
		}
	}
	return true, ""
}

// pass reports whether every guard passes on m, told sit (and, a guard on
// a payload, payload); if not, why.
func pass[M any](guards []bt.Constraint[M], sit bt.Situation, m *M, payload any) (bool, string) {
	for _, g := range guards {
		var check bt.Check
		var why string
		if p, ok := g.(payloadReader[M]); ok {
			check, why = p.evaluate(payload, m)
		} else {
			check, why = g.Evaluate(sit, m)
		}
		switch check {
		case bt.Pass, bt.Done:
		case bt.Fail:
			return false, why
		default:
			return false, "invalid check " + check.String()
		}
	}
	return true, ""
}

// situation is what a transition's guards into state to are told: the
// situation of to's node as if about to begin it, at the time the
// prediction has reached. A state that runs nothing has the machine's,
// with the time the machine last left the state as its last run, once it
// has, so that a cooldown spaces the visits to it too.
func (r *runner[M]) situation(to int32, md mode, ctx *bt.Sim[M]) bt.Situation {
	var s bt.Situation
	if k := r.kid(to); k != nil {
		s = k.Situation(md == predicting)
	} else {
		s = r.self.Situation(md == predicting)
		if at := r.left[to]; at != unvisited {
			s = s.After(at)
		}
	}
	s.Running = false
	if md == predicting {
		s = s.Later(ctx.Elapsed())
	}
	return s
}

// kid returns the handle on state i's node, or nil for a state that runs
// nothing.
func (r *runner[M]) kid(i int32) *bt.Child[M] {
	if c := r.m.states[i].child; c >= 0 {
		return r.kids[c]
	}
	return nil
}

// inbox returns the memory's Inbox, or nil for a machine without one.
func (r *runner[M]) inbox(m *M) *Inbox {
	if r.m.inbox == nil {
		return nil
	}
	return r.m.inbox(m)
}

// Route says which state's node a tick would run now, for
// Agent.Preview: it settles as the tick would, on a copy of the inbox,
// reporting what the tick would report, and follows a node that the
// tick would find refused (or done) by its constraints to the
// transition its end would fire.
func (r *runner[M]) Route(m *M) int {
	r.live()
	defer r.hush()
	r.calls++
	c := r.at
	if !r.standing() {
		if c = r.begin(m, previewing, nil); c.cur < 0 {
			return -1
		}
	} else {
		r.setNow(&c, m, previewing)
	}
	var box Inbox
	in := r.inbox(m)
	if in != nil {
		box = *in
		in = &box
	}
	for {
		mv, _ := r.fire(&c, m, in, previewing, nil)
		switch {
		case mv.t >= 0:
			r.take(&c, mv, m, in, previewing)
			continue
		case c.ended != 0:
			return -1
		}
		k := r.kid(c.cur)
		if k == nil {
			return -1
		}
		switch check, _ := k.Check(m); check {
		case bt.Fail:
			c.ended = bt.Failure
		case bt.Done:
			c.ended = bt.Success
		default:
			return int(r.m.states[c.cur].child)
		}
	}
}

// Simulate predicts the machine's run from where it stands (see Runner).
func (r *runner[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	r.preds++
	c := r.at
	if !r.standing() {
		if c = r.begin(m, predicting, ctx); c.cur < 0 {
			return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "no state it can begin in"}
		}
	} else {
		r.setNow(&c, m, predicting)
	}
	r.mark(c.cur, -1, predicting)
	in := r.inbox(m)
	failed := heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "its state failed"}
	ch := bt.StartChain(ctx, m)
	for {
		if mv, _ := r.fire(&c, m, in, predicting, ctx); mv.t >= 0 {
			if t := &r.m.trans[mv.t]; t.kind == external && r.marked(mv.leaf, r.m.domain(c.cur, t.to), predicting) {
				break // the machine would come round again: predicted no further
			}
			r.take(&c, mv, m, in, predicting)
			continue
		}
		if c.ended == bt.Failure {
			return ch.Stop(failed) // the machine would end failing
		}
		k := r.kid(c.cur)
		if c.ended == bt.Success || k == nil {
			break
		}
		v, terminal := ch.Step(k)
		if r.m.unhandled != nil && in != nil {
			*in = Inbox{} // the tick that runs the node drops what is left
		}
		if v.Outcome == heuristic.Impossible {
			c.ended, failed = bt.Failure, v
		} else {
			ch.Count(v)
			c.ended = bt.Success
		}
		if terminal {
			break
		}
	}
	return ch.Finish()
}

// tell reports the machine's entering state to, for reason, to the tree's
// tracer; to is -1 for a machine that can enter none (decide.None).
func (r *runner[M]) tell(change decide.Change, reason string, to int32) {
	if !r.tracing {
		return
	}
	rep := &r.report
	rep.Change, rep.Reason, rep.Goal = change, reason, ""
	rep.Steps, rep.Rejected = nil, nil // none is nil, as in every report
	if to >= 0 {
		s := &r.m.states[to]
		rep.Goal = s.name
		if s.child >= 0 {
			r.step[0] = s.name
			rep.Steps = r.step[:]
		}
	}
	if len(r.rejected) > 0 {
		rep.Rejected = r.rejected
	}
	r.self.Report(rep)
}
