package goap

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// A search is one A* search for one goal, resumable: step expands a
// bounded number of nodes and says whether it is over. Its storage is
// reused from one search to the next, so once warm it allocates nothing.
type search[M any, K comparable] struct {
	d      *Domain[M, K]
	ctx    *bt.Sim[M]     // what the actions' Simulate sees, and copies memories
	own    *bt.Sim[M]     // ctx outside a tree: the domain's Copy, seed 0
	nodes  []node[M, K]   // every state met, the root first
	open   []entry        // a binary heap of nodes to expand
	index  index[K]       // state key -> node
	base   []bt.Situation // what each action's preconditions are told at the root
	sits   []bt.Situation // the same, as the plan up to the node expanded leaves them
	out    []bool         // actions left out of plans: quarantined in the runner's tree
	anyOut bool           // some are
	goal   *goal[M]
	root   *M      // the memory the planning starts from: what goals from the start read
	ran    []bool  // actions a node's plan ran, while it is expanded
	since  []int32 // the actions ran marks
	cand   []int32 // the actions an expansion tries, in a domain with indices
	// banned are the variants left out of plans (a runner's back-off),
	// as steps; actions left out whole are in out.
	banned []step
	// watching: keep what the search tries, as trials (a monitor reads
	// them); trials holds them, goalTrial the current goal's.
	watching  bool
	trials    []decide.Trial
	goalTrial int32
	// from is the prediction's elapsed time when the search started: the
	// situations in base are already that far on, and a node's moment
	// counts it too.
	from time.Duration

	expanded int
	tries    int   // the nodes it may expand
	keep     int   // the nodes it may keep (keeps)
	full     bool  // variants met more states than keep
	found    int32 // the node that satisfies the goal, or -1
	cut      bool  // a node was left unexpanded for Budget.Steps
	broke    string
	err      error // a cost or an estimate that makes no sense

	// this planning's tallies, per precondition slot
	tally    []int32
	firstWhy []string // the first reason given in each slot
	// An action of one test (checkTest) is not tallied as it fails: each
	// failed as often as it was considered and not admitted. sweeps
	// counts the expansions that considered every action, considered
	// the times each was considered besides, admitted the times its
	// preconditions passed.
	sweeps     int32
	considered []int32
	admitted   []int32
}

type node[M any, K comparable] struct {
	m      M
	key    K
	g, f   float64   // cost from the root; g plus the estimate
	at     bt.Moment // where the prediction stands once the plan reaches the node
	parent int32
	action step  // the step that led here, its variant included
	depth  int32 // steps from the root
	trial  int32 // its trial, while watching
}

// An entry is a node in the open list, with the costs it had when it was
// put there: a node reached again more cheaply is put there again, and
// its older entry, whose g no longer matches, is skipped when it comes out.
type entry struct {
	f, g float64
	node int32
}

// result of a search step
type state uint8

const (
	searching state = iota
	found
	exhausted   // the open list ran dry: no plan
	outOfBudget // the budget ran out first
	failed      // err says why
)

func newSearch[M any, K comparable](d *Domain[M, K]) *search[M, K] {
	s := &search[M, K]{
		d:          d,
		own:        bt.NewSim(bt.Config[M]{Copy: d.copy}),
		index:      newIndex[K](),
		sits:       make([]bt.Situation, len(d.actions)),
		base:       make([]bt.Situation, len(d.actions)),
		out:        make([]bool, len(d.actions)),
		ran:        make([]bool, len(d.actions)),
		tally:      make([]int32, d.slots),
		firstWhy:   make([]string, d.slots),
		considered: make([]int32, len(d.actions)),
		admitted:   make([]int32, len(d.actions)),
	}
	for i := range s.sits {
		s.sits[i] = bt.Situation{Simulating: true}
		s.base[i] = s.sits[i]
	}
	s.ctx = s.own
	return s
}

// resetTallies starts the tallies of a new planning.
func (s *search[M, K]) resetTallies() {
	clear(s.tally)
	clear(s.firstWhy)
	clear(s.considered)
	clear(s.admitted)
	s.sweeps = 0
}

