package fsm

import "strings"

// A Trigger names something that happened, which a transition may wait
// for (Builder.On): the end of the state's own node (Succeeded, Failed),
// or a trigger the game posts to the agent's Inbox, such as "hit" or
// "noise".
type Trigger string

// The triggers of a state's own node: it ended with Success, or with
// Failure. They are never posted; the machine sees them in the tick its
// node ends, and until a transition leaves the state.
const (
	Succeeded Trigger = "succeeded"
	Failed    Trigger = "failed"
)

// completion reports whether e is one of the node's own triggers.
func (e Trigger) completion() bool { return e == Succeeded || e == Failed }

// InboxSize is how many triggers an Inbox holds at once.
const InboxSize = 8

// An Inbox holds the triggers posted to an agent's machines: the game
// posts what happened ("hit", "noise") into the agent's memory before it
// ticks, and a transition that waits for a trigger takes it out when it
// fires, so that one trigger fires one transition. A trigger no
// transition takes stays until the game empties the inbox (m.Inbox =
// fsm.Inbox{}), which a game that wants triggers to last one tick does
// after every tick.
//
// An Inbox is a plain value, so a memory that holds one is copied by
// assignment, and a prediction takes triggers out of its own copy, never
// the live one. Its zero value is empty and ready. Give the machine the
// way to it with Builder.Inbox:
//
//	type Memory struct {
//		HP    int
//		Inbox fsm.Inbox
//	}
//	b.Inbox(func(m *Memory) *fsm.Inbox { return &m.Inbox })
type Inbox struct {
	events [InboxSize]Trigger
	n      uint8
}

// Post adds e to the inbox and reports whether it did: it refuses an
// empty trigger, the node's own triggers Succeeded and Failed, and any
// trigger once the inbox holds InboxSize.
func (b *Inbox) Post(e Trigger) bool {
	if e == "" || e.completion() || int(b.n) == InboxSize {
		return false
	}
	b.events[b.n] = e
	b.n++
	return true
}

// has reports whether e waits in the inbox.
func (b *Inbox) has(e Trigger) bool { return b.find(e) >= 0 }

// take takes the first e out of the inbox, keeping the order of the
// others, and reports whether there was one.
func (b *Inbox) take(e Trigger) bool {
	i := b.find(e)
	if i < 0 {
		return false
	}
	copy(b.events[i:b.n], b.events[i+1:b.n])
	b.n--
	b.events[b.n] = ""
	return true
}

// String lists the triggers waiting, oldest first, as "[hit noise]".
func (b *Inbox) String() string {
	names := make([]string, b.n)
	for i := range names {
		names[i] = string(b.events[i])
	}
	return "[" + strings.Join(names, " ") + "]"
}

func (b *Inbox) find(e Trigger) int {
	for i := 0; i < int(b.n); i++ {
		if b.events[i] == e {
			return i
		}
	}
	return -1
}
