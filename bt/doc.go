// Package bt is foresight's behaviour tree: composites, leaves and a Tree
// that runs them, where every node can also simulate itself on a copy of
// the agent's memory so that selectors choose by looking ahead.
//
// A first agent needs this package and package heuristic, whose goal
// judges the predictions. Read, in this order: Builder and Build (how a
// tree is written and checked), Tree and Agent (a definition, and one
// agent of it ticked once a frame), Action (what you write, or make with
// Instant and Lasting), the composites (the methods of Builder) and their
// options (Option), Sim (what a Simulate method is given), and last Node
// and Planner, the contracts of a custom node and of a planner. Crowd
// ticks many agents per frame. Package btjson reads and writes trees as
// JSON files; the guides in the repository's docs folder carry the
// tutorial.
//
// # Memory and simulation
//
// M is your agent's memory: a value struct, ideally with fixed-size arrays
// and indices rather than pointers, so that copying it is one assignment.
// Live execution reads and writes that memory and the game. Simulation gets
// scratch copies only: a Selector simulates every child on its own copy,
// asks the heuristic to judge each prediction, and runs the child it likes
// best. The winner's prediction is carried up, so nested selectors plan
// through each other.
//
// # Writing a tree
//
// A Builder writes a tree as nested calls, each of which describes a node
// and returns its Def; gofmt keeps them indented like the tree. Build
// checks the whole description and compiles it, reporting every misuse at
// once with the path of its node:
//
//	b := bt.New[World]()
//	tree, err := bt.Build(bt.Config[World]{Heuristic: goal},
//		b.Selector("guard", bt.Replan(0),
//			b.Do("attack", attack).Constrain(inReach),
//			b.Do("chase", chase),
//			b.Do("patrol", patrol, bt.Cosmetic()),
//		),
//	)
//
// A Def is plain data: a program may also make one field by field, and
// package btjson reads one from a file. Agent.Reload swaps the tree an
// agent runs between ticks, for trees edited while the game runs.
//
// # Trees and agents
//
// A Tree is a definition: immutable, laid out as flat records, and safe to
// share between any number of agents and goroutines. An Agent is one
// agent of it, with its own seed and running state (which nodes run,
// timers, cooldowns, quarantines, its clock): one array of 32 bytes a
// node, beside its instances of the tree's custom nodes:
//
//	guard, err := tree.NewAgent(seed)
//	status, err := guard.Tick(&world, dt) // once per frame
//
// The scratch memories that predictions use belong to whoever ticks: an
// agent ticked on its own makes a set at its first tick, while a Crowd
// ticks many agents per frame with one set per worker, so its agents hold
// none (see Crowd for how a game's loop uses it). A crowd ticks each
// agent at its own rate (Agent.SetRate), lets agents sleep until woken
// (Agent.Sleep, Agent.Wake), and keeps its frames to a budget of work
// (Crowd.SetBudget), deciding the same whatever its number of workers. Actions, constraints
// and heuristics are shared by every agent of a tree, so they keep an
// agent's state in its memory; a custom decorator or composite is made
// afresh for each agent by its factory.
//
// # Saving and restoring
//
// An agent's state goes out and back in, in two forms: a compact binary
// one for every frame (Agent.AppendBinary into a reused buffer, which
// allocates nothing; Agent.UnmarshalBinary), and a JSON one that names
// nodes by path, for save files and people (Agent.MarshalJSON,
// Agent.UnmarshalJSON). A restored agent, ticked with the memory saved
// beside it (the memory is the game's), goes on exactly as the agent
// saved. Agent.Restore and Agent.Reload keep what still applies to an
// edited tree and say what they dropped; Crowd.Save and Crowd.Load do a
// crowd in one call. A custom node with state of its own saves it
// through a StateWriter. Start with ExampleAgent_MarshalJSON.
//
// # Composites and options
//
// Sequence, Selector (simulated), RandomSelector, Parallel, IfElse,
// Priority (the classic fallback, without simulation), and the reactive
// ReactivePriority and ReactiveSequence, which re-check guards and
// conditions every tick and interrupt the running child in the same tick,
// are methods of Builder; Builder.Decorate and Builder.Composite take your
// own, and package decorators has the usual decorators. Besides the
// leaves you write (Builder.Do with an Action, Builder.Condition), the
// Builder's Wait, Succeed and Fail describe the stock leaves.
//
// A node's settings are Options (Replan, Loop, Cosmetic, Takes, Weight
// and the rest), given among a composite's children or after a leaf's
// value, or added with Def.With; its preconditions are Constraints, added
// with Def.Constrain (package constraints has the common ones). Build
// refuses an option on a kind of node that does not take it.
//
// Every selector's choice, and every pick of a priority, is a Decision
// that a Tracer is told of and Agent.Preview foresees: each child with
// its verdict, the one chosen and why.
//
// # Deciders and planners
//
// A planner node (Builder.Plan) runs the plans of a Planner: an HTN or
// GOAP domain (packages htn and goap) or a state machine (package fsm).
// Its children are the steps the planner plans with, or the nodes the
// machine's states run. Selectors and planner nodes are deciders, and
// keep one contract (package decide): they commit to what they chose
// until it ends, fails or stops holding, unless told to plan again beside
// it (Replan, ReplanOn), and they take their actions from a catalogue
// (package catalogue), whose Do describes a node of an entry.
//
// Reactivity comes two ways. A Selector with Replan(0) plans again every
// tick: it simulates every child and runs the best, and so switches as
// soon as something better appears, judged by the heuristic. A
// ReactivePriority switches by the fixed order of its children as soon as
// an earlier child's guard passes, with no simulation and no heuristic:
// cheaper, and right when the order is fixed by design.
//
// # Life cycle
//
// The rules every node can rely on, enforced by Child (package bttest
// checks that a node you wrote keeps its side of them):
//
//   - End is called exactly once for every Begin, whether the node
//     finished, failed, or was interrupted (End receives Running then).
//   - A parent switching children ends the old child before beginning the
//     new one; Agent.Halt ends every running node, deepest first.
//   - A node that finished begins afresh the next time it runs.
//   - Simulate never calls Begin, Update or End and never writes the live
//     memory; a parent drives its children only from Begin and Update.
//   - A constraint (see Constraint) that fails keeps a node from beginning
//     and makes it Impossible in simulation; one that fails (or answers
//     Done) while the node runs interrupts it: End(Running), and its
//     parent sees Failure (or Success).
//   - A panic abandons the tick. A node whose own code panicked is ended
//     with Failure and quarantined (it fails at Begin and simulates as
//     Impossible until Agent.LiftQuarantine); a panic in a callback of the
//     whole tree (the heuristic, Config.Copy, Model or Terminal)
//     quarantines nothing. Every other running node is halted deepest
//     first, Tick returns Failure and a *PanicError, and the next tick
//     begins afresh.
//
// # Plan = act
//
// What the tree plans is what it does. A selector that was simulated while
// its parent planned carries out that very choice when it begins or plans
// again in the same tick, random draws included; a running selector that
// is not due to plan again predicts what remains of its current child, as
// the tick will run it; a subtree's goal (a custom node's Goal method, as
// decorators.Goal has) is in force whether it plans or acts; and the
// random numbers are keyed by decision and node (see Sim.Rand), so what
// one node draws never shifts what another sees. Agent.Preview walks down
// as the tick would and reports exactly the decisions that tick then
// makes.
//
// # Determinism and cost
//
// Time is a time.Duration, randomness comes only from the agent's seed,
// and the choice a selector made while simulating is the one it begins:
// the same tree, seed and inputs give the same decisions, whoever ticks
// (a crowd decides the same with any number of workers). After the first
// decisions have warmed the scratch stack, Tick allocates nothing.
//
// The engine runs the built-in composites as loops over their children's
// records and calls a leaf's methods directly; it skips what it knows
// does nothing (the End of an Instant action or a condition). Custom
// nodes, constraints and tracers go through the general path, with every
// guarantee above.
package bt
