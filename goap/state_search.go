package goap

import (
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// A planning under way (spread over ticks by Budget.PerTick) is saved
// whole, so that a restored runner goes on with it exactly where the
// saved one stood, whatever its actions' predictions and preconditions
// read: not only the memory and options it began with, but where it
// stands among the goals, the plan kept so far, its tallies and trials,
// and the search for the goal under way, every state met with its memory
// and the open list. Replaying the planning from its start instead would
// save less, but would judge again, in another tick, preconditions that
// were judged in the ticks before the save, and which may read more than
// the memory (the time, the world, a roll). Its fields:
//
//	actions, then each action, situation, out
//	                  the situation each action's preconditions are
//	                  judged in, and whether it is left out of plans
//	progress          the rest, in one value (savedPlanning)
//	moment            for each state of the search, where its
//	                  prediction stands
//
// A search's states are as many as its nodes expanded times the actions,
// at most (see Budget): a save of a large search is large.

// savedPlanning is what a planning under way saves of itself in one value
// (with StateWriter.Value, so that its memories are carried).
type savedPlanning[M any] struct {
	Root     M           `json:"root"`
	Bounded  bool        `json:"bounded,omitempty"` // only goals above Above
	Above    float64     `json:"above,omitempty"`
	Goals    []savedGoal `json:"goals"` // in the order tried
	Pos      int         `json:"pos"`   // the goal being worked on
	Active   bool        `json:"active,omitempty"`
	Goal     string      `json:"goal,omitempty"` // the plan kept so far
	Plan     []savedStep `json:"plan,omitempty"`
	Cost     float64     `json:"cost,omitempty"`
	Expanded int         `json:"expanded,omitempty"`
	Banned   []savedStep `json:"banned,omitempty"` // variants backing off

	Tallies    []int32  `json:"tallies"` // per precondition slot
	Why        []string `json:"why"`     // the first reason in each slot
	Sweeps     int32    `json:"sweeps,omitempty"`
	Considered []int32  `json:"considered"` // per action
	Admitted   []int32  `json:"admitted"`

	Watching  bool           `json:"watching,omitempty"`
	Trials    []decide.Trial `json:"trials,omitempty"`
	GoalTrial int32          `json:"goalTrial,omitempty"`
	Kept      int32          `json:"kept,omitempty"`

	Search *savedSearch[M] `json:"search,omitempty"` // the goal's search, while Active
}

// A savedGoal is a goal of a planning, in the order tried: its utility in
// this planning, and what became of it.
type savedGoal struct {
	Name     string  `json:"name"`
	Utility  float64 `json:"utility"`
	Outcome  string  `json:"outcome"`
	Expanded int     `json:"expanded,omitempty"`
	Cost     float64 `json:"cost,omitempty"`
}

// A savedStep is a step: an action, and its variant.
type savedStep struct {
	Action  string `json:"action"`
	Variant int    `json:"variant,omitempty"`
}

// savedSearch is a search under way.
type savedSearch[M any] struct {
	From     time.Duration  `json:"from,omitempty"`
	Expanded int            `json:"expanded"`
	Tries    int            `json:"tries"`
	Found    int32          `json:"found"`
	Full     bool           `json:"full,omitempty"`
	Cut      bool           `json:"cut,omitempty"`
	Broke    string         `json:"broke,omitempty"`
	Nodes    []savedNode[M] `json:"nodes"` // the root first
	Open     []savedEntry   `json:"open"`  // the heap, as it is
}

// A savedNode is a state met: its memory, how it was reached, and its costs.
type savedNode[M any] struct {
	M       M       `json:"m"`
	Parent  int32   `json:"parent"`
	Action  string  `json:"action,omitempty"`
	Variant int     `json:"variant,omitempty"`
	G       float64 `json:"g"`
	F       float64 `json:"f"`
	Depth   int32   `json:"depth"`
	Trial   int32   `json:"trial,omitempty"`
}

// A savedEntry is an entry of the open list.
type savedEntry struct {
	F    float64 `json:"f"`
	G    float64 `json:"g"`
	Node int32   `json:"node"`
}

// outcomeNames name what became of a goal, by kind.
var outcomeNames = [...]string{notTried: "not tried", irrelevant: "not relevant", satisfied: "satisfied",
	noPlan: "no plan", overBudget: "out of budget", planned: "planned", broken: "broken"}

// brokeNames are the bounds a search may run out of.
var brokeNames = []string{"", "Steps", "Tries"}

// savePlanning saves the planning under way (see savedPlanning).
func (p *Session[M, K]) savePlanning(w *bt.StateWriter) {
	d, s := p.d, p.s
	w.Int("actions", int64(len(d.actions)))
	for i := range d.actions {
		w.String("action", d.actions[i].name)
		w.Situation("situation", s.base[i])
		w.Bool("out", s.out[i])
	}
	w.Value("progress", p.saved())
	if p.active {
		for i := range s.nodes {
			w.Moment("moment", s.nodes[i].at)
		}
	}
}

// saved returns the planning under way as it saves it in one value. It
// shares the planning's storage, for a save to read.
func (p *Session[M, K]) saved() *savedPlanning[M] {
	d, s := p.d, p.s
	sp := &savedPlanning[M]{Root: p.root, Bounded: p.bounded, Above: p.above, Pos: p.pos, Active: p.active,
		Goal: d.goalName(p.goal), Plan: d.savedSteps(p.steps), Cost: p.cost, Expanded: p.expanded,
		Banned: d.savedSteps(s.banned), Tallies: s.tally, Why: s.firstWhy, Sweeps: s.sweeps,
		Considered: s.considered, Admitted: s.admitted, Watching: s.watching}
	if s.watching { // otherwise stale: left out, so that a restore saves the same
		sp.Trials, sp.GoalTrial, sp.Kept = s.trials, s.goalTrial, p.kept
	}
	for pos, gi := range p.order {
		o := p.outcomes[pos]
		sp.Goals = append(sp.Goals, savedGoal{Name: d.goals[gi].name, Utility: p.prio[gi],
			Outcome: outcomeNames[o.kind], Expanded: o.expanded, Cost: o.cost})
	}
	if !p.active {
		return sp
	}
	ss := &savedSearch[M]{From: s.from, Expanded: s.expanded, Tries: s.tries, Found: s.found, Full: s.full,
		Cut: s.cut, Broke: s.broke, Nodes: make([]savedNode[M], len(s.nodes)), Open: make([]savedEntry, len(s.open))}
	for i := range s.nodes {
		n := &s.nodes[i]
		sn := savedNode[M]{M: n.m, Parent: n.parent, G: n.g, F: n.f, Depth: n.depth}
		if n.action >= 0 {
			sn.Action, sn.Variant = d.actions[actionOf(n.action)].name, variantOf(n.action)
		}
		if s.watching {
			sn.Trial = n.trial
		}
		ss.Nodes[i] = sn
	}
	for i, e := range s.open {
		ss.Open[i] = savedEntry{F: e.f, G: e.g, Node: e.node}
	}
	sp.Search = ss
	return sp
}

// savedSteps returns steps as they are saved, by name.
func (d *Domain[M, K]) savedSteps(steps []step) []savedStep {
	var out []savedStep
	for _, st := range steps {
		out = append(out, savedStep{Action: d.actions[actionOf(st)].name, Variant: variantOf(st)})
	}
	return out
}

// restorePlanning restores into p, a new session, the planning under way
// that savePlanning saved, noting in c what does not fit p's domain: the
// planning must be over the domain's goals and actions, and hold nothing
// a search cannot (an index out of range, a cost that is not a finite
// number, a cycle of states, two states of one key).
func (p *Session[M, K]) restorePlanning(c *checker) {
	d, s, sr := p.d, p.s, c.sr
	if n := sr.Int("actions"); n != int64(len(d.actions)) {
		c.fail("a planning under way over %d actions, where the domain has %d", n, len(d.actions))
		return
	}
	for i := range d.actions {
		if name := sr.String("action"); name != d.actions[i].name {
			c.fail("a planning under way over action %q where the domain has %q", name, d.actions[i].name)
		}
		s.base[i] = sr.Situation("situation")
		s.sits[i] = s.base[i]
		s.out[i] = sr.Bool("out")
		s.anyOut = s.anyOut || s.out[i]
	}
	sp := new(savedPlanning[M])
	sr.Value("progress", sp)
	if !c.ok() {
		return
	}
	p.restoreGoals(c, sp)
	p.restoreTallies(c, sp)
	if !c.ok() {
		return
	}
	if sp.Active != (sp.Search != nil) {
		c.fail("a planning active %v with a search %v", sp.Active, sp.Search != nil)
		return
	}
	if sp.Active {
		p.restoreSearch(c, sp)
	}
}

// restoreGoals restores where the planning stands among the goals, and
// the plan kept so far.
func (p *Session[M, K]) restoreGoals(c *checker, sp *savedPlanning[M]) {
	d := p.d
	p.root, p.bounded, p.above = sp.Root, sp.Bounded, sp.Above
	if !finite(p.above) {
		c.fail("a planning above utility %v", p.above)
	}
	if len(sp.Goals) != len(d.goals) {
		c.fail("a planning over %d goals, where the domain has %d", len(sp.Goals), len(d.goals))
		return
	}
	seen := make([]bool, len(d.goals))
	for pos, g := range sp.Goals {
		gi := d.goalNamed(g.Name, c)
		kind := slices.Index(outcomeNames[:], g.Outcome)
		switch {
		case gi < 0:
			c.fail("a planning over goal %q, which the domain lacks", g.Name)
			return
		case seen[gi]:
			c.fail("goal %q twice in a planning", g.Name)
		case !finite(g.Utility) || !finite(g.Cost) || g.Cost < 0 || g.Expanded < 0 || kind < 0:
			c.fail("goal %q of utility %v: %q, %d nodes expanded, cost %v", g.Name, g.Utility, g.Outcome, g.Expanded, g.Cost)
			return
		case kind == int(broken):
			// A search that fails ends its planning at once, which
			// then has an error and is not under way; this one has none.
			c.fail("goal %q broke a planning that goes on", g.Name)
			return
		}
		seen[gi] = true
		p.order[pos], p.prio[gi] = gi, g.Utility
		p.outcomes[pos] = outcome{kind: uint8(kind), expanded: g.Expanded, cost: g.Cost}
	}
	p.pos, p.active = sp.Pos, sp.Active
	if p.pos < 0 || p.pos > len(p.order) || p.active && p.pos == len(p.order) {
		c.fail("goal %d of %d under way (active %v)", p.pos, len(p.order), p.active)
	}
	p.goal = d.goalNamed(sp.Goal, c)
	if p.goal < 0 && slices.ContainsFunc(p.outcomes[:len(sp.Goals)], func(o outcome) bool { return o.kind == planned }) {
		c.fail("a goal planned, and no plan kept") // the first plan found is kept
	}
	p.steps = p.steps[:0]
	for _, st := range sp.Plan {
		p.steps = append(p.steps, p.step(c, st))
	}
	for _, st := range p.steps {
		p.names = append(p.names, d.actions[actionOf(st)].name)
	}
	p.cost, p.expanded = sp.Cost, sp.Expanded
	if !finite(p.cost) || p.cost < 0 || p.expanded < 0 {
		c.fail("a plan of cost %v, %d nodes expanded", p.cost, p.expanded)
	}
	for _, st := range sp.Banned {
		p.s.banned = append(p.s.banned, p.step(c, st))
	}
}

// step returns saved step st, failing for one the domain does not have.
func (p *Session[M, K]) step(c *checker, st savedStep) step {
	s, why := p.d.stepNamed(c, st.Action, int64(st.Variant))
	if why != "" {
		c.fail("a planning with a step of %s", why)
	}
	return s
}

// restoreTallies restores the planning's tallies and trials.
func (p *Session[M, K]) restoreTallies(c *checker, sp *savedPlanning[M]) {
	d, s := p.d, p.s
	if len(sp.Tallies) != d.slots || len(sp.Why) != d.slots || len(sp.Considered) != len(d.actions) ||
		len(sp.Admitted) != len(d.actions) {
		c.fail("tallies of %d and %d slots, %d and %d actions, where the domain has %d slots and %d actions",
			len(sp.Tallies), len(sp.Why), len(sp.Considered), len(sp.Admitted), d.slots, len(d.actions))
		return
	}
	for _, counts := range [][]int32{sp.Tallies, sp.Considered, sp.Admitted, {sp.Sweeps}} {
		if slices.ContainsFunc(counts, func(n int32) bool { return n < 0 }) {
			c.fail("a tally below zero")
		}
	}
	copy(s.tally, sp.Tallies)
	copy(s.firstWhy, sp.Why)
	copy(s.considered, sp.Considered)
	copy(s.admitted, sp.Admitted)
	s.sweeps = sp.Sweeps
	s.watching = sp.Watching
	if !s.watching {
		return
	}
	for i, t := range sp.Trials {
		if t.Parent < -1 || t.Parent >= i {
			c.fail("trial %d under trial %d", i, t.Parent)
		}
	}
	s.trials, s.goalTrial, p.kept = sp.Trials, sp.GoalTrial, sp.Kept
	if !p.trialOK(sp.GoalTrial, sp.Active) || !p.trialOK(sp.Kept, p.goal >= 0) {
		c.fail("trials %d and %d of %d", sp.GoalTrial, sp.Kept, len(sp.Trials))
	}
}

// trialOK reports whether t is a trial of the planning, where used.
func (p *Session[M, K]) trialOK(t int32, used bool) bool {
	return !used || t >= 0 && int(t) < len(p.s.trials)
}

// restoreSearch restores the search under way, and its states' moments,
// which follow the planning's value.
func (p *Session[M, K]) restoreSearch(c *checker, sp *savedPlanning[M]) {
	d, s, ss := p.d, p.s, sp.Search
	if len(ss.Nodes) == 0 || ss.Nodes[0].Parent != -1 || ss.Nodes[0].Action != "" {
		c.fail("a search without its root")
		return
	}
	s.goal, s.root, s.from = &d.goals[p.order[p.pos]], &p.root, ss.From
	s.expanded, s.tries, s.found, s.full, s.cut, s.broke = ss.Expanded, ss.Tries, ss.Found, ss.Full, ss.Cut, ss.Broke
	s.keep = keeps(s.tries, len(d.actions))
	if s.from < 0 || s.expanded < 0 || s.tries < 0 || s.found < -1 || int(s.found) >= len(ss.Nodes) ||
		!slices.Contains(brokeNames, s.broke) {
		c.fail("a search from %v, %d of %d nodes expanded, found %d, out of %q", s.from, s.expanded, s.tries, s.found, s.broke)
		return
	}
	s.nodes = s.nodes[:0]
	for i, sn := range ss.Nodes {
		n := node[M, K]{m: sn.M, parent: sn.Parent, action: -1, g: sn.G, f: sn.F, depth: sn.Depth, trial: sn.Trial}
		if i > 0 {
			n.action = p.step(c, savedStep{Action: sn.Action, Variant: sn.Variant})
		}
		if i > 0 && (n.parent < 0 || int(n.parent) >= len(ss.Nodes) || int(n.parent) == i) ||
			!finite(n.g) || !finite(n.f) || n.g < 0 || n.f < 0 || n.depth < 0 || !p.trialOK(n.trial, s.watching) {
			c.fail("state %d: under %d, cost %v, estimated %v, depth %d, trial %d", i, n.parent, n.g, n.f, n.depth, n.trial)
			return
		}
		n.at = c.sr.Moment("moment")
		n.key = d.key(&n.m)
		s.nodes = append(s.nodes, n)
	}
	if !c.ok() || !p.acyclic(c) || !p.indexed(c) {
		return
	}
	s.open = s.open[:0]
	for _, e := range ss.Open {
		if e.Node < 0 || int(e.Node) >= len(s.nodes) || !finite(e.F) || !finite(e.G) {
			c.fail("an open entry of state %d, %v and %v", e.Node, e.F, e.G)
			return
		}
		s.open = append(s.open, entry{f: e.F, g: e.G, node: e.Node})
	}
}

// acyclic checks that every state of the search leads back to its root,
// as path and history follow them.
func (p *Session[M, K]) acyclic(c *checker) bool {
	nodes := p.s.nodes
	const (
		unseen = iota
		onWay
		rooted
	)
	mark := make([]uint8, len(nodes))
	for i := range nodes {
		n := int32(i)
		for n >= 0 && mark[n] == unseen {
			mark[n] = onWay
			n = nodes[n].parent
		}
		if n >= 0 && mark[n] == onWay {
			c.fail("a search whose state %d leads back to itself", n)
			return false
		}
		for n := int32(i); n >= 0 && mark[n] == onWay; n = nodes[n].parent {
			mark[n] = rooted
		}
	}
	return true
}

// indexed indexes the search's states by their keys, and checks that no
// two are of one state.
func (p *Session[M, K]) indexed(c *checker) bool {
	s := p.s
	s.index.reset()
	for i := range s.nodes {
		j, at, word := find(&s.index, s.nodes, s.nodes[i].key)
		if j >= 0 {
			c.fail("states %d and %d of a search are one state", j, i)
			return false
		}
		s.index.insert(at, word, int32(i))
	}
	return true
}
