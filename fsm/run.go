package fsm

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// A Run is an agent's run of a machine, to ask where it stands and what
// it may do, as stateless's state machine answers (State, IsInState,
// CanFire, PermittedTriggers), and to set its state (Set). Get one with
// At; its zero value stands in no state and sets none. It answers
// outside the agent's ticks, from the machine's state, the memory given
// and the agent's clock, and changes nothing but what Set sets; use it
// from the goroutine that ticks the agent, as the agent itself.
type Run[M any] struct {
	r *runner[M]
}

// At returns agent a's run of the machine at path in its tree: the path
// of a planner node of a Machine[M] ("guard", "mind/fight"). It is an
// error if the tree has no such node.
func At[M any](a *bt.Agent[M], path string) (Run[M], error) {
	node, ok := a.Custom(path)
	if !ok {
		return Run[M]{}, fmt.Errorf("fsm: no node %q in the agent's tree runs a custom node", path)
	}
	r, ok := node.(*runner[M])
	if !ok {
		return Run[M]{}, fmt.Errorf("fsm: the node %q runs no machine", path)
	}
	return Run[M]{r}, nil
}

// State returns the state the machine stands in (one with no
// substates), or "" when it stands in none: before its first tick, and
// after it ended or its node was halted.
func (u Run[M]) State() string {
	if u.r == nil || !u.r.standing() {
		return ""
	}
	return u.r.m.states[u.r.at.cur].name
}

// In reports whether the machine is in the state named state: it stands
// in it, or in a state it holds (stateless's IsInState).
func (u Run[M]) In(state string) bool {
	if u.r == nil || !u.r.standing() {
		return false
	}
	i, err := u.r.lookup(state)
	return err == nil && i >= 0 && u.r.m.holds(u.r.at.cur, i)
}

// Can reports whether a transition waiting for trigger would fire now,
// were the trigger posted (stateless's CanFire): one of the state the
// machine stands in, of a state that holds it, or from any state, in the
// order a tick checks them, whose guards pass on m (a guard on a payload
// reads the payload of the trigger waiting in the Inbox, if any), which
// the states it leaves do not veto, and which no state ignores; an
// internal transition, or the trigger ignored, count. It says which, or
// why none would: the transitions waiting for trigger, each with its
// reason, or that none waits for it. Transitions on other triggers, or
// on guards alone, that a tick would check first are not asked about.
func (u Run[M]) Can(m *M, trigger Trigger) (bool, string) {
	if u.r == nil || !u.r.standing() {
		return false, "the machine stands in no state"
	}
	return u.r.can(m, trigger, true)
}

// Triggers appends to dst the triggers the game may post on which a
// transition would fire now, as Can says (stateless's
// PermittedTriggers), each once, in the order a tick checks their
// transitions, and returns the extended list. It allocates nothing when
// dst has room.
func (u Run[M]) Triggers(m *M, dst []Trigger) []Trigger {
	r := u.r
	if r == nil || !r.standing() || r.m.states[r.at.cur].final {
		return dst
	}
	from := len(dst)
	try := func(list []int32) {
		for _, i := range list {
			e := r.m.trans[i].event
			if e == "" || e.completion() || slices.Contains(dst[from:], e) {
				continue
			}
			if ok, _ := r.can(m, e, false); ok {
				dst = append(dst, e)
			}
		}
	}
	chain := r.m.states[r.at.cur].chain
	if !r.m.innerFirst {
		try(r.m.any)
	}
	for d := range chain {
		if r.m.innerFirst {
			d = len(chain) - 1 - d
		}
		try(r.m.states[chain[d]].out)
	}
	if r.m.innerFirst {
		try(r.m.any)
	}
	return dst
}

// Set makes the machine enter the state named state (and, for a state
// that holds others, its first substate, and so on down), at its next
// tick: as it begins, if it stands in no state, rather than its initial
// state; else first thing in the tick, leaving the states it leaves
// (their nodes halted, their exit hooks called) and entering the next,
// as a transition would, but one that no guard refuses, nor LeaveIf
// vetoes. The tick reports it ("set to chase"), and a preview foresees
// it. The state to enter is saved with the agent until the tick enters
// it. An unknown state is an error, and sets nothing.
func (u Run[M]) Set(state string) error {
	if u.r == nil {
		return errors.New("fsm: Set on the zero Run: get one with At")
	}
	i, err := u.r.lookup(state)
	if err != nil || i < 0 {
		if err == nil {
			err = errors.New("fsm: Set(\"\"): name a state")
		}
		return err
	}
	u.r.set = u.r.m.descend(i)
	return nil
}

// can reports whether a transition waiting for trigger would fire now,
// as Run.Can says, and, if why, why.
func (r *runner[M]) can(m *M, trigger Trigger, why bool) (bool, string) {
	if r.m.states[r.at.cur].final {
		return false, "in the final state " + r.m.states[r.at.cur].name
	}
	var box Inbox
	if in := r.inbox(m); in != nil {
		box = *in
	}
	if !box.has(trigger) && !box.post(trigger, nil) {
		return false, "the Inbox is full"
	}
	r.asked, r.tracing = trigger, why
	defer func() { r.asked, r.tracing = "", false }()
	c := r.at
	c.ended = 0 // the node's end is not a trigger asked about
	mv, _ := r.fire(&c, m, &box, asking, nil)
	if mv.t >= 0 {
		return true, r.m.trans[mv.t].reason
	}
	if !why {
		return false, ""
	}
	if len(r.rejected) == 0 {
		return false, "no transition of " + r.m.states[r.at.cur].name + ", of a state that holds it or from any state waits for " + string(trigger)
	}
	return false, rejections(r.rejected)
}

// rejections says the transitions turned down, each with its reason.
func rejections(list []decide.Rejection) string {
	parts := make([]string, len(list))
	for i, rj := range list {
		parts[i] = rj.Name + ": " + rj.Reason
	}
	return strings.Join(parts, "; ")
}
