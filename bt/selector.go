package bt

import (
	"math"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// selectorConfig is a selector's options as the engine reads them.
type selectorConfig struct {
	interval       time.Duration // re-selection period; negative: never
	allowNegative  bool
	preferCurrent  bool
	debounce       bool
	replanOn       bool // it has a ReplanOn test (node.when)
	replanOnChange bool // it has a ReplanOnChange key (node.watch)
}

// AllowNegative lets a selector choose a child whose best outcome is
// Irrelevant or worse (never Impossible). By default such a selector
// chooses nothing and fails, so the agent does nothing rather than
// something pointless or harmful.
func AllowNegative() Option { return Option{keyAllowNegative, true} }

// PreferFirst gives a tie at re-selection to the first of the children
// tied, in designer order, rather than to the running child (the
// default). A root that should always take the first of equal options, as
// the Jedi's does, takes it. A random selector always keeps its running
// child while it is as good as the best: Build refuses PreferFirst for
// one.
func PreferFirst() Option { return Option{keyPreferFirst, true} }

// Debounce makes a selector pick the child that ended last only when it
// is the sole acceptable option, so the agent does not repeat itself.
func Debounce() Option { return Option{keyDebounce, true} }

// A selector simulates every child on its own scratch copy and runs the
// one whose prediction the heuristic likes best. A random one draws, among
// the children tied for the best, by weight from the agent's keyed random
// numbers.

// A plan is the choice a node made while simulating, kept so that acting
// in the same call carries out that very choice, random draws included,
// instead of choosing again.
type plan struct {
	session uint64 // the call it was made in
	choice  int
	why     Why
}

func (s *scratch[M]) beginSelector(i int32, m *M) Status {
	st := &s.st[i]
	st.current = -1
	choice := s.decideLive(i, m)
	if choice < 0 {
		return Failure
	}
	st.current = int32(choice)
	return s.runSelected(i, m, 0)
}

func (s *scratch[M]) updateSelector(i int32, m *M, dt time.Duration) Status {
	if s.due(i, m) {
		if r, switched := s.reselect(i, m); switched {
			return r
		}
	}
	return s.runSelected(i, m, dt)
}

// due reports whether running selector i plans again in this tick: when
// its interval has passed since it last decided, its ReplanOn test holds
// of m, or its ReplanOnChange key has changed. A selector simulated while
// it runs asks the same question, so it predicts a fresh choice exactly
// when the tick will make one, and what remains of its current child
// otherwise.
func (s *scratch[M]) due(i int32, m *M) bool {
	n := &s.nodes[i]
	if n.sel.interval >= 0 && s.clock.Now()-s.st[i].decidedAt >= n.sel.interval {
		return true
	}
	if n.when == nil && n.watch == nil {
		return false
	}
	at := s.at
	s.at = loc(i, opConstraint)
	due := n.when != nil && n.when(m) || n.watch != nil && n.watch(m) != s.a.keys[n.seen]
	s.at = at
	return due
}

// saw notes the key of decider i (ReplanOnChange) as it is at the end of
// the node's live tick, for its next to compare with.
//
//go:noinline
func (s *scratch[M]) saw(i int32, m *M) {
	n := &s.nodes[i]
	at := s.at
	s.at = loc(i, opConstraint)
	s.a.keys[n.seen] = n.watch(m)
	s.at = at
}

// reselect plans again while a child runs. It reports whether it replaced
// the running child, and if so the selector's status.
func (s *scratch[M]) reselect(i int32, m *M) (Status, bool) {
	st := &s.st[i]
	choice := int32(s.decideLive(i, m))
	if choice == st.current {
		return Running, false
	}
	s.halt1(s.nodes[i].kids[st.current], m)
	st.lastEnded, st.current = st.current, choice
	if choice < 0 {
		return Failure, true
	}
	return s.runSelected(i, m, 0), true
}

func (s *scratch[M]) runSelected(i int32, m *M, dt time.Duration) Status {
	st := &s.st[i]
	r := s.tickNode(s.nodes[i].kids[st.current], m, dt)
	if r != Running {
		st.lastEnded, st.current = st.current, -1
	}
	return r
}

// decideLive makes a live decision and reports it. If the selector was
// simulated in this call, it takes the choice it made then (once: a second
// decision in the same call chooses afresh); otherwise it chooses from the
// live memory, on scratch copies of m.
func (s *scratch[M]) decideLive(i int32, m *M) int {
	n := &s.nodes[i]
	p := &s.plans[n.selector]
	b := &s.bufs[n.selector]
	var choice int
	var why Why
	if p.session == s.session {
		choice, why = p.choice, p.why
		p.session = 0
		b.live.Candidates, b.planned = b.planned, b.live.Candidates
	} else {
		s.ctx.Return(Moment{}) // a live decision predicts from now
		choice, why, _ = s.choose(i, m, false)
		b.live.Candidates, b.work = b.work, b.live.Candidates
	}
	s.st[i].decidedAt = s.clock.Now()
	if s.tracer != nil {
		b.live.Selector = s.tree.pathOf(i)
		b.live.Chosen, b.live.Why = choice, why
		s.traceDecision(&b.live)
	}
	return choice
}

// planNow returns the choice selector i would make live now: its plan if
// it has one in this call, else a choice it makes on m and keeps as its
// plan.
func (s *scratch[M]) planNow(i int32, m *M) int32 {
	n := &s.nodes[i]
	if p := &s.plans[n.selector]; p.session != s.session {
		s.ctx.Return(Moment{}) // the decision a tick would make, from now
		choice, why, _ := s.choose(i, m, false)
		s.keepPlan(n, choice, why)
	}
	return int32(s.plans[n.selector].choice)
}

// keepPlan records a choice made while simulating as selector n's plan,
// the first in a call.
func (s *scratch[M]) keepPlan(n *node[M], choice int, why Why) {
	if p := &s.plans[n.selector]; p.session != s.session {
		*p = plan{session: s.session, choice: choice, why: why}
		b := &s.bufs[n.selector]
		b.work, b.planned = b.planned, b.work
	}
}

// simulateSelector predicts selector i's run. A running selector that will
// not plan again in this tick predicts what remains of its current child;
// otherwise it chooses as it would live and writes the winner's prediction
// into m. The first such choice in a call is kept as the plan that acting
// in the same call will carry out.
func (s *scratch[M]) simulateSelector(i int32, m *M) heuristic.Verdict {
	st := &s.st[i]
	if st.running() && st.current >= 0 && !s.due(i, m) {
		return s.simulate(s.nodes[i].kids[st.current], nil, m)
	}
	choice, why, v := s.choose(i, m, true)
	s.keepPlan(&s.nodes[i], choice, why)
	return v
}

// The verdicts of a selector that chose nothing, by what it accepts.
var (
	nothingAcceptable = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "nothing better than Irrelevant (see AllowNegative)"}
	nothingIrrelevant = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "nothing Irrelevant or better"}
	nothingPossible   = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "every child impossible"}
)

