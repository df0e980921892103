package bt

import (
	"errors"
	"math"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// A SelectorOption configures a Selector or a RandomSelector.
type SelectorOption func(*selectorConfig) error

type selectorConfig struct {
	interval      time.Duration // re-selection period; negative: never
	allowNegative bool
	preferCurrent bool
	debounce      bool
	random        bool
}

// Reselect sets how often a running selector plans again: every interval
// of tree time, every tick for 0, and never for a negative interval (the
// default: it commits to its choice until that child ends). A re-selection
// that picks another child ends the old one before the new one begins.
func Reselect(interval time.Duration) SelectorOption {
	return func(c *selectorConfig) error { c.interval = interval; return nil }
}

// AllowNegative lets a selector choose a child whose best outcome is
// Irrelevant or worse (never Impossible). By default such a selector
// chooses nothing and fails, so the agent does nothing rather than
// something pointless or harmful.
func AllowNegative() SelectorOption {
	return func(c *selectorConfig) error { c.allowNegative = true; return nil }
}

// PreferCurrent sets whether the running child wins a tie at re-selection
// (default true). A root that should always take the first of equal
// options, as the Jedi's does, turns it off.
func PreferCurrent(on bool) SelectorOption {
	return func(c *selectorConfig) error {
		if c.random && !on {
			return errors.New("PreferCurrent(false): a random selector always keeps its running child while it is as good as the best")
		}
		c.preferCurrent = on
		return nil
	}
}

// Debounce makes a selector pick the child that ended last only when it
// is the sole acceptable option, so the agent does not repeat itself.
func Debounce() SelectorOption {
	return func(c *selectorConfig) error { c.debounce = true; return nil }
}

// selector simulates every child on its own scratch copy and runs the one
// whose prediction the heuristic likes best. With random set, children tied
// for the best are drawn by weight from the tree's random numbers.
type selector[M any] struct {
	selectorConfig
	tree     *Tree[M]
	self     *Child[M]
	children []*Child[M]
	weights  []float64 // random selectors only

	active    bool
	current   int // running child, or -1
	lastEnded int // the child that ended last, or -1
	decidedAt time.Duration
	draws     uint64 // weighted draws made in the choice under way

	// Three candidate buffers rotate instead of being copied: work holds
	// the simulation under way, planned the one behind plan, and
	// decision.Candidates the last live decision, reported to tracers.
	work     []Candidate
	planned  []Candidate
	plan     plan
	decision Decision
	decided  bool // decision holds a live decision
}

// A plan is the choice a node made while simulating, kept so that acting
// in the same call of the tree runs that very choice, random draws
// included, instead of choosing again.
type plan struct {
	session uint64 // the call of the tree it was made in
	choice  int
	why     Why
}

func newSelector[M any](t *Tree[M], self *Child[M], children []*Child[M], cfg selectorConfig) *selector[M] {
	s := &selector[M]{
		selectorConfig: cfg,
		tree:           t,
		self:           self,
		children:       children,
		current:        -1,
		lastEnded:      -1,
		work:           candidates(children),
		planned:        candidates(children),
		decision:       Decision{Candidates: candidates(children), Chosen: -1},
	}
	if cfg.random {
		s.weights = make([]float64, len(children))
		for i, c := range children {
			s.weights[i] = c.weight
		}
	}
	return s
}

// candidates returns a buffer of candidates named after children.
func candidates[M any](children []*Child[M]) []Candidate {
	cs := make([]Candidate, len(children))
	for i, c := range children {
		cs[i].Name = c.name
	}
	return cs
}

func (s *selector[M]) Begin(m *M) Status {
	s.active, s.current = true, -1
	choice := s.decideLive(m)
	if choice < 0 {
		return Failure
	}
	s.current = choice
	return s.tick(m, 0)
}

func (s *selector[M]) Update(m *M, dt time.Duration) Status {
	if s.due() {
		if status, switched := s.reselect(m); switched {
			return status
		}
	}
	return s.tick(m, dt)
}

// due reports whether a running selector plans again in this tick: when
// its interval has passed since it last decided. A selector simulated
// while it runs asks the same question, so it predicts a fresh choice
// exactly when the tick will make one, and what remains of its current
// child otherwise.
func (s *selector[M]) due() bool {
	return s.interval >= 0 && s.tree.clock.Now()-s.decidedAt >= s.interval
}

// reselect plans again while a child runs. It reports whether it replaced
// the running child, and if so the selector's status.
func (s *selector[M]) reselect(m *M) (Status, bool) {
	choice := s.decideLive(m)
	if choice == s.current {
		return Running, false
	}
	s.children[s.current].Halt(m)
	s.lastEnded, s.current = s.current, choice
	if choice < 0 {
		return Failure, true
	}
	return s.tick(m, 0), true
}

func (s *selector[M]) End(*M, Status) {
	s.active = false
	if s.current >= 0 {
		s.lastEnded, s.current = s.current, -1
	}
}

func (s *selector[M]) tick(m *M, dt time.Duration) Status {
	status := s.children[s.current].Tick(m, dt)
	if status != Running {
		s.lastEnded, s.current = s.current, -1
	}
	return status
}

// decideLive makes a live decision and reports it. If the selector was
// simulated in this call of the tree, it takes the choice it made then
// (once: a second decision in the same call chooses afresh); otherwise it
// chooses from the live memory, on scratch copies of m.
func (s *selector[M]) decideLive(m *M) int {
	t := s.tree
	var choice int
	var why Why
	if s.plan.session == t.session {
		choice, why = s.plan.choice, s.plan.why
		s.plan.session = 0
		s.decision.Candidates, s.planned = s.planned, s.decision.Candidates
	} else {
		choice, why, _ = s.choose(t.ctx, m, false)
		s.decision.Candidates, s.work = s.work, s.decision.Candidates
	}
	s.decidedAt = t.clock.Now()
	s.decision.Selector = s.self.Path()
	s.decision.Chosen, s.decision.Why, s.decided = choice, why, true
	t.traceDecision(s.self, &s.decision)
	return choice
}

// Simulate predicts the selector's run. A running selector that will not
// plan again in this tick predicts what remains of its current child;
// otherwise it chooses as it would live and writes the winner's
// prediction into m. The first such choice in a call of the tree is kept
// as the plan that acting in the same call will carry out.
func (s *selector[M]) Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict {
	if s.active && s.current >= 0 && !s.due() {
		return s.children[s.current].Simulate(ctx, m)
	}
	choice, why, v := s.choose(ctx, m, true)
	if t := s.tree; s.plan.session != t.session {
		s.plan = plan{session: t.session, choice: choice, why: why}
		s.work, s.planned = s.planned, s.work
	}
	return v
}

// planNow returns the choice the selector would make live now: its plan
// if it has one in this call of the tree, else a choice it makes on m and
// keeps as its plan.
func (s *selector[M]) planNow(m *M) int {
	if t := s.tree; s.plan.session != t.session {
		choice, why, _ := s.choose(t.ctx, m, false)
		s.plan = plan{session: t.session, choice: choice, why: why}
		s.work, s.planned = s.planned, s.work
	}
	return s.plan.choice
}

// nothingAcceptable is the verdict of a selector that would choose nothing
// and fail.
var nothingAcceptable = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "nothing acceptable"}