// start begins a search for g from root, which may expand tries nodes.
// It plans from the prediction's moment as it finds it.
func (s *search[M, K]) start(g *goal[M], root *M, tries int) {
	s.goal, s.root, s.expanded, s.tries, s.found, s.err, s.cut, s.broke = g, root, 0, tries, -1, nil, false, ""
	s.keep, s.full = keeps(tries, len(s.d.actions)), false
	s.nodes = s.nodes[:0]
	s.open = s.open[:0]
	s.index.reset()
	r := s.alloc()
	n := &s.nodes[r]
	s.ctx.Copy(&n.m, root)
	h, ok := s.estimate(&n.m)
	if !ok {
		return
	}
	n.g, n.f, n.parent, n.action, n.depth, n.at = 0, h, -1, -1, 0, s.ctx.Moment()
	s.from = n.at.Elapsed()
	n.key = s.d.key(&n.m)
	if s.watching {
		n.trial = s.trial(s.goalTrial, "start", "open", "", 0, h)
	}
	_, at, hash := find(&s.index, s.nodes, n.key)
	s.index.insert(at, hash, r)
	s.push(r)
}

// trial logs a trial of the search under parent, and returns its index.
func (s *search[M, K]) trial(parent int32, name, outcome, why string, g, h float64) int32 {
	s.trials = append(s.trials, decide.Trial{Parent: int(parent), Name: name, Outcome: outcome, Reason: why, Cost: g, Estimate: h})
	return int32(len(s.trials) - 1)
}

// outcome sets the outcome of node n's trial, while watching.
func (s *search[M, K]) outcome(n int32, outcome string) {
	if s.watching {
		s.trials[s.nodes[n].trial].Outcome = outcome
	}
}

// alloc makes room for one more node, reusing the storage of an earlier
// search, and returns its index.
func (s *search[M, K]) alloc() int32 {
	i := len(s.nodes)
	if i < cap(s.nodes) {
		s.nodes = s.nodes[:i+1]
	} else {
		s.nodes = append(s.nodes, node[M, K]{})
	}
	return int32(i)
}

// step takes at most limit nodes from the open list, expanding those that
// do not satisfy the goal, and reports where the search stands and how
// many nodes it took.
func (s *search[M, K]) step(limit int) (state, int) {
	if s.err != nil {
		return failed, 0
	}
	used := 0
	for ; used < limit; used++ {
		if len(s.open) == 0 {
			if s.cut { // the goal may lie beyond the steps a plan may hold
				s.broke = "Steps"
				return outOfBudget, used
			}
			return exhausted, used
		}
		e := s.pop()
		n := e.node
		if e.g != s.nodes[n].g {
			continue // a stale entry: the node was reached more cheaply since
		}
		if s.goal.holds(s.root, &s.nodes[n].m) {
			s.found = n
			s.outcome(n, "goal")
			return found, used + 1
		}
		if s.expanded >= s.tries {
			s.broke = "Tries"
			return outOfBudget, used + 1
		}
		if int(s.nodes[n].depth) >= s.d.budget.Steps {
			s.cut = true
			continue
		}
		s.expanded++
		s.outcome(n, "expanded")
		if !s.expand(n) {
			return failed, used + 1
		}
		if s.full {
			s.broke = "Tries"
			return outOfBudget, used + 1
		}
	}
	return searching, used
}

// keeps is how many nodes a search that may expand tries nodes of a
// domain of actions may keep: as many as its expansions make without
// variants (one successor an action), the root, and room for one
// expansion of an action's most variants besides. Variants bring many
// states a node: this bounds a planning's memory whatever the domain.
func keeps(tries, actions int) int {
	const room = maxVariants + 1
	if tries > (math.MaxInt-room)/actions {
		return math.MaxInt
	}
	return tries*actions + room
}

// bound names the bound of the budget the last search ran out of.
func (s *search[M, K]) bound() string {
	if s.broke == "" {
		return "Tries"
	}
	return s.broke
}

// expand adds the successors of node n through every action whose
// preconditions pass there, judged at the time the plan reaches it, in
// designer order: every action, or, in a domain with indices, those that
// the state's values of them call for.
func (s *search[M, K]) expand(n int32) bool {
	d := s.d
	s.nodes = slices.Grow(s.nodes, len(d.actions))
	parent := &s.nodes[n] // stable: room for every successor but variants is made above
	if d.timed {
		s.history(n)
		defer s.forget()
	}
	elapsed := parent.at.Elapsed()
	m := &parent.m
	if len(d.indices) == 0 {
		// The loop of admits, written out: it runs for every action at
		// every state, and most actions fail their one test.
		s.sweeps++
		checks := d.checks
		for ai := range checks {
			ck := &checks[ai]
			switch ck.how {
			case checkTest:
				if !ck.test(m) {
					continue
				}
			case checkAll:
				if !s.passes(ai, &d.actions[ai], m, elapsed) {
					continue
				}
			case checkVariants:
				if !s.variants(n, ai, elapsed) {
					return false
				}
				m = &s.nodes[n].m // variants may have moved the nodes
				continue
			}
			s.admitted[ai]++
			if s.anyOut && s.out[ai] {
				continue
			}
			if !s.successor(n, ai, &d.actions[ai]) {
				return false
			}
		}
		return true
	}
	for _, ai := range s.candidates(m) {
		if d.checks[ai].how == checkVariants {
			if !s.variants(n, int(ai), elapsed) {
				return false
			}
			m = &s.nodes[n].m // variants may have moved the nodes
			continue
		}
		s.considered[ai]++
		if s.admits(int(ai), m, elapsed) && !s.successor(n, int(ai), &d.actions[ai]) {
			return false
		}
	}
	return true
}