// refusal is the verdict of a selector configured by c when it chose
// nothing.
func refusal(c *selectorConfig, random bool) heuristic.Verdict {
	switch {
	case c.allowNegative:
		return nothingPossible
	case random:
		return nothingIrrelevant
	}
	return nothingAcceptable
}

var zeroWeight = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "zero weight"}

// choose simulates every child of selector i on a scratch copy of m and
// picks one, keeping the winner's predicted memory without copying each
// candidate, and the verdicts in the selector's work buffer. With
// writeBack, the winner's prediction is copied into m.
func (s *scratch[M]) choose(i int32, m *M, writeBack bool) (int, Why, heuristic.Verdict) {
	n := &s.nodes[i]
	st := &s.st[i]
	work := s.bufs[n.selector].work
	ctx := s.ctx
	base := ctx.depthNow()
	skip := -1 // the debounced child
	var spare *M
	if n.sel.debounce && st.lastEnded >= 0 {
		skip, spare = int(st.lastEnded), ctx.reserve()
	}
	keep := ctx.reserve()
	r := race{best: -1}
	var skipV heuristic.Verdict
	// Every child is predicted from the same moment; the winner's goes on.
	start := ctx.Moment()
	won, spared := start, start
	for j, k := range n.kids {
		if n.is(flagRandom) && n.weights[j] == 0 {
			work[j].Verdict = zeroWeight
			continue
		}
		ctx.Return(start)
		try, v := s.candidate(k, m)
		work[j].Verdict = v
		switch {
		case try == nil:
			continue // refused by its constraints: nothing was pushed
		case !acceptable(&n.sel, n.is(flagRandom), v.Outcome):
		case j == skip:
			skipV = v
			ctx.Copy(spare, try)
			spared = ctx.Moment()
		case s.enter(i, &r, j, v):
			ctx.swap() // the candidate becomes the kept memory
			keep = try
			won = ctx.Moment()
		}
		ctx.Pop()
	}
	best, bestV, why := r.best, r.verdict, BestOutcome
	switch {
	case best >= 0 && r.tied > 1 && r.locked:
		why = KeptCurrent
	case best >= 0 && r.tied > 1 && n.is(flagRandom):
		why = RandomDraw
	case best < 0 && skip >= 0 && acceptable(&n.sel, n.is(flagRandom), skipV.Outcome):
		best, bestV, keep, why = skip, skipV, spare, SoleOption
		won = spared
	case best >= 0 && skip >= 0 && acceptable(&n.sel, n.is(flagRandom), skipV.Outcome) && skipV.Outcome > bestV.Outcome:
		why = Debounced
	case best < 0:
		bestV, why = refusal(&n.sel, n.is(flagRandom)), NothingAcceptable
	}
	if best >= 0 && writeBack {
		ctx.Copy(m, keep)
	}
	if best < 0 {
		won = start
	}
	ctx.Return(won)
	ctx.unwind(base)
	return best, why, bestV
}

