// Package inspect shows a foresight tree at work in a browser: what it is
// doing, and why not something else. Start with NewPage, then Live.
//
// A replay page (NewPage, WritePage) is one self-contained HTML file made
// from a recorded run; it needs no network. Side by side it shows
//
//   - the tree, with collapsible subtrees, the running path highlighted
//     and every node coloured by the verdict it had at the selected moment
//     (a legend says which colour is which); a node no selector judged at
//     that moment is shown as not evaluated, never with an older colour;
//   - under a planner node, its planner's own structure (bt.NodeInfo's
//     Domain): an HTN domain's compound tasks, methods and primitive
//     tasks, with the running plan's methods and steps marked and each
//     method tried and turned down with why; a GOAP domain's goals, the
//     one chosen with how much it mattered and those passed over with
//     why, and its actions, those planned and those discarded with the
//     precondition that failed; a state machine's states and transitions,
//     the current state, the transition taken and those that did not
//     fire; each as the planner's last report at the selected moment says;
//   - a timeline of the run (actions begun, constraint stops, plans,
//     faults) to scrub or play, with keyboard steps: ← and → a tick,
//     Shift with them an action, Space play, Home and End;
//   - the decisions of the selected moment: each candidate's outcome and
//     reason (the rule that judged it, or the constraint that ruled it
//     out), the winner and why it won; and each plan made, kept or
//     replaced then, with the alternatives its planner weighed and why;
//   - the world, when the game hands over scenes (scene.Scene): entities
//     with a position, a heading, a label, a colour and a health bar, and
//     shapes (circles, lines, rectangles and a grid's cells);
//   - planner nodes' reports (bt.EventPlan), when there are any: each
//     planner node's current plan, why it was made, kept or replaced, and
//     what it turned down.
//
// A replay page opens at the first moment something was decided, or at
// the moment its address names: page.html#t=12.5 opens at 12.5 s of the
// agent's clock (the last moment at or before it). The address follows
// the moment shown, so a link copied from the browser opens the page
// where it was; a live view given #t= shows that moment once the game
// reaches it.
//
// A Live is the same page served by a net/http handler while the game
// runs, fed by server-sent events, with pause and step, and, for a game
// that saves and restores its frames (Rewind), back and forward through
// the frames it ran and a resume from one. It costs nothing while no one
// watches, and never makes the game wait for a browser.
//
//	page, err := inspect.NewPage(file, inspect.Header{Title: "guard", Nodes: tree.Nodes()})
//	agent.SetTracer(page)
//	for ... { agent.Tick(&m, dt); page.Scene(&scene) }
//	err = page.Close()
//
// # The recorded format
//
// A recording (Writer) is UTF-8 text, one JSON object per line. The first
// line is the header:
//
//	{"format":"foresight-inspect","version":3,"title":"...",
//	 "nodes":[{"name":"guard","kind":"selector","parent":-1},
//	          {"name":"chase","kind":"action","parent":0}, ...]}
//
// nodes is the tree depth first (bt.NodeInfo: name, kind, and detail,
// constraints and weight when set); parent is the parent's place in the
// list, -1 for the root, and a node's path, as events name it, is its
// parent's path, a slash and its name. A planner node whose planner
// describes itself has a "domain": its description, a list of nodes in
// the same form (bt.NodeInfo.Domain). (Version 1 gave each node its path
// and its parent's, which made a header grow with the square of the
// tree's depth; version 3 added domains and the shapes "rect" and
// "cell"; the page reads all three.) Every other line is either an
// event of the tree exactly as trace.JSON writes it (its "kind" is begin,
// end, constraint, decision, fault or plan), or a scene:
//
//	{"kind":"scene","t":1.5,"entities":[{"label":"jedi","x":0,"y":0,"heading":0,
//	 "r":0.5,"colour":"#1f77b4","hp":180,"maxhp":200}],
//	 "shapes":[{"shape":"line","x":3,"y":4,"x2":0,"y2":0,"colour":"#d62728"}]}
//
// t is in seconds on the agent's clock; heading is in radians from +x
// towards +y (counter-clockwise, as the page draws +y up); hp and maxhp
// are left out when an entity has no health bar; a circle has "r" where
// a line or a rectangle ("rect") has "x2" and "y2", and a cell neither; a
// circle or a rectangle may have a "fill"; numbers are rounded to three
// decimals. Lines come in the order things happened; a reader skips
// kinds it does not know. Version grows when a change would make an older
// page show a recording wrong; the page refuses a newer version with a
// message that says so.
//
// A replay page embeds its recording gzip-compressed and base64-encoded;
// WritePage turns a saved recording into a page.
package inspect
