// Package decorators holds foresight's decorators: nodes that wrap a single
// child. FakeSim plants wrong knowledge in a prediction (the "mistake"
// mechanism); Floor raises a prediction to a minimum outcome; Goal gives a
// subtree a heuristic of its own; and the usual decorators of behaviour
// trees follow: Invert, ForceSuccess, ForceFailure, Repeat, UntilFailure,
// Retry, Timeout and Delay. (A cooldown is a constraint of the node, not a
// decorator: see constraints.Cooldown.)
//
// Each constructor returns a bt.Decorator for bt.Builder.Decorate, which
// takes exactly one child:
//
//	b.Decorate("mistake", decorators.FakeSim(decorators.Fake[Memory]{Edit: dropShield}),
//		b.Do("swing", swing),
//	)
//
// Every decorator defines both what it does live and what its Simulate
// predicts; each constructor's documentation says both. Bad settings are
// returned by Build with the decorator's path.
package decorators
