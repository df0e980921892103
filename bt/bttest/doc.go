// Package bttest checks that a node you wrote keeps the contracts of
// packages bt and decide, the way testing/fstest checks a file system
// and testing/slogtest a log handler: hand it your action, leaf,
// decorator, composite or decider, and it returns an error listing every
// rule the node broke, each once, with where it was first broken and how
// often.
//
// Start with TestDecorator or TestComposite for a node that drives
// children, TestAction or TestLeaf for one that does not, and Config for
// the memories to run on:
//
//	func TestMyRetry(t *testing.T) {
//		if err := bttest.TestDecorator(MyRetry(3), bttest.Config[World]{}); err != nil {
//			t.Fatal(err)
//		}
//	}
//
// For a decider, a node that chooses what its agent does (a planner node
// over an htn or goap domain, an fsm machine or a bt.Planner of your own, a
// selector, a composite that plans), use TestDecider. It gives your factory
// a catalogue of the kit's actions over the kit's memory, World, and runs
// the decider you make of them:
//
//	func TestMyPlanner(t *testing.T) {
//		err := bttest.TestDecider(func(actions *catalogue.Catalogue[bttest.World]) (bt.Def[bttest.World], error) {
//			return bt.New[bttest.World]().Plan("mine", NewMyPlanner(actions), bt.Replan(0)), nil
//		}, bttest.DeciderConfig{})
//		if err != nil {
//			t.Fatal(err)
//		}
//	}
//
// The kit builds small trees around the node, with probes of its own
// (children under a decorator or composite, the catalogue's actions
// under a decider), and plays a fixed schedule of ticks (zero, short and
// hour-long steps, and a stretch of short ones), halts, and a constraint
// that stops the node, from each memory, with the probes finishing at
// once, failing, taking two ticks or running until halted. Config.Sense
// changes the memory between steps, as a game does, so that a node whose
// behaviour turns on the memory is run down each of its paths (the kit's
// own sensing raises and lowers World.Alarm under a decider). It checks
// that:
//
//   - nothing faults: no panic, no invalid status, no child driven from
//     End, Simulate or Route, no error from Tick, Halt or Preview;
//   - the children's life cycle holds: End once for every Begin, with
//     Running when interrupted and otherwise the status the child
//     returned; Update only while running, at most once a tick and not in
//     the tick the child began; always on the agent's live memory; one
//     child at a time, but under a parallel or a custom composite; and
//     nothing left running after a halt;
//   - a preview acts on nothing: Agent.Preview leaves the live memory and
//     the clock alone, calls no live method, and two previews in a row
//     plan the same, with valid verdicts;
//   - what the preview planned is what the tick then does: the way down,
//     each selector's decision, and each planner node's plans
//     (Preview.Plans) as the tick reports them (a composite that picks
//     among its children needs a Route method: see bt.Node);
//   - previews change nothing: a run with a preview before every tick
//     acts exactly as one without;
//   - runs are deterministic: the same schedule on a fresh tree gives the
//     same statuses, events and memories;
//   - agents share nothing: two agents of one tree ticked in turn each act
//     as an agent alone (an action or leaf is shared by every agent, so it
//     must keep an agent's state in the memory; a decorator, composite or
//     planner's runner must be made afresh for every agent);
//   - a node that plans or decides (it reports bt.EventPlan, or is a
//     selector) reports well-formed plans and runs what it planned, and
//     under TestDecider, what it plans the agent can do (see TestDecider).
//
// What a node should do is for your own tests; the kit checks only that
// it keeps the rules every node keeps. For those tests, a Scenario says
// what a tree should choose in a moment of the game, and why:
//
//	err := bttest.Given(tree, Guard{Sees: true}).Chooses("chase", "closer to the intruder")
//
// and, when it does not, shows what the tree chose instead and every
// candidate's verdict (selectors, priorities and planner nodes alike).
package bttest
