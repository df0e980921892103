package fsm

import (
	"encoding/json"
	"errors"
	"reflect"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/engine/memory"
)

// An Inbox's payloads are values (Event.Post refuses any other), which an
// interface holds as copies no one can change: copying an Inbox by
// assignment shares nothing a prediction could write.
func init() { memory.Seal(reflect.TypeFor[Inbox]()) }

// An Event is a trigger that carries a payload of type P: what hit the
// guard, and how hard. The game posts it with its payload (Post), each
// post its own, so that two hits in one frame each say theirs; a
// transition waits for it as for any trigger (On, with Trigger), its
// guards may read the payload (Payload), and a hook told the change it
// fired reads it back (Of):
//
//	const hit fsm.Event[Blow] = "hit"
//	hit.Post(&m.Inbox, Blow{From: "troll", Damage: 3})
//	b.State("guard").On(hit.Trigger(), "stagger", fsm.Payload(hit, "hard", func(m *Guard, b Blow) bool { return b.Damage > 2 }))
//	b.State("stagger").Entry(func(m *Guard, c fsm.Change) error {
//		if blow, ok := hit.Of(c); ok {
//			m.Foe = blow.From
//		}
//		return nil
//	})
type Event[P any] Trigger

// Trigger returns the trigger the event is posted as, for On, Internal
// and Ignore.
func (e Event[P]) Trigger() Trigger { return Trigger(e) }

// Post adds the event to inbox with payload p, and reports whether it
// did, as Inbox.Post does. It refuses a payload of a type that holds
// references (pointers, slices, maps, interfaces, functions, channels),
// which the copies of the memory that predictions make would share: a
// payload is a value, as the memory is. Putting p in the inbox
// allocates, unless P is as small as a byte.
func (e Event[P]) Post(inbox *Inbox, p P) bool {
	if memory.CheckOf[P]() != nil {
		return false
	}
	return inbox.post(Trigger(e), p)
}

// Of returns the payload of the trigger that fired the change c, if c
// was fired by this event posted with a payload; and false otherwise,
// with P's zero value. A payload read from a save (a memory that went
// through encoding/json or gob) is read from its JSON into P.
func (e Event[P]) Of(c Change) (P, bool) {
	if c.Trigger != Trigger(e) {
		var zero P
		return zero, false
	}
	return payloadOf[P](c.payload)
}

// payloadOf returns p as a P, reading it from JSON if it came from a
// save, and whether it was one.
func payloadOf[P any](p any) (P, bool) {
	switch v := p.(type) {
	case P:
		return v, true
	case rawPayload:
		var out P
		if err := json.Unmarshal([]byte(v), &out); err == nil {
			return out, true
		}
	}
	var zero P
	return zero, false
}

// Payload returns a guard on the payload of event e, for the transitions
// that wait for e (On, Internal): it passes when test reports true of
// the memory and the payload of the e the transition would take (the
// oldest waiting), and fails, "not " and name, otherwise, or when that e
// carries no payload of type P. Build refuses it on a transition that
// waits for another trigger, or for none; elsewhere (as a node's
// constraint) it fails.
func Payload[M, P any](e Event[P], name string, test func(m *M, p P) bool) bt.Constraint[M] {
	return &payloadGuard[M, P]{event: Trigger(e), name: name, not: "not " + name, test: test}
}

type payloadGuard[M, P any] struct {
	event     Trigger
	name, not string
	test      func(m *M, p P) bool
}

// Evaluate fails: a payload guard is told its payload by the machine
// (evaluate).
func (g *payloadGuard[M, P]) Evaluate(bt.Situation, *M) (bt.Check, string) {
	return bt.Fail, "no " + string(g.event) + " to read"
}

// evaluate checks the guard on m and payload p.
func (g *payloadGuard[M, P]) evaluate(p any, m *M) (bt.Check, string) {
	if v, ok := payloadOf[P](p); ok && g.test(m, v) {
		return bt.Pass, ""
	}
	return bt.Fail, g.not
}

// on returns the trigger whose payload the guard reads.
func (g *payloadGuard[M, P]) on() Trigger { return g.event }

// String names the guard, as traces and pictures do.
func (g *payloadGuard[M, P]) String() string { return g.name }

// Timeless reports that the guard reads no time.
func (g *payloadGuard[M, P]) Timeless() bool { return true }

// Validate refuses a guard with no test.
func (g *payloadGuard[M, P]) Validate() error {
	if g.test == nil {
		return errNoTest
	}
	return nil
}

var errNoTest = errors.New("a payload guard with no test")

// A payloadReader is a guard on a payload: the machine tells it the
// payload of the trigger its transition waits for.
type payloadReader[M any] interface {
	evaluate(p any, m *M) (bt.Check, string)
	on() Trigger
}
