package fsm

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
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
// fires, so that one trigger fires one transition. A trigger may carry a
// payload of its own (see Event): two hits in one frame each say what
// hit. A trigger no transition takes stays until the game empties the
// inbox (m.Inbox = fsm.Inbox{}), which a game that wants triggers to
// last one tick does after every tick, or until a machine with
// Builder.Unhandled reports it and takes it out.
//
// An Inbox is a plain value, so a memory that holds one is copied by
// assignment, and a prediction takes triggers out of its own copy, never
// the live one (a payload is copied as an interface value is: share none
// that the game changes). Its zero value is empty and ready. Give the
// machine the way to it with Builder.Inbox:
//
//	type Memory struct {
//		HP    int
//		Inbox fsm.Inbox
//	}
//	b.Inbox(func(m *Memory) *fsm.Inbox { return &m.Inbox })
//
// A memory that holds an Inbox goes through encoding/json, where the
// Inbox is the list of the triggers waiting (["hit","noise"]; a trigger
// with a payload as {"trigger":"hit","payload":...}), and encoding/gob,
// as a game saves its memory beside its agent (see
// bt.Agent.AppendBinary). A payload goes as JSON either way, and comes
// back as its JSON, which Event.Of and Payload read as the payload
// posted: an Inbox read back so does not compare equal (==) to the one
// written, but it decides the same. Reading a payload back from its JSON
// allocates.
type Inbox struct {
	events   [InboxSize]Trigger
	payloads [InboxSize]any
	n        uint8
}

// Post adds e to the inbox and reports whether it did: it refuses an
// empty trigger, the node's own triggers Succeeded and Failed, and any
// trigger once the inbox holds InboxSize.
func (b *Inbox) Post(e Trigger) bool { return b.post(e, nil) }

// post adds e with payload p, as Post says.
func (b *Inbox) post(e Trigger, p any) bool {
	if e == "" || e.completion() || int(b.n) == InboxSize {
		return false
	}
	b.events[b.n], b.payloads[b.n] = e, p
	b.n++
	return true
}

// has reports whether e waits in the inbox.
func (b *Inbox) has(e Trigger) bool { return b.find(e) >= 0 }

// peek returns the payload of the first e waiting, if any.
func (b *Inbox) peek(e Trigger) any {
	if i := b.find(e); i >= 0 {
		return b.payloads[i]
	}
	return nil
}

// take takes the first e out of the inbox, keeping the order of the
// others, and returns its payload.
func (b *Inbox) take(e Trigger) (payload any, ok bool) {
	i := b.find(e)
	if i < 0 {
		return nil, false
	}
	payload = b.payloads[i]
	copy(b.events[i:b.n], b.events[i+1:b.n])
	copy(b.payloads[i:b.n], b.payloads[i+1:b.n])
	b.n--
	b.events[b.n], b.payloads[b.n] = "", nil
	return payload, true
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

// The first byte of an Inbox's binary form: its version. The first has
// triggers alone; the second, which an inbox with a payload writes,
// has after each trigger its payload, as JSON, or none.
const (
	inboxVersion         = 1
	inboxVersionPayloads = 2
)

// A rawPayload is a payload read from a save: its JSON, which Event.Of
// reads into the event's type.
type rawPayload string

// An entry is a trigger and its payload, as a save holds them.
type entry struct {
	Trigger Trigger         `json:"trigger"`
	Payload json.RawMessage `json:"payload"`
}

// payloadJSON returns payload p as JSON, or nil for none.
func payloadJSON(p any) (json.RawMessage, error) {
	switch p := p.(type) {
	case nil:
		return nil, nil
	case rawPayload:
		return json.RawMessage(p), nil
	}
	return json.Marshal(p)
}

// MarshalJSON encodes the inbox as the list of the triggers waiting,
// oldest first: a trigger as a string, or, with a payload, as an object
// of the trigger and its payload, in JSON. A trigger that is not UTF-8,
// which JSON cannot carry exactly, or a payload JSON cannot carry, is an
// error.
func (b Inbox) MarshalJSON() ([]byte, error) {
	list := make([]any, b.n)
	for i, e := range b.events[:b.n] {
		if !utf8.ValidString(string(e)) {
			return nil, fmt.Errorf("fsm: an Inbox's trigger %d: %q is not UTF-8", i+1, e)
		}
		p, err := payloadJSON(b.payloads[i])
		if err != nil {
			return nil, fmt.Errorf("fsm: an Inbox's trigger %d (%s): its payload: %w", i+1, e, err)
		}
		list[i] = e
		if p != nil {
			list[i] = entry{e, p}
		}
	}
	return json.Marshal(list)
}

// UnmarshalJSON sets the inbox to a list of triggers, as MarshalJSON
// writes it; a payload comes back as its JSON. A list that Post would not
// take whole (more than InboxSize triggers, an empty trigger, Succeeded
// or Failed) is an error, and leaves the inbox as it was; null leaves it
// too, as encoding/json leaves a field.
func (b *Inbox) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("fsm: an Inbox: %w", err)
	}
	list := make([]entry, len(raw))
	for i, r := range raw {
		var err error
		if len(r) > 0 && r[0] == '{' {
			err = json.Unmarshal(r, &list[i])
			if err == nil && (len(list[i].Payload) == 0 || string(list[i].Payload) == "null") {
				list[i].Payload = nil
			}
		} else {
			err = json.Unmarshal(r, &list[i].Trigger)
		}
		if err != nil {
			return fmt.Errorf("fsm: an Inbox's trigger %d: %w", i+1, err)
		}
	}
	return b.set(list)
}

