package bt

import (
	"time"

	"github.com/foresight-bt/foresight/heuristic"
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
//
// A custom node (Builder.Decorate, Composite, Leaf) may have more methods,
// which the tree looks for:
//
//   - Bind(self *Child[M]) gives the node a handle on itself, as its
//     children have one: called once per agent, after the factory made
//     the agent's instance. A planner node's runner reports its planning
//     through it (Child.Report) and reads its own Situation.
//   - Route(m *M) int says which child a tick now, with memory m, would
//     begin or update, or -1 for none; it must only read m. Preview
//     follows the way down a tick would take: it knows the built-in
//     composites, and follows any other node to its running child, or
//     else its first, unless the node routes (decorators.Delay does, as
//     should a custom composite that picks among its children).
//   - Goal() heuristic.Heuristic[M] gives the subtree a heuristic of its
//     own, which replaces the tree's for every judgement made under it,
//     live and simulated alike (decorators.Goal). Build calls it once.
//   - Describe() string summarises the node for dumps and pictures
//     ("repeat 3").
//   - Validate() error reports bad settings, which Build reports with
//     the node's path.
//   - NewInstance() (Node[M], error), on a node given to Builder.Leaf,
//     makes each agent an instance of its own, as a composite's factory
//     does (once at Build, to check it, and once per agent), so that the
//     leaf may keep that agent's state (package jobs's leaf keeps the job
//     under way); without it every agent runs the one node.
//   - Discard() lets go of what an agent's instance holds outside the
//     agent (a job under way on another goroutine) when a restore or a
//     reload replaces the instance with one restored from its state
//     (Agent.UnmarshalBinary, UnmarshalJSON, Restore, Reload,
//     Crowd.Load). It is called once, between ticks, on an instance that
//     may still be running: such a run is not ended (its End is owed to
//     the run that was saved), so Discard, not End, is the place to
//     cancel what the run started. A panic in it is dropped.
type Node[M any] interface {
	Begin(m *M) Status
	Update(m *M, dt time.Duration) Status
	End(m *M, s Status)
	Simulate(ctx *Sim[M], m *M) heuristic.Verdict
}

// An Action is the behaviour of a leaf: something the agent does. Its
// live methods follow the Node life cycle. Simulate applies the action's
// predicted effect to the scratch memory m; the tree judges the change with
// the heuristic in force, so an action never scores itself. Instant and
// Lasting make one of functions; Builder.Do puts one in a tree.
//
// An action may have more methods, which Build looks for: Duration()
// time.Duration declares how long a run of it takes, as the Takes option
// does (a Wait has one); Validate() error checks its settings.
type Action[M any] interface {
	Begin(m *M) Status
	Update(m *M, dt time.Duration) Status
	End(m *M, s Status)
	Simulate(ctx *Sim[M], m *M)
}

// The optional methods of a custom node (a Decorate, Composite or Leaf
// node), which the tree looks for on the value a factory made.
type (
	describer       interface{ Describe() string }
	goalNode[M any] interface {
		Goal() heuristic.Heuristic[M]
	}
	router[M any] interface{ Route(m *M) int }
	binder[M any] interface{ Bind(self *Child[M]) }
)

// The optional methods of a leaf whose agents each run an instance of
// their own, and of such an instance.
type (
	instancer[M any] interface {
		NewInstance() (Node[M], error)
	}
	discarder interface{ Discard() }
)
