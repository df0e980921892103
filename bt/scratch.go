package bt

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"time"
	"unsafe"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// A scratch is what whoever ticks an agent brings: the simulation context
// with its scratch memories, the agent's plans and candidate buffers while
// it is ticked, the trace event, the panic bookkeeping. Nothing in it
// outlives a call: an agent ticked by any scratch decides the same, so a
// Crowd's workers can tick any agent in any order.
type scratch[M any] struct {
	tree  *Tree[M]
	hot   []hot[M]
	nodes []node[M]
	ctx   *Sim[M]
	clock clock      // the ticked agent's clock, which ctx reads
	warm  uint8      // see fetch
	last  *Agent[M]  // the agent bound last
	rand  *rand.Rand // keyed numbers: see rand.go

	// the call under way
	a       *Agent[M]
	m       *M // the memory it was given
	st      []nodeState
	tracer  Tracer
	session uint64    // one per call of any agent: plans and draw counts belong to one
	plain   bool      // no tracer and no quarantine: quiet leaves may run in place
	key     uint64    // the decision key (see rand.go), made when first needed
	keyed   bool      // key is made
	keyTick uint64    // the tick the key is of
	draws   drawCount // numbers drawn outside any node in this call
	errs    []error
	event   Event
	// why is the reason a node gave for the status it returns (see
	// Child.SetReason), for its end's event; whyFor is the node, plus 1
	// (0: none).
	why    string
	whyFor int32
	// work counts what the tick under way did, for a crowd's budget: the
	// tick, and each node begun or simulated (see Agent.Work).
	work int

	// the agent and generation of the heuristic ctx judges by, so that a
	// worker ticking agent after agent sets it only when it changes
	judging    *Agent[M]
	judgingGen uint64

	// at says which node's code is running and what it is doing, so a
	// panic can be pinned on it without a deferred recover in every node.
	// It packs the node's index and an op into an integer: storing it costs
	// no write barrier on the hot path.
	at    location
	badOp op // what the node that panicked was doing

	plans []plan // selectors and priorities: the choice simulated in this call
	// previewing is set while a Preview walks the tree: a planner's Route
	// then reports what the tick would report, into foreseen, and who
	// reports it, into foreseenBy.
	previewing bool
	foreseen   []decide.Report
	foreseenBy []int32
	walked     []int32     // selectors a Preview's walk found deciding, in order
	bufs       []decisions // selectors: candidate buffers
	drawn      []drawCount // per node: numbers drawn in this call
}

// decisions are a selector's three rotating candidate buffers: work holds
// the choice under way, planned the one behind its plan, and live.Candidates
// the last live decision, reported to tracers.
type decisions struct {
	work, planned []Candidate
	live          Decision
	tried         Decision // a priority's: its live candidates, up to the one picked
}

// drawCount counts the numbers a node drew from Sim.Rand in one
// call.
type drawCount struct {
	session, n uint64
}

func newScratch[M any](t *Tree[M]) *scratch[M] {
	s := &scratch[M]{tree: t, hot: t.hot, nodes: t.nodes}
	s.rand = rand.New(source[M]{s})
	s.ctx = newSim(t.cfg, &s.clock, s.rand)
	s.plans = make([]plan, t.selectors)
	s.bufs = make([]decisions, t.selectors)
	backing := make([]Candidate, 3*t.candidates)
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.kind != kindSelector && n.kind != kindPriority {
			continue
		}
		k := len(n.kids)
		b := &s.bufs[n.selector]
		b.work, backing = backing[:k:k], backing[k:]
		b.planned, backing = backing[:k:k], backing[k:]
		b.live.Candidates, backing = backing[:k:k], backing[k:]
		b.live.Chosen = -1
		for j, kid := range n.kids {
			name := t.nodes[kid].name
			b.work[j].Name, b.planned[j].Name, b.live.Candidates[j].Name = name, name, name
		}
	}
	s.drawn = make([]drawCount, len(t.nodes))
	return s
}

// A location is a node index and an op, packed; zero means no node.
type location uint32

func loc(i int32, o op) location    { return location(i+1)<<3 | location(o) }
func (l location) node() int32      { return int32(l>>3) - 1 }
func (l location) op() op           { return op(l & 7) }
func (l location) within(o op) bool { return l.op() >= o }

// op is what a node is doing when it is called. The order matters: a
// child may be ticked only from ops before opEnd, and halted only from
// ops before opSimulate.
type op uint8

const (
	opNone op = iota
	opBegin
	opUpdate
	opEnd
	opSimulate
	opConstraint
	opRoute // a custom node's Route, for a Preview
)

var opNames = [...]string{"", "Begin", "Update", "End", "Simulate", "constraint", "Route"}

// open binds the scratch to agent a for one call: Halt or Preview.
func (s *scratch[M]) open(a *Agent[M], m *M) error {
	switch {
	case a.run != nil:
		return ErrReentrant
	case m == nil:
		return ErrNilMemory
	}
	s.bind(a)
	s.m = m
	return nil
}