// MarshalBinary encodes the inbox: a version, the number of triggers
// waiting, and each trigger, its length first, then, if any trigger has
// a payload, the payload's JSON in the same way (of length 0 for none).
// encoding/gob uses it.
func (b Inbox) MarshalBinary() ([]byte, error) {
	version := byte(inboxVersion)
	payloads := make([]json.RawMessage, b.n)
	size := 2
	for i, e := range b.events[:b.n] {
		p, err := payloadJSON(b.payloads[i])
		if err != nil {
			return nil, fmt.Errorf("fsm: an Inbox's trigger %d (%s): its payload: %w", i+1, e, err)
		}
		if p != nil {
			version, payloads[i] = inboxVersionPayloads, p
		}
		size += 2*binary.MaxVarintLen64 + len(e) + len(p)
	}
	out := make([]byte, 0, size)
	out = append(out, version, b.n)
	for i, e := range b.events[:b.n] {
		out = binary.AppendUvarint(out, uint64(len(e)))
		out = append(out, e...)
		if version == inboxVersionPayloads {
			out = binary.AppendUvarint(out, uint64(len(payloads[i])))
			out = append(out, payloads[i]...)
		}
	}
	return out, nil
}

// UnmarshalBinary sets the inbox to what MarshalBinary wrote. What it
// cannot read, a payload that is not JSON, and what Post would not take
// (see UnmarshalJSON), is an error, and leaves the inbox as it was.
func (b *Inbox) UnmarshalBinary(data []byte) error {
	short := errors.New("fsm: an Inbox's binary form ends too soon")
	if len(data) < 2 {
		return short
	}
	version := data[0]
	if version != inboxVersion && version != inboxVersionPayloads {
		return fmt.Errorf("fsm: an Inbox's binary form of version %d, not %d or %d", version, inboxVersion, inboxVersionPayloads)
	}
	n := int(data[1])
	if n > InboxSize {
		return fmt.Errorf("fsm: an Inbox of %d triggers: it holds at most %d", n, InboxSize)
	}
	list := make([]entry, n)
	rest := data[2:]
	next := func() ([]byte, bool) {
		size, k := binsave.Uvarint(rest)
		if k <= 0 || size > uint64(len(rest)-k) {
			return nil, false
		}
		field := rest[k : k+int(size)]
		rest = rest[k+int(size):]
		return field, true
	}
	for i := range list {
		e, ok := next()
		if !ok {
			return short
		}
		list[i].Trigger = Trigger(e)
		if version == inboxVersionPayloads {
			p, ok := next()
			switch {
			case !ok:
				return short
			case len(p) > 0 && !json.Valid(p):
				return fmt.Errorf("fsm: an Inbox's trigger %d: a payload that is not JSON", i+1)
			case len(p) > 0:
				list[i].Payload = json.RawMessage(p)
			}
		}
	}
	if len(rest) > 0 {
		return fmt.Errorf("fsm: an Inbox's binary form has %d bytes after its last trigger", len(rest))
	}
	return b.set(list)
}

// set makes the inbox hold list, checked as Post checks each trigger,
// all or nothing.
func (b *Inbox) set(list []entry) error {
	if len(list) > InboxSize {
		return fmt.Errorf("fsm: an Inbox of %d triggers: it holds at most %d", len(list), InboxSize)
	}
	for i, e := range list {
		switch {
		case e.Trigger == "":
			return fmt.Errorf("fsm: an Inbox's trigger %d: an empty trigger", i+1)
		case e.Trigger.completion():
			return fmt.Errorf("fsm: an Inbox's trigger %d: %q is the end of a state's node, never posted", i+1, e.Trigger)
		}
	}
	var fresh Inbox
	for _, e := range list {
		var p any
		if e.Payload != nil {
			p = rawPayload(e.Payload)
		}
		fresh.post(e.Trigger, p)
	}
	*b = fresh
	return nil
}
