package bt

import (
	"strconv"
	"strings"
)

// String draws the tree as indented text, one node a line: its name, its
// kind with its options, its weight under a random selector, and its
// constraints in brackets.
//
//	guard  selector replan=tick
//	├─ attack  action  [in reach]
//	└─ patrol  action
//
// Below a depth of maxArt the tree lines of the middle levels are elided
// and a count stands for them, so that a line stays short however deep the
// tree and the text grows in proportion to the number of nodes.
func (t *Tree[M]) String() string {
	if !t.valid() {
		return ""
	}
	var b strings.Builder
	var units []string // the tree lines of the levels above, one unit a level
	var walk func(i int32, branch string)
	walk = func(i int32, branch string) {
		n := &t.nodes[i]
		writeUnits(&b, units)
		b.WriteString(branch)
		b.WriteString(n.name + "  " + t.info(i).label())
		b.WriteByte('\n')
		switch branch {
		case "├─ ":
			units = append(units, "│  ")
		case "└─ ":
			units = append(units, "   ")
		}
		for j, k := range n.kids {
			next := "├─ "
			if j == len(n.kids)-1 {
				next = "└─ "
			}
			walk(k, next)
		}
		if branch != "" {
			units = units[:len(units)-1]
		}
	}
	walk(0, "")
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

// label describes the node without its name: kind and options, weight,
// and constraints, as in "action  weight 0.5  [in reach]" (its Fields,
// on one line).
func (n NodeInfo) label() string { return strings.Join(n.Fields(), "  ") }

// Fields describes the node without its name, a field apiece: its kind
// and options, its weight under a random selector if not 1, and its
// constraints, as in ["action", "weight 0.5", "[in reach]"].
func (n NodeInfo) Fields() []string {
	kind := string(n.Kind)
	if n.Detail != "" {
		kind = n.Detail
	}
	out := []string{kind}
	if n.Weighted && n.Weight != 1 {
		out = append(out, "weight "+strconv.FormatFloat(n.Weight, 'g', 4, 64))
	}
	if len(n.Constraints) > 0 {
		out = append(out, "["+strings.Join(n.Constraints, "; ")+"]")
	}
	return out
}