var zeroWeight = heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "zero weight"}

// choose simulates every child on a scratch copy of m and picks one,
// keeping the winner's predicted memory without copying each candidate.
// With writeBack, the winner's prediction is copied into m.
func (s *selector[M]) choose(ctx *sim.Context[M], m *M, writeBack bool) (int, Why, heuristic.Verdict) {
	base := ctx.Depth()
	skip := -1 // the debounced child
	var spare *M
	if s.debounce && s.lastEnded >= 0 {
		skip, spare = s.lastEnded, ctx.Reserve()
	}
	keep := ctx.Reserve()
	r := race{best: -1}
	s.draws = 0
	var skipV heuristic.Verdict
	for i, c := range s.children {
		if s.random && s.weights[i] == 0 {
			s.work[i].Verdict = zeroWeight
			continue
		}
		try := ctx.Push(m)
		v := c.simulate(ctx, m, try) // try is a fresh copy of m
		s.work[i].Verdict = v
		switch {
		case !s.acceptable(v.Outcome):
		case i == skip:
			skipV = v
			ctx.Copy(spare, try)
		case s.enter(&r, i, v):
			ctx.Swap() // the candidate becomes the kept memory
			keep = try
		}
		ctx.Pop()
	}

	best, bestV, why := r.best, r.verdict, BestOutcome
	switch {
	case best >= 0 && r.tied > 1 && r.locked:
		why = KeptCurrent
	case best >= 0 && r.tied > 1 && s.random:
		why = RandomDraw
	case best < 0 && skip >= 0 && s.acceptable(skipV.Outcome):
		best, bestV, keep, why = skip, skipV, spare, SoleOption
	case best < 0:
		bestV, why = nothingAcceptable, NothingAcceptable
	}
	if best >= 0 && writeBack {
		ctx.Copy(m, keep)
	}
	ctx.Unwind(base)
	return best, why, bestV
}

