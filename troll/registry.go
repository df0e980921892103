package troll

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
)

// Registry names what the troll's tree files may name: the actions of
// Actions, the planners ("htn", the chapter's domain; "goap", the
// goal-driven one; "fsm", the state machine of Machine), the tests of the
// reactions, the behaviour tree and the planners' ReplanOn ("dead",
// "hurt", "in sight", "armed", "seen lately", "news"), and the utility
// node's inputs ("in sight", "trunk", "trees standing", "since seen",
// "reach"). A file read through it is built as NewTree builds the troll's
// tree:
//
//	reg, err := troll.Registry()
//	tree, err := reg.Build(bt.Config[troll.Memory]{Heuristic: troll.Goal}, data)
//
// and Design of any decider writes to a file through it.
func Registry() (*btjson.Registry[Memory], error) {
	htn, err := Domain()
	if err != nil {
		return nil, err
	}
	goap, err := GoalDomain()
	if err != nil {
		return nil, err
	}
	machine, err := Machine()
	if err != nil {
		return nil, err
	}
	return &btjson.Registry[Memory]{
		Catalogue: Actions,
		Planners:  map[string]bt.Planner[Memory]{"htn": htn, "goap": goap, "fsm": machine},
		Conditions: map[string]func(*Memory) bool{
			"dead": Dead, "hurt": Hurt, "in sight": Sees, "armed": Armed, "seen lately": sawRecently, "news": News,
		},
		Inputs: map[string]func(*Memory) float64{
			InSight.Name: InSight.Read, TrunkLeft.Name: TrunkLeft.Read, TreesStanding.Name: TreesStanding.Read,
			SinceSeen.Name: SinceSeen.Read, Reach.Name: Reach.Read,
		},
	}, nil
}
