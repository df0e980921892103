package bt

import "github.com/foresight-bt/foresight/decide"

// Fault reports an error of the game's code that a custom node called on
// its own, not through the tree (a state machine's hook, say): the call
// under way (a Tick, a Halt) traces it as an EventFault at the node's
// path and returns it, joined with any others, as a *decide.Error with
// that path. The call goes on, as it does for a node that broke the
// contract; the node decides what the error means for its run. A nil
// error, or a Fault outside a live call of the agent, reports nothing.
func (c *Child[M]) Fault(err error) {
	s := c.agent.run
	if err == nil || s == nil || s.previewing {
		return
	}
	s.errs = append(s.errs, &decide.Error{Path: c.Path(), Err: err})
	s.traceFault(c.index, err.Error())
}

// Custom returns the agent's own instance of the custom node at path (a
// decorator's or a composite's, made by its factory; a planner node's
// runner), and false for a path the tree lacks or a node of a built-in
// kind. It is for the package that made the node, to answer questions
// about where the agent's run of it stands (fsm.At asks a machine's
// runner): the tree drives the node's life cycle, and a caller must
// never call its Begin, Update, End or Simulate.
func (a *Agent[M]) Custom(path string) (Node[M], bool) {
	if a == nil || a.st == nil {
		return nil, false
	}
	i := a.tree.find(path)
	if i < 0 || a.tree.nodes[i].kind != kindCustom {
		return nil, false
	}
	n := a.custom[a.tree.nodes[i].custom]
	return n, n != nil
}