// A race is the state of a choice under way.
type race struct {
	best    int // the leading child, or -1
	verdict heuristic.Verdict
	tied    int       // children sharing the leading outcome
	total   weightSum // their weight, for random draws
	locked  bool      // the running child leads and keeps the lead on ties
	draws   uint64    // random numbers drawn in this choice
}

// enter adds acceptable child j of selector i with verdict v to the race
// and reports whether it takes the lead: with a better outcome, or on a
// tie as the running child (when preferred) or by a weighted draw (random
// selectors).
func (s *scratch[M]) enter(i int32, r *race, j int, v heuristic.Verdict) bool {
	n := &s.nodes[i]
	st := &s.st[i]
	prefers := n.sel.preferCurrent && st.running() && int32(j) == st.current
	w := 1.0
	if n.is(flagRandom) {
		w = n.weights[j]
	}
	take := false
	switch {
	case r.best < 0 || v.Outcome > r.verdict.Outcome:
		take, r.tied, r.locked = true, 1, prefers
		r.total = weightSum{}
		r.total.add(w)
	case v.Outcome == r.verdict.Outcome:
		r.tied++
		switch {
		case r.locked:
		case prefers:
			take, r.locked = true, true
		case n.is(flagRandom):
			take = unit(keyed(s.decision(), n.key, streamDraw, r.draws)) < r.total.add(w)
			r.draws++
		}
	}
	if take {
		r.best, r.verdict = j, v
	}
	return take
}

// A weightSum adds weights without overflow or loss of precision at
// either end of the float64 range, as a fraction and a binary exponent.
type weightSum struct {
	frac float64 // in [0.5, 1), or 0 for an empty sum
	exp  int
}

// add adds w > 0 and returns w's share of the new sum: the probability
// with which a weighted reservoir draw lets w take the lead.
func (ws *weightSum) add(w float64) float64 {
	wf, we := math.Frexp(w)
	if ws.frac == 0 {
		ws.frac, ws.exp = wf, we
		return 1
	}
	e := max(we, ws.exp)
	a, b := math.Ldexp(ws.frac, ws.exp-e), math.Ldexp(wf, we-e) // both in [0, 1)
	sum := a + b
	ws.frac, ws.exp = math.Frexp(sum)
	ws.exp += e
	return b / sum
}

// acceptable reports whether a child with outcome o may be chosen. A
// simulated selector wants better than Irrelevant, a random one at least
// Irrelevant; with AllowNegative anything but Impossible goes.
func acceptable(c *selectorConfig, random bool, o heuristic.Outcome) bool {
	switch {
	case o == heuristic.Impossible:
		return false
	case c.allowNegative:
		return true
	case random:
		return o >= heuristic.Irrelevant
	}
	return o > heuristic.Irrelevant
}

func (c *selectorConfig) describe(random bool) string {
	d := "selector"
	if random {
		d = "random selector"
	}
	switch {
	case c.interval == 0:
		d += " replan=tick"
	case c.interval > 0:
		d += " replan=" + c.interval.String()
	}
	if c.allowNegative {
		d += " allow-negative"
	}
	if !c.preferCurrent {
		d += " prefer-current=off"
	}
	if c.debounce {
		d += " debounce"
	}
	if c.replanOn {
		d += " replan-on"
	}
	if c.replanOnChange {
		d += " replan-on-change"
	}
	return d
}
