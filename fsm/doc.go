// Package fsm is foresight's fourth decider: hierarchical state machines
// over the action catalogue. A machine's states run the catalogue's
// actions (or subtrees, planner nodes, other machines), and its
// transitions, with guards (constraints) and triggers, say what the agent
// does next; a machine is a planner (bt.Planner) that a planner node of a
// tree runs, and keeps the contract of every decider (package decide).
//
// Start reading at Builder, then Inbox (the triggers the game posts), then
// Machine.Runner for what a machine does each tick:
//
//	b := fsm.New(actions)
//	b.Any().To("dead", dead)
//	b.State("patrol").Do("patrol").To("chase", seen)
//	b.State("chase").Do("chase").To("attack", inReach).To("patrol", lost)
//	b.State("attack").Do("attack").To("chase", outOfReach)
//	b.State("dead").Do("fall").Final()
//	machine, err := b.Build()
//
//	n := bt.New[Guard]()
//	tree, err := bt.Build(cfg, n.Plan("guard", machine)) // a planner node runs the machine
//
// # Transitions
//
// Each tick a machine settles before it acts: it checks the transitions
// from any state first (the reactions: hurt, die), then the current
// state's (and those of the states that hold it, outermost first), in
// the order written, and takes the first that fires, in the same tick;
// then it runs the state's node. A transition fires when its
// trigger is there, if it waits for one (On), and every guard passes. The
// triggers are the end of the state's own node (Succeeded, Failed), and
// those the game posts to the memory's Inbox (Builder.Inbox). A node
// that ends with no transition to take ends the machine with its status,
// as a final state's does, and the machine's parent decides what
// follows (a tree's root begins it again in the next tick).
//
// # States in states, and nested machines
//
// A state may hold others (In): a hierarchical machine, as stateless's
// substates and StateTree's child states are. The machine stands in a
// state with no substates, and is in the states that hold it; their
// transitions leave it too, and a transition may cross levels, into a
// substate of another state or out of the state that holds it. The
// outermost transition that fires wins, or the innermost, with
// InnerFirst.
//
// A state may also run another machine (Run, with bt.Builder.Plan): its
// transitions are checked after the enclosing machine's, so the outer
// machine's preempt the inner's, and leaving the outer state halts the
// inner machine and its state's node, deepest first. With History, an
// inner machine begun again resumes the state it was interrupted in. A
// state may also run an HTN or GOAP planner node, as the HTN documents
// advise: hurt and die as states of a machine, the planner in the state
// that fights.
//
// # Hooks, guards on leaving, and triggers handled in place
//
// A state's entry and exit hooks (Entry, Exit) and the machine's
// Transitioned are the game's code, called live as the machine changes
// state, each told the change (Change: from, to, and the trigger): a
// sound, an animation, a word to the squad. A hook's error is reported
// by the tick, and the machine goes on. A state's guards on leaving
// (LeaveIf) veto any transition out of it, as a transition's own guards
// do, so that previews and predictions see the veto. An internal
// transition (Internal) handles a trigger in place, with a hook, without
// leaving the state; a state may ignore a trigger (Ignore) that the
// states holding it would take.
//
// # Triggers with payloads
//
// An Event is a trigger that carries a payload of its own type: the game
// posts each with its payload (Event.Post), a transition's guard may
// read it (Payload), and a hook told the change it fired reads it back
// (Event.Of). A machine with Unhandled reports the triggers no
// transition took at the end of its tick, and drops them.
//
// # Choosing a state, delays and parameters
//
// As StateTree's states do, a state may have enter conditions (EnterIf):
// a transition into it does not fire while they fail, and a state that
// holds others enters the first of its substates it may enter, or, where
// they have scores (Utility), the one that scores highest. A transition
// may wait a while after it fires (Delay), the state's node running on,
// and a state may write its parameters into the memory as it is entered
// (Params), so that one action serves several states.
//
// # Asking a machine
//
// At gives an agent's run of a machine (Run), which says where it
// stands (State, In), whether a trigger would fire a transition now and
// why not (Can), and which would (Triggers), and sets the state its next
// tick enters (Set), which a preview foresees and a save keeps.
//
// # What a machine promises
//
// Entering and leaving a state is the life cycle of its node: Begin on
// entering, End once on leaving, deepest first. Each state entered is
// reported (bt.EventPlan), with the transition that fired and the ones
// checked before it that did not, each with its reason; Agent.Preview
// reports what the tick will (Preview.Plans); under a simulated
// selector, a machine predicts its run (the state's node, and the
// transitions its end would take). The same definition, seed and inputs
// give the same transitions; after warm-up a tick allocates nothing. Its
// pictures are state diagrams (package draw's Machine, from Machine.Nodes),
// and a tree file names a machine like any planner
// (btjson.Registry.Planners).
//
// # Saving
//
// A machine's place is saved with its agent (bt.Agent's AppendBinary and
// MarshalJSON): the state it is in, how that state's node ended, the
// state History brings it back to, the state Run.Set set for its next
// tick, the delayed transition that waits and when it is due, and when
// it last left each state that runs nothing (which a
// cooldown into it reads), each by name, so that a save restored into a
// machine edited since goes on in a state the machine still has
// (bt.Agent.Reload, Restore), and one the machine has not is dropped.
// The Inbox is the memory's, saved beside the agent by the game:
// encoding/json writes it as the list of the triggers waiting, and
// encoding/gob carries it too.
package fsm
