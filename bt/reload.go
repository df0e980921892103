package bt

// Reload swaps the tree the agent runs for t, between ticks: the way to
// put a tree edited while the game runs (see package btjson) in force
// without losing the agent.
//
// The old tree's running nodes are halted on m first, as by Halt: each
// gets End(m, Running) once, deepest first. The agent then runs t afresh
// (the next Tick begins its root), with fresh node state: cooldowns,
// timers, quarantines and decisions belong to the old tree's nodes and
// go with them. What is the agent's own stays: its seed, clock and tick
// count (so random numbers stay keyed as before), its tracer, and a
// heuristic given by SetHeuristic.
//
// When t cannot make the agent's instances of its custom nodes, Reload
// returns the error and changes nothing: the agent keeps running its
// old tree. When halting the old tree panics in an End, the swap is made
// anyway and the *PanicError returned: the old tree is done with. A
// nil memory, a tree not built, or a call from inside the agent's own
// tick is refused with ErrNilMemory, ErrNotBuilt or ErrReentrant.
//
// A Crowd ticks only agents of its own tree: tick reloaded agents with a
// crowd of t.
func (a *Agent[M]) Reload(t *Tree[M], m *M) error {
	switch {
	case a == nil || a.st == nil || !t.valid():
		return ErrNotBuilt
	case a.run != nil:
		return ErrReentrant
	case m == nil:
		return ErrNilMemory
	}
	fresh, err := t.NewAgent(a.seed)
	if err != nil {
		return err
	}
	halted := a.Halt(m)
	a.tree, a.st, a.custom, a.handles, a.selves = t, fresh.st, fresh.custom, fresh.handles, fresh.selves
	for i := range a.handles {
		a.handles[i].agent = a
	}
	for i := range a.selves {
		a.selves[i].agent = a
	}
	a.status, a.quarantines, a.own = 0, 0, nil
	a.heuristicGen++ // the heuristic in force may be the new tree's: judges made for the old one are stale
	return halted
}
