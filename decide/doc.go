// Package decide is the contract every decider of foresight speaks, and
// what they share beneath it: a behaviour tree's selectors, the HTN and
// GOAP planners, and state machines all run the same actions (declared
// once, in a catalogue), as nodes of a tree, and keep the same promises.
// Start reading here to learn what any decider does; then at package
// catalogue (the actions), bt (the tree they run in), and htn, goap and
// fsm (the deciders).
//
// # The contract
//
// Declared once. An action is declared once, in a catalogue.Catalogue:
// its name, its value, its preconditions, its cost, how long it takes and
// what a plan may expect of it. Every decider takes its actions from the
// catalogue by name; what a decider adds is its own (methods, goals,
// transitions), never the actions again.
//
// Built once, checked at once. Each decider is written with a builder
// whose zero value is ready to use (bt.Builder, whose nested calls
// describe a tree; the Builders of htn, goap and fsm, whose chained calls
// describe a domain or a machine), and Build (bt.Build for a tree) checks
// the whole description and reports every misuse at once, each an *Error
// with the path of the place at fault (a node, a task, a method, a goal,
// a state); a domain's or machine's Build may be called again, after more
// calls, for one with them. What Build returns is immutable and shared by
// every agent and goroutine. Every constraint is validated wherever it is
// used: a node's constraints, a method's conditions, a goal's tests, a
// transition's guards.
//
// A node of a tree. Every decider is a node (bt.Def), so it sits in a
// tree written with a bt.Builder or in a JSON file (package btjson), and
// keeps the promises of every node: End once per Begin through every
// change of plan or state, deepest first; a panic in user code
// quarantines the node whose code it was; the same definition, seed and
// inputs give the same decisions, byte for byte; after warm-up a tick
// allocates nothing; Agent.Preview shows what the tick will decide,
// planners included, and Simulate predicts what the node will do, so a
// simulated selector can weigh a planner or a machine against its other
// children.
//
// Planning again. A decider commits to what it runs (a selector's choice,
// a plan, a state) until it ends, fails or stops holding. It plans again
// beside it only when asked, with one pair of options for every decider's
// node: bt.Replan(interval) plans again every interval (0: every tick),
// and bt.ReplanOn(test) plans again on the ticks the test reports news (a
// state machine, which checks its transitions every tick, takes neither).
// A planner node that planned again replaces the running plan only when
// the new one is better by its own rule (an HTN record that outranks, a
// GOAP goal of higher utility), and says so.
//
// Budgets. A Budget bounds one planning, in the same words for every
// planner; running out is ErrOutOfBudget (OutOfBudget in reports),
// naming the bound, never a plan cut short; no plan at all is ErrNoPlan.
//
// Plans in one shape. Every planner plans into a Plan: the goal, the
// steps by name, the cost, the record and its methods by name (HTN), the
// alternatives turned down and why. A session (htn's and goap's Session,
// which plan outside a tree) returns it; a planner node reports it each
// time it plans live, as a Report: what became of the plan (Made, Kept,
// Replaced, None, OutOfBudget) and why. Every decider describes its
// structure as bt.NodeInfo records (Nodes), which pictures, the inspector
// and statistics draw on.
//
// Time. A planned step moves the planning clock on by how long it takes
// (declared in the catalogue, or predicted by its Simulate through
// bt.Sim.Advance), and the preconditions that read time (a
// constraints.Cooldown, a Chance roll) are judged at the planned time,
// counting what the steps planned before them do: what a planner plans,
// the agent can do, in the order and at the times planned.
//
// # Testing a decider
//
// Package bt/bttest checks a decider against this contract, the built-in
// ones and your own, as it checks a node against the life cycle
// (bttest.TestDecider).
package decide
