package troll

import (
	"sync"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// The reactions' tests as guards of the machine's transitions.
var (
	IsDead = constraints.Func("dead", Dead)
	IsHurt = constraints.Func("hurt", Hurt)
)

// Machine returns the troll's mind as the HTN documents advise: a state
// machine for what must be answered at once, falling and recovering,
// with the HTN domain in the state that fights and patrols:
//
//	any state → dead      [dead]
//	any state → hurt      [hurt]
//	fight and patrol      the HTN domain (Domain), planning again on news;
//	                      when a plan is done, it plans the next at once
//	hurt                  Recover; when it succeeds, back to fight and patrol
//	dead (final)          Fall
//
// A transition from any state preempts within the tick whatever the
// state runs (a plan's step is halted, deepest first), and the plan after
// a reaction is made afresh. A machine is immutable: every call returns
// the same one, which trees, agents and files share.
func Machine() (*fsm.Machine[Memory], error) { return thumperMachine() }

var thumperMachine = sync.OnceValues(func() (*fsm.Machine[Memory], error) {
	dom, err := Domain()
	if err != nil {
		return nil, err
	}
	// snippet troll-machine
	n := bt.New[Memory]()
	b := fsm.New(Actions)
	b.Any().
		To("dead", IsDead).
		To("hurt", IsHurt)
	b.State("fight and patrol").Run(n.Plan("", dom, bt.ReplanOn(News))).
		On(fsm.Succeeded, "fight and patrol")
	b.State("hurt").Do("Recover").
		On(fsm.Succeeded, "fight and patrol")
	b.State("dead").Do("Fall").Final()
	return b.Build()
	// end snippet troll-machine
})
