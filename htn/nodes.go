package htn

import (
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// The kinds of node in a domain's description (Domain.Nodes).
const (
	kindCompound  bt.NodeKind = "compound"
	kindMethod    bt.NodeKind = "method"
	kindPrimitive bt.NodeKind = "primitive"
	kindPause     bt.NodeKind = "pause"
	kindSlot      bt.NodeKind = "slot"
)

// Nodes describes the domain as a tree, for pictures and tools: the root
// task, its methods, each method's subtasks, and so on down. A compound
// task is unfolded where it first appears, depth first; where it appears
// again (a recursion, or a task shared by several methods) it is a leaf
// whose Detail says so. Conditions and preconditions are the nodes'
// Constraints. Draw it with the draw package, as a tree's:
//
//	draw.Picture{Title: "troll domain", Nodes: domain.Nodes()}.DOT(w)
func (d *Domain[M]) Nodes() []bt.NodeInfo {
	if d == nil || len(d.tasks) == 0 {
		return nil
	}
	w := describer[M]{d: d, shown: make([]bool, len(d.tasks))}
	n := w.count(d.root)
	clear(w.shown)
	w.out, w.parent = make([]bt.NodeInfo, 0, n), make([]int, 0, n)
	w.task(d.root, d.tasks[d.root].name, -1, 0)
	w.paths()
	return w.out
}

// A describer describes a domain in two passes: the nodes, depth first,
// each with its label (its name, made unique among its siblings) and its
// parent's index; then the paths. Both cost in proportion to the nodes
// (and to their names), however deep or wide the domain.
type describer[M any] struct {
	d      *Domain[M]
	shown  []bool // compound tasks already unfolded
	out    []bt.NodeInfo
	parent []int // the index in out of each node's parent; -1 for the root
}

// count returns how many nodes describe task i, a compound task unfolded
// where it is first shown, so that the description is made at its size.
func (w *describer[M]) count(i int32) int {
	t := &w.d.tasks[i]
	if t.kind != compound || w.shown[i] {
		return 1
	}
	w.shown[i] = true
	n := 1
	for _, m := range t.methods {
		n++
		for _, s := range m.steps {
			if s.task == pause {
				n++
			} else {
				n += w.count(s.task)
			}
		}
	}
	return n
}

// add appends a node labelled label under the node at index parent (-1
// for the root), and returns its index. Its Name is n's; its Path comes
// later (paths), and holds its label for now.
func (w *describer[M]) add(n bt.NodeInfo, label string, parent int) int {
	n.Path = label
	w.out = append(w.out, n)
	w.parent = append(w.parent, parent)
	return len(w.out) - 1
}

// paths makes each node's path, its parent's and its label, and its
// Parent, its parent's path. A node that follows its parent directly
// (its first child) extends the parent's path, so a run of such nodes
// down the tree shares one string, each path a prefix of the deepest:
// a chain of n tasks takes bytes in proportion to n, not to n².
func (w *describer[M]) paths() {
	for start := 0; start < len(w.out); {
		end := start + 1 // the run: each node after start is the first child of the one before it
		for end < len(w.out) && w.parent[end] == end-1 {
			end++
		}
		var b strings.Builder
		prefix := ""
		if p := w.parent[start]; p >= 0 {
			prefix = w.out[p].Path + "/"
		}
		size := len(prefix) + end - start - 1
		for i := start; i < end; i++ {
			size += len(w.out[i].Path)
		}
		b.Grow(size)
		b.WriteString(prefix)
		ends := make([]int, 0, end-start)
		for i := start; i < end; i++ {
			if i > start {
				b.WriteByte('/')
			}
			b.WriteString(w.out[i].Path)
			ends = append(ends, b.Len())
		}
		full := b.String()
		for i := start; i < end; i++ {
			w.out[i].Path = full[:ends[i-start]]
			if p := w.parent[i]; p >= 0 {
				w.out[i].Parent = w.out[p].Path
			}
		}
		start = end
	}
}

// siblings labels the children of one node: a child's label is its
// name, or, for the second child of a name and on, the name and "~2",
// "~3" and so on, skipping a label a sibling has.
type siblings struct {
	first string // the first child's label, until a second child comes
	n     int
	used  map[string]bool
	next  map[string]int // the suffix to try next for a name
}

func (s *siblings) label(name string) string {
	if s.n++; s.n == 1 { // most nodes have one child: it needs no maps
		s.first = name
		return name
	}
	if s.used == nil {
		s.used, s.next = map[string]bool{s.first: true}, map[string]int{}
	}
	label := name
	if s.used[name] {
		k := max(s.next[name], 2)
		for ; s.used[name+"~"+strconv.Itoa(k)]; k++ {
		}
		label = name + "~" + strconv.Itoa(k)
		s.next[name] = k + 1
	}
	s.used[label] = true
	return label
}

// task describes task i, labelled label, under the node at index parent,
// unfolding a compound task the first time only.
func (w *describer[M]) task(i int32, label string, parent int, depth int) {
	t := &w.d.tasks[i]
	if t.kind == slot {
		w.add(bt.NodeInfo{Name: t.name, Kind: kindSlot, Depth: depth, Detail: "slot, filled at run time"}, label, parent)
		return
	}
	if t.kind == primitive {
		n := bt.NodeInfo{Name: t.name, Kind: kindPrimitive, Depth: depth, Constraints: descriptions(t.pre)}
		if t.expect != nil {
			n.Detail = "primitive, with an expected effect"
		}
		w.add(n, label, parent)
		return
	}
	if w.shown[i] {
		w.add(bt.NodeInfo{Name: t.name, Kind: kindCompound, Depth: depth, Detail: "compound, unfolded above"}, label, parent)
		return
	}
	w.shown[i] = true
	n := bt.NodeInfo{Name: t.name, Kind: kindCompound, Depth: depth, Children: len(t.methods)}
	if t.choose != decide.InOrder {
		n.Detail = "compound, methods " + t.choose.String()
	}
	at := w.add(n, label, parent)
	var methods siblings
	for _, m := range t.methods {
		mn := bt.NodeInfo{Name: m.name, Kind: kindMethod, Depth: depth + 1, Children: len(m.steps),
			Constraints: descriptions(m.conds)}
		switch {
		case len(m.steps) == 0:
			mn.Detail = "method, planning nothing"
		case m.commit != nil:
			mn.Detail = "method, with a permanent effect"
		}
		mi := w.add(mn, methods.label(m.name), at)
		var steps siblings
		for _, s := range m.steps {
			if s.task == pause {
				w.add(bt.NodeInfo{Name: "pause", Kind: kindPause, Depth: depth + 2}, steps.label("pause"), mi)
				continue
			}
			w.task(s.task, steps.label(w.d.tasks[s.task].name), mi, depth+2)
		}
	}
}

// descriptions describes constraints as a tree's NodeInfo does.
func descriptions[M any](cs []bt.Constraint[M]) []string {
	var out []string
	for _, c := range cs {
		out = append(out, traits.Describe(c))
	}
	return out
}
