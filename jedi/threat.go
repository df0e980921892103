package jedi

import (
	"fmt"
	"time"
)

// A ThreatKind is a kind of incoming attack.
type ThreatKind uint8

// The threat kinds.
const (
	// Bolt: a blaster bolt in flight. Deflected from the front, dodged,
	// jumped, or missed by moving away from where it was aimed.
	Bolt ThreatKind = iota + 1
	// Melee: a horizontal swing being wound up. Blocked from the front,
	// ducked, jumped, dodged, or missed by stepping out of reach.
	Melee
	// Heavy: a charge. Only a dodge or a jump avoids it; it knocks the
	// Jedi down.
	Heavy
)

var threatNames = [...]string{"", "bolt", "melee", "heavy"}

// String returns the kind's name.
func (k ThreatKind) String() string {
	if int(k) < len(threatNames) && k != 0 {
		return threatNames[k]
	}
	return fmt.Sprintf("ThreatKind(%d)", uint8(k))
}

// valid reports whether k is one of the threat kinds above.
func (k ThreatKind) valid() bool { return k >= Bolt && k <= Heavy }

// A Threat is an attack on its way to the Jedi.
type Threat struct {
	Kind     ThreatKind
	ID       int // a bolt's number; 0 for swings and charges
	Strength int
	Source   int           // the attacker's enemy ID
	Impact   time.Duration // time to impact
	From     Vec           // where the attack comes from
	Aim      Vec           // where a bolt will land
}

// threatLevel sums how dangerous the threats the Jedi would not avoid are,
// over the size of the threat table: a heavy attack counts 1; anything
// else counts time factor times damage factor, where the time factor grows
// from 0 to 1 as the impact nears (1 within half a second, 0 ten seconds
// out) and the damage factor is the share of the Jedi's hit points it
// would take.
func threatLevel(s *Self, threats []Threat) float64 {
	level := 0.0
	for i := range threats {
		t := &threats[i]
		if s.avoids(t, t.Impact) {
			continue
		}
		if t.Kind == Heavy {
			level++
			continue
		}
		tf := 1 - clamp((t.Impact.Seconds()-0.5)/10, 0, 1)
		df := 1.0
		if s.HP > 0 {
			df = clamp(float64(t.Strength)/float64(s.HP), 0, 1)
		}
		level += tf * df
	}
	return level / MaxThreats
}

// clamp returns x limited to [lo, hi]. (Plain comparisons: the built-in
// min and max order signed zeros too, which the threat level, computed
// in every predicted step, has no use for.)
func clamp(x, lo, hi float64) float64 {
	switch {
	case x < lo:
		return lo
	case x > hi:
		return hi
	}
	return x
}
