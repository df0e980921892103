// Package troll is foresight's second sample: the Trunk Thumper of Game
// AI Pro's "Exploring HTN Planners through Example", a troll that checks
// the bridges over its river, uproots trees for trunks to slam intruders
// with, and rests when hurt, on a small headless map. One action library
// serves five deciders, so it shows what each is for; read it in this
// order:
//
//  1. Memory and World (world.go): what the troll knows, a plain value,
//     and the map, simulated from a seed, with the intruder that wanders
//     in and the troll's senses (World.Sense, and News, the change a
//     running plan did not expect).
//  2. Actions (actions.go, mind.go): the catalogue, each action declared
//     once with its preconditions, its cost to a goal-driven plan, how
//     long it takes and what a plan may expect of it.
//  3. Goal (mind.go): the heuristic the tree judges predictions by.
//  4. The deciders, over the same actions: Domain, the chapter's HTN
//     domain; the same behaviour as a behaviour tree of fixed priorities
//     (Decider BT); GoalDomain, the troll as GOAP goals; and Machine, a
//     state machine whose states are the reactions, with the HTN domain
//     in the state that fights and patrols; and Utility (utility.go), a
//     utility node scoring the behaviour tree's courses of action.
//  5. Design and NewTree: the troll's tree, the reactions (fall when
//     dead, rest when hurt) in a bt.ReactivePriority above the decider
//     chosen, which plans again on news (bt.ReplanOn(News)). Registry
//     names what the trees hold, so that they are written to files and
//     read back (examples/troll).
//
// Game puts it together: NewGame runs a seeded troll on its map and
// Summary says how it went; the examples/troll command prints a game's
// timeline. The tests check the chapter's claims over many seeds.
package troll