// variants adds the successors of node n through the variants of action
// ai (Variants): each bound into a copy of the node's memory, its
// preconditions checked and its effect predicted there. It reports false
// when a cost or an estimate breaks its contract.
func (s *search[M, K]) variants(n int32, ai int, elapsed time.Duration) bool {
	a := &s.d.actions[ai]
	count := min(a.variants(&s.nodes[n].m), maxVariants)
	for i := range count {
		if len(s.nodes) >= s.keep {
			s.full = true // out of budget: step says so
			return true
		}
		st := stepOf(int32(ai), i)
		if len(s.banned) > 0 && slices.Contains(s.banned, st) {
			continue
		}
		s.considered[ai]++
		c := s.alloc()
		child := &s.nodes[c]
		s.ctx.Copy(&child.m, &s.nodes[n].m)
		a.bind(&child.m, i)
		if !s.passes(ai, a, &child.m, elapsed) {
			s.nodes = s.nodes[:c]
			continue
		}
		s.admitted[ai]++
		if s.anyOut && s.out[ai] {
			s.nodes = s.nodes[:c]
			continue
		}
		if !s.settle(n, c, st, a) {
			return false
		}
	}
	return true
}

// admits reports whether action ai may be taken from m, elapsed into the
// plan: its preconditions pass, and it is not left out (quarantined).
func (s *search[M, K]) admits(ai int, m *M, elapsed time.Duration) bool {
	switch ck := &s.d.checks[ai]; ck.how {
	case checkTest:
		if !ck.test(m) {
			return false
		}
	case checkAll:
		if !s.passes(ai, &s.d.actions[ai], m, elapsed) {
			return false
		}
	}
	s.admitted[ai]++
	return !s.anyOut || !s.out[ai]
}

// candidates returns the actions the indices call for on m, with those
// no index holds, in the order they were added.
func (s *search[M, K]) candidates(m *M) []int32 {
	d := s.d
	s.cand = append(s.cand[:0], d.always...)
	lists := min(len(d.always), 1)
	for i := range d.indices {
		x := &d.indices[i]
		if v := x.of(m); v >= 0 && v < len(x.byValue) && len(x.byValue[v]) > 0 {
			s.cand = append(s.cand, x.byValue[v]...)
			lists++
		}
	}
	if lists > 1 { // each list is in order: insertion sort puts them together
		c := s.cand
		for i := 1; i < len(c); i++ {
			for j := i; j > 0 && c[j] < c[j-1]; j-- {
				c[j], c[j-1] = c[j-1], c[j]
			}
		}
	}
	return s.cand
}

// successor adds the state action ai leads to from node n, or finds it
// known, and takes the cheaper way to it. It reports false when a cost or
// an estimate breaks its contract (s.err says which).
func (s *search[M, K]) successor(n int32, ai int, a *action[M]) bool {
	c := s.alloc()
	s.ctx.Copy(&s.nodes[c].m, &s.nodes[n].m)
	return s.settle(n, c, int32(ai), a)
}

