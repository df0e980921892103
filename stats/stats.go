// Package stats counts what a behaviour tree does over one run or many:
// per node, how often it was simulated and with which outcomes, chosen,
// put into a plan by a planner node, considered, discarded and admitted
// by its plannings, begun, succeeded and failed. Its reports point at
// design smells the planner-analytics way: an action that is never
// chosen, a task no plan holds, a node that is always Impossible and the
// constraint responsible.
//
//	c := stats.New(tree.Nodes())
//	agent.SetTracer(c) // or trace.Tee(c, ...)
//	...
//	c.WriteTable(os.Stdout)
//	fmt.Println(c.NeverChosen())
//
// One collector can follow many runs of trees of the same shape, one after
// another: nodes are known by path.
package stats

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// Counts are what a collector knows of one node.
type Counts struct {
	Simulated int // times a selector predicted it
	Chosen    int // times a selector chose it, or a priority picked it
	Begun     int
	Succeeded int
	Failed    int
	Halted    int // ended while running
	Refused   int // stopped by a constraint, at Begin or while running
	// Planned counts the plans a planner node (an HTN or GOAP runner) made
	// with this task in them; for the planner node itself, the plans it
	// made.
	Planned int
	// Considered, Discarded and Admitted add up, for a step of a
	// planner node that tallies its plannings (an HTN's or GOAP's
	// decide.Plan.Tallies, read while the tree traces), the times the
	// planner considered it, the times its preconditions discarded it,
	// and the times they let it into a plan being made: a step often
	// considered and never admitted is one whose preconditions the
	// world never meets, and the one that most often asks to be
	// checked.
	Considered, Discarded, Admitted int
	// Outcomes counts its predictions by outcome.
	Outcomes [heuristic.NumOutcomes]int
	// Impossible counts the reasons it was predicted Impossible.
	Impossible map[string]int
}

// A Collector is a tracer that counts.
type Collector struct {
	nodes    []bt.NodeInfo
	counts   map[string]*Counts
	planners map[string]bool // the nodes that reported planning
	tallied  bool            // whether any planning came with tallies
}

// New returns a collector for trees with the given nodes.
func New(nodes []bt.NodeInfo) *Collector {
	c := &Collector{nodes: nodes, counts: make(map[string]*Counts, len(nodes)), planners: map[string]bool{}}
	for _, n := range nodes {
		c.counts[n.Path] = &Counts{Impossible: map[string]int{}}
	}
	return c
}

// Trace counts the event.
func (c *Collector) Trace(e *bt.Event) {
	switch e.Kind {
	case bt.EventBegin:
		c.at(e.Path).Begun++
	case bt.EventEnd:
		n := c.at(e.Path)
		switch e.Status {
		case bt.Success:
			n.Succeeded++
		case bt.Failure:
			n.Failed++
		default:
			n.Halted++
		}
	case bt.EventConstraint:
		c.at(e.Path).Refused++
	case bt.EventDecision:
		if e.Decision.Why.Ordered() { // a priority's pick: nothing was predicted
			if cand, ok := e.Decision.Choice(); ok {
				c.at(e.Path+"/"+cand.Name).Chosen++
			}
			break
		}
		for i, cand := range e.Decision.Candidates {
			n := c.at(e.Path + "/" + cand.Name)
			n.Simulated++
			n.Outcomes[cand.Verdict.Outcome]++
			if cand.Verdict.Outcome == heuristic.Impossible {
				n.Impossible[cand.Verdict.Reason]++
			}
			if i == e.Decision.Chosen {
				n.Chosen++
			}
		}
	case bt.EventPlan:
		c.planners[e.Path] = true
		if p := e.Plan; p != nil {
			c.plan(e.Path, p)
		}
	}
}

// plan counts a planning that the planner node at path planner reported.
func (c *Collector) plan(planner string, p *decide.Report) {
	if p.Change == decide.Made || p.Change == decide.Replaced {
		c.at(planner).Planned++
		for _, step := range p.Steps {
			c.at(planner+"/"+step).Planned++
		}
	}
	for _, t := range p.Tallies { // each report tells one planning's
		n := c.at(planner + "/" + t.Name)
		n.Considered += t.Considered
		n.Discarded += t.Discarded
		n.Admitted += t.Admitted
		c.tallied = true
	}
}

