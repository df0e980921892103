// Package constraints has the common constraints (bt.Constraint) of
// foresight's nodes and actions: Func, a test of the memory with a name;
// Not, All and Any to compose them; From, for one that needs the whole
// situation; Cooldown (time between runs), Window (a duration read from
// memory within bounds — the generalised kill timer), Chance (a seeded
// roll), and the tests of a Field (a small number of the memory, such as
// the cell an agent stands in), which a GOAP planner indexes actions by.
// Start with Func and Cooldown.
//
// A constraint guards the node it is given to with bt.Def.Constrain, or
// every node of a catalogue entry as one of its preconditions:
//
//	b.Do("swing", swing).Constrain(
//		constraints.Func("in reach", inReach, constraints.SkipWhileRunning()),
//		constraints.Cooldown[Memory](2*time.Second), // Cooldown and Chance name the memory type
//	)
//
// A constraint answers Pass, Done or Fail (see bt.Check). Fail keeps the
// node from beginning, ends it while running, and makes it Impossible in
// simulation, so a selector never plans on it; Done finishes the node with
// success at once. Two options fit every constraint here, and Skipping
// adds them to any other:
//
//   - SkipWhileRunning: once begun, the node is not stopped by this
//     constraint (a combo keeps going when the target steps out of reach).
//   - SkipWhileSimulating: the constraint only guards the live run, so
//     plans may include the node.
//
// Settings that make no sense (a negative duration, a probability above 1,
// a nil function) are reported by Build with the node's path; the
// constraint itself never panics.
package constraints
