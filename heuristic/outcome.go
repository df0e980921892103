package heuristic

import (
	"fmt"
	"strings"
)

// Outcome is a heuristic's verdict on a predicted world: how good the memory
// after an action is compared with the memory before it. Outcomes are
// ordered from worst to best, so they compare with < and >.
type Outcome int8

// The outcomes, worst first.
const (
	// Impossible: a constraint failed or the action is forbidden.
	Impossible Outcome = iota
	// Deadly: the agent would die.
	Deadly
	// Harmful: the agent takes damage, its threat rises, or a goal rule is
	// broken.
	Harmful
	// Irrelevant: nothing that matters changes.
	Irrelevant
	// Cosmetic: the agent looks alive, with no tactical effect.
	Cosmetic
	// Beneficial: progress toward the goal.
	Beneficial
	// Safe: the threat drops a little.
	Safe
	// Urgent: the threat drops a lot, or a bad situation is escaped.
	Urgent
)

// NumOutcomes is the number of valid outcomes; Outcome(i) for i in
// [0, NumOutcomes) enumerates them worst first, which makes it handy as the
// size of a histogram array.
const NumOutcomes = int(Urgent) + 1

var outcomeNames = [NumOutcomes]string{
	"Impossible", "Deadly", "Harmful", "Irrelevant",
	"Cosmetic", "Beneficial", "Safe", "Urgent",
}

// Valid reports whether o is one of the eight defined outcomes.
func (o Outcome) Valid() bool { return o >= Impossible && o <= Urgent }

// String returns the outcome's name, such as "Beneficial", or
// "Outcome(42)" for a value outside the defined range.
func (o Outcome) String() string {
	if o.Valid() {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", int8(o))
}

// parseOutcome returns the outcome with the given name. Names are matched
// without regard to case; an unknown name is an error that lists the valid
// ones.
func parseOutcome(name string) (Outcome, error) {
	for i, n := range outcomeNames {
		if strings.EqualFold(n, name) {
			return Outcome(i), nil
		}
	}
	return Impossible, fmt.Errorf("heuristic: unknown outcome %q (want one of %s)",
		name, strings.Join(outcomeNames[:], ", "))
}

// MarshalText encodes the outcome as its name, so outcomes read well in JSON.
func (o Outcome) MarshalText() ([]byte, error) {
	if !o.Valid() {
		return nil, fmt.Errorf("heuristic: cannot encode invalid %v", o)
	}
	return []byte(outcomeNames[o]), nil
}

// UnmarshalText decodes an outcome's name, without regard to case; an
// unknown name is an error that lists the valid ones.
func (o *Outcome) UnmarshalText(text []byte) error {
	v, err := parseOutcome(string(text))
	if err != nil {
		return err
	}
	*o = v
	return nil
}