func (c *Collector) at(path string) *Counts {
	n := c.counts[path]
	if n == nil { // a node the collector was not told of
		n = &Counts{Impossible: map[string]int{}}
		c.counts[path] = n
	}
	return n
}

// Counts returns the counts of the node at path, or zero counts.
func (c *Collector) Counts(path string) Counts {
	if n := c.counts[path]; n != nil {
		return *n
	}
	return Counts{}
}

// NeverChosen lists the actions that never began, and the children of
// selectors that were never chosen, in tree order: parts of the design the
// AI never used.
func (c *Collector) NeverChosen() []string {
	var out []string
	for _, n := range c.nodes {
		k := c.counts[n.Path]
		switch {
		case k.Simulated > 0 && k.Chosen == 0:
			out = append(out, n.Path)
		case k.Simulated == 0 && n.Children == 0 && k.Begun == 0:
			out = append(out, n.Path)
		}
	}
	return out
}

// NeverPlanned lists the tasks of planner nodes that no plan ever held,
// in tree order: the GOAP talk's automation check, that a domain ships
// with no task its planner never uses.
func (c *Collector) NeverPlanned() []string {
	var out []string
	for _, n := range c.nodes {
		if c.planners[n.Parent] && c.counts[n.Path].Planned == 0 {
			out = append(out, n.Path)
		}
	}
	return out
}

// An Impossibility is a node every prediction found Impossible, with the
// reasons given, most frequent first.
type Impossibility struct {
	Path    string
	Times   int
	Reasons []string
}

// AlwaysImpossible lists the nodes that were predicted, and Impossible
// every time, with the constraints responsible.
func (c *Collector) AlwaysImpossible() []Impossibility {
	var out []Impossibility
	for _, n := range c.nodes {
		k := c.counts[n.Path]
		if k.Simulated == 0 || k.Outcomes[heuristic.Impossible] != k.Simulated {
			continue
		}
		reasons := make([]string, 0, len(k.Impossible))
		for r := range k.Impossible {
			reasons = append(reasons, r)
		}
		sort.Slice(reasons, func(i, j int) bool {
			if k.Impossible[reasons[i]] != k.Impossible[reasons[j]] {
				return k.Impossible[reasons[i]] > k.Impossible[reasons[j]]
			}
			return reasons[i] < reasons[j]
		})
		out = append(out, Impossibility{Path: n.Path, Times: k.Simulated, Reasons: reasons})
	}
	return out
}

// WriteTable writes the counts of every node as an aligned table, in tree
// order, with the outcome histogram of its predictions, a column of plans
// when a planner node reported any, and columns of what its plannings
// considered, discarded and admitted when they came with tallies.
func (c *Collector) WriteTable(w io.Writer) error {
	var b strings.Builder
	// The planned column appears when a planner node reported, the
	// tallies' when a planning came with them.
	head, planned := "", func(*Counts) string { return "" }
	if len(c.planners) > 0 {
		head = fmt.Sprintf(" %7s", "planned")
		planned = func(k *Counts) string { return fmt.Sprintf(" %7d", k.Planned) }
	}
	if c.tallied {
		head += fmt.Sprintf(" %10s %9s %8s", "considered", "discarded", "admitted")
		planned = func(k *Counts) string {
			return fmt.Sprintf(" %7d %10d %9d %8d", k.Planned, k.Considered, k.Discarded, k.Admitted)
		}
	}
	fmt.Fprintf(&b, "%-44s %9s %7s%s %7s %7s %7s %7s %7s  %s\n", "node", "simulated", "chosen", head, "begun", "success", "failure", "halted", "refused", "outcomes (Imp/Dea/Har/Irr/Cos/Ben/Saf/Urg)")
	for _, n := range c.nodes {
		k := c.counts[n.Path]
		name := strings.Repeat("  ", n.Depth) + n.Name
		hist := make([]string, heuristic.NumOutcomes)
		for i, v := range k.Outcomes {
			hist[i] = fmt.Sprint(v)
		}
		fmt.Fprintf(&b, "%-44s %9d %7d%s %7d %7d %7d %7d %7d  %s\n", name, k.Simulated, k.Chosen, planned(k), k.Begun, k.Succeeded, k.Failed, k.Halted, k.Refused, strings.Join(hist, "/"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
