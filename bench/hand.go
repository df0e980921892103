package bench

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// Hand builds the shape as the floor: the tree a user would write by hand
// for this one shape, keeping the same contract as foresight's actions
// (Begin when a leaf starts, Update while it runs, End exactly once per
// Begin, a composite that fails or is left halting what still runs) and
// no other guarantee: no constraints, tracing, planning, panic handling,
// clock or checks of what an action returns.
func (s Shape) Hand(l Leaves) HandNode { return handNode(s.Root, l) }

// A HandNode is a node of a hand-written tree.
type HandNode interface {
	// Tick begins the node, or updates it while it runs.
	Tick(w *World, dt time.Duration) bt.Status
	// Halt ends the node, if it runs, with End(w, Running).
	Halt(w *World)
}

func handNode(s Spec, l Leaves) HandNode {
	switch s.Kind {
	case Succeed:
		return &handLeaf{action: l.Succeed}
	case Fail:
		return &handLeaf{action: l.Fail}
	case Busy:
		return &handLeaf{action: l.Busy}
	}
	kids := make([]HandNode, len(s.Kids))
	for i, k := range s.Kids {
		kids[i] = handNode(k, l)
	}
	switch s.Kind {
	case Sequence:
		return &handSequence{kids: kids}
	case Priority:
		return &handPriority{kids: kids}
	}
	return &handParallel{kids: kids, done: make([]bool, len(kids))}
}

type handLeaf struct {
	action  bt.Action[World]
	running bool
}

func (n *handLeaf) Tick(w *World, dt time.Duration) bt.Status {
	var r bt.Status
	if n.running {
		r = n.action.Update(w, dt)
	} else {
		r = n.action.Begin(w)
	}
	n.running = r == bt.Running
	if !n.running {
		n.action.End(w, r)
	}
	return r
}

func (n *handLeaf) Halt(w *World) {
	if n.running {
		n.running = false
		n.action.End(w, bt.Running)
	}
}

// handSequence runs its children in order, from the one running on.
type handSequence struct {
	kids    []HandNode
	current int
}

func (n *handSequence) Tick(w *World, dt time.Duration) bt.Status {
	for n.current < len(n.kids) {
		switch n.kids[n.current].Tick(w, dt) {
		case bt.Running:
			return bt.Running
		case bt.Failure:
			n.current = 0
			return bt.Failure
		}
		n.current++
	}
	n.current = 0
	return bt.Success
}

func (n *handSequence) Halt(w *World) {
	if n.current < len(n.kids) {
		n.kids[n.current].Halt(w)
	}
	n.current = 0
}

// handPriority runs its children in order, from the one running on,
// until one does not fail.
type handPriority struct {
	kids    []HandNode
	current int
}

func (n *handPriority) Tick(w *World, dt time.Duration) bt.Status {
	for n.current < len(n.kids) {
		if r := n.kids[n.current].Tick(w, dt); r != bt.Failure {
			if r == bt.Success {
				n.current = 0
			}
			return r
		}
		n.current++
	}
	n.current = 0
	return bt.Failure
}

func (n *handPriority) Halt(w *World) {
	if n.current < len(n.kids) {
		n.kids[n.current].Halt(w)
	}
	n.current = 0
}

// handParallel ticks every child not yet finished; it fails as soon as
// one fails, halting the others, and succeeds once all have.
type handParallel struct {
	kids []HandNode
	done []bool
}

func (n *handParallel) Tick(w *World, dt time.Duration) bt.Status {
	result := bt.Success
	for i, k := range n.kids {
		if n.done[i] {
			continue
		}
		switch k.Tick(w, dt) {
		case bt.Running:
			result = bt.Running
		case bt.Success:
			n.done[i] = true
		case bt.Failure:
			n.Halt(w)
			return bt.Failure
		}
	}
	if result != bt.Running {
		clear(n.done)
	}
	return result
}

func (n *handParallel) Halt(w *World) {
	for i, k := range n.kids {
		if !n.done[i] {
			k.Halt(w)
		}
	}
	clear(n.done)
}
