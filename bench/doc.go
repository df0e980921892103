// Package bench compares foresight with other Go libraries side by side.
// It is a module of its own, so that the library's go.mod stays free of
// them.
//
// BenchmarkVersus runs the four tree shapes of bt's BenchmarkTick in
// foresight and in github.com/joeycumines/go-behaviortree, with the same
// leaf work, in alternating batches within one run (the machines we
// measure on are shared and noisy: a ratio measured this way is steadier
// than two runs compared), and reports each side's ns/op and
// foresight's time over go-behaviortree's, the median of the batches:
//
//	cd bench && go test -run '^$' -bench Versus -benchtime 2s
//
// foresight keeps a full life cycle the other does not have: every node
// begins and ends (End exactly once per Begin), constraints are checked,
// panics are caught, and a tracer could watch.
//
// Deep and Corridor are github.com/kelindar/goap's "deep" benchmark
// problem and a corridor of 150 rooms as foresight GOAP domains: the tests
// check that foresight finds that library's 12-step plan, that the
// corridor gives the whole plan or ErrOutOfBudget, never part of the way,
// and that planning allocates nothing. The side-by-side run with
// kelindar/goap is the module bench/kelindar, which CI does not run (see
// its doc).
package bench
