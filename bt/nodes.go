package bt

import (
	"github.com/foresight-bt/foresight/internal/engine/kinds"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// A NodeInfo describes one node of a built tree, for dumps, pictures and
// tools. It is a copy: changing it changes nothing in the tree.
type NodeInfo struct {
	Path        string
	Name        string
	Kind        NodeKind // what sort of node it is
	Detail      string   // its kind and options, as "selector replan=tick"; a custom node's Describe
	Depth       int      // 0 for the root
	Children    int      // how many children it has
	Constraints []string // what guards it, described
	Weighted    bool     // it is a child of a random selector, with odds Weight
	Weight      float64
	Parent      string // the parent's path; empty for the root
	// Domain describes what a planner node plans with, for a planner
	// that describes itself (see Planner: an HTN domain's tasks and
	// methods, a GOAP domain's goals and actions, a state machine's
	// states and transitions): its own nodes, paths and all, apart from
	// the tree's, which name the steps the planner runs. Nil for other
	// nodes.
	Domain []NodeInfo
}

// A domainDescriber is a Planner that describes its domain (see Planner).
type domainDescriber interface {
	Nodes() []NodeInfo
}

// A NodeKind says what sort of node a NodeInfo describes. Its value is
// the word dumps and pictures show.
type NodeKind string

// The kinds of node.
const (
	KindSequence         NodeKind = kinds.Sequence         // Builder.Sequence
	KindReactiveSequence NodeKind = kinds.ReactiveSequence // Builder.ReactiveSequence
	KindSelector         NodeKind = kinds.Selector         // Builder.Selector
	KindRandom           NodeKind = kinds.Random           // Builder.RandomSelector
	KindParallel         NodeKind = kinds.Parallel         // Builder.Parallel
	KindPriority         NodeKind = kinds.Priority         // Builder.Priority
	KindReactivePriority NodeKind = kinds.ReactivePriority // Builder.ReactivePriority
	KindIfElse           NodeKind = kinds.IfElse           // Builder.IfElse
	KindDecorator        NodeKind = kinds.Decorator        // Builder.Decorate
	KindComposite        NodeKind = kinds.Composite        // Builder.Composite
	KindAction           NodeKind = kinds.Action           // Builder.Do
	KindCondition        NodeKind = kinds.Condition        // Builder.Condition
	KindLeaf             NodeKind = kinds.Leaf             // Builder.Leaf
	KindPlanner          NodeKind = kinds.Planner          // Builder.Plan
	KindUtility          NodeKind = kinds.Utility          // package utility's Select
)

// Nodes describes every node of the tree, depth first, root first.
func (t *Tree[M]) Nodes() []NodeInfo {
	if !t.valid() {
		return nil
	}
	out := make([]NodeInfo, len(t.nodes))
	depth := make([]int, len(t.nodes))
	for i := range t.nodes {
		out[i] = t.info(int32(i))
		out[i].Path = t.nodes[i].name // paths made here, from the parent's: pathOf would keep them all
		if p := t.nodes[i].parent; p >= 0 {
			depth[i] = depth[p] + 1
			out[i].Parent = out[p].Path
			out[i].Path = out[p].Path + "/" + out[i].Path
		}
		out[i].Depth = depth[i]
		if d := t.nodes[i].domain; d != nil {
			out[i].Domain = describe(d)
		}
	}
	return out
}

// describe asks a planner for its description, taking a panic in its
// Nodes for no description: a tool that draws a tree must not fail for
// a planner that cannot describe itself.
func describe(d domainDescriber) (nodes []NodeInfo) {
	defer func() {
		if recover() != nil {
			nodes = nil
		}
	}()
	return d.Nodes()
}

// info describes node i without its paths and depth.
func (t *Tree[M]) info(i int32) NodeInfo {
	n := &t.nodes[i]
	info := NodeInfo{Name: n.name, Kind: n.kindName, Detail: n.detail, Children: len(n.kids)}
	if n.parent >= 0 && t.nodes[n.parent].is(flagRandom) {
		info.Weighted, info.Weight = true, n.weight
	}
	for _, k := range n.constraints {
		info.Constraints = append(info.Constraints, traits.Describe(k))
	}
	return info
}
