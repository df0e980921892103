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
//
// It takes time in proportion to its output.
func (t *Tree[M]) String() string {
	if t == nil || t.root == nil {
		return ""
	}
	var b strings.Builder
	var prefix []byte // the tree lines of the levels above
	var walk func(c *Child[M], weighted bool, branch string)
	walk = func(c *Child[M], weighted bool, branch string) {
		b.Write(prefix)
		b.WriteString(branch)
		b.WriteString(c.name + "  " + c.info(weighted).Label())
		b.WriteByte('\n')
		if len(c.children) == 0 {
			return
		}
		n := len(prefix)
		switch branch {
		case "├─ ":
			prefix = append(prefix, "│  "...)
		case "└─ ":
			prefix = append(prefix, "   "...)
		}
		for i, k := range c.children {
			next := "├─ "
			if i == len(c.children)-1 {
				next = "└─ "
			}
			walk(k, c.kind == "random", next)
		}
		prefix = prefix[:n]
	}
	walk(t.root, false, "")
	return b.String()
}

// info describes c without its paths.
func (c *Child[M]) info(weighted bool) NodeInfo {
	info := NodeInfo{Name: c.name, Kind: c.kind, Detail: c.detail, Children: len(c.children),
		Weighted: weighted, Weight: c.weight}
	for _, k := range c.constraints {
		info.Constraints = append(info.Constraints, describe(k))
	}
	return info
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