// A race is the state of a choice under way.
type race struct {
	best    int // the leading child, or -1
	verdict heuristic.Verdict
	tied    int       // children sharing the leading outcome
	total   weightSum // their weight, for random draws
	locked  bool      // the running child leads and keeps the lead on ties
}

// enter adds acceptable child i with verdict v to the race and reports
// whether it takes the lead: with a better outcome, or on a tie as the
// running child (when preferred) or by a weighted draw (random selectors).
func (s *selector[M]) enter(r *race, i int, v heuristic.Verdict) bool {
	take := false
	switch {
	case r.best < 0 || v.Outcome > r.verdict.Outcome:
		take, r.tied, r.locked = true, 1, s.prefers(i)
		r.total = weightSum{}
		r.total.add(s.weight(i))
	case v.Outcome == r.verdict.Outcome:
		r.tied++
		switch {
		case r.locked:
		case s.prefers(i):
			take, r.locked = true, true
		case s.random:
			take = s.draw() < r.total.add(s.weight(i))
		}
	}
	if take {
		r.best, r.verdict = i, v
	}
	return take
}

// acceptable reports whether a child with outcome o may be chosen. A
// simulated selector wants better than Irrelevant, a random one at least
// Irrelevant; with AllowNegative anything but Impossible goes.
func (s *selector[M]) acceptable(o heuristic.Outcome) bool {
	switch {
	case o == heuristic.Impossible:
		return false
	case s.allowNegative:
		return true
	case s.random:
		return o >= heuristic.Irrelevant
	}
	return o > heuristic.Irrelevant
}

func (s *selector[M]) prefers(i int) bool {
	return s.preferCurrent && s.active && i == s.current
}

// draw returns the selector's next random number in [0, 1) for the
// choice under way: keyed by the decision, the selector and the count of
// draws in this choice, so the same choice made again in the same tick
// draws the same numbers.
func (s *selector[M]) draw() float64 {
	n := s.draws
	s.draws++
	return unit(keyed(s.tree.key, s.self.key, streamDraw, n))
}

// A weightSum adds weights without overflow or loss of precision at
// either end of the float64 range, as a fraction and a binary exponent.
type weightSum struct {
	frac float64 // in [0.5, 1), or 0 for an empty sum
	exp  int
}

// add adds w > 0 and returns w's share of the new sum: the probability
// with which a weighted reservoir draw lets w take the lead.
func (s *weightSum) add(w float64) float64 {
	wf, we := math.Frexp(w)
	if s.frac == 0 {
		s.frac, s.exp = wf, we
		return 1
	}
	e := max(we, s.exp)
	a, b := math.Ldexp(s.frac, s.exp-e), math.Ldexp(wf, we-e) // both in [0, 1)
	sum := a + b
	s.frac, s.exp = math.Frexp(sum)
	s.exp += e
	return b / sum
}

func (s *selector[M]) weight(i int) float64 {
	if s.random {
		return s.weights[i]
	}
	return 1
}

func (s *selector[M]) Describe() string {
	d := "selector"
	if s.random {
		d = "random selector"
	}
	switch {
	case s.interval == 0:
		d += " reselect=tick"
	case s.interval > 0:
		d += " reselect=" + s.interval.String()
	}
	if s.allowNegative {
		d += " allow-negative"
	}
	if !s.preferCurrent {
		d += " prefer-current=off"
	}
	if s.debounce {
		d += " debounce"
	}
	return d
}
