package fsm

// A Hook is the game's code that a machine calls as it changes state:
// as it enters a state (Builder.Entry), as it leaves one (Builder.Exit),
// and after each change (Builder.Transitioned), told the change. It is
// for what the game does at those moments, beyond the memory the
// machine decides on: play a sound, start an animation, tell the squad.
//
// A machine calls its hooks only live, in its tick (and as its node
// ends), never in a preview or a prediction: a hook that changed what
// the machine's guards read would make the tick part from its preview.
// A hook returns an error when it could not do what it does: the machine
// goes on (a state's node is halted by then, and the change is made),
// and the tick reports the error (bt.Child.Fault: traced as a fault, and
// returned by Agent.Tick as a *decide.Error at the machine's path). A
// veto of a transition is a guard, which previews and predictions read:
// see Builder.LeaveIf. A hook that panics is the machine's code: its
// node is quarantined, as for a guard that panics.
type Hook[M any] func(m *M, c Change) error

// A Change is a change of state, as a hook is told it: what stateless
// calls a transition (its GetTransition), OnEntryFrom's trigger and
// OnExitWith's included.
type Change struct {
	// From is the state the machine stood in (a state with no
	// substates), and To the state it stands in next: "" for none, From
	// as the machine begins, To as it ends or is halted. A transition from
	// a state into the same state leaves and enters it again (From ==
	// To).
	From, To string
	// Trigger is what fired the transition: a trigger posted to the
	// Inbox, or Succeeded or Failed for the end of the state's node; ""
	// for a transition on guards alone, and as the machine begins or
	// ends.
	Trigger Trigger

	payload any // what the trigger carries: see Event.Of
}
