// Package sim is the simulation context that foresight hands to every
// node's Simulate: the heuristic in force, the copy function for the memory
// type M, a stack of scratch memories, the agent's clock and its seeded
// random numbers.
//
// Simulation predicts; it never acts. A node's Simulate receives a scratch
// copy of the agent's memory, changes that copy to what it expects the
// world to look like when it has finished, and returns the heuristic's
// verdict on the change. The scratch copies come from the Context's stack:
//
//	before := ctx.Push(m) // a copy of m, one level deeper
//	applyEffects(m)
//	v := ctx.Judge(before, m)
//	ctx.Pop()
//
// Every Push is matched by a Pop. Scratch memories are made on first use and
// reused ever after, so once a tree has simulated each of its depths, a
// simulation allocates nothing.
//
// Memories that are plain values (fixed-size arrays and indices rather than
// pointers) copy with one assignment, which is the default. A memory with
// slices or maps needs a copy function that reuses the destination's storage,
// given as Config.Copy.
package sim
