package fsm

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

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
	states        []state[M]
	trans         []transition[M]
	any           []int32 // the transitions from any state, in order
	initial       int32   // the first top-level state
	tops          []int32 // the top-level states, in order
	topsByUtility bool    // a top-level state has a Utility: begin in the best
	history       bool
	innerFirst    bool // the innermost state's transitions are checked first
	inbox         func(m *M) *Inbox
	steps         []bt.Def[M] // the states' nodes, the machine node's children
	idle          []int32     // the states that run nothing, in order
	idles         string      // their names, each after a "/", as a save lists them
	after         []Hook[M]   // Transitioned
	unhandled     Hook[M]     // Unhandled
}

type state[M any] struct {
	name   string
	final  bool
	child  int32   // its node among the machine's children, or -1: it runs nothing
	out    []int32 // its own transitions, in order
	parent int32   // the state it is in, or -1 for a top-level state
	subs   []int32 // its substates, in order: none for a leaf, which the machine stands in
	chain  []int32 // the states it is in, outermost first, and itself last
	first  string  // the reason of the report of beginning in it, as the initial state
	back   string  // the reason of the report of History bringing the machine back to it
	setTo  string  // the reason of the report of entering it as Run.Set said
	field  string  // the name of the field a save keeps when the machine last left it, if it runs nothing

	entry, exit []Hook[M]
	leaveIf     []bt.Constraint[M] // what every transition that leaves it must pass too
	leaving     string             // "leaving " and its name, which hook errors say
	entering    string             // "entering " and its name
	ignores     []Trigger          // the triggers it ignores (Ignore)
	ignoredIn   string             // "ignored in " and its name, the reason of a transition it shadows
	enterIf     []bt.Constraint[M] // its enter conditions
	params      []func(m *M)       // Params
	score       func(m *M) float64 // Utility; nil for none
	byUtility   bool               // a substate has a Utility: choose the best
}

