// Package jedi is foresight's sample: the Jedi AI of Game AI Pro's
// "Simulating Behavior Trees" (chapter 8), ported to a small headless 2D
// arena where a Jedi fights blaster droids, brawlers, shielded troopers
// and rushers. It shows the chapter's ideas top-down; read it in this
// order:
//
//  1. Memory (memory.go, self.go, threat.go): what a Jedi knows, a plain
//     value of fixed tables and indices, so a prediction works on a copy
//     made by one assignment. The sensors (sense.go) fill it from the
//     arena each tick.
//  2. Memory.Simulate: how the world moves on in a prediction: the Jedi
//     at its velocity, each enemy as its kind moves (Enemy.step, shared
//     with the arena), threats landing unless avoided.
//  3. Goal (heuristic.go): the combat heuristic as the original's ordered
//     rules, the first match deciding, each with a name that traces show.
//  4. The actions (actions.go, moves.go): one action value per move,
//     shared by every Jedi. Begin writes an Order that the arena's body
//     carries out; Simulate predicts the move, or what remains of it. The
//     moves are one table (moves), with how the body runs each and how a
//     prediction foresees it side by side.
//  5. The constraints (constraints.go): when a move makes sense at all
//     (distance, facing, threats, skill range).
//  6. The tree (tree.go, Design and NewTree): the original's layout, a
//     root that re-plans over giving space, engaging the victim by type,
//     defending with the original's odds, and idling, written as nested
//     calls that read like the tree. Options.Replan plans every N ms and
//     at once on alerts instead of every tick. Registry names what the
//     tree holds, so it can be written to a file, edited and read back
//     (examples/jedi/jedi.json), and Fight.Reload swaps it mid-fight.
//  7. Mistakes (Options.Mistakes): a FakeSim makes the Jedi believe a
//     raised shield is down, once per victim, a beat the player can read.
//  8. Skill (Memory.Skill): it changes what the Jedi wants, never what its
//     actions do: the heuristic's desired kill time (DesiredKillTime) and
//     the skill-range constraints read it.
//
// Arena, Fighter and Fight put it together: NewFight runs a seeded fight
// to its end (the examples/jedi command prints one), and Fighter.ThinkWith
// lets a bt.Crowd run thousands of Jedi per frame. Fight.Save writes a
// fight mid-way, arena, memories and minds, as JSON, and LoadFight sets
// up from it a fight that goes on exactly as the one saved. The tests
// check the original's claims on the arena over many seeds.
package jedi
