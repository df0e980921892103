package bt

import "fmt"

// A NodeInfo describes one node of a built tree, for dumps, pictures and
// tools. It is a copy: changing it changes nothing in the tree.
type NodeInfo struct {
	Path        string
	Name        string
	Kind        string   // "sequence", "reactive-sequence", "selector", "random", "parallel", "priority", "reactive-priority", "ifelse", "decorator", "composite", "action", "condition" or "leaf"
	Detail      string   // the node's options, from its Describe
	Depth       int      // 0 for the root
	Children    int      // how many children it has
	Constraints []string // what guards it, described
	Weighted    bool     // it is a child of a random selector, with odds Weight
	Weight      float64
	Parent      string // the parent's path; empty for the root
}

// Leaf reports whether the node has no children.
func (n NodeInfo) Leaf() bool { return n.Children == 0 }

// Nodes describes every node of the tree, depth first, root first.
func (t *Tree[M]) Nodes() []NodeInfo {
	out := make([]NodeInfo, 0, len(t.nodes))
	var walk func(c *Child[M], parent *Child[M], depth int)
	walk = func(c *Child[M], parent *Child[M], depth int) {
		info := NodeInfo{
			Path: c.Path(), Name: c.name, Kind: c.kind, Detail: c.detail,
			Depth: depth, Children: len(c.children),
		}
		if parent != nil {
			info.Parent = parent.Path()
			info.Weighted, info.Weight = parent.kind == "random", c.weight
		}
		for _, k := range c.constraints {
			info.Constraints = append(info.Constraints, describe(k))
		}
		out = append(out, info)
		for _, k := range c.children {
			walk(k, c, depth+1)
		}
	}
	walk(t.root, nil, 0)
	return out
}

// describe names a constraint: its String if it has one, else its type.
func describe(c any) string {
	if s, ok := c.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", c)
}
