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
package bench
