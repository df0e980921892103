package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

// Node is the contract every node of a tree keeps: composites, decorators
// and leaves alike. A tree is shared by its agents: a custom decorator or
// composite is made afresh for each agent by its factory and may keep
// that agent's state, while a Leaf, like an Action, is shared by every
// agent and keeps an agent's state in the memory. Package bttest checks a
// node you wrote against this contract.
//
// The tree calls a node through its Child handle, which enforces the life
// cycle, so a Node implementation may rely on it:
//
//   - Begin starts the node against the live memory. It returns Running
//     when the node needs more ticks, or finishes at once.
//   - Update is called once per tick while the node is Running, with the
//     time step.
//   - End is called exactly once for every Begin: when the node finished
//     (with its final status), or when it was interrupted by its parent or
//     by Agent.Halt (with Running). Children still running are halted,
//     deepest first, before End is called.
//   - Simulate predicts the memory after the node runs to completion from
//     where it is now (a running node predicts only what remains), writes
//     the prediction into m, which is a scratch copy, and returns the
//     verdict. It must never call Begin, Update or End, and never touch
//     live memory or the game.
type Node[M any] interface {
	Begin(m *M) Status
	Update(m *M, dt time.Duration) Status
	End(m *M, s Status)
	Simulate(ctx *sim.Context[M], m *M) heuristic.Verdict
}

// An Action is the behaviour of a leaf: something the agent does. Its
// live methods follow the Node life cycle. Simulate applies the action's
// predicted effect to the scratch memory m; the tree judges the change with
// the heuristic in force, so an action never scores itself.
type Action[M any] interface {
	Begin(m *M) Status
	Update(m *M, dt time.Duration) Status
	End(m *M, s Status)
	Simulate(ctx *sim.Context[M], m *M)
}

// A Describer is a Node that can describe itself for tree dumps and
// pictures. Describe returns a short summary such as "repeat 3".
type Describer interface {
	Describe() string
}

// A GoalNode is a node that gives its subtree a heuristic of its own: a
// goal that replaces the tree's heuristic for every judgement made in the
// subtree. The tree puts Goal in force around every call into the node,
// live and simulated alike, so a selector under it decides by that goal
// whether it plans for a parent, decides as it runs, or is previewed.
// Build calls Goal once; decorators.Goal is the ready-made one.
type GoalNode[M any] interface {
	Node[M]
	Goal() heuristic.Heuristic[M]
}

// A Router is a node that says which of its children a tick would run
// next. Preview follows the way down that a tick would take; it knows the
// built-in composites, and follows any other node to its running child,
// or else its first, unless the node is a Router. A decorator that waits
// before it begins its child (decorators.Delay), or a custom composite
// that picks among its children, implements Route so that previews show
// what ticks do.
type Router[M any] interface {
	Node[M]
	// Route returns the index of the child that a tick now, with memory
	// m, would begin or update, or -1 when it would run none. It must
	// only read m.
	Route(m *M) int
}

// A Binder is a custom node that wants a handle on itself, as its
// children have one: NewAgent calls Bind once, after the factory made the
// agent's instance. A planner uses the handle to report its planning
// (Child.Report), and to read its own Situation for its conditions.
type Binder[M any] interface {
	Node[M]
	Bind(self *Child[M])
}
