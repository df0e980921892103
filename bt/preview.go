package bt

import (
	"strings"

	"github.com/foresight-bt/foresight/heuristic"
)

// A Plan is a decision previewed without acting: what the tree predicts
// and which way it would go if it were ticked now.
type Plan struct {
	// Verdict is the root's predicted outcome.
	Verdict heuristic.Verdict
	// Path lists the node paths from the root down to the node the tree
	// would run: through each selector's choice and each composite's
	// current (or first) child.
	Path []string
	// Decisions holds every choice a selector made in the simulation, in
	// tree order.
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

// Preview simulates the tree from m, exactly as a tick that planned now
// would, and reports the plan. It acts on nothing: no Begin, Update or
// End is called, m is not written, and the tree's random source is
// restored afterwards, so previewing never changes what later ticks decide.
// Unlike Tick, Preview allocates the Plan it returns.
//
// A panic in user code is reported as a *PanicError with an empty Plan; it
// does not quarantine the node, since previewing changes nothing.
func (t *Tree[M]) Preview(m *M) (p Plan, err error) {
	if err := t.open(m); err != nil {
		return Plan{}, err
	}
	saved := t.pcg
	defer func() {
		if r := recover(); r != nil {
			t.fault(r, false)
			p = Plan{}
		}
		t.pcg = saved
		err = t.leave()
	}()
	t.epoch++ // plans made here are never taken up by a tick
	scratch := t.ctx.Push(m)
	v := t.root.Simulate(t.ctx, scratch)
	t.ctx.Pop()
	return Plan{Verdict: v, Path: t.path(m), Decisions: t.decisions()}, nil
}

// path follows the planned way down from the root. An if/else that has
// not begun is asked for its branch on m.
func (t *Tree[M]) path(m *M) []string {
	var path []string
	for c := t.root; c != nil; c = t.next(c, m) {
		path = append(path, c.path)
	}
	return path
}

// next returns the child that c would run next, or nil.
func (t *Tree[M]) next(c *Child[M], m *M) *Child[M] {
	switch n := c.node.(type) {
	case *selector[M]:
		i := n.current
		if n.plan.epoch == t.epoch {
			i = n.plan.choice
		}
		if i < 0 {
			return nil
		}
		return n.children[i]
	case *sequence[M]:
		if n.active && n.current < len(n.children) {
			return n.children[n.current]
		}
	case *priority[M]:
		if n.active && n.current < len(n.children) {
			return n.children[n.current]
		}
	case *ifElse[M]:
		if n.branch != nil {
			return n.branch
		}
		t.enter(c, opSimulate)
		return n.pick(m)
	}
	if len(c.children) > 0 {
		return c.children[0]
	}
	return nil
}

// decisions collects the choices selectors made in this epoch.
func (t *Tree[M]) decisions() []Decision {
	var ds []Decision
	for _, c := range t.nodes {
		s, ok := c.node.(*selector[M])
		if !ok || s.plan.epoch != t.epoch {
			continue
		}
		ds = append(ds, Decision{Selector: c.path, Chosen: s.plan.choice, Why: s.plan.why,
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
