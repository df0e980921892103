// Package goap is foresight's goal-oriented action planner (GOAP, as in
// F.E.A.R.): given goals, states the agent wants to reach, it searches
// for the cheapest sequence of actions that reaches the one of highest
// utility, and runs that plan as a node of a tree. The actions are a
// catalogue's (package catalogue), the same that behaviour trees and the
// htn package run: an action's preconditions are its constraints
// (bt.Constraint), its effect its Simulate, its cost and duration the
// catalogue's. It keeps the contract every decider keeps (package
// decide).
//
// Start reading at New and Builder (how a domain is written), then
// Domain.Runner (the plan runner of a planner node, in a tree) and Session
// (planning outside one).
//
// # Domains
//
//	domain, err := goap.New(actions, func(c *Camp) Key { return c.Key() }).
//		Do("forage", rested).
//		Do("eat").
//		Do("sleep", tired).
//		Goal("fed", 2, fed).Relevant(hungry).
//		Goal("stocked", 1, stocked).Estimate(foodMissing).
//		Build()
//
// Each Do takes an action of the catalogue, with the preconditions the
// catalogue gives it and those of this domain's own after its name. A
// goal has a utility (a number, or what Utility computes from the memory
// planned on, as F.E.A.R.'s goals judge the world), a relevance test (is
// it worth pursuing now?), a satisfaction test, and optionally an
// estimate of the cost that remains. The planner takes the relevant goals
// that do not hold yet, highest utility first, and pursues the first that
// has a plan, or (Choose) the one with the cheapest plan, or the one
// whose utility less its plan's cost is highest; the goals it passed
// over, and why (not relevant, already satisfied, no plan, out of budget,
// a better plan elsewhere), are in its report. An action costs 1 unless
// its catalogue entry or the domain's Cost says otherwise, as a function
// of the memory before and after it.
//
// # Search
//
// Planning is A* over the memory type M, forward from the agent's memory:
// each step copies the memory, applies an action's Simulate to the copy,
// and checks the next action's preconditions on the result, at the time
// the plan reaches it (each step moves the planning clock on by its
// duration, and a cooldown a step starts holds for the steps after it).
// Forward search, rather than the regressive search of F.E.A.R., is what
// lets foresight's actions plan as they are: a regressive planner needs
// effects and preconditions written as symbols it can run backwards
// (facts to unify), whereas a forward one only runs the Simulate and the
// constraints the trees already use, whatever Go they are written in. The
// price is that forward search explores everything reachable, relevant or
// not; a goal's estimate steers it back towards the goal.
//
// States are told apart by a key, a small comparable projection of the
// memory given to New: two memories with the same key are the same state.
// The key is what keeps the search from exploring a state twice, so it
// must capture everything that preconditions, effects, costs, goals and
// estimates read, and little else. A key of up to 8 bytes of integers and
// booleans (an int, a [4]uint8, a struct of small counters) is compared
// as one word, the fastest; any other (more than 8 bytes, or holding
// floats, strings, pointers or padding) is hashed in full at every state
// the search meets, and compared with the state it may be. On the
// package's deep problem (BenchmarkPlanKey) a 12-byte key plans in about
// a third more time than a 4-byte one, the whole 48-byte memory in about
// twice the time. A slow key says so, with its type and size, in the
// domain's description (Domain.Nodes, which the inspector shows) and its
// planner node's in a tree (dumps, pictures): "slow key: game.Camp, 48
// bytes, hashed in full at every state". Ties between equally promising
// states are broken by depth, then by the order states were found, which
// follows the order actions were added: plans are the same on every run,
// whatever the hash seed. Time is not in the key: a plan that must wait (for a
// cooldown) does so through a step that changes what the key reads.
//
// The search checks every action's preconditions at every state it
// expands, and most fail: a precondition that is a test of the memory
// alone (constraints.Func without options, a Field's tests) is called as
// a plain function, and its failures are counted, not asked why.
// Preconditions that are a Field's tests (constraints.Field) index the
// actions by the field's values: from a state, the search tries only the
// actions whose field has the value the state has, and those no field
// indexes (a grid of 324 moves tries the four of the cell it stands in).
// An index never changes a plan: it spares checks that would fail.
//
// With an estimate that never overstates the remaining cost (admissible),
// or none, every plan is a cheapest one. An estimate that overstates finds
// plans faster that may cost more, as kelindar/goap's distance does on its
// benchmark (see the bench module).
//
// # Budgets
//
// A budget (Builder.Budget, a decide.Budget) bounds the nodes each
// goal's search may expand (Tries: a goal that cannot be reached spends
// its own search, and leaves the goals after it theirs) and the steps a
// plan may hold (Steps). Tries bounds a search's memory as well: the
// states one search keeps are at most Tries × the actions (as many as its
// expansions make without variants), and room for one action's 32,767
// variants besides, so an action of many variants runs out of budget
// sooner rather than filling memory. Running out is its own answer, an
// error wrapping decide.ErrOutOfBudget from a Session, decide.OutOfBudget
// from a runner, distinct from decide.ErrNoPlan (no goal can be reached),
// and never a plan cut short. PerTick spreads a runner's planning over
// ticks, a number of nodes at a time.
//
// # Running plans
//
// A Domain is a bt.Planner: bt.Builder.Plan puts a plan runner into a
// tree, a planner node whose children are the domain's actions, as leaves
// with their preconditions as constraints. The tree's machinery runs
// them, so the life cycle (End once per Begin, through every re-plan),
// tracing, panics and quarantine, Preview and determinism are those of
// any tree. In a tree, planning copies memories with the tree's copy
// function and simulates actions with the tree's context. The runner
// checks each step's preconditions before it begins it, and plans again
// when a step fails or cannot begin, when its node's Replan or ReplanOn
// options say so, when a goal of higher utility than the running one
// becomes relevant and has a plan, and when the running goal stops being
// relevant (its plan is dropped). It succeeds once its goal holds,
// checked before each step begins and when one ends (a step under way is
// let finish), and fails when no goal has a plan.
//
// Every planning a runner does live is reported to the tree's tracer as a
// bt.EventPlan: the goal and the plan with its cost, the nodes expanded,
// the goals passed over with their utility, the actions discarded with
// the precondition that failed and how often, and whether the running plan
// was made, kept or replaced, and why, with the goal's utility.
// trace.Timeline prints it; the stats package counts the plans each
// action was in, and the actions no plan used (stats.Collector's
// NeverPlanned): ship with none.
//
// Put reactions above the runner (die, rest when hurt) in a
// bt.ReactivePriority: they halt the plan within the tick, and the runner
// plans afresh when it begins again. Put the runner under a simulated
// Selector and it predicts its whole plan, as the chain of its steps'
// simulations, so a tree can weigh a goal-driven branch against others.
// The troll package runs the same Trunk Thumper by a behaviour tree, by
// an HTN and by this package.
//
// # Saving
//
// A runner's state goes with its agent's (bt.Agent.MarshalBinary and
// MarshalJSON; see bt.StateWriter): its plan, by its steps' names, where
// it stands, its back-offs, and a planning spread over ticks whole, search
// and all, so that an agent restored from a save goes on exactly as the
// one saved. The memory a plan judged from its start keeps (GoalFrom), the
// keys of the goals found without a plan and the memories of a search
// under way are kept with bt.StateWriter.Value: the memory and key types
// must be what encoding/gob and encoding/json both carry whole (exported
// fields, finite numbers). A restore checks the state against the domain
// it is given, which may have been edited since (bt.Agent.Reload): a plan
// whose steps the domain still has goes on, checked before each step as
// any plan is; a state that does not fit is refused, saying why, and the
// runner begins afresh.
//
// # Cost
//
// A domain is immutable and takes no lock: agents plan on it in parallel.
// A Session and a runner reuse their storage: after warm-up, planning and
// running allocate nothing.
package goap