// settle makes node c, whose memory holds node n's (a variant bound in),
// the successor of n through step st of action a: it predicts the
// action's effect on it, and adds it, or finds its state known and takes
// the cheaper way to it.
func (s *search[M, K]) settle(n, c int32, st step, a *action[M]) bool {
	d := s.d
	parent, child := &s.nodes[n], &s.nodes[c]
	s.ctx.Return(parent.at)
	a.act.Simulate(s.ctx, &child.m)
	if gone := s.ctx.Elapsed() - parent.at.Elapsed(); gone < a.takes {
		s.ctx.Advance(&child.m, a.takes-gone)
	}
	child.at = s.ctx.Moment()
	cost := 1.0
	if a.cost != nil {
		cost = a.cost(&parent.m, &child.m)
		if !(cost >= 0 && cost <= math.MaxFloat64) {
			s.err = fmt.Errorf("goap: action %q costs %v: a cost must be a finite number, not negative", a.name, cost)
			return false
		}
	}
	g := parent.g + cost
	if g > math.MaxFloat64 {
		s.err = fmt.Errorf("goap: a plan through action %q costs more than a float64 holds: scale the costs down", a.name)
		return false
	}
	k := d.key(&child.m)
	j, at, hash := find(&s.index, s.nodes, k)
	if j >= 0 {
		old := &s.nodes[j]
		if g >= old.g {
			if s.watching {
				s.trial(parent.trial, a.name, "known", "a state reached at no more cost", g, 0)
			}
			s.nodes = s.nodes[:c] // the state is known: give the slot back
			return true
		}
		// A cheaper way to a known state: take it, and look at the state
		// again if it was expanded already (an estimate that is
		// admissible but not consistent needs that to stay optimal).
		s.ctx.Copy(&old.m, &child.m)
		old.at = child.at
		s.nodes = s.nodes[:c]
		h, ok := s.estimate(&old.m)
		if !ok {
			return false
		}
		old.g, old.f, old.parent, old.action, old.depth = g, g+h, n, st, parent.depth+1
		if s.watching {
			s.trials[old.trial].Outcome, s.trials[old.trial].Reason = "superseded", "a cheaper way to the state was found"
			old.trial = s.trial(parent.trial, a.name, "open", "a cheaper way to a known state", g, h)
		}
		s.push(j)
		return true
	}
	h, ok := s.estimate(&child.m)
	if !ok {
		return false
	}
	child.g, child.f, child.parent, child.action, child.key, child.depth = g, g+h, n, st, k, parent.depth+1
	if s.watching {
		child.trial = s.trial(parent.trial, a.name, "open", "", g, h)
	}
	s.index.insert(at, hash, c)
	s.push(c)
	return true
}

// history marks, in sits, the actions the plan up to node n runs: each
// ends at the time the plan reached then, so the preconditions of the
// steps after it (a cooldown it starts) are judged knowing it ran. The
// search tree holds the history: no node keeps a copy.
func (s *search[M, K]) history(n int32) {
	now := s.base[0].Now // the clock the planning started at
	for ; n >= 0 && s.nodes[n].action >= 0; n = s.nodes[n].parent {
		a := actionOf(s.nodes[n].action) // a variant's step holds its action, and more
		if s.ran[a] {
			continue // a later run of it is marked already
		}
		s.ran[a] = true
		s.since = append(s.since, a)
		s.sits[a] = s.sits[a].After(now + s.nodes[n].at.Elapsed() - s.from)
	}
}

// forget undoes history's marks.
func (s *search[M, K]) forget() {
	for _, a := range s.since {
		s.ran[a] = false
		s.sits[a] = s.base[a]
	}
	s.since = s.since[:0]
}

// passes checks action a's preconditions on m, elapsed into the plan, and
// tallies the first that does not answer Pass. A precondition that is a
// test of the memory alone (traits.Test) is called as one: most are, and a
// search checks many.
func (s *search[M, K]) passes(ai int, a *action[M], m *M, elapsed time.Duration) bool {
	if a.quick {
		for ci, test := range a.tests {
			if !test(m) {
				slot := a.slot + ci
				if s.tally[slot] == 0 {
					s.why(ai, a, ci, m, elapsed)
				}
				s.tally[slot]++
				return false
			}
		}
		return true
	}
	sit := &s.sits[ai]
	if a.timed {
		later := sit.Later(elapsed - s.from)
		sit = &later
	}
	for ci, c := range a.pre {
		if test := a.tests[ci]; test != nil {
			if !test(m) {
				if s.tally[a.slot+ci] == 0 {
					s.why(ai, a, ci, m, elapsed)
				}
				s.tally[a.slot+ci]++
				return false
			}
			continue
		}
		if check, why := c.Evaluate(*sit, m); check != bt.Pass {
			s.discard(a, ci, check, why)
			return false
		}
	}
	return true
}

// why asks precondition ci of action a, a test that failed on m for the
// first time in this planning, why, for the tally.
func (s *search[M, K]) why(ai int, a *action[M], ci int, m *M, elapsed time.Duration) {
	_, s.firstWhy[a.slot+ci] = a.pre[ci].Evaluate(s.sits[ai].Later(elapsed-s.from), m)
}

// discard tallies precondition ci of action a, which answered check.
func (s *search[M, K]) discard(a *action[M], ci int, check bt.Check, why string) {
	slot := a.slot + ci
	if check == bt.Done {
		slot = a.slot + len(a.pre)
	}
	if s.tally[slot] == 0 {
		s.firstWhy[slot] = why
	}
	s.tally[slot]++
}

