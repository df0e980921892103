// Package fuzz holds foresight's fuzz targets, for Go's native fuzzing:
//
//		go test ./fuzz -run='^$' -fuzz=FuzzTree -fuzztime=15s
//
//	  - FuzzTree: a random tree of every composite, decorator and constraint
//	    kind, with scripted actions, run through random ticks (zero, negative
//	    and huge steps among them), halts and previews. No panic; Begin and
//	    End pair up; previews act on nothing; predictions never reach live
//	    memory; verdicts are valid outcomes; the same input gives the same
//	    events.
//	  - FuzzBuilder: a random tree's nested description (bt.Def) with
//	    misuse slipped in: nil constraints, options of the wrong kind or
//	    given twice, values of the wrong type, empty or duplicate names,
//	    bad weights. Build returns a tree that runs, or errors that are
//	    each a *decide.Error naming a node's path; it never panics.
//
// The samples fuzz their own games beside their code (package jedi's
// FuzzArena).
//
// The inputs are decoded by rapid's generators (treetest.Fuzzed, with
// rapid.MakeFuzz), the same ones the property tests draw from. Seed
// corpora live in testdata/fuzz, with every crasher found kept there.
package fuzz
