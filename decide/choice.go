package decide

import "strconv"

// A Choice is how a decider orders its alternatives when it plans: an HTN
// task its methods, a GOAP domain its goals. Each decider takes the
// choices that mean something for it, and its Choose refuses the others.
type Choice uint8

// The ways to choose.
const (
	// InOrder tries the alternatives in the order written, the designer's:
	// an HTN task's default.
	InOrder Choice = iota
	// ByUtility tries the alternative of highest utility first (an HTN
	// method's Utility; a GOAP goal's utility, its number or what its
	// Utility computes), among equals in the order written, and takes the
	// first that leads to a plan. A GOAP domain's default.
	ByUtility
	// ByCost plans for every alternative and takes the one with the
	// cheapest plan; among equal costs, the one of higher utility
	// (GOAP).
	ByCost
	// ByUtilityLessCost plans for every alternative and takes the one
	// whose utility less its plan's cost is highest: an alternative
	// that matters more is worth a dearer plan, up to what it matters;
	// among equals, the one of higher utility (GOAP).
	ByUtilityLessCost
	// AtRandom tries the alternatives in a random order, each drawn
	// with a chance in proportion to its utility (none below zero; an
	// HTN method without a Utility counts 1), from the agent's seeded
	// numbers, so the same seed, tick and memory give the same order,
	// and takes the first that leads to a plan. Alternatives of
	// utility zero come after every other.
	AtRandom
)

var choiceNames = [...]string{"in order", "by utility", "by cost", "by utility less cost", "at random"}

// String returns "in order", "by utility", "by cost", "by utility less
// cost" or "at random".
func (c Choice) String() string {
	if int(c) < len(choiceNames) {
		return choiceNames[c]
	}
	return "Choice(" + strconv.Itoa(int(c)) + ")"
}