// bind binds the scratch to agent a for one call.
func (s *scratch[M]) bind(a *Agent[M]) {
	a.run = s
	s.a, s.st, s.tracer = a, a.st, a.tracer
	if s.last != a { // the agent ticked last is still in cache
		s.last, s.warm = a, fetch(a.st)
	}
	s.plain = a.tracer == nil && a.quarantines == 0
	s.session++
	s.keyed = false
	s.ctx.Reset() // predictions start afresh in every call
	s.clock = clock{}
	s.clock.Advance(a.clock)
	if s.judging != a || s.judgingGen != a.heuristicGen {
		s.judge1(a)
	}
}

// fetch reads one field in every cache line of an agent's node states and
// returns something of what it read, so that the reads are not optimized
// away. An agent of a crowd is usually out of cache when its turn comes;
// reads made together here overlap, where the same reads made one by one
// as the tick needs them would each wait for memory.
func fetch(st []nodeState) uint8 {
	const perLine = 64 / int(unsafe.Sizeof(nodeState{}))
	var x uint8
	for i := 0; i < len(st); i += perLine {
		x |= st[i].flags
	}
	return x
}

// judge1 puts agent a's heuristic in force.
//
//go:noinline
func (s *scratch[M]) judge1(a *Agent[M]) {
	s.ctx.setHeuristic(a.goal())
	s.judging, s.judgingGen = a, a.heuristicGen
}

// unbind unbinds the scratch from its agent. What the next bind sets is
// left as it is.
func (s *scratch[M]) unbind() {
	s.a.run = nil
	s.at = 0
	s.why, s.whyFor = "", 0
}

// close unbinds the scratch and returns the call's faults.
func (s *scratch[M]) close() error {
	s.unbind()
	if len(s.errs) == 0 {
		return nil
	}
	err := errors.Join(s.errs...)
	s.errs = s.errs[:0]
	return err
}

// step checks a time step of agent a: its clock must take it, with the
// time of the frames a crowd passed a over in since its last tick, which
// the tick (and a preview of it) adds to dt.
func step[M any](a *Agent[M], dt time.Duration) error {
	switch {
	case dt < 0:
		return fmt.Errorf("%w: %v", ErrNegativeStep, dt)
	case dt > math.MaxInt64-a.clock-a.sched.skipped:
		return fmt.Errorf("%w: %v after %v and %v passed over", ErrClockOverflow, dt, a.clock, a.sched.skipped)
	}
	return nil
}

// tick runs one tick of agent a. It is the hot path of every frame of
// every agent, so what it must check is checked inline and the rest is
// kept out of line.
func (s *scratch[M]) tick(a *Agent[M], m *M, dt time.Duration) (status Status, err error) {
	if dt < 0 || dt > math.MaxInt64-a.clock-a.sched.skipped || a.run != nil || m == nil {
		return Failure, s.refuse(a, m, dt)
	}
	dt += a.sched.skipped
	s.bind(a)
	s.work = 1
	a.sched.skipped = 0
	a.clock += dt
	a.ticks++
	s.clock.Advance(dt)
	s.clock.step, s.keyTick = dt, a.ticks
	s.m = m
	defer func() {
		if r := recover(); r != nil {
			status = s.panicked(r)
		}
		if len(s.errs) > 0 {
			err = s.close()
		} else {
			s.unbind()
		}
		a.status = status
		a.work = uint32(min(s.work, math.MaxUint32))
	}()
	if root := &s.tree.root; s.plain && root.flags&flagPlain != 0 && root.action == nil {
		if s.hot[0].kind == kindSequence && s.st[0].flags&stRunning == 0 {
			return s.beginSequence(m), nil
		}
		return s.runPlain(0, m, dt), nil
	}
	var pos int32
	return s.step(&s.tree.root, &pos, 0, m, dt), nil
}

// refuse returns why a call of agent a cannot go ahead.
//
//go:noinline
func (s *scratch[M]) refuse(a *Agent[M], m *M, dt time.Duration) error {
	if err := step(a, dt); err != nil {
		return err
	}
	if a.run != nil {
		return ErrReentrant
	}
	return ErrNilMemory
}

// beginSequence begins the plain sequence at the root, which a tree of
// instant leaves does every tick.
func (s *scratch[M]) beginSequence(m *M) Status {
	s.work++ // begun in place, as begin counts a node
	s.st[0].flags |= stRunning
	s.st[0].current = 0
	s.at = loc(0, opBegin)
	r := s.runSequence(0, m, 0)
	if r != Running {
		s.st[0].flags &^= stRunning
	}
	return r
}

// panicked handles a panic that escaped user code during a tick, and
// returns the tick's status.
//
//go:noinline
func (s *scratch[M]) panicked(r any) Status {
	s.recoverLive(r, debug.Stack(), s.m)
	return Failure
}

