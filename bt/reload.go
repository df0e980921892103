package bt

import "slices"

// Reload swaps the tree the agent runs for t, between ticks: the way to
// put a tree edited while the game runs (see package btjson) in force
// without losing the agent. What still applies goes on: the state of
// every node t still has at the same path and of the same kind (its
// cooldowns and timers, a selector's last choice, quarantines, a custom
// node's or a planner's state, which its RestoreState checks against the
// new tree, as a plan's steps against the new domain), and the agent's
// own (seed, clock, tick count, tracer, a heuristic given by
// SetHeuristic). What is new starts fresh, as does a custom node that
// cannot save its state (see StateWriter). The run under way goes on when
// every node that runs is still there, with the same options and what it
// runs, and its state; otherwise the old tree's running nodes are halted
// on m first, each with End(m, Running) once, deepest first, and the next
// tick begins t's root, keeping the rest. Reload returns the paths of the
// nodes whose state it dropped, each with why (see Restore).
//
// When t cannot make the agent's instances of its custom nodes, or a
// custom node fails to save its state, Reload returns the error and
// changes nothing: the agent keeps running its old tree. When
// halting the old tree panics in an End, the swap is made anyway and the
// *PanicError returned: the old tree is done with. A nil memory, a tree
// not built, or a call from inside the agent's own tick is refused with
// ErrNilMemory, ErrNotBuilt or ErrReentrant.
//
// A Crowd ticks only agents of its own tree: tick reloaded agents with a
// crowd of t.
func (a *Agent[M]) Reload(t *Tree[M], m *M) (dropped []string, err error) {
	switch {
	case a == nil || a.st == nil:
		return nil, errNoAgent
	case !t.valid():
		return nil, ErrNotBuilt
	case a.run != nil:
		return nil, ErrReentrant
	case m == nil:
		return nil, ErrNilMemory
	}
	s, err := a.snapshot()
	if err != nil {
		return nil, err
	}
	f, dropped, lostRun, err := t.rebuildRun(s, false)
	if err != nil {
		return nil, err
	}
	var halted error
	if lostRun {
		// The run cannot go on: end it on the old tree, and keep the rest,
		// saying why the run was lost as well as what the rest drops.
		halted = a.Halt(m)
		if s, err = a.snapshot(); err != nil {
			return nil, err
		}
		var rest []string
		if f, rest, _, err = t.rebuildRun(s, false); err != nil {
			return nil, err
		}
		for _, d := range rest {
			if !slices.Contains(dropped, d) {
				dropped = append(dropped, d)
			}
		}
	}
	a.tree = t
	a.take(f)
	a.own = nil
	return dropped, halted
}
