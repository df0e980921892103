package fsm

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

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
//
// A memory that holds an Inbox goes through encoding/json, where the
// Inbox is the list of the triggers waiting (["hit","noise"]), and
// encoding/gob, as a game saves its memory beside its agent (see
// bt.Agent.AppendBinary).
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

// inboxVersion is the first byte of an Inbox's binary form.
const inboxVersion = 1

// MarshalJSON encodes the inbox as the list of the triggers waiting,
// oldest first. A trigger that is not UTF-8, which JSON cannot carry
// exactly, is an error.
func (b Inbox) MarshalJSON() ([]byte, error) {
	for i, e := range b.events[:b.n] {
		if !utf8.ValidString(string(e)) {
			return nil, fmt.Errorf("fsm: an Inbox's trigger %d: %q is not UTF-8", i+1, e)
		}
	}
	return json.Marshal(b.events[:b.n])
}

// UnmarshalJSON sets the inbox to a list of triggers, as MarshalJSON
// writes it. A list that Post would not take whole (more than InboxSize
// triggers, an empty trigger, Succeeded or Failed) is an error, and
// leaves the inbox as it was; null leaves it too, as encoding/json leaves
// a field.
func (b *Inbox) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var list []Trigger
	if err := json.Unmarshal(data, &list); err != nil {
		return fmt.Errorf("fsm: an Inbox: %w", err)
	}
	return b.set(list)
}

// MarshalBinary encodes the inbox: a version, the number of triggers
// waiting, and each trigger, its length first. encoding/gob uses it.
func (b Inbox) MarshalBinary() ([]byte, error) {
	size := 2
	for _, e := range b.events[:b.n] {
		size += binary.MaxVarintLen64 + len(e)
	}
	out := make([]byte, 0, size)
	out = append(out, inboxVersion, b.n)
	for _, e := range b.events[:b.n] {
		out = binary.AppendUvarint(out, uint64(len(e)))
		out = append(out, e...)
	}
	return out, nil
}

// UnmarshalBinary sets the inbox to what MarshalBinary wrote. What it
// cannot read, and what Post would not take (see UnmarshalJSON), is an
// error, and leaves the inbox as it was.
func (b *Inbox) UnmarshalBinary(data []byte) error {
	short := errors.New("fsm: an Inbox's binary form ends too soon")
	if len(data) < 2 {
		return short
	}
	if data[0] != inboxVersion {
		return fmt.Errorf("fsm: an Inbox's binary form of version %d, not %d", data[0], inboxVersion)
	}
	n := int(data[1])
	if n > InboxSize {
		return fmt.Errorf("fsm: an Inbox of %d triggers: it holds at most %d", n, InboxSize)
	}
	list := make([]Trigger, n)
	rest := data[2:]
	for i := range list {
		size, k := binary.Uvarint(rest)
		if k <= 0 || size > uint64(len(rest)-k) {
			return short
		}
		list[i] = Trigger(rest[k : k+int(size)])
		rest = rest[k+int(size):]
	}
	if len(rest) > 0 {
		return fmt.Errorf("fsm: an Inbox's binary form has %d bytes after its last trigger", len(rest))
	}
	return b.set(list)
}

// set makes the inbox hold list, checked as Post checks each trigger,
// all or nothing.
func (b *Inbox) set(list []Trigger) error {
	if len(list) > InboxSize {
		return fmt.Errorf("fsm: an Inbox of %d triggers: it holds at most %d", len(list), InboxSize)
	}
	for i, e := range list {
		switch {
		case e == "":
			return fmt.Errorf("fsm: an Inbox's trigger %d: an empty trigger", i+1)
		case e.completion():
			return fmt.Errorf("fsm: an Inbox's trigger %d: %q is the end of a state's node, never posted", i+1, e)
		}
	}
	var fresh Inbox
	fresh.n = uint8(copy(fresh.events[:], list))
	*b = fresh
	return nil
}
