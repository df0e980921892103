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
// tree's clock and random numbers are left as they were, so previewing
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
func (t *Tree[M]) Preview(m *M, dt time.Duration) (p Plan, err error) {
	if err := t.open(m); err != nil {
		return Plan{}, err
	}
	if err := t.step(dt); err != nil {
		t.busy = false
		return Plan{}, err
	}
	saved := t.clock
	t.clock.Advance(dt)
	t.key = decisionKey(t.seed, t.ticks+1) // the numbers of the tick previewed
	defer func() {
		if r := recover(); r != nil {
			t.fault(r, debug.Stack(), false)
			p = Plan{}
		}
		t.clock = saved
		err = t.leave()
	}()
	p.Path = t.walk(t.ctx.Push(m)) // the walk reads a copy, in case user code writes
	pred := t.ctx.Push(m)
	p.Verdict = t.root.Simulate(t.ctx, pred)
	t.ctx.Unwind(0)
	p.Decisions = t.decisions()
	return p, nil
}

// walk follows the way a tick would go down from the root on m, choosing
// where the tick would choose, and returns the paths on the way. Through
// a parallel it visits every branch that would run, for their choices,
// and its way goes on down the first.
func (t *Tree[M]) walk(m *M) []string {
	var way []*Child[M]
	t.visit(t.root, m, &way, true)
	t.ctx.Reset()
	return paths(way)
}

// paths returns the paths of a way down from the root. They are prefixes
// of the last one, and share its bytes: a way d deep costs O(d), not d².
func paths[M any](way []*Child[M]) []string {
	if len(way) == 0 {
		return nil
	}
	last := way[len(way)-1].Path()
	out := make([]string, len(way))
	n := -1
	for i, c := range way {
		n += 1 + len(c.name)
		out[i] = last[:n]
	}
	return out
}

func (t *Tree[M]) visit(c *Child[M], m *M, way *[]*Child[M], onPath bool) {
	if !t.wouldRun(c, m) {
		return
	}
	if onPath {
		*way = append(*way, c)
	}
	if c.goal != nil {
		t.ctx.PushHeuristic(c.goal)
		defer t.ctx.PopHeuristic()
	}
	if n, ok := c.node.(*parallel[M]); ok {
		first := true
		for i, k := range c.children {
			if !n.active || n.results[i] == Running {
				t.visit(k, m, way, onPath && first)
				first = false
			}
		}
		return
	}
	if k := t.next(c, m); k != nil {
		t.visit(k, m, way, onPath)
	}
}

// wouldRun reports whether c runs in the tick: it runs already, or its
// constraints would let it begin.
func (t *Tree[M]) wouldRun(c *Child[M], m *M) bool {
	if c.running || len(c.constraints) == 0 && !c.quarantined {
		return true
	}
	check, _ := c.check(m, false)
	return check == Pass
}

// next returns the child that c would run next on m, or nil. A selector
// that would choose now chooses, and keeps the choice as its plan, which
// the tick then carries out.
func (t *Tree[M]) next(c *Child[M], m *M) *Child[M] {
	at := t.enter(c, opSimulate)
	defer func() { t.at = at }()
	i := 0
	switch n := c.node.(type) {
	case *selector[M]:
		i = n.current
		if !n.active || i < 0 || n.due() {
			i = n.planNow(m)
		}
	case *sequence[M]:
		if n.active {
			if n.reactive {
				if j, _ := n.broken(m); j >= 0 {
					return nil
				}
			}
			i = n.current
		}
	case *priority[M]:
		if n.active {
			i = n.current
			if n.reactive {
				if j := n.preempting(m); j >= 0 {
					i = j
				}
			}
		}
	case *ifElse[M]:
		if n.branch != nil {
			return n.branch
		}
		return n.pick(m)
	case Router[M]:
		i = n.Route(m)
	default:
		for j, k := range c.children {
			if k.running {
				i = j
			}
		}
	}
	if i < 0 || i >= len(c.children) {
		return nil
	}
	return c.children[i]
}

// decisions collects the choices selectors made in this call of the tree.
func (t *Tree[M]) decisions() []Decision {
	var ds []Decision
	for _, c := range t.nodes {
		s, ok := c.node.(*selector[M])
		if !ok || s.plan.session != t.session {
			continue
		}
		ds = append(ds, Decision{Selector: c.Path(), Chosen: s.plan.choice, Why: s.plan.why,
			Candidates: append([]Candidate(nil), s.planned...)})
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
