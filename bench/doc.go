// Package bench compares foresight with other Go libraries side by side.
// It is a module of its own, so that the library's go.mod stays free of
// them.
//
// BenchmarkVersus runs the four tree shapes of bt's BenchmarkTick, each
// described once (Shapes) and built four ways, with the same leaf work:
//
//   - foresight, its leaves the kind of action users write: structs with
//     Begin, Update, End and Simulate (StructLeaves);
//   - foresight, its leaves bt.Instant functions, which the engine calls
//     directly and whose End it skips (InstantLeaves);
//   - a hand-written tree with the same Begin/Update/End contract over the
//     same struct actions and no other guarantee: the floor (Shape.Hand);
//   - github.com/joeycumines/go-behaviortree v1.11.0 (go.mod), the
//     newest the module proxy served when measured, which has no life cycle (no Begin or End, no
//     running state: a sequence ticks its first child again every tick).
//
// They are timed in rotating batches within one run (see Race: the
// machines we measure on are shared and noisy, and a ratio of batches
// timed side by side is steadier than two runs compared), and each one's
// ns/tick and the median ratios are reported:
//
//	cd bench && go test -run '^$' -bench Versus -benchtime 300x -count 5
//
// foresight keeps a full life cycle the peer does not have: every node
// begins and ends (End exactly once per Begin), constraints are checked,
// panics are caught, and a tracer could watch.
//
// BenchmarkUtility races a utility node's choice among ten options of
// three considerations each against what it cannot do without: a
// priority that checks the same ten guards, and the thirty curves alone.
// It reports the median ratio of the choice to those two together:
//
//	cd bench && go test -run '^$' -bench Utility -benchtime 2000x -count 5
//
// The command bench/crowd prints the table of a crowd of Jedi (agents ×
// workers: µs per agent-frame, frames per second, speed-up, heap per
// agent), and device.sh runs all of these from binaries built beforehand
// on a machine of many cores.
//
// Four GOAP problems, as foresight domains, measure its planner against
// github.com/kelindar/goap: Deep, that library's "deep" benchmark (three
// actions on counters, its 12-step plan), Maze, its maze (42 moves
// between rooms, a plan of 25), Crafting (30 actions: five routes of six
// steps to a sword, of different costs, searched without an estimate),
// and Grid (a 10×10 grid of 324 moves split by two walls, with the
// Manhattan distance as its estimate). The maze, crafting and the grid
// state their preconditions as fields (constraints.Field), which the
// search indexes actions by, or as plain functions (Preconditions). The
// tests check each plan, that fields and functions plan alike, and that
// planning allocates nothing; Corridor (150 rooms) checks that a budget
// gives the whole plan or ErrOutOfBudget, never part of the way. The
// side-by-side run with kelindar/goap is the module bench/kelindar, which
// CI does not run (see its doc).
//
// BenchmarkMachine ticks a guard's state machine (patrol, chase, attack,
// over struct actions) on foresight's fsm and on
// github.com/qmuntal/stateless, written as a user writes it there (a
// trigger fired each frame, guards that exclude each other, the actions
// begun and ended on entry and exit), side by side; the tests check that
// both do the same work, tick for tick, and that foresight's allocates
// nothing:
//
//	cd bench && go test -run '^$' -bench Machine -benchtime 300x -count 5
package bench
