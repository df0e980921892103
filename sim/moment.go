package sim

import (
	"time"
)

// A Moment is where a prediction stands: how much simulated time has
// passed in it (Elapsed), and what has finished in it (Ran). A decider
// that predicts several ways from one point, as a selector weighs its
// options or a planner backtracks, takes the Moment before each way and
// returns to it with Return; a chain of steps (a sequence, a plan) lets
// it run on, so that each step is judged at the time the ones before it
// end, knowing what they did. The zero Moment is the start of a
// prediction from the live memory, now.
type Moment struct {
	elapsed time.Duration
	ran     int32 // history index + 1; 0: nothing
}

// Elapsed returns the simulated time that had passed at the moment.
func (m Moment) Elapsed() time.Duration { return m.elapsed }

// An event of history: id finished at elapsed, after the event prev.
type event struct {
	id      int32
	prev    int32
	elapsed time.Duration
}

// Moment returns where the prediction under way stands.
func (c *Context[M]) Moment() Moment { return Moment{elapsed: c.elapsed, ran: c.ran + 1} }

// Return goes back to moment at, taken with Moment in the prediction
// under way, to predict another way from there. The zero Moment is the
// start: a prediction from the live memory, now.
func (c *Context[M]) Return(at Moment) { c.elapsed, c.ran = at.elapsed, at.ran-1 }

// Elapsed returns the simulated time that has passed in the prediction
// under way: what Advance added since its start.
func (c *Context[M]) Elapsed() time.Duration { return c.elapsed }

// Ran notes that what id names (a node of a tree, an action of a
// planner: the decider's own numbering) finished in the prediction under
// way, now (at Elapsed). Deciders call it after each step they predict,
// so that the steps after it are judged knowing it ran: a cooldown it
// started, say.
func (c *Context[M]) Ran(id int32) {
	c.history = append(c.history, event{id: id, prev: c.ran, elapsed: c.elapsed})
	c.ran = int32(len(c.history) - 1)
}

// LastRan returns when id last finished in the prediction under way, as
// the time elapsed in it then, and false when it has not finished in it.
func (c *Context[M]) LastRan(id int32) (time.Duration, bool) {
	for e := c.ran; e >= 0; {
		ev := &c.history[e]
		if ev.id == id {
			return ev.elapsed, true
		}
		e = ev.prev
	}
	return 0, false
}
