// Package editor serves a page where a designer edits a behaviour tree
// file (package btjson) in a browser while the game runs: the tree as
// the inspector shows it, the registry's names as a palette, every
// field of every node (what a utility node's child is worth with a plot
// of each consideration's response curve, which follows every
// keystroke), undo and redo, and each change checked by the
// loader and bt.Build themselves, their errors shown on the nodes they
// name. A change that does not build is never saved; a save replaces the
// file at once (written beside it, then renamed over it), and the game,
// which reads the file again when it changes (as examples/jedi -watch
// does), runs the tree saved. Given the game's live view (inspect.Live),
// the page shows the running agent's decisions on the tree being edited.
//
// Start with New; an Editor is an http.Handler:
//
//	ed, err := editor.New("guard.json", registry, cfg, editor.Live(live))
//	err = http.ListenAndServe("localhost:8080", ed)
//
// # Safety
//
// An Editor writes one file, the one it was made for (a link followed
// once, when it is made), and no other: no request names a path. It
// answers only requests for IP addresses, localhost and the names under
// it, and the names AllowHosts adds, and refuses requests that a page of
// another site sends (an Origin other than its own), as the inspector's
// live view does; its changes come as JSON, which a page of another site
// cannot send without asking. Serve it on a loopback address (localhost:8080,
// not :8080) unless other machines should edit the game's files.
//
// A save names the version of the file the page last read: when the file
// changed on disk since (another editor, a checkout), the save is refused
// and the page says so, rather than overwrite it.
package editor
