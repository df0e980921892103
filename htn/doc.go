// Package htn is foresight's hierarchical task network planner: it plans
// whole sequences of the actions of a catalogue (package catalogue), the
// same that behaviour trees run, and runs the plan as a node of a tree.
// It keeps the contract every decider keeps (package decide).
//
// Start reading at Builder (how a domain is written), then Domain.Runner
// (the plan runner of a planner node, in a tree) and Session (planning
// outside one).
//
// # Domains
//
// A domain has primitive tasks, which are the catalogue's actions
// (bt.Action) with their preconditions (bt.Constraint), and compound
// tasks, which have methods: ways to do the task, tried in the order
// written, each with conditions and a list of subtasks. The root task,
// which every plan decomposes, is the first compound task declared.
// Planning decomposes it depth first on a working copy of the memory: a
// method whose conditions pass is replaced by its subtasks, a primitive's
// preconditions are checked and its Simulate applied to the copy, and
// when a method's subtasks cannot all be planned, however far down, the
// planner backtracks to the last choice it made and tries the next
// method. The plan is the first valid decomposition in method order. Each
// step is judged at the time the plan reaches it: the steps before it
// move the planning clock on by how long they take, and a cooldown one of
// them starts holds for the steps after it. An expected effect
// (catalogue.Builder.Expect) is what the planner assumes a task brings
// about beyond its Simulate, such as seeing the enemy on reaching where
// it was last seen; it holds in plans and checks, never in the live
// memory.
//
// Each plan has a method traversal record: the method taken at each
// decomposition, in order, counting the methods passed over ([0 1 0]: the
// root's first method, then the second method of the next compound task,
// and so on). A new plan replaces a running one only when its record
// ranks higher, lexicographically smaller, or when the running one
// failed or no longer holds: this is how an enemy appearing mid-patrol
// interrupts the patrol, and nothing else does.
//
// A pause point (Builder.Pause) lets a plan stop part way: when the
// runner gets there it plans again from the root, and takes that plan if
// it outranks the paused one, or else plans the rest of the paused method
// (and what followed it), on the world as it is then; when the rest
// cannot be planned, it goes on with the plan from the root after all. The
// record goes on from what the planning from the root made (a plan from
// the root only ever ranks against that much), so an endless patrol of
// walks and pauses keeps a short record; a record that is a prefix of
// another ranks with it, not above it. A budget (Builder.Budget) bounds
// every planning call; running out is its own answer (decide.OutOfBudget,
// decide.ErrOutOfBudget), never a plan cut short. The planner keeps its
// choices on a stack of its own, on the heap, and a snapshot of the
// memory only where a choice may have to come back to it: a planning is
// bounded by its budget, never by the goroutine's stack.
//
// # Beyond methods in order
//
// A task may try its methods by utility, highest first, or at random in
// proportion to it, drawn from the agent's seed (Builder.Choose,
// Builder.Utility); a method may plan nothing, which makes its task
// optional (Builder.Nothing); a method may commit the agent to something
// when a runner adopts its plan, such as when it last taunted
// (Builder.Commit, a permanent effect: the only effect a copy-based
// planner applies to the live memory, and only from a live tick); a slot
// (Builder.Slot) is a task that a sub-domain fills at run time, as the
// memory says, such as the behaviour a smart object offers; and a
// continuous domain (Builder.Continuous) plans its next plan in the tick
// its last one ends. Every planning keeps a decomposition log, each
// compound task, each method tried and what became of it, each step, in
// its plan's Trials, and tallies how often each primitive task was
// considered, refused by its preconditions and admitted, in its
// Tallies (package stats adds them up): a Session always, a runner
// while its tree traces (draw.Search pictures the log).
//
// # Running plans
//
// A Domain is a bt.Planner: bt.Builder.Plan puts a plan runner into a
// tree, a node whose children are the primitive tasks, as leaves with
// their preconditions as constraints. The tree's machinery runs them, so
// the life cycle (End once per Begin, through every replan and
// interrupt), tracing, panics and quarantine, Preview and determinism are
// those of any tree. The runner checks that the rest of its plan still
// holds before it begins a task, and plans again when a task fails
// (taking that task as impossible for the tick, so a fallback method gets
// its turn), when the plan no longer holds, at a pause point, and on the
// ticks its node's Replan and ReplanOn options pick (bt.ReplanOn(news)).
// It reports to the tree's tracer (bt.EventPlan) every plan it makes,
// every plan that replaces another, every other plan it finds and turns
// down (kept), and every call that finds none, with the record and its
// methods by name, the plan, why, and the methods and tasks turned down
// on the way with the condition that failed; a call that finds the very
// plan that runs is not reported. A panic in the runner's own calls into
// the domain (a method's condition, an expected effect, the ReplanOn
// test) quarantines the runner, as a panic in any node's code quarantines
// the node; one in a task's precondition or action quarantines that
// task's leaf.
//
// An agent's save (bt.Agent.AppendBinary, MarshalJSON) holds its
// runner's plan, by name, and a restore checks it against the domain it
// is restored into, an edited one too (bt.Agent.Reload): see
// Domain.Runner, and what a plan paused in a slot's sub-domain needs of
// the slot's hook.
//
// Put reactions above the runner, such as "fall when dead, rest when
// hurt", in a bt.ReactivePriority: they halt the plan within the tick,
// deepest first, and the runner plans afresh when it begins again. Put the
// runner under a simulated Selector and it predicts its whole plan, so
// the selector can weigh running the domain against other branches.
//
// The troll package is a whole example: the Trunk Thumper of Game AI
// Pro's "Exploring HTN Planners through Example", run by this package and
// by a behaviour tree over the same actions.
//
// # Cost
//
// A runner's buffers and scratch memories grow to what its plans need and
// are reused: after warm-up, planning and running allocate nothing.
// A runner commits to its plan unless its node says when to plan again
// beside it: bt.Replan(0) plans again every tick to see whether a better
// plan has appeared, the most responsive and the most costly;
// bt.ReplanOn(news) plans only on news.
package htn