// halt halts agent a.
func (s *scratch[M]) halt(a *Agent[M], m *M) (err error) {
	if err := s.open(a, m); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			s.recoverLive(r, debug.Stack(), m)
		}
		err = s.close()
	}()
	s.halt1(0, m)
	return nil
}

// recoverLive handles a panic that escaped user code during Tick or Halt.
func (s *scratch[M]) recoverLive(r any, stack []byte, m *M) {
	bad := s.fault(r, stack, true)
	for range s.nodes { // each failed attempt ends at least one more node
		if s.cleanUp(m, bad) {
			return
		}
		bad = -1
	}
}

// fault records the panic r against whatever was running and returns the
// node to blame, or -1. The scratch memories and subtree goals are reset;
// with quarantine, a node whose own code panicked never runs again.
func (s *scratch[M]) fault(r any, stack []byte, quarantine bool) int32 {
	i, o, callback := s.at.node(), s.at.op(), s.ctx.calls()
	s.badOp = o
	if i >= int32(len(s.nodes)) {
		i = -1
	}
	s.at = 0
	s.ctx.Reset()
	err := &PanicError{Method: opNames[o], Value: r, Stack: stack}
	if callback != noCallback {
		err.Callback = callback.String()
	}
	if i >= 0 {
		err.Path = s.tree.pathOf(i)
	}
	s.errs = append(s.errs, err)
	s.traceFault(i, err.Error())
	if callback != noCallback || i < 0 {
		return -1 // a callback of the whole tree: no node is to blame
	}
	if quarantine && s.st[i].flags&stQuarantined == 0 {
		s.st[i].flags |= stQuarantined
		s.a.quarantines++
	}
	return i
}

// cleanUp ends the node that panicked with Failure and halts every other
// running node. It reports false if an End panicked on the way; that node
// already counts as ended, so trying again progresses.
func (s *scratch[M]) cleanUp(m *M, bad int32) (done bool) {
	defer func() {
		if r := recover(); r != nil {
			s.fault(r, debug.Stack(), true)
			done = false
		}
	}()
	if bad >= 0 {
		switch {
		case s.st[bad].running():
			s.finish(bad, m, Failure)
		case s.nodes[bad].kind == kindInstant || s.nodes[bad].kind == kindCondition:
			// It panicked in its run, called in place of Begin: it began, so
			// it ends, with nothing to call.
			if s.badOp == opBegin {
				s.ended(bad, Failure)
			}
		}
	}
	s.halt1(0, m)
	return true
}

// invalid reports a node that broke the contract.
func (s *scratch[M]) invalid(i int32, msg string) {
	path := s.tree.pathOf(i)
	s.errs = append(s.errs, &decide.Error{Path: path, Err: errors.New(msg)})
	s.traceFault(i, msg)
}

// invalidStatus reports a node that returned an invalid status, which
// counts as Failure.
func (s *scratch[M]) invalidStatus(i int32, method string) Status {
	s.invalid(i, method+" returned an invalid status")
	return Failure
}

// The trace methods report events. Callers on the hot path test s.tracer
// themselves and call trace, which is kept out of line so that an agent
// without a tracer pays one comparison per event and nothing else.

//go:noinline
func (s *scratch[M]) trace(kind EventKind, i int32, st Status, check Check, reason string) {
	s.event = Event{Kind: kind, Path: s.tree.pathOf(i), Status: st, Check: check, Reason: reason}
	s.emit()
}

func (s *scratch[M]) traceDecision(d *Decision) {
	if s.tracer != nil {
		s.event = Event{Kind: EventDecision, Path: d.Selector, Decision: d}
		s.emit()
	}
}

func (s *scratch[M]) traceFault(i int32, why string) {
	if s.tracer == nil {
		return
	}
	var path string
	if i >= 0 {
		path = s.tree.pathOf(i)
	}
	s.event = Event{Kind: EventFault, Path: path, Reason: why}
	s.emit()
}

// emit hands s.event to the tracer. A tracer that panics is switched off
// and the panic reported, so a broken tool can never break the game.
func (s *scratch[M]) emit() {
	s.event.Tick, s.event.Time = s.a.ticks, s.clock.Now()
	defer func() {
		if r := recover(); r != nil {
			s.tracer, s.a.tracer = nil, nil
			s.errs = append(s.errs, fmt.Errorf("bt: tracer panicked and was switched off: %v", r))
		}
	}()
	s.tracer.Trace(&s.event)
}

// decision returns the key of the decision under way (see rand.go), made
// on first use: a tick that draws no random number spends nothing on it.
func (s *scratch[M]) decision() uint64 {
	if !s.keyed {
		s.key, s.keyed = decisionKey(s.a.seed, s.keyTick), true
	}
	return s.key
}

// judge returns the heuristic's verdict of before and after.
func (s *scratch[M]) judge(before, after *M) heuristic.Verdict { return s.ctx.Judge(before, after) }
