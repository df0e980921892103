// Package kelindar runs foresight's GOAP side by side with
// github.com/kelindar/goap on bench's four problems, each stated in that
// library's terms as its own tests state theirs: deep (the same three
// actions, the same estimate, the same twelve-step plan), its maze,
// crafting (30 actions, five routes, costs) and the 10×10 grid (324
// moves, kelindar/goap's distance as the estimate); and documents its
// answers where it goes wrong: a corridor of 150 rooms and an unreachable
// goal in a space larger than its search (the first 100 steps, as a plan,
// with no error), and a small map where it finds a cheaper way to a
// state it has queued (a panic, index out of range). It is a module of its own, apart from bench,
// because the module proxy that foresight's CI reaches does not serve
// github.com/kelindar/goap: CI cannot fetch it, so CI does not run this.
// Run it where the module can be had (go mod tidy, then go test), or
// with a local clone of it put in place by a workspace:
//
//	git clone https://github.com/kelindar/goap /tmp/kelindar-goap
//	cd bench/kelindar
//	printf 'go 1.25.6\nuse %s\nreplace github.com/kelindar/goap => /tmp/kelindar-goap\n' "$PWD" >/tmp/go.work
//	GOWORK=/tmp/go.work go test -run . -bench Versus -benchtime 2s -count 5
//
// The go.mod names the commit of kelindar/goap that was measured.
// BenchmarkVersus plans in alternating batches, as bench's BenchmarkVersus
// ticks, and reports each side's time per planning and the median ratio
// of foresight's batch time to kelindar/goap's, with foresight's
// preconditions as fields and as plain functions. TestSamePlans checks
// that both find plans of the same length and cost.
package kelindar
