package bt

import (
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// A Preview is a decision previewed without acting: which way the tree
// would go if it were ticked now, what each selector and planner on the
// way would choose, and what the tree predicts.
type Preview struct {
	// Verdict is the root's predicted outcome.
	Verdict heuristic.Verdict
	// Path lists the node paths from the root down to the node the tick
	// would run: through each selector's choice, as the tick would make
	// it, each running composite's current child, the child a routing node
	// routes to, and the first child of any other node.
	Path []string
	// Decisions holds the choices the tick will make, in the order it
	// makes them: by the selectors on Path, and in the other branches of a
	// parallel the tick runs.
	Decisions []Decision
	// Plans holds what the planner nodes on Path will do with their plans
	// in the tick, in order, as each will report it (bt.EventPlan): the
	// plan made, kept or replaced, and the step it begins with.
	Plans []decide.Report
	// Planners holds the path of the planner node of each of Plans, as
	// a Decision holds its selector's (an EventPlan's Path).
	Planners []string
}

// leaf returns the last element of Path: the node the tree would run.
func (p Preview) leaf() string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}

// String formats the preview on one line, as "guard/chase: Beneficial (closer)".
func (p Preview) String() string {
	return p.leaf() + ": " + p.Verdict.String()
}

// Preview reports what Tick(m, dt) would decide, without acting: it
// walks down the tree as that tick would, at the time the tick would see,
// and where the tick would choose (a selector that begins, or plans again
// while running), it chooses exactly as the tick will. It acts on
// nothing: no Begin, Update or End is called, m is not written, and the
// agent's clock and random numbers are left as they were, so previewing
// never changes what later ticks decide. Pass the step the next Tick will
// have (0 for "now").
//
// What the preview promises is the tick's decisions, up to the moment the
// tick first acts: until an action begins or is updated, or a node
// finishes, in the tick, each selector that decides chooses as its
// preview did (Preview.Decisions), with the same verdicts, and the nodes
// the tick begins are those of Preview.Path. A child its constraints
// refuse is passed over as the tick passes over it. An action's Begin or
// Update changes the world in ways no preview can know; what the tick
// decides after that was planned on predicted memory, or is decided on
// the world as it then is.
//
// Unlike Tick, Preview allocates what it returns. A panic in user code is
// reported as a *PanicError with an empty Preview; it does not quarantine
// the node, since previewing changes nothing. The step is checked as Tick
// checks it.
func (a *Agent[M]) Preview(m *M, dt time.Duration) (Preview, error) {
	if a == nil || a.st == nil {
		return Preview{}, errNoAgent
	}
	return a.scratch().preview(a, m, dt)
}

func (s *scratch[M]) preview(a *Agent[M], m *M, dt time.Duration) (p Preview, err error) {
	if err := step(a, dt); err != nil {
		return Preview{}, err
	}
	dt += a.sched.skipped // as the tick previewed will take it
	if err := s.open(a, m); err != nil {
		return Preview{}, err
	}
	s.clock.Advance(dt)
	s.clock.step, s.keyTick = dt, a.ticks+1 // the tick previewed
	defer func() {
		if r := recover(); r != nil {
			s.previewing = false
			s.fault(r, debug.Stack(), false)
			p = Preview{}
		}
		err = s.close()
	}()
	s.walked = s.walked[:0]
	s.foreseen, s.foreseenBy = s.foreseen[:0], s.foreseenBy[:0]
	if s.admits(0, m) == Pass {
		s.previewing = true
		p.Path = s.walk(s.ctx.Push(m)) // the walk reads a copy, in case user code writes
		s.previewing = false
	}
	pred := s.ctx.Push(m)
	s.ctx.Return(Moment{})
	p.Verdict = s.simulate(0, nil, pred)
	s.ctx.unwind(0)
	p.Decisions = s.decisions()
	for i := range s.foreseen {
		p.Plans = append(p.Plans, *s.foreseen[i].Clone())
		p.Planners = append(p.Planners, s.tree.pathOf(s.foreseenBy[i]))
	}
	return p, nil
}

// walk follows the way a tick would go down from the root on m, choosing
// where the tick would choose, and returns the paths on the way. Through
// a parallel it visits every branch that would run, for their choices,
// and its way goes on down the first. The selectors it finds deciding are
// noted, in the order the tick reaches them.
func (s *scratch[M]) walk(m *M) []string {
	var way []int32
	s.visit(0, m, &way, true)
	s.ctx.Reset()
	return s.paths(way)
}

// paths returns the paths of a way down from the root. They are prefixes
// of the last one, and share its bytes: a way d deep costs O(d), not d².
func (s *scratch[M]) paths(way []int32) []string {
	if len(way) == 0 {
		return nil
	}
	last := s.tree.pathOf(way[len(way)-1])
	out := make([]string, len(way))
	n := -1
	for i, k := range way {
		n += 1 + len(s.nodes[k].name)
		out[i] = last[:n]
	}
	return out
}

