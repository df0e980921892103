package fsm

import (
	"errors"
	"slices"
	"strconv"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/draw"
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
}

type state struct {
	name  string
	final bool
	child int32   // its node among the machine's children, or -1: it runs nothing
	out   []int32 // its own transitions, in order
	first string  // the reason of the report of beginning in it, as the initial state
	back  string  // the reason of the report of History bringing the machine back to it
}

type transition[M any] struct {
	from, to int32   // from is -2 (anyState) for a transition from any state
	event    Trigger // "" for one on guards alone
	guards   []bt.Constraint[M]
	timeless bool   // every guard reads only the memory (traits.Timeless)
	name     string // "patrol → chase"
	label    string // what fires it: "in sight"
	reason   string // name + ": " + label, the reason of its report
	absent   string // why it does not fire when its event is not there
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

// Initial returns the name of the state the machine begins in.
func (m *Machine[M]) Initial() string {
	if !m.usable() {
		return ""
	}
	return m.states[m.initial].name
}

// States returns the names of the machine's states, in the order
// declared.
func (m *Machine[M]) States() []string {
	if !m.usable() {
		return nil
	}
	names := make([]string, len(m.states))
	for i, s := range m.states {
		names[i] = s.name
	}
	return names
}

// A Transition describes one of a machine's transitions.
type Transition struct {
	From  string // the state it leaves, or "" for any state
	To    string // the state it enters
	Label string // what fires it: "in sight", "succeeded", "on hit and armed", "always"
}

// String says the transition as a machine's report gives it as the
// reason it entered a state: "patrol → chase: in sight", "any state →
// dead: dead".
func (t Transition) String() string {
	from := t.From
	if from == "" {
		from = anyName
	}
	return from + " → " + t.To + ": " + t.Label
}

// Transitions describes the machine's transitions: those from any state
// first, then each state's, in the order the machine checks them.
func (m *Machine[M]) Transitions() []Transition {
	if !m.usable() {
		return nil
	}
	var out []Transition
	add := func(i int32) {
		t := &m.trans[i]
		d := Transition{To: m.states[t.to].name, Label: t.label}
		if t.from >= 0 {
			d.From = m.states[t.from].name
		}
		out = append(out, d)
	}
	for _, i := range m.any {
		add(i)
	}
	for _, s := range m.states {
		for _, i := range s.out {
			add(i)
		}
	}
	return out
}

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
			errs = append(errs, decider.Errorf(m.states[i].name, "unreachable from the initial state %q", m.Initial()))
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
// trees (package draw's Picture, stats): the machine, its states in the
// order declared, each with its transitions in the order checked, and
// the transitions from any state under a node of their own. A
// transition's guards are its Constraints. Diagram draws the machine as
// a state diagram instead.
func (m *Machine[M]) Nodes() []bt.NodeInfo {
	if !m.usable() {
		return nil
	}
	root := "machine"
	detail := "fsm: " + strconv.Itoa(len(m.states)) + " states, initial " + m.Initial()
	if m.history {
		detail += ", with history"
	}
	out := []bt.NodeInfo{{Path: root, Name: root, Kind: kindMachine, Detail: detail, Children: len(m.states)}}
	if len(m.any) > 0 {
		out[0].Children++
	}
	transitions := func(parent string, depth int, list []int32) {
		taken := map[string]int{}
		for _, i := range list {
			t := &m.trans[i]
			name := "→ " + m.states[t.to].name
			if taken[name]++; taken[name] > 1 {
				name += " ~" + strconv.Itoa(taken[name])
			}
			info := bt.NodeInfo{Path: parent + "/" + name, Name: name, Kind: kindTransition, Parent: parent, Depth: depth,
				Detail: "transition"}
			if t.event != "" {
				info.Detail = "transition on " + string(t.event)
			}
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
	return d + ": runs a " + string(m.steps[s.child].Kind)
}

// Diagram describes the machine as a state diagram for package draw:
// its states, with the initial and final ones marked, and its
// transitions, labelled with what fires them. Given the last report of an
// agent's machine node (a bt.EventPlan that a tracer kept), the state it
// entered is the diagram's current state, and the transition that took it
// there is marked taken.
//
//	pic := machine.Diagram(last)
//	err := pic.DOT(w)
func (m *Machine[M]) Diagram(last *decide.Report) draw.StateDiagram {
	var d draw.StateDiagram
	if !m.usable() {
		return d
	}
	for i, s := range m.states {
		d.States = append(d.States, draw.State{Name: s.name, Detail: m.describe(int32(i)),
			Initial: int32(i) == m.initial, Final: s.final, Current: last != nil && last.Goal == s.name})
	}
	for _, t := range m.Transitions() {
		d.Transitions = append(d.Transitions, draw.Transition{From: t.From, To: t.To, Label: t.Label,
			Taken: last != nil && last.Reason == t.String()})
	}
	return d
}
