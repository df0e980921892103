package bt

import (
	"strconv"
	"strings"
)

// LastDecisions returns the last live decision of every selector that has
// decided, in tree order: what the tree chose, and why, when it last
// chose. Pictures of a tree are annotated with them. The decisions are
// copies.
func (t *Tree[M]) LastDecisions() []Decision {
	var out []Decision
	for _, c := range t.nodes {
		if s, ok := c.node.(*selector[M]); ok && s.decided {
			d := s.decision
			d.Candidates = append([]Candidate(nil), d.Candidates...)
			out = append(out, d)
		}
	}
	return out
}

// String draws the tree as indented text, one node a line: its name, its
// kind with its options, its weight under a random selector, and its
// constraints in brackets.
//
//	guard  selector reselect=tick
//	├─ attack  action  [in reach]
//	└─ patrol  action
func (t *Tree[M]) String() string {
	nodes := t.Nodes()
	var b strings.Builder
	for i, n := range nodes {
		b.WriteString(branches(nodes, i))
		b.WriteString(n.Name + "  " + n.Label())
		b.WriteByte('\n')
	}
	return b.String()
}

// Label describes the node without its name: kind and options, weight,
// and constraints, as in "action  weight 0.5  [in reach]".
func (n NodeInfo) Label() string {
	s := n.Kind
	if n.Detail != "" {
		s = n.Detail
	}
	if n.Weighted && n.Weight != 1 {
		s += "  weight " + strconv.FormatFloat(n.Weight, 'g', 4, 64)
	}
	if len(n.Constraints) > 0 {
		s += "  [" + strings.Join(n.Constraints, "; ") + "]"
	}
	return s
}

// branches draws the tree lines before node i of a depth-first list.
func branches(nodes []NodeInfo, i int) string {
	n := nodes[i]
	if n.Depth == 0 {
		return ""
	}
	var b strings.Builder
	for d := 1; d < n.Depth; d++ {
		if moreAt(nodes, i, d) {
			b.WriteString("│  ")
		} else {
			b.WriteString("   ")
		}
	}
	if moreAt(nodes, i, n.Depth) {
		b.WriteString("├─ ")
	} else {
		b.WriteString("└─ ")
	}
	return b.String()
}

// moreAt reports whether another node at depth d follows node i before
// the tree climbs above d: whether the line at that depth goes on.
func moreAt(nodes []NodeInfo, i, d int) bool {
	for _, n := range nodes[i+1:] {
		switch {
		case n.Depth == d:
			return true
		case n.Depth < d:
			return false
		}
	}
	return false
}