// estimate returns the goal's estimate for m, 0 without one.
func (s *search[M, K]) estimate(m *M) (float64, bool) {
	var h float64
	switch g := s.goal; {
	case g.estimateFrom != nil:
		h = g.estimateFrom(s.root, m)
	case g.estimate != nil:
		h = g.estimate(m)
	default:
		return 0, true
	}
	if !(h >= 0) || math.IsInf(h, 1) {
		s.err = fmt.Errorf("goap: goal %q estimates %v: an estimate must be a finite number, not negative", s.goal.name, h)
		return 0, false
	}
	return h, true
}

// path writes the actions from the root to the found node into steps.
func (s *search[M, K]) path(steps []int32) []int32 {
	steps = steps[:0]
	for n := s.found; n >= 0 && s.nodes[n].action >= 0; n = s.nodes[n].parent {
		steps = append(steps, s.nodes[n].action)
	}
	for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
		steps[i], steps[j] = steps[j], steps[i]
	}
	return steps
}

// The open list: a binary heap ordered by f, then by g (deeper first: of
// two nodes that promise the same, the one nearer the goal), then by the
// order nodes were made in, which follows the designer's order of actions.
// No map iteration or hash decides anything.

func less(a, b *entry) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.node < b.node
}

func (s *search[M, K]) push(n int32) {
	nd := &s.nodes[n]
	s.open = append(s.open, entry{f: nd.f, g: nd.g, node: n})
	h := s.open
	j := len(h) - 1
	e := h[j]
	for j > 0 {
		i := (j - 1) / 2
		if !less(&e, &h[i]) {
			break
		}
		h[j] = h[i]
		j = i
	}
	h[j] = e
}

func (s *search[M, K]) pop() entry {
	h := s.open
	top := h[0]
	last := len(h) - 1
	e := h[last]
	h = h[:last]
	s.open = h
	if last == 0 {
		return top
	}
	i := 0
	for {
		l := 2*i + 1
		if l >= last {
			break
		}
		j := l
		if r := l + 1; r < last && less(&h[r], &h[l]) {
			j = r
		}
		if !less(&h[j], &e) {
			break
		}
		h[i] = h[j]
		i = j
	}
	h[i] = e
	return top
}

// explain adds to r the actions this planning discarded, with the
// precondition that failed, the reason it gave first and how often.
func (s *search[M, K]) explain(r *decide.Report) {
	for ai := range s.d.actions {
		a := &s.d.actions[ai]
		for slot := a.slot; slot <= a.slot+len(a.pre); slot++ {
			n := s.tally[slot]
			if ck := &s.d.checks[ai]; ck.how == checkTest && slot == a.slot {
				n = s.sweeps + s.considered[ai] - s.admitted[ai]
				s.firstWhy[slot] = ck.failure
			}
			if n == 0 {
				continue
			}
			why := s.firstWhy[slot]
			if why == "" {
				why = "no reason given"
			}
			var which string
			if slot == a.slot+len(a.pre) {
				which = "already done: "
			} else {
				which = "precondition " + strconv.Itoa(slot-a.slot+1) + ": "
			}
			r.Rejected = append(r.Rejected, decide.Rejection{Name: a.name, Reason: which + why + " (" + times(int(n)) + ")"})
		}
	}
}

// copyFrom makes s the same search as o, a search of the same domain
// under way, reusing s's storage: a preview goes on with the copy where
// the live search stands, and leaves the live one as it is.
func (s *search[M, K]) copyFrom(o *search[M, K]) {
	s.nodes = s.nodes[:0]
	for i := range o.nodes {
		s.nodes = append(s.nodes, o.nodes[i])
		s.ctx.Copy(&s.nodes[i].m, &o.nodes[i].m)
	}
	s.open = append(s.open[:0], o.open...)
	s.index.seed, s.index.gen, s.index.n = o.index.seed, o.index.gen, o.index.n
	s.index.slots = append(s.index.slots[:0], o.index.slots...)
	copy(s.base, o.base)
	copy(s.sits, o.sits)
	copy(s.out, o.out)
	s.anyOut = o.anyOut
	s.goal, s.from = o.goal, o.from
	s.banned = append(s.banned[:0], o.banned...)
	s.watching, s.goalTrial = o.watching, o.goalTrial
	s.trials = append(s.trials[:0], o.trials...)
	s.expanded, s.tries, s.found, s.cut, s.broke, s.err = o.expanded, o.tries, o.found, o.cut, o.broke, o.err
	copy(s.tally, o.tally)
	copy(s.firstWhy, o.firstWhy)
	copy(s.considered, o.considered)
	copy(s.admitted, o.admitted)
	s.sweeps = o.sweeps
}
