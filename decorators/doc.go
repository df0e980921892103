// Package decorators holds foresight's decorators: nodes that wrap a single
// child. FakeSim plants wrong knowledge in a prediction (the "mistake"
// mechanism); Floor raises a prediction to a minimum outcome; Goal gives a
// subtree a heuristic of its own; and the usual behaviour-tree catalogue
// follows: Invert, ForceSuccess, ForceFailure, Repeat, Loop, Retry,
// Timeout, Delay and Cooldown.
//
// Each constructor returns a bt.Decorator for Builder.Decorate, which opens
// a scope for exactly one child:
//
//	b.Decorate("mistake", decorators.FakeSim(decorators.Fake[Memory]{Edit: dropShield})).
//		Do("swing", swing).
//	End()
//
// Every decorator defines both what it does live and what its Simulate
// predicts; each constructor's documentation says both. Bad settings are
// returned by Build with the decorator's path.
package decorators
