package sim

import "time"

// A Clock is an agent's time: the sum of the time steps it has been
// ticked with. Integer time keeps simulations and replays exactly reproducible.
// The zero Clock reads zero.
type Clock struct{ now time.Duration }

// Now returns the time on the clock.
func (c *Clock) Now() time.Duration { return c.now }

// Advance moves the clock forward by dt, which the caller has checked to be
// non-negative.
func (c *Clock) Advance(dt time.Duration) { c.now += dt }