func (s *scratch[M]) visit(i int32, m *M, way *[]int32, onPath bool) {
	if onPath {
		*way = append(*way, i)
	}
	n := &s.nodes[i]
	if n.flags&flagGoal != 0 {
		s.ctx.pushHeuristic(n.goal)
		defer s.ctx.popHeuristic()
	}
	if n.kind == kindParallel {
		first := true
		for _, k := range n.kids {
			if s.st[i].running() && s.st[k].result != Running || s.admits(k, m) != Pass {
				continue
			}
			s.visit(k, m, way, onPath && first)
			first = false
		}
		return
	}
	if c := s.next(i, m); c >= 0 && int(c) < len(n.kids) {
		s.visit(n.kids[c], m, way, onPath)
	}
}

// admits returns what the tick would find checking node k's constraints,
// to begin it or to update it: Pass for a node that has none, or would
// pass them; Done or Fail otherwise. Refused, a node does not begin (or,
// running, is interrupted), and its parent goes its way.
func (s *scratch[M]) admits(k int32, m *M) Check {
	if s.nodes[k].flags&flagGuarded == 0 && s.st[k].flags&stQuarantined == 0 {
		return Pass
	}
	check, _ := s.check(k, m, false)
	return check
}

// next returns the position of the child that node i would run next on m,
// or -1, passing over children whose constraints would refuse them as the
// tick would. A selector that would choose now chooses, and keeps the
// choice as its plan, which the tick then carries out.
func (s *scratch[M]) next(i int32, m *M) int32 {
	at := s.at
	s.at = loc(i, opSimulate)
	c := s.next1(i, m)
	s.at = at
	return c
}

func (s *scratch[M]) next1(i int32, m *M) int32 {
	n := &s.nodes[i]
	st := &s.st[i]
	switch n.kind {
	case kindSelector:
		c := st.current
		if !st.running() || c < 0 || s.due(i, m) {
			c = s.planNow(i, m)
			s.walked = append(s.walked, i)
		}
		if c >= 0 && s.admits(n.kids[c], m) != Pass {
			return -1 // the selector fails: a choice it cannot begin
		}
		return c
	case kindSequence:
		c := int32(0)
		if st.running() {
			if n.is(flagReactive) {
				if k, _ := s.broken(i, m); k >= 0 {
					return -1
				}
			}
			c = st.current
		}
		for ; int(c) < len(n.kids); c++ {
			switch s.admits(n.kids[c], m) {
			case Pass:
				return c
			case Fail:
				if !n.seq.allowFailure {
					return -1 // the sequence fails
				}
			} // Done: the child succeeds without beginning, and the sequence goes on
		}
		return -1
	case kindPriority:
		c, why := s.priorityNext(i, m)
		for ; int(c) < len(n.kids); c++ {
			k := n.kids[c]
			ran := s.st[k].running()
			if !ran { // the tick picks it, as its tracer is told, or passes it over
				if _, picked := s.pickInOrder(i, c, m, why); picked {
					s.walked = append(s.walked, i)
				}
				why = FirstInOrder
			}
			switch s.admits(k, m) {
			case Pass:
				return c
			case Done:
				return -1 // the child succeeds without beginning, and so does the priority
			}
			// Fail: the priority tries the next. A running child its
			// guard stops fails as it runs, and the decision that
			// follows says so, as the tick's does (runPriorityFrom); a
			// child just picked passed the same check, so is not refused.
			if ran {
				s.bufs[n.selector].live.Candidates[c].Verdict = failedRunning
			}
		}
		return -1
	case kindIfElse:
		c := st.current
		if !st.running() {
			c = s.pick(i, m)
		}
		if c >= 0 && s.admits(n.kids[c], m) != Pass {
			return -1
		}
		return c
	}
	// A custom node: its router's choice, or its running child, or its
	// first; what it does when its child is refused is its own affair, so
	// the way stops there.
	c := int32(0)
	if n.is(flagRouter) {
		s.at = loc(i, opRoute)
		c = int32(s.a.custom[n.custom].(router[M]).Route(m))
		s.at = loc(i, opSimulate)
	} else {
		for j, k := range n.kids {
			if s.st[k].running() {
				c = int32(j)
				break
			}
		}
	}
	if c < 0 || int(c) >= len(n.kids) || s.admits(n.kids[c], m) != Pass {
		return -1
	}
	return c
}

// decisions returns the decisions of the selectors the walk went
// through, as the tick will make them.
func (s *scratch[M]) decisions() (own []Decision) {
	for _, i := range s.walked {
		n := &s.nodes[i]
		if n.kind == kindPriority { // its pick, as the tick will trace it
			d := s.bufs[n.selector].tried
			d.Candidates = slices.Clone(d.Candidates)
			own = append(own, d)
			continue
		}
		p := &s.plans[n.selector]
		own = append(own, Decision{Selector: s.tree.pathOf(i), Chosen: p.choice, Why: p.why,
			Candidates: append([]Candidate(nil), s.bufs[n.selector].planned...)})
	}
	return own
}

// String formats the decision on one line, best first, as
// "guard → chase [attack: Impossible (out of range), chase: Beneficial (closer)]".
func (d Decision) String() string {
	var b strings.Builder
	b.WriteString(d.Selector)
	if c, ok := d.Choice(); ok {
		b.WriteString(" → " + c.Name)
	} else {
		b.WriteString(" → nothing")
	}
	b.WriteString(" (" + d.Why.String() + ") [")
	for i, c := range d.Candidates {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name + ": " + c.Verdict.String())
	}
	b.WriteString("]")
	return b.String()
}
