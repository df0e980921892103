// Package btjson reads and writes behaviour trees as JSON, so that
// designers can edit a tree without recompiling the game.
//
// A tree file describes a bt.Def: nodes with a kind, a name, options,
// constraints and children. What a node runs (an action, a condition, a
// constraint, a decorator, a custom composite or leaf, a simulation) is
// code, so the file names it, and a Registry maps the names to the game's
// values:
//
//	{
//	  "kind": "selector", "name": "guard", "replan": "0s",
//	  "children": [
//	    {"kind": "action", "name": "attack", "action": "attack", "constraints": ["in reach"]},
//	    {"kind": "action", "name": "patrol", "action": "patrol", "cosmetic": true}
//	  ]
//	}
//
// Start with Registry: its Build reads a file and builds the tree,
// Load reads one into a bt.Def, Marshal writes a bt.Def back (one
// written in Go with a bt.Builder included), and Schema gives the JSON
// Schema of the files it reads, for editors. Each option of package bt
// is a field under its key ("replan", "cosmetic"; see bt.Option.Key).
//
// Every error of a file is reported at once, each with its JSON path and
// line and column, as in
//
//	7:38: $.children[0].action: unknown action "atack": did you mean "attack"? (want one of "attack", "patrol")
//
// (an unknown name with the nearest and all the names the file may give
// in its place: a catalogue's entries, registered values and factories
// alike), and a file too large, too deep or with too many nodes is
// refused with an error that wraps ErrLimit (see Limits).
package btjson
