package fsm

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/decider"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// A Machine is a state machine, built: immutable, and shared by every
// tree and agent that runs it. It is a bt.Planner, so a tree holds it as
// a planner node, whose children are the nodes its states run:
//
//	n := bt.New[Guard]()
//	tree, err := bt.Build(cfg, n.Plan("guard", machine))
//
// and so does a tree file, which names it in its registry
// (btjson.Registry.Planners).
type Machine[M any] struct {
	states  []state
	trans   []transition[M]
	any     []int32 // the transitions from any state, in order
	initial int32
	history bool
	inbox   func(m *M) *Inbox
	steps   []bt.Def[M] // the states' nodes, the machine node's children
	idle    []int32     // the states that run nothing, in order
	idles   string      // their names, each after a "/", as a save lists them
}

type state struct {
	name  string
	final bool
	child int32   // its node among the machine's children, or -1: it runs nothing
	out   []int32 // its own transitions, in order
	first string  // the reason of the report of beginning in it, as the initial state
	back  string  // the reason of the report of History bringing the machine back to it
	field string  // the name of the field a save keeps when the machine last left it, if it runs nothing
}

type transition[M any] struct {
	from, to int32   // from is -2 (anyState) for a transition from any state
	event    Trigger // the trigger it waits for; "" for one on guards alone
	guards   []bt.Constraint[M]
	timeless bool   // every guard reads only the memory (traits.Timeless)
	name     string // "patrol → chase"
	label    string // what fires it: "in sight"
	reason   string // name + ": " + label, the reason of its report
	absent   string // why it does not fire when its trigger is not there
}

// usable reports whether m was made by Build.
func (m *Machine[M]) usable() bool { return m != nil && len(m.states) > 0 }

// Validate reports a nil or zero Machine, which a tree cannot run.
func (m *Machine[M]) Validate() error {
	if !m.usable() {
		return errors.New("fsm: a nil or zero Machine; build one with fsm.New(actions)...Build()")
	}
	return nil
}

// initialName returns the name of the state the machine begins in.
func (m *Machine[M]) initialName() string { return m.states[m.initial].name }

// Steps returns the nodes the machine's states run, each named after its
// state, in the order the states were declared: the machine node's
// children (see bt.Planner).
func (m *Machine[M]) Steps() []bt.Def[M] {
	if !m.usable() {
		return nil
	}
	return slices.Clone(m.steps)
}

// leaves reports whether some transition leaves state i for another.
func (m *Machine[M]) leaves(i int32) bool {
	s := &m.states[i]
	for _, t := range s.out {
		if m.trans[t].to != i {
			return true
		}
	}
	if s.final {
		return false
	}
	for _, t := range m.any {
		if m.trans[t].to != i {
			return true
		}
	}
	return false
}

// checkReach reports the states no run from the initial state can
// enter: a misspelt target, or a state left behind.
func (m *Machine[M]) checkReach() []error {
	seen := make([]bool, len(m.states))
	queue := []int32{m.initial}
	seen[m.initial] = true
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		next := m.states[i].out
		if !m.states[i].final {
			next = append(slices.Clip(next), m.any...)
		}
		for _, t := range next {
			if to := m.trans[t].to; !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	var errs []error
	for i, ok := range seen {
		if !ok {
			errs = append(errs, decider.Errorf(m.states[i].name, "unreachable from the initial state %q", m.initialName()))
		}
	}
	return errs
}

// The kinds of node in a machine's description (Machine.Nodes).
const (
	kindMachine    bt.NodeKind = "machine"
	kindState      bt.NodeKind = "state"
	kindAny        bt.NodeKind = "any state"
	kindTransition bt.NodeKind = "transition"
)

// Nodes describes the machine as a tree, for tools that draw or count
// trees (package draw's Picture and Machine, stats, the inspector): the
// machine, its states in the order declared, each with its transitions
// in the order checked, and the transitions from any state under a node
// of their own. A state's Detail says what it is and runs, with the
// initial and final states marked before the colon ("state, initial:
// does patrol"). A transition is named "→ " and the state it enters;
// where a state has several transitions to one state, each of them adds
// ": " and what fires it ("→ chase: far"), so that they read apart. Its
// Detail says what fires it ("transition: on hit and armed", as its
// reports' reasons do), and its guards are its Constraints. Package
// draw's Machine draws the machine as a state diagram from this
// description.
func (m *Machine[M]) Nodes() []bt.NodeInfo {
	if !m.usable() {
		return nil
	}
	root := "machine"
	detail := "fsm: " + strconv.Itoa(len(m.states)) + " states, initial " + m.initialName()
	if m.history {
		detail += ", with history"
	}
	out := []bt.NodeInfo{{Path: root, Name: root, Kind: kindMachine, Detail: detail, Children: len(m.states)}}
	if len(m.any) > 0 {
		out[0].Children++
	}
	transitions := func(parent string, depth int, list []int32) {
		targets := map[int32]int{} // how many of list enter each state
		for _, i := range list {
			targets[m.trans[i].to]++
		}
		for _, i := range list {
			t := &m.trans[i]
			name := "→ " + m.states[t.to].name
			if targets[t.to] > 1 {
				name += ": " + t.label
			}
			info := bt.NodeInfo{Path: parent + "/" + name, Name: name, Kind: kindTransition, Parent: parent, Depth: depth,
				Detail: "transition: " + t.label}
			for _, g := range t.guards {
				info.Constraints = append(info.Constraints, traits.Describe(g))
			}
			out = append(out, info)
		}
	}
	if len(m.any) > 0 {
		path := root + "/" + anyName
		out = append(out, bt.NodeInfo{Path: path, Name: anyName, Kind: kindAny, Parent: root, Depth: 1,
			Detail: "from any state", Children: len(m.any)})
		transitions(path, 2, m.any)
	}
	for i, s := range m.states {
		path := root + "/" + s.name
		out = append(out, bt.NodeInfo{Path: path, Name: s.name, Kind: kindState, Parent: root, Depth: 1,
			Detail: m.describe(int32(i)), Children: len(s.out)})
		transitions(path, 2, s.out)
	}
	return out
}

// describe says what state i is and runs, as "state, initial: runs
// patrol".
func (m *Machine[M]) describe(i int32) string {
	s := &m.states[i]
	d := "state"
	if i == m.initial {
		d += ", initial"
	}
	if s.final {
		d += ", final"
	}
	switch {
	case s.child < 0:
		return d + ": runs nothing"
	case m.steps[s.child].Entry != "":
		return d + ": does " + m.steps[s.child].Entry
	}
	return d + ": runs " + article(string(m.steps[s.child].Kind))
}

// article puts "a" or "an" before a kind of node: "a sequence", "an
// action".
func article(kind string) string {
	if kind != "" && strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}
