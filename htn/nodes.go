package htn

import (
	"strconv"

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
	w.task(d.root, "", 0)
	return w.out
}

type describer[M any] struct {
	d     *Domain[M]
	shown []bool // compound tasks already unfolded
	out   []bt.NodeInfo
}

// add appends a node under parent, with a path unique among its siblings,
// and returns its index.
func (w *describer[M]) add(n bt.NodeInfo, parent string) int {
	n.Parent = parent
	n.Path = n.Name
	if parent != "" {
		n.Path = parent + "/" + n.Name
		for k := 2; w.has(n.Path); k++ {
			n.Path = parent + "/" + n.Name + "~" + strconv.Itoa(k)
		}
	}
	w.out = append(w.out, n)
	return len(w.out) - 1
}

func (w *describer[M]) has(path string) bool {
	for _, n := range w.out {
		if n.Path == path {
			return true
		}
	}
	return false
}

// task describes task i under parent, unfolding a compound task the
// first time only.
func (w *describer[M]) task(i int32, parent string, depth int) {
	t := &w.d.tasks[i]
	if t.kind == slot {
		w.add(bt.NodeInfo{Name: t.name, Kind: kindSlot, Depth: depth, Detail: "slot, filled at run time"}, parent)
		return
	}
	if t.kind == primitive {
		n := bt.NodeInfo{Name: t.name, Kind: kindPrimitive, Depth: depth, Constraints: descriptions(t.pre)}
		if t.expect != nil {
			n.Detail = "primitive, with an expected effect"
		}
		w.add(n, parent)
		return
	}
	if w.shown[i] {
		w.add(bt.NodeInfo{Name: t.name, Kind: kindCompound, Depth: depth, Detail: "compound, unfolded above"}, parent)
		return
	}
	w.shown[i] = true
	n := bt.NodeInfo{Name: t.name, Kind: kindCompound, Depth: depth, Children: len(t.methods)}
	if t.choose != decide.InOrder {
		n.Detail = "compound, methods " + t.choose.String()
	}
	at := w.add(n, parent)
	path := w.out[at].Path
	for _, m := range t.methods {
		mn := bt.NodeInfo{Name: m.name, Kind: kindMethod, Depth: depth + 1, Children: len(m.steps),
			Constraints: descriptions(m.conds)}
		switch {
		case len(m.steps) == 0:
			mn.Detail = "method, planning nothing"
		case m.commit != nil:
			mn.Detail = "method, with a permanent effect"
		}
		mi := w.add(mn, path)
		mpath := w.out[mi].Path
		for _, s := range m.steps {
			if s.task == pause {
				w.add(bt.NodeInfo{Name: "pause", Kind: kindPause, Depth: depth + 2}, mpath)
				continue
			}
			w.task(s.task, mpath, depth+2)
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
