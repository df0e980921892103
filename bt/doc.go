// Package bt is foresight's behaviour tree: composites, leaves and a Tree
// that runs them, where every node can also simulate itself on a copy of
// the agent's memory so that selectors choose by looking ahead.
//
// # Memory and simulation
//
// M is your agent's memory: a value struct, ideally with fixed-size arrays
// and indices rather than pointers, so that copying it is one assignment.
// Live execution reads and writes that memory and the game. Simulation gets
// scratch copies only: a Selector simulates every child on its own copy,
// asks the heuristic (package heuristic) to judge each prediction, and runs
// the child it likes best. The winner's prediction is carried up, so nested
// selectors plan through each other.
//
// # Building a tree
//
// A Builder reads like the tree it builds; composites open a scope that
// End closes, and Build reports every misuse with the path of the node:
//
//	tree, err := bt.New(bt.Config[World]{Heuristic: goal, Seed: 1}).
//		Selector("guard", bt.Reselect(0)).
//			Do("attack", attack).
//			Do("chase", chase).
//			Do("patrol", patrol, bt.Cosmetic()).
//		End().
//		Build()
//
// Then, once per frame:
//
//	status, err := tree.Tick(&world, dt)
//
// # Life cycle
//
// The rules every node can rely on, enforced by Child:
//
//   - End is called exactly once for every Begin, whether the node
//     finished, failed, or was interrupted (End receives Running then).
//   - A parent switching children ends the old child before beginning the
//     new one; Tree.Halt ends every running node, deepest first.
//   - A node that finished begins afresh the next time it runs.
//   - Simulate never calls Begin, Update or End and never writes the live
//     memory.
//   - A constraint (see Constraint) that fails keeps a node from beginning,
//     ends it while running, and makes it Impossible in simulation.
//   - A panic in user code fails that node, ends it, is reported as a
//     *PanicError from Tick, and the rest of the tree carries on.
//
// # Composites
//
// Sequence, Selector (simulated), RandomSelector, Parallel, IfElse and
// Priority (the classic fallback, without simulation) come with the
// package; Builder.Decorate and Builder.Composite take your own, and the
// package decorators has the usual catalogue.
//
// # Determinism and cost
//
// Time is a time.Duration, randomness comes only from the tree's seeded
// source, and the choice a selector made while simulating is the one it
// begins: the same tree, seed and inputs give the same decisions. After
// the first decisions have warmed the scratch stack, Tick allocates
// nothing.
package bt
