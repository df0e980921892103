package decide

// A Budget bounds one planning: whatever the domain and the world, a
// planning that would pass a bound stops, and ends with ErrOutOfBudget
// (OutOfBudget in reports), naming the bound; never with a plan cut
// short. A zero field takes its default.
type Budget struct {
	// Steps bounds how many steps one plan may hold (default 256).
	Steps int
	// Tries bounds each search: the methods an HTN tries, backtracking
	// included, or the nodes A* expands for one goal, so that a goal that
	// cannot be reached spends its own search and leaves the goals after
	// it theirs (default 10,000).
	Tries int
	// PerTick spreads a planning over ticks: a planner node spends at most
	// this many tries in one tick and goes on in the next, running
	// nothing meanwhile. Zero, the default, plans to the end in the tick
	// that asks. A session, planning outside a tree, always plans to the
	// end.
	PerTick int
}

// The defaults of a zero Budget's fields.
const (
	DefaultSteps = 256
	DefaultTries = 10_000
)
