package fsm

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/internal/decider"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/paths"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// A Builder describes a state machine over a catalogue of actions: its
// states, what each runs, and the transitions between them, checked in
// the order written. Each call adds to what the one before opened, the
// way an htn.Builder reads:
//
//	b := fsm.New(actions)
//	b.State("patrol").Do("patrol").
//		To("chase", seen)
//	b.State("chase").Do("chase").
//		To("attack", inReach).
//		To("patrol", lost)
//	b.State("attack").Do("attack").
//		To("chase", outOfReach)
//	b.Any().To("dead", dead) // from every state, before the state's own
//	b.State("dead").Do("fall").Final()
//	machine, err := b.Build()
//
// A state runs one node: an action of the catalogue (Do), or any node of
// a tree (Run): a subtree, a planner node (an htn or goap domain), or
// another machine, nested. A state that runs nothing waits for a
// transition, or, final, ends the machine; a state may also hold others
// (In), which run in its stead.
//
// Build reports every misuse at once, each a *decide.Error with its
// path: a state's name ("patrol"), or a transition's ("patrol → chase").
// The zero Builder is ready to use; a state can Do an action only with a
// catalogue (New).
type Builder[M any] struct {
	actions *catalogue.Catalogue[M]
	states  []stateSpec[M]
	byName  map[string]int
	trans   []transSpec[M]
	errs    []error
	inbox   func(m *M) *Inbox
	history bool
	inner   bool      // InnerFirst
	after   []Hook[M] // Transitioned
	drop    Hook[M]   // Unhandled
	// from is what the calls that follow add to: a state (an index), every
	// state (anyState), nothing yet (none), or a state whose declaration
	// failed (refused: what follows it is dropped, its error reported once).
	from     int
	declared int // calls to State, to name a nameless state
	started  bool
	last     int // the transition the last call added, for Delay; -1 for none
}

const (
	none     = -1
	anyState = -2
	refused  = -3
)

type stateSpec[M any] struct {
	name        string
	node        *bt.Def[M]
	final       bool
	parent      string // the state it is in (In); "" for a top-level state
	entry, exit []Hook[M]
	leaveIf     []bt.Constraint[M]
	enterIf     []bt.Constraint[M]
	params      []func(m *M)
	score       func(m *M) float64 // Utility
}

type transSpec[M any] struct {
	from   int // a state, or anyState
	to     string
	event  Trigger // the trigger it waits for; "" for a transition on guards alone
	guards []bt.Constraint[M]
	on     bool // added by On, Internal or Ignore (whose empty trigger is a misuse of its own)
	kind   kind
	hook   Hook[M]       // an internal transition's
	delay  time.Duration // Delay
}

// New returns a builder for a machine over the actions of a catalogue.
func New[M any](actions *catalogue.Catalogue[M]) *Builder[M] {
	b := &Builder[M]{}
	b.init()
	b.actions = actions
	if actions == nil {
		b.fail("machine", "a nil catalogue: build one with catalogue.Builder")
	}
	return b
}

func (b *Builder[M]) init() {
	if !b.started {
		b.started, b.byName, b.from, b.last = true, map[string]int{}, none, -1
	}
}

// usable makes b ready and reports whether it can take calls: a nil
// Builder takes none, and its Build says why.
func (b *Builder[M]) usable() bool {
	if b == nil {
		return false
	}
	b.init()
	return true
}

func (b *Builder[M]) fail(path, format string, args ...any) {
	b.errs = append(b.errs, decider.Errorf(path, format, args...))
}

// State adds a state, which the calls that follow describe: what it runs
// (Do or Run), whether it is Final, and its transitions (To, On).
func (b *Builder[M]) State(name string) *Builder[M] {
	if !b.usable() {
		return b
	}
	b.from, b.last = refused, -1
	b.declared++
	_, dup := b.byName[name]
	switch bad := paths.CheckName("a state", name); {
	case bad != nil:
		b.errs = append(b.errs, decider.At(b.statePath(name), bad))
	case dup:
		b.fail(name, "a second state of this name")
	default:
		b.byName[name] = len(b.states)
		b.from = len(b.states)
		b.states = append(b.states, stateSpec[M]{name: name})
	}
	return b
}

