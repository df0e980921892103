// Package cookbook holds the worked examples of the documents foresight
// was built from, each written with the decider that suits it, and run
// as a testable example whose output the tests check. It has no API of
// its own: read the examples (go doc -all ./cookbook, or the
// *_example_test.go files), each of which says which decider it uses and
// why.
//
//   - Example_htnEnemy: the HTN document's enemy (hurt and die; low
//     health: a combo three times, then rest; chase and attack in range;
//     idle for three seconds), as that document advises: a state machine
//     for what must be answered at once, an HTN domain in the state that
//     fights.
//   - Example_chopTree: chopping a tree, an HTN domain whose methods try
//     the chainsaw, fetch fuel or the saw and try again, or fall back on
//     an axe.
//   - Example_ensureItem: "ensure the item is in the inventory", a
//     fallback tree that calls itself for the ingredients of a recipe.
//   - Example_doorThenWindow: into a room by the door, or else by the
//     window: fallbacks, where failing is an expected answer.
//   - Example_rangedOrMelee: the GOAP document's ranged attack (cost 11)
//     against melee (cost 21), with the hard constraint that forbids the
//     ranged one without a ranged weapon.
//   - Example_patrolChase: the state machine of the FSM document, written
//     by hand as an enum and a switch, beside the same machine in fsm.
//   - Example_flyingKick: the simulating behaviour tree's jump and kick,
//     composed into a flying kick that a selector weighs as one action.
//   - Example_villagerDay: the utility talks' villager, choosing among
//     eating, sleeping, working and fleeing by considerations and
//     response curves (package utility), every choice printed with every
//     option's score.
//   - Example_colonyWorker: a colony worker that asks the game's
//     pathfinder thread for its way (a leaf of package jobs, whose answer
//     reaches the memory at a tick fixed when it asked), walks and digs,
//     and runs home when a raider comes, cancelling the path it asked for.
//
// Which decider for what is the README's table, "Which decider when".
package cookbook
