package bt

import (
	"runtime/debug"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/heuristic"
)

// A Plan is a decision previewed without acting: which way the tree would
// go if it were ticked now, what each selector on the way would choose,
// and what the tree predicts.
type Plan struct {
	// Verdict is the root's predicted outcome.
	Verdict heuristic.Verdict
	// Path lists the node paths from the root down to the node the tick
	// would run: through each selector's choice, as the tick would make
	// it, each running composite's current child, the child a Router
	// routes to, and the first child of any other node.
	Path []string
	// Decisions holds every choice a selector made in the preview, in
	// tree order: those on Path are the tick's own decisions; the others
	// were made while simulating options.
	Decisions []Decision
}

// Leaf returns the last element of Path: the node the tree would run.
func (p Plan) Leaf() string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}

// String formats the plan on one line, as "guard/chase: Beneficial (closer)".
func (p Plan) String() string {
	return p.Leaf() + ": " + p.Verdict.String()
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
// What the preview promises is the tick's decisions, up to the moment
// the tick first acts: until an action begins or a node finishes in the
// tick, each selector that decides chooses as its preview did, with the
// same verdicts, and the nodes the tick begins are those of Plan.Path. An
// action's Begin or Update changes the world in ways no preview can know;
// what the tick decides after that was planned on predicted memory, or is
// decided on the world as it then is.
//
// Unlike Tick, Preview allocates the Plan it returns. A panic in user code
// is reported as a *PanicError with an empty Plan; it does not quarantine
// the node, since previewing changes nothing. The step is checked as Tick
// checks it.
func (a *Agent[M]) Preview(m *M, dt time.Duration) (Plan, error) {
	if a == nil || a.st == nil {
		return Plan{}, ErrNotBuilt
	}
	return a.scratch().preview(a, m, dt)
}

func (s *scratch[M]) preview(a *Agent[M], m *M, dt time.Duration) (p Plan, err error) {
	if err := step(a.clock, dt); err != nil {
		return Plan{}, err
	}
	if err := s.open(a, m); err != nil {
		return Plan{}, err
	}
	s.clock.Advance(dt)
	s.keyTick = a.ticks + 1 // the numbers of the tick previewed
	defer func() {
		if r := recover(); r != nil {
			s.fault(r, debug.Stack(), false)
			p = Plan{}
		}
		err = s.close()
	}()
	p.Path = s.walk(s.ctx.Push(m)) // the walk reads a copy, in case user code writes
	pred := s.ctx.Push(m)
	p.Verdict = s.simulate(0, nil, pred)
	s.ctx.Unwind(0)
	p.Decisions = s.decisions()
	return p, nil
}

// walk follows the way a tick would go down from the root on m, choosing
// where the tick would choose, and returns the paths on the way. Through
// a parallel it visits every branch that would run, for their choices,
// and its way goes on down the first.
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
	if !s.wouldRun(i, m) {
		return
	}
	if onPath {
		*way = append(*way, i)
	}
	n := &s.nodes[i]
	if n.flags&flagGoal != 0 {
		s.ctx.PushHeuristic(n.goal)
		defer s.ctx.PopHeuristic()
	}
	if n.kind == kindParallel {
		first := true
		for _, k := range n.kids {
			if !s.st[i].running() || s.st[k].result == Running {
				s.visit(k, m, way, onPath && first)
				first = false
			}
		}
		return
	}
	if k := s.next(i, m); k >= 0 {
		s.visit(n.kids[k], m, way, onPath)
	}
}

// wouldRun reports whether node i runs in the tick: it runs already, or
// its constraints would let it begin.
func (s *scratch[M]) wouldRun(i int32, m *M) bool {
	if s.st[i].running() || s.nodes[i].flags&flagGuarded == 0 && s.st[i].flags&stQuarantined == 0 {
		return true
	}
	check, _ := s.check(i, m, false)
	return check == Pass
}

// next returns the position of the child that node i would run next on m,
// or -1. A selector that would choose now chooses, and keeps the choice as
// its plan, which the tick then carries out.
func (s *scratch[M]) next(i int32, m *M) int32 {
	at := s.at
	s.at = loc(i, opSimulate)
	defer func() { s.at = at }()
	n := &s.nodes[i]
	st := &s.st[i]
	switch n.kind {
	case kindSelector:
		if !st.running() || st.current < 0 || s.due(i, m) {
			return s.planNow(i, m)
		}
		return st.current
	case kindSequence:
		if !st.running() {
			return 0
		}
		if n.is(flagReactive) {
			if k, _ := s.broken(i, m); k >= 0 {
				return -1
			}
		}
		return st.current
	case kindPriority:
		return s.priorityNext(i, m)
	case kindIfElse:
		if st.running() {
			return st.current
		}
		return s.pick(i, m)
	case kindCustom:
		if n.is(flagRouter) {
			return int32(s.a.custom[n.custom].(Router[M]).Route(m))
		}
		for j, k := range n.kids {
			if s.st[k].running() {
				return int32(j)
			}
		}
	}
	if len(n.kids) == 0 {
		return -1
	}
	return 0
}

// decisions collects the choices selectors made in this call.
func (s *scratch[M]) decisions() []Decision {
	var ds []Decision
	for i := range s.nodes {
		n := &s.nodes[i]
		if n.kind != kindSelector {
			continue
		}
		p := &s.plans[n.selector]
		if p.session != s.session {
			continue
		}
		ds = append(ds, Decision{Selector: s.tree.pathOf(int32(i)), Chosen: p.choice, Why: p.why,
			Candidates: append([]Candidate(nil), s.bufs[n.selector].planned...)})
	}
	return ds
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
