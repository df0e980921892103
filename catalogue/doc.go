// Package catalogue is a game's action library: each action declared
// once, with what every decider needs of it (its preconditions, what a
// step of it costs a plan, how long it takes, what a plan may expect of
// it), and taken by name by every decider: a behaviour tree (Do), an HTN
// domain, GOAP goals, a state machine, a tree file (btjson).
//
// Start reading at Builder, then Catalogue.Do. The contract the deciders
// keep over it is package decide's.
//
//	var b catalogue.Builder[Guard]
//	b.Action("patrol", patrol{}).Takes(2 * time.Second)
//	b.Action("chase", chase{}, seesPlayer)
//	b.Action("attack", attack{}, seesPlayer, inReach, rateOfFire).
//		Takes(200 * time.Millisecond)
//	actions, err := b.Build()
//
//	t := bt.New[Guard]()
//	tree, err := bt.Build(cfg, t.Selector("guard", bt.Replan(0),
//		actions.Do("attack"), actions.Do("chase"), actions.Do("patrol"),
//	))
//	domain, err := htn.New(actions).Compound("guard").
//		Method("fight", seesPlayer).Do("chase", "attack").
//		Method("patrol").Do("patrol").
//		Build()
//
// An entry is an action (a bt.Action, the value that runs live and
// predicts its effect in Simulate) or a behaviour: a small subtree, run
// and predicted as a tree runs it, so that a planner's step can be a
// behaviour of its own.
package catalogue
