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
// Below a depth of maxArt the tree lines of the middle levels are elided
// and a count stands for them, so that a line stays short however deep the
// tree and the text grows in proportion to the number of nodes.
func (t *Tree[M]) String() string {
	if t == nil || t.root == nil {
		return ""
	}
	var b strings.Builder
	var units []string // the tree lines of the levels above, one unit a level
	var walk func(c *Child[M], weighted bool, branch string)
	walk = func(c *Child[M], weighted bool, branch string) {
		writeUnits(&b, units)
		b.WriteString(branch)
		b.WriteString(c.name + "  " + c.info(weighted).Label())
		b.WriteByte('\n')
		switch branch {
		case "├─ ":
			units = append(units, "│  ")
		case "└─ ":
			units = append(units, "   ")
		}
		for i, k := range c.children {
			next := "├─ "
			if i == len(c.children)-1 {
				next = "└─ "
			}
			walk(k, c.kind == "random", next)
		}
		if branch != "" {
			units = units[:len(units)-1]
		}
	}
	walk(t.root, false, "")
	return b.String()
}

// maxArt is how many levels of tree lines a line of String shows.
const maxArt = 32

// writeUnits writes the tree lines of the levels above a node, eliding
// the middle ones past maxArt.
func writeUnits(b *strings.Builder, units []string) {
	if len(units) <= maxArt {
		for _, u := range units {
			b.WriteString(u)
		}
		return
	}
	half := maxArt / 2
	for _, u := range units[:half] {
		b.WriteString(u)
	}
	b.WriteString("┄" + strconv.Itoa(len(units)-maxArt) + " levels┄ ")
	for _, u := range units[len(units)-half:] {
		b.WriteString(u)
	}
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