type transition[M any] struct {
	from, to int32   // from is -2 (anyState) for a transition from any state
	event    Trigger // the trigger it waits for; "" for one on guards alone
	guards   []bt.Constraint[M]
	timeless bool          // every guard reads only the memory (traits.Timeless)
	name     string        // "patrol → chase"
	label    string        // what fires it: "in sight"
	reason   string        // name + ": " + label, the reason of its report
	absent   string        // why it does not fire when its trigger is not there
	kind     kind          // external, internal or ignoring
	hook     Hook[M]       // an internal transition's
	payload  bool          // a guard reads the payload of its trigger (Payload)
	delay    time.Duration // Delay
	after    string        // "after " and its delay
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

// descend returns the state the machine stands in when it enters state
// s: s itself, or, for a state with substates, its first substate's,
// and so on down.
func (m *Machine[M]) descend(s int32) int32 {
	for len(m.states[s].subs) > 0 {
		s = m.states[s].subs[0]
	}
	return s
}

// holds reports whether the machine, standing in state leaf, is in state
// s: s is leaf, or a state leaf is in.
func (m *Machine[M]) holds(leaf, s int32) bool {
	chain, d := m.states[leaf].chain, len(m.states[s].chain)-1
	return d < len(chain) && chain[d] == s
}

// domain returns the state that a transition into state to, taken while
// the machine stands in state leaf, neither leaves nor enters: the
// innermost state that holds to (not to itself) and that the machine is
// in; -1 for none. The transition leaves the states from leaf out to it,
// and enters those from it in to to: a transition into a state the
// machine is in leaves it and enters it again.
func (m *Machine[M]) domain(leaf, to int32) int32 {
	p := m.states[to].parent
	for p >= 0 && !m.holds(leaf, p) {
		p = m.states[p].parent
	}
	return p
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

// leaves reports whether some transition leaves leaf i for another
// state: one of its own, of a state it is in, or from any state.
func (m *Machine[M]) leaves(i int32) bool {
	for _, s := range m.states[i].chain {
		for _, t := range m.states[s].out {
			if m.trans[t].kind == external && m.trans[t].to != i {
				return true
			}
		}
	}
	if m.states[i].final {
		return false
	}
	for _, t := range m.any {
		if !m.holds(i, m.trans[t].to) {
			return true
		}
	}
	return false
}

// ignored reports whether a state in from, that the machine standing in
// leaf is in, ignores the posted trigger e (Ignore): a transition of
// from (of any state, for anyState) on e does not fire. It returns the
// reason.
func (m *Machine[M]) ignored(leaf, from int32, e Trigger) (string, bool) {
	chain := m.states[leaf].chain
	if from >= 0 {
		chain = chain[len(m.states[from].chain):]
	}
	for _, s := range chain {
		if slices.Contains(m.states[s].ignores, e) {
			return m.states[s].ignoredIn, true
		}
	}
	return "", false
}

// utility returns state s's score on m (Utility): 0 for none. A NaN
// stays NaN, which outranks ranks below every number (-Inf included).
func (s *state[M]) utility(m *M) float64 {
	if s.score == nil {
		return 0
	}
	return s.score(m)
}

// outranks reports whether score a ranks above score b: as numbers, and
// every number above NaN.
func outranks(a, b float64) bool {
	return a > b || math.IsNaN(b) && !math.IsNaN(a)
}

// entries calls f for each state with no substates that entering state
// s may enter: s itself, or, for a state that holds others, those its
// substates may, each in order, up to the first that is always entered,
// which is entered whenever the substates before it cannot be.
func (m *Machine[M]) entries(s int32, f func(leaf int32)) {
	if len(m.states[s].subs) == 0 {
		f(s)
		return
	}
	for _, sub := range m.states[s].subs {
		m.entries(sub, f)
		if m.always(sub) && !m.states[s].byUtility {
			return
		}
	}
}

// always reports whether state s can always be entered: it has no enter
// conditions, and neither has, for a state that holds others, one of its
// substates and so on down.
func (m *Machine[M]) always(s int32) bool {
	st := &m.states[s]
	if len(st.enterIf) > 0 {
		return false
	}
	if len(st.subs) == 0 {
		return true
	}
	return slices.ContainsFunc(st.subs, m.always)
}

// certain reports whether a transition of kind k from state from (or any
// state) to state to, once it fires, is surely taken: one that does not
// leave its state (Ignore, Internal) is; one that does is unless a state
// on the way in has enter conditions (EnterIf) or a state it may leave
// can refuse to be left (LeaveIf). Build uses it to find a transition
// that one before it always takes from: where the earlier one may be
// refused, the later may fire.
func (m *Machine[M]) certain(from, to int, k kind) bool {
	if k != external {
		return true
	}
	for _, s := range m.states[to].chain {
		if len(m.states[s].enterIf) > 0 {
			return false
		}
	}
	if !m.always(int32(to)) {
		return false
	}
	if from == anyState {
		return !slices.ContainsFunc(m.states, func(s state[M]) bool { return len(s.leaveIf) > 0 })
	}
	for _, s := range m.states[from].chain {
		if len(m.states[s].leaveIf) > 0 {
			return false
		}
	}
	return m.leavable(int32(from))
}

// leavable reports whether s, and every state in it, can always be left:
// none has LeaveIf.
func (m *Machine[M]) leavable(s int32) bool {
	st := &m.states[s]
	return len(st.leaveIf) == 0 && !slices.ContainsFunc(st.subs, func(sub int32) bool { return !m.leavable(sub) })
}

// checkReach reports the states no run from the initial state can
// enter: a misspelt target, or a state left behind. A run stands in a
// leaf, and a transition of the leaf, of a state it is in or from any
// state takes it to a leaf its target may be entered at.
func (m *Machine[M]) checkReach() []error {
	seen := make([]bool, len(m.states))
	var queue []int32
	visit := func(leaf int32) {
		if !seen[leaf] {
			seen[leaf] = true
			queue = append(queue, leaf)
		}
	}
	for _, s := range m.tops { // the machine begins in the first it may enter
		m.entries(s, visit)
		if m.always(s) && !m.topsByUtility {
			break
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		var next []int32
		for _, s := range m.states[i].chain {
			next = append(next, m.states[s].out...)
		}
		if !m.states[i].final {
			next = append(next, m.any...)
		}
		for _, t := range next {
			if m.trans[t].kind == external {
				m.entries(m.trans[t].to, visit)
			}
		}
	}
	reached := make([]bool, len(m.states))
	for i, ok := range seen {
		if ok {
			for _, s := range m.states[i].chain {
				reached[s] = true
			}
		}
	}
	var errs []error
	for i, ok := range reached {
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
	kindInternal   bt.NodeKind = "internal transition"
	kindIgnore     bt.NodeKind = "ignored trigger"
)

// Nodes describes the machine as a tree, for tools that draw or count
// trees (package draw's Picture and Machine, stats, the inspector): the
// machine, the transitions from any state under a node of their own,
// then its states in the order declared, each with its transitions in
// the order checked, and then its substates, each under the state it is
// in. A state's Detail says what it is and runs, with the initial and
// final states marked before the colon ("state, initial: does patrol");
// the first substate of a state is its initial one. A transition is
// named "→ " and the state it enters; where a state has several
// transitions to one state, each of them adds ": " and what fires it
// ("→ chase: far"), so that they read apart. Its Detail says what fires
// it ("transition: on hit and armed", as its reports' reasons do), and
// its guards are its Constraints. Package draw's Machine draws the
// machine as a state diagram from this description.
func (m *Machine[M]) Nodes() []bt.NodeInfo {
	if !m.usable() {
		return nil
	}
	root := "machine"
	detail := "fsm: " + strconv.Itoa(len(m.states)) + " states, initial " + m.initialName()
	if m.history {
		detail += ", with history"
	}
	if m.innerFirst {
		detail += ", innermost first"
	}
	out := []bt.NodeInfo{{Path: root, Name: root, Kind: kindMachine, Detail: detail}}
	transitions := func(parent string, depth int, list []int32) {
		targets := map[int32]int{} // how many of list enter each state
		for _, i := range list {
			if m.trans[i].kind == external {
				targets[m.trans[i].to]++
			}
		}
		for _, i := range list {
			t := &m.trans[i]
			name, kind, detail := "→ "+m.states[t.to].name, kindTransition, "transition: "+t.label
			switch t.kind {
			case internal:
				name, kind, detail = "internal: "+t.label, kindInternal, "internal transition: "+t.label
			case ignoring:
				name, kind, detail = "ignores "+string(t.event), kindIgnore, "ignores "+string(t.event)
			default:
				if targets[t.to] > 1 {
					name += ": " + t.label
				}
			}
			info := bt.NodeInfo{Path: parent + "/" + name, Name: name, Kind: kind, Parent: parent, Depth: depth,
				Detail: detail}
			for _, g := range t.guards {
				info.Constraints = append(info.Constraints, traits.Describe(g))
			}
			out = append(out, info)
		}
	}
	if len(m.any) > 0 {
		path := root + "/" + anyName
		out[0].Children++
		out = append(out, bt.NodeInfo{Path: path, Name: anyName, Kind: kindAny, Parent: root, Depth: 1,
			Detail: "from any state", Children: len(m.any)})
		transitions(path, 2, m.any)
	}
	var states func(parent int, in int32)
	states = func(parent int, in int32) { // the states in in, under the node out[parent]
		for i := range m.states {
			s := &m.states[i]
			if s.parent != in {
				continue
			}
			out[parent].Children++
			up, depth := out[parent].Path, out[parent].Depth+1
			at := len(out)
			out = append(out, bt.NodeInfo{Path: up + "/" + s.name, Name: s.name, Kind: kindState, Parent: up, Depth: depth,
				Detail: m.describe(int32(i)), Children: len(s.out)})
			for _, g := range s.enterIf {
				out[at].Constraints = append(out[at].Constraints, traits.Describe(g))
			}
			transitions(out[at].Path, depth+1, s.out)
			states(at, int32(i))
		}
	}
	states(0, -1)
	return out
}

// describe says what state i is and runs, as "state, initial: runs
// patrol", or holds, as "state: holds patrol, chase".
func (m *Machine[M]) describe(i int32) string {
	s := &m.states[i]
	d := "state"
	if i == m.initial || s.parent >= 0 && m.states[s.parent].subs[0] == i {
		d += ", initial"
	}
	if s.final {
		d += ", final"
	}
	switch {
	case len(s.subs) > 0:
		names := make([]string, len(s.subs))
		for j, sub := range s.subs {
			names[j] = m.states[sub].name
		}
		return d + ": holds " + strings.Join(names, ", ")
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