// statePath names the state about to be added in errors: its name, or
// its place.
func (b *Builder[M]) statePath(name string) string {
	if name == "" || strings.Contains(name, "/") {
		return "state " + strconv.Itoa(b.declared)
	}
	return name
}

// Any makes the transitions that follow leave any state but a final one,
// checked before the state's own, in the order written: the reactions
// that preempt whatever the machine does (hurt, die). A transition from
// any state never fires into the state the machine is in.
func (b *Builder[M]) Any() *Builder[M] {
	if b.usable() {
		b.from, b.last = anyState, -1
	}
	return b
}

// Do makes the state just added run the catalogue's action (or
// behaviour) entry, as Catalogue.Do makes it a node, named after the
// state; opts are the leaf's options.
func (b *Builder[M]) Do(entry string, opts ...bt.Option) *Builder[M] {
	s := b.state("Do")
	if s == nil {
		return b
	}
	e, err := b.actions.Lookup(entry)
	if err != nil {
		if b.actions == nil {
			err = errors.New("no catalogue to take it from: make the builder with fsm.New(actions)")
		}
		b.fail(s.name, "Do(%q): %v", entry, err)
		return b
	}
	d := e.Def(s.name, opts...)
	return b.runs(s, d)
}

// Run makes the state just added run node, renamed after the state: a
// subtree, a planner node (bt.Builder.Plan over an htn or goap domain),
// or another machine, which nests:
//
//	t := bt.New[Guard]()
//	b.State("fight").Run(t.Plan("", domain, bt.ReplanOn(news)))
//	b.State("alive").Run(t.Plan("", aliveMachine))
//
// Build checks the node when the machine's tree is built, with the
// state's path.
func (b *Builder[M]) Run(node bt.Def[M]) *Builder[M] {
	s := b.state("Run")
	if s == nil {
		return b
	}
	if node.Kind == "" {
		b.fail(s.name, "Run: an empty node: give it a subtree, a planner node or a machine")
		return b
	}
	node.Name = s.name
	return b.runs(s, node)
}

func (b *Builder[M]) runs(s *stateSpec[M], d bt.Def[M]) *Builder[M] {
	if s.node != nil {
		b.fail(s.name, "a second node to run: a state runs one (a sequence of several is a node)")
		return b
	}
	s.node = &d
	return b
}

// Final marks the state just added as an end of the machine: no
// transition need leave it (Build refuses any other state that none
// leaves), and none may; transitions from any state pass it by. When
// its node ends, the machine ends with the node's status; a final state
// that runs nothing ends the machine, with Success, as it is entered.
func (b *Builder[M]) Final() *Builder[M] {
	if s := b.state("Final"); s != nil {
		s.final = true
	}
	return b
}

// To adds a transition to the state named target, from the state just
// added (or from any state, after Any), taken when every guard passes.
// Guards are constraints, as a node's are; each is told the situation of
// the target state's node, as if about to begin it, so a
// constraints.Cooldown guard spaces visits to the target. A target that
// runs nothing has the machine's situation, whose last run is when the
// machine last left the target.
func (b *Builder[M]) To(target string, guards ...bt.Constraint[M]) *Builder[M] {
	return b.add("To", target, "", guards, external, nil)
}

// Internal adds an internal transition to the state just added: on
// trigger, when every guard passes, the machine takes the trigger out of
// the Inbox and calls hook (live, as every hook: see Hook), and stays
// where it is: it leaves and enters nothing, and the state's node runs
// on (stateless's InternalTransition). It is checked in its place among
// the state's transitions, and reported as a kept plan (decide.Kept),
// its reason the state's name, "(internal)" and what fires it. The
// trigger is one the game posts: a state's node's end would be there
// again as soon as it was handled.
//
//	b.State("guard").Do("watch").Internal("noise", turnHead)
func (b *Builder[M]) Internal(trigger Trigger, hook Hook[M], guards ...bt.Constraint[M]) *Builder[M] {
	s := b.state("Internal")
	if s == nil {
		return b
	}
	if hook == nil {
		b.fail(s.name, "Internal(%q, nil): give it a hook (Ignore handles a trigger with none)", trigger)
		return b
	}
	return b.add("Internal", s.name, trigger, guards, internal, hook)
}

// Ignore makes the state just added ignore trigger: the machine takes the
// trigger out of the Inbox and does nothing, and while it is in the
// state (or a state the state holds), no transition on trigger of the
// states that hold it, or from any state, fires (stateless's Ignore). A
// hit ignored mid-swing is gone, not kept for later. It is checked in its
// place among the state's transitions, and reported as a kept plan
// (decide.Kept). The trigger is one the game posts.
//
//	b.State("fight").On("hit", "flinch")
//	b.State("swing").In("fight").Do("swing").Ignore("hit")
func (b *Builder[M]) Ignore(trigger Trigger) *Builder[M] {
	if s := b.state("Ignore"); s != nil {
		b.add("Ignore", s.name, trigger, nil, ignoring, nil)
	}
	return b
}

// A kind is what a transition does: go to its target (external), handle
// its trigger in place (Internal), or ignore it (Ignore).
type kind uint8

const (
	external kind = iota
	internal
	ignoring
)

// On adds a transition to target taken on trigger, when every guard
// passes: Succeeded or Failed, when the state's node ends so, or a
// trigger the game posts to the memory's Inbox (see Builder.Inbox),
// which the transition takes out as it fires.
func (b *Builder[M]) On(trigger Trigger, target string, guards ...bt.Constraint[M]) *Builder[M] {
	return b.add("On", target, trigger, guards, external, nil)
}

func (b *Builder[M]) add(call, target string, event Trigger, guards []bt.Constraint[M], k kind, hook Hook[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	switch b.from {
	case none:
		b.fail("machine", "%s must follow State or Any", call)
		return b
	case refused:
		return b
	}
	t := transSpec[M]{from: b.from, to: target, event: event, guards: slices.Clip(guards), on: call != "To", kind: k, hook: hook}
	b.last = len(b.trans)
	path := b.transPath(t)
	b.checkGuards(path, guards)
	switch {
	case call != "To" && event == "":
		b.fail(path, "%s: an empty event", call)
	case k != external && event.completion():
		b.fail(path, "%s(%q): the end of the state's node is there until the state is left: a transition must take it",
			call, event)
	}
	b.trans = append(b.trans, t)
	return b
}

// transPath names a transition in errors: "patrol → chase", "any state
// → dead".
func (b *Builder[M]) transPath(t transSpec[M]) string {
	switch t.kind {
	case internal:
		return b.fromName(t.from) + " (internal)"
	case ignoring:
		return b.fromName(t.from) + " (ignore)"
	}
	return b.fromName(t.from) + " → " + t.to
}

func (b *Builder[M]) fromName(from int) string {
	if from == anyState {
		return anyName
	}
	return b.states[from].name
}

// anyName is how paths, reports and pictures name the source of a
// transition from any state.
const anyName = "any state"

// Inbox gives the machine the way to the memory's Inbox, for the
// transitions that wait for a trigger the game posts (On).
func (b *Builder[M]) Inbox(inbox func(m *M) *Inbox) *Builder[M] {
	if !b.usable() {
		return b
	}
	if inbox == nil {
		b.fail("machine", "Inbox(nil): give it the way to the memory's Inbox")
	}
	b.inbox = inbox
	return b
}

// History makes the machine, begun again after an interruption (its
// node halted, as when a transition of an enclosing machine leaves the
// state it runs in), resume the state it was in rather than its initial
// state. The state's node begins afresh. A machine that ended by itself
// begins at its initial state.
func (b *Builder[M]) History() *Builder[M] {
	if b.usable() {
		b.history = true
	}
	return b
}

// In makes the state just added a substate of the state named parent,
// which holds it: a state with substates runs none of its own (its
// substates do), and the machine, in one of them, is in the state that
// holds it too. Entering a state with substates enters its first
// substate declared, and so on down; leaving it leaves the substate the
// machine is in first. The transitions of a state that holds others
// leave each of them, and any transition may enter a state at any level:
// the machine leaves the states it is in, innermost first, out to the
// innermost that holds the target too, and enters the states from there
// in to the target. A state's transitions on Succeeded or Failed take
// the end of a substate's node that no transition of the substate took.
//
//	b.State("alive").To("dead", down)
//	b.State("patrol").In("alive").Do("patrol").To("chase", inSight)
//	b.State("chase").In("alive").Do("chase").To("patrol", lost)
//	b.State("dead").Do("fall").Final()
//
// The transitions of the states the machine is in are checked outermost
// first, after those from any state, so that the outermost that fires
// wins: InnerFirst makes the innermost win.
func (b *Builder[M]) In(parent string) *Builder[M] {
	s := b.state("In")
	switch {
	case s == nil:
	case s.parent != "":
		b.fail(s.name, "In(%q): a second state to be in: a state is in one, In(%q)", parent, s.parent)
	case parent == "":
		b.fail(s.name, "In: an empty name")
	default:
		s.parent = parent
	}
	return b
}

// InnerFirst makes the transitions of the innermost state the machine is
// in win over those of the states that hold it: the machine checks the
// state's own transitions first, then those of the state that holds it,
// and so on out, and the transitions from any state last, as stateless
// and StateTree do. Without it, the outermost win: the transitions from
// any state first, then the outermost state's, and so on in.
func (b *Builder[M]) InnerFirst() *Builder[M] {
	if b.usable() {
		b.inner = true
	}
	return b
}

// Entry adds a hook the machine calls, live, as it enters the state just
// added: after it has left the states it leaves, and entered those that
// hold this one, outermost first, before it runs the state's node. As
// the machine begins, it enters its first state so. A state may have
// several, called in the order added. See Hook.
//
//	b.State("attack").Do("attack").Entry(func(m *Guard, c fsm.Change) error {
//		if c.Trigger == "hit" { // stateless's OnEntryFrom
//			m.Shout = "you'll pay for that"
//		}
//		return nil
//	})
func (b *Builder[M]) Entry(hook Hook[M]) *Builder[M] {
	if s := b.state("Entry"); s != nil {
		if hook == nil {
			b.fail(s.name, "Entry(nil): give it a hook")
		} else {
			s.entry = append(s.entry, hook)
		}
	}
	return b
}

// Exit adds a hook the machine calls, live, as it leaves the state just
// added: once its node is halted (or has ended), before the states that
// hold it are left, innermost first; and as the machine ends or its node
// is halted, with To "". A state may have several, called in the order
// added. See Hook. An exit cannot veto the transition, which previews
// and predictions could not know: LeaveIf can.
func (b *Builder[M]) Exit(hook Hook[M]) *Builder[M] {
	if s := b.state("Exit"); s != nil {
		if hook == nil {
			b.fail(s.name, "Exit(nil): give it a hook")
		} else {
			s.exit = append(s.exit, hook)
		}
	}
	return b
}

// LeaveIf adds guards that every transition leaving the state just added
// must pass too, beside its own: the state's veto on being left (looplab
// fsm's cancelled leave, stateless's exit that fails), which previews and
// predictions read as the tick does. The transitions of the states that
// hold it, and those from any state, leave it too; a transition that
// stays in it (an internal one) does not, nor does the machine's end or
// its node's halt, which nothing vetoes. A transition the guards refuse
// is reported among those that did not fire, with the guard's reason.
// The guards are told the situation of the state's node (the machine's,
// for a state that runs nothing).
//
//	b.State("swing").Do("swing").LeaveIf(betweenBlows).To("chase", far)
func (b *Builder[M]) LeaveIf(guards ...bt.Constraint[M]) *Builder[M] {
	s := b.state("LeaveIf")
	if s == nil {
		return b
	}
	if b.checkGuards(s.name+": LeaveIf", guards) && b.noPayload(s.name+": LeaveIf", guards) {
		s.leaveIf = append(s.leaveIf, guards...)
	}
	return b
}

// EnterIf adds enter conditions to the state just added: guards that
// every way into it must pass (StateTree's enter conditions), told the
// situation of the state's node as if about to begin it. A transition
// into the state, or into a state it holds, does not fire while they
// fail, and says why; entering a state that holds others enters the
// first of its substates, in the order declared, whose conditions pass
// (and whose first such substate's pass, and so on down), and none if
// none does, so that the transition does not fire; the machine begins in
// the first top-level state it can enter so, and fails if it can enter
// none. History and Run.Set enter the state they name, whatever its
// conditions say.
//
//	b.State("attack").In("fight").EnterIf(armed).Do("attack")
//	b.State("chase").In("fight").Do("chase") // the fight of an unarmed guard
func (b *Builder[M]) EnterIf(guards ...bt.Constraint[M]) *Builder[M] {
	s := b.state("EnterIf")
	if s != nil && b.checkGuards(s.name+": EnterIf", guards) && b.noPayload(s.name+": EnterIf", guards) {
		s.enterIf = append(s.enterIf, guards...)
	}
	return b
}

// Params gives the state just added its parameters: set writes them into
// the memory as the machine enters the state, after it entered the
// states that hold it and before the entry hooks, live, in a preview and
// in a prediction alike (on their copies), so that the state's node, and
// the guards checked after, read them (StateTree's state parameters). It
// must only write the memory. One node, run by several states, works to
// each state's parameters:
//
//	b.State("north").Do("patrol").Params(func(m *Guard) { m.Route = North })
//	b.State("south").Do("patrol").Params(func(m *Guard) { m.Route = South })
func (b *Builder[M]) Params(set func(m *M)) *Builder[M] {
	if s := b.state("Params"); s != nil {
		if set == nil {
			b.fail(s.name, "Params(nil): give it a function that writes them")
		} else {
			s.params = append(s.params, set)
		}
	}
	return b
}

// Utility gives the state just added a score, so that the machine
// enters, of it and its siblings (the substates of one state, or the
// top-level states) that it may enter (EnterIf), the one that scores
// highest on the memory as it enters them, the first declared on a tie
// (StateTree's selection of a child state by utility), where it enters
// the first it may without one. A sibling with no score scores 0, and a
// NaN lower than any. History and Run.Set enter the state they name,
// whatever it scores. score must only read the memory:
//
//	b.State("melee").In("fight").Do("attack").Utility(func(m *Guard) float64 { return m.Rage })
//	b.State("ranged").In("fight").Do("shoot").Utility(func(m *Guard) float64 { return m.Arrows })
func (b *Builder[M]) Utility(score func(m *M) float64) *Builder[M] {
	s := b.state("Utility")
	switch {
	case s == nil:
	case score == nil:
		b.fail(s.name, "Utility(nil): give it a function that scores the state")
	case s.score != nil:
		b.fail(s.name, "a second Utility")
	default:
		s.score = score
	}
	return b
}

// Delay delays the transition just added (by To or On, from a state):
// once it fires, the machine takes it d later (StateTree's transition
// delay), if it has not left the transition's state by then, and the
// state's node runs on meanwhile. The trigger it waits for is taken out
// of the Inbox as it fires; its guards are not checked again, though its
// state's guards on leaving and its target's enter conditions are, when
// it is taken. While it waits, the transitions after it are checked as
// ever, and another delayed transition that fires waits for it to be
// taken or dropped; once due, it is taken in its place among the
// transitions, so that one checked before it that fires (a reaction
// from any state) wins. Its label says its delay ("in sight after 500ms"). A
// prediction takes it as it fires, its delay not waited.
func (b *Builder[M]) Delay(d time.Duration) *Builder[M] {
	if !b.usable() {
		return b
	}
	switch {
	case b.last < 0 || b.from < 0:
		b.fail("machine", "Delay must follow To or On, from a state")
	case b.trans[b.last].kind != external:
		b.fail(b.transPath(b.trans[b.last]), "Delay: a trigger handled in place takes no time")
	case b.trans[b.last].delay != 0:
		b.fail(b.transPath(b.trans[b.last]), "a second Delay")
	case d <= 0:
		b.fail(b.transPath(b.trans[b.last]), "Delay(%v): a delay is more than 0", d)
	default:
		b.trans[b.last].delay = d
	}
	return b
}

// noPayload notes the guards among guards that read a payload, where no
// trigger is, and reports whether there were none.
func (b *Builder[M]) noPayload(path string, guards []bt.Constraint[M]) bool {
	for i, g := range guards {
		if p, ok := g.(payloadReader[M]); ok {
			b.fail(path, "guard %d reads the payload of %q, which no trigger carries here", i+1, p.on())
			return false
		}
	}
	return true
}

// Transitioned adds a hook the machine calls, live, after each change of
// state, once the entry hooks have run (stateless's OnTransitioned), and
// as the machine begins. See Hook.
func (b *Builder[M]) Transitioned(hook Hook[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	if hook == nil {
		b.fail("machine", "Transitioned(nil): give it a hook")
	} else {
		b.after = append(b.after, hook)
	}
	return b
}

// Unhandled gives the machine a hook for the triggers no transition
// took: at the end of each tick the machine runs live, it calls hook for
// each trigger still in the Inbox, oldest first, told the state it
// stands in (From and To) and the trigger (and its payload: see
// Event.Of), and then empties the Inbox, so that with it a trigger lasts
// one tick (stateless's OnUnhandledTrigger). A machine nested in
// another's state ticks before the outer ends its tick: give the hook to
// the outermost machine that reads the Inbox, after which no other does.
// A prediction takes the triggers as dropped once it has predicted the
// state's node.
func (b *Builder[M]) Unhandled(hook Hook[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	switch {
	case hook == nil:
		b.fail("machine", "Unhandled(nil): give it a hook")
	case b.drop != nil:
		b.fail("machine", "a second Unhandled: a machine has one")
	default:
		b.drop = hook
	}
	return b
}

// waitsFor says what a transition waits for, in errors: its trigger
// quoted ("succeeded", "hit"), or none.
func waitsFor(e Trigger) string {
	if e == "" {
		return "none"
	}
	return strconv.Quote(string(e))
}

// checkGuards notes the nil and invalid guards among guards, at path, and
// reports whether there were none.
func (b *Builder[M]) checkGuards(path string, guards []bt.Constraint[M]) bool {
	ok := true
	for i, g := range guards {
		if nilness.Of(g) {
			b.fail(path, "guard %d is nil", i+1)
			ok = false
		} else if v, is := g.(traits.Validator); is {
			if err := v.Validate(); err != nil {
				b.fail(path, "guard %d: %v", i+1, err)
				ok = false
			}
		}
	}
	return ok
}

// state returns the state that call adds to, or notes why there is none.
func (b *Builder[M]) state(call string) *stateSpec[M] {
	if !b.usable() {
		return nil
	}
	switch b.from {
	case none:
		b.fail("machine", "%s must follow State", call)
	case anyState:
		b.fail(anyName, "%s must follow State, not Any", call)
	case refused:
	default:
		return &b.states[b.from]
	}
	return nil
}

// Build checks the machine and compiles it. It begins in the first
// top-level state declared (one not In another), its initial state, and
// in that state's first substate, and so on down (with History, a
// nested machine resumes where it was). It reports every misuse at once:
// transitions to unknown states, states the initial state cannot reach,
// a state that no transition leaves and that is not Final, transitions
// from a final state, a second transition like one before it, a
// transition that can never fire (on the end of a state that runs
// nothing, on a trigger with no Inbox, after one that always fires, after
// one from the same state that always takes the same trigger), a
// machine whose states run nothing, a state in an unknown state or in
// itself, a state with substates that runs a node or is Final, invalid
// guards and names. A Machine is immutable: share it between any number
// of trees and agents. Build may be called again, after more calls, for
// a machine with them.
func (b *Builder[M]) Build() (*Machine[M], error) {
	if !b.usable() {
		return nil, errors.New("fsm: Build on a nil Builder; use fsm.New")
	}
	errs := slices.Clip(b.errs)
	if len(b.states) == 0 {
		errs = append(errs, decider.Errorf("machine", "a machine with no states: add them with State"))
	}
	m := &Machine[M]{initial: -1, history: b.history, innerFirst: b.inner, inbox: b.inbox, after: slices.Clip(b.after),
		unhandled: b.drop}
	for _, s := range b.states {
		st := state[M]{name: s.name, final: s.final, child: -1, parent: -1, first: "initial state " + s.name,
			back: "history: back to " + s.name, setTo: "set to " + s.name, entry: slices.Clip(s.entry), exit: slices.Clip(s.exit),
			leaveIf: slices.Clip(s.leaveIf), leaving: "leaving " + s.name, entering: "entering " + s.name,
			ignoredIn: "ignored in " + s.name, enterIf: slices.Clip(s.enterIf), params: slices.Clip(s.params),
			score: s.score}
		if s.node != nil {
			st.child = int32(len(m.steps))
			m.steps = append(m.steps, *s.node)
		} else {
			st.field = "left " + s.name
			m.idle = append(m.idle, int32(len(m.states)))
			m.idles += "/" + s.name
		}
		m.states = append(m.states, st)
	}
	errs = append(errs, b.nest(m)...)
	if len(m.tops) > 0 {
		m.initial = m.tops[0]
	}
	errs = append(errs, b.compile(m)...)
	if m.initial >= 0 { // a state no run reaches is a misuse whatever else is
		errs = append(errs, m.checkReach()...)
	}
	if len(errs) == 0 && len(m.steps) == 0 {
		errs = append(errs, decider.Errorf("machine", "no state runs anything: give one a node with Do or Run"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return m, nil
}

// nest puts each state in the state it is In, and finds the initial
// state: the first top-level one. A state in an unknown state, in
// itself, or in a cycle of states each in the next is reported, and made
// a top-level state, so that the checks after go on.
func (b *Builder[M]) nest(m *Machine[M]) []error {
	var errs []error
	for i, s := range b.states {
		if s.parent == "" {
			continue
		}
		switch p, ok := b.byName[s.parent]; {
		case !ok:
			errs = append(errs, decider.Errorf(s.name, "In(%q): unknown state (the states: %s)", s.parent, b.names()))
		case p == i:
			errs = append(errs, decider.Errorf(s.name, "In(%q): a state in itself", s.parent))
		default:
			m.states[i].parent = int32(p)
		}
	}
	for i := range m.states {
		p := m.states[i].parent
		for steps := 0; p >= 0; steps++ {
			if steps > len(m.states) {
				errs = append(errs, decider.Errorf(m.states[i].name, "In(%q): a cycle of states, each in the next",
					m.states[m.states[i].parent].name))
				m.states[i].parent = -1
				break
			}
			p = m.states[p].parent
		}
	}
	for i := range m.states {
		s := &m.states[i]
		if s.parent >= 0 {
			p := &m.states[s.parent]
			p.subs = append(p.subs, int32(i))
			p.byUtility = p.byUtility || s.score != nil
		} else {
			m.tops = append(m.tops, int32(i))
			m.topsByUtility = m.topsByUtility || s.score != nil
		}
		for p := int32(i); p >= 0; p = m.states[p].parent {
			s.chain = append(s.chain, p)
		}
		slices.Reverse(s.chain)
	}
	for i := range m.states {
		s, spec := &m.states[i], &b.states[i]
		switch {
		case len(s.subs) == 0:
		case spec.node != nil:
			errs = append(errs, decider.Errorf(s.name, "a state with substates runs none of its own (its substates do): "+
				"take its node into a substate, or run it in a state of its own"))
		case s.final:
			errs = append(errs, decider.Errorf(s.name, "a state with substates cannot be Final: mark a substate Final"))
		}
	}
	return errs
}

// runs reports whether state i runs a node, or holds a state that does.
func (m *Machine[M]) runs(i int32) bool {
	if m.states[i].child >= 0 {
		return true
	}
	for _, s := range m.states[i].subs {
		if m.runs(s) {
			return true
		}
	}
	return false
}

// names lists the states for errors.
func (b *Builder[M]) names() string {
	q := make([]string, len(b.states))
	for i, s := range b.states {
		q[i] = strconv.Quote(s.name)
	}
	return strings.Join(q, ", ")
}

// compile resolves the transitions, puts each in the list of its source
// and checks each.
func (b *Builder[M]) compile(m *Machine[M]) []error {
	var errs []error
	seen := map[string]bool{}
	always := map[int]string{} // a list's transition that always fires, by source
	type onFrom struct {
		from    int
		trigger Trigger
	}
	takes := map[onFrom]string{} // a list's transition that fires whenever its trigger comes, by source and trigger
	for _, t := range b.trans {
		path := b.transPath(t)
		to, ok := b.byName[t.to]
		if !ok {
			errs = append(errs, decider.Errorf(path, "unknown state %q (the states: %s)", t.to, b.names()))
			continue
		}
		ct := transition[M]{from: int32(t.from), to: int32(to), event: t.event, guards: t.guards,
			name: path, label: label(t.event, t.guards), timeless: true, kind: t.kind, hook: t.hook, delay: t.delay}
		if t.delay > 0 {
			ct.after = "after " + t.delay.String()
			ct.label += " " + ct.after
		}
		for i, g := range t.guards {
			ct.timeless = ct.timeless && traits.IsTimeless(g)
			if p, ok := g.(payloadReader[M]); ok {
				ct.payload = true
				if p.on() != t.event {
					errs = append(errs, decider.Errorf(path, "guard %d reads the payload of %q, but the transition waits for %s",
						i+1, p.on(), waitsFor(t.event)))
				}
			}
		}
		ct.reason = path + ": " + ct.label
		switch {
		case t.event.completion():
			ct.absent = "not " + string(t.event)
		case t.event != "":
			ct.absent = "no trigger " + string(t.event)
		}
		fail := func(format string, args ...any) { errs = append(errs, decider.Errorf(path, format, args...)) }
		if seen[ct.reason] {
			fail("a second transition like this one: remove it")
		}
		seen[ct.reason] = true
		if first, ok := always[t.from]; ok {
			fail("never fires: %s before it always fires", first)
		} else if first, ok := takes[onFrom{t.from, t.event}]; ok && t.on {
			fail("never fires: %s takes %q before it, whatever else holds", first, t.event)
		}
		unconditional := !t.on && len(t.guards) == 0
		switch {
		case t.from == anyState && unconditional:
			fail("a transition from any state with neither a trigger nor a guard would leave every state at once")
		case t.from >= 0 && b.states[t.from].final:
			fail("a transition from a final state: a final state ends the machine")
		case t.from >= 0 && unconditional && m.runs(int32(t.from)):
			fail("with neither a trigger nor a guard it leaves the state at once, before its node runs")
		case t.from >= 0 && t.event.completion() && !m.runs(int32(t.from)):
			fail("on %s, but the state runs nothing", t.event)
		case t.event != "" && !t.event.completion() && b.inbox == nil:
			fail("on trigger %q, but the machine has no Inbox: give the builder one with Inbox", t.event)
		}
		certain := m.certain(t.from, to, t.kind) // (and a delayed one waits: those after it may fire first)
		if unconditional && certain {
			always[t.from] = path
		}
		if k := (onFrom{t.from, t.event}); t.on && t.event != "" && len(t.guards) == 0 && t.delay == 0 && certain && takes[k] == "" {
			takes[k] = path
		}
		i := int32(len(m.trans))
		m.trans = append(m.trans, ct)
		if t.from == anyState {
			m.any = append(m.any, i)
		} else {
			m.states[t.from].out = append(m.states[t.from].out, i)
		}
		if t.kind == ignoring {
			m.states[t.from].ignores = append(m.states[t.from].ignores, t.event)
		}
	}
	for i, s := range m.states {
		if len(s.subs) == 0 && !s.final && !m.leaves(int32(i)) {
			errs = append(errs, decider.Errorf(s.name, "no way out: give it a transition to another state, or mark it Final"))
		}
	}
	return errs
}

// label describes what fires a transition: its trigger and guards, as "in
// sight", "succeeded and rested", "on hit"; "always" for neither.
func label[M any](event Trigger, guards []bt.Constraint[M]) string {
	var parts []string
	switch {
	case event.completion():
		parts = append(parts, string(event))
	case event != "":
		parts = append(parts, "on "+string(event))
	}
	for _, g := range guards {
		parts = append(parts, traits.Describe(g))
	}
	if len(parts) == 0 {
		return "always"
	}
	return strings.Join(parts, " and ")
}
