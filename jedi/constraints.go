package jedi

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
)

// The Jedi's domain constraints. Each reads only the memory it is given,
// so it guards live runs and predictions alike.

// Alive passes while the Jedi stands: a fallen Jedi fails every check.
func Alive() bt.Constraint[Memory] {
	return constraints.Func("alive", func(m *Memory) bool { return m.Self.Alive() }, constraints.WhenFalse("fallen"))
}

// HasVictim passes when the Jedi has a victim.
func HasVictim() bt.Constraint[Memory] {
	return constraints.Func("a victim", func(m *Memory) bool { return m.VictimEnemy() != nil },
		constraints.WhenFalse("no victim"))
}

// VictimIs passes when the victim is of one of the given types. It needs
// at least one type, and known ones.
func VictimIs(types ...EnemyType) bt.Constraint[Memory] {
	var mask uint32
	var bad error
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = t.String()
		if !t.valid() {
			bad = first(bad, fmt.Errorf("VictimIs: unknown enemy type %v", t))
			continue
		}
		mask |= 1 << t
	}
	if len(types) == 0 {
		bad = errors.New("VictimIs: no enemy types")
	}
	return checked(constraints.Func("victim is "+strings.Join(names, " or "), func(m *Memory) bool {
		v := m.VictimEnemy()
		return v != nil && mask&(1<<v.Type) != 0
	}, constraints.WhenFalse("victim is no "+strings.Join(names, " or "))), bad)
}

// VictimShielded passes when the victim's shield is up.
func VictimShielded() bt.Constraint[Memory] {
	return constraints.Func("victim shielded", func(m *Memory) bool {
		v := m.VictimEnemy()
		return v != nil && v.Shield > 0
	}, constraints.WhenFalse("victim unshielded"))
}

// ShieldIntact passes when the victim's shield is up and untouched.
func ShieldIntact() bt.Constraint[Memory] {
	return constraints.Func("shield intact", func(m *Memory) bool {
		v := m.VictimEnemy()
		return v != nil && v.Shield > 0 && v.Shield >= kinds[v.Type].shield
	}, constraints.WhenFalse("shield down or dented"))
}

// Unfooled passes until a blow of the Jedi's has met the victim's shield:
// a mistake is made once per victim, then learnt from.
func Unfooled() bt.Constraint[Memory] {
	return constraints.Func("not yet fooled by this shield", func(m *Memory) bool { return m.ShieldStrikes == 0 },
		constraints.WhenFalse("fooled by this shield before"))
}

// Distance passes when the victim is between min and max meters away (a
// max of 0 is no bound). The bounds must be finite and not negative, with
// min at most max.
func Distance(min, max float64, opts ...constraints.Option) bt.Constraint[Memory] {
	var bad error
	switch {
	case !finite(min) || min < 0:
		bad = fmt.Errorf("Distance: minimum %v is not a distance (finite, 0 or more)", min)
	case !finite(max) || max < 0:
		bad = fmt.Errorf("Distance: maximum %v is not a distance (finite, 0 or more; 0 is no bound)", max)
	case max != 0 && min > max:
		bad = fmt.Errorf("Distance: minimum %gm above maximum %gm", min, max)
	}
	near := fmt.Sprintf("victim nearer than %gm", min)
	far := fmt.Sprintf("victim farther than %gm", max)
	name := fmt.Sprintf("victim within %g-%gm", min, max)
	switch {
	case max == 0:
		name = fmt.Sprintf("victim %gm or more away", min)
	case min == 0:
		name = fmt.Sprintf("victim within %gm", max)
	}
	return checked(constraints.From(name, func(_ bt.Situation, m *Memory) (bt.Check, string) {
		v := m.VictimEnemy()
		if v == nil {
			return bt.Fail, "no victim"
		}
		switch d := m.Self.Pos.Dist(v.Pos); {
		case d < min:
			return bt.Fail, near
		case max > 0 && d > max:
			return bt.Fail, far
		}
		return bt.Pass, ""
	}, opts...), bad)
}

// HighSkill is the original's skill range for showy moves: all but the
// greenest padawan.
var HighSkill = [2]float64{0.25, 1}

// SkillRange passes when the Jedi's skill lies in r, a range within
// [0, 1] whose lower bound comes first.
func SkillRange(r [2]float64) bt.Constraint[Memory] {
	var bad error
	switch {
	case !(r[0] >= 0 && r[0] <= 1) || !(r[1] >= 0 && r[1] <= 1): // NaN fails both
		bad = fmt.Errorf("SkillRange: [%v, %v] is not within [0, 1]", r[0], r[1])
	case r[0] > r[1]:
		bad = fmt.Errorf("SkillRange: lower bound %g above upper bound %g", r[0], r[1])
	}
	return checked(constraints.Func(fmt.Sprintf("skill in [%g, %g]", r[0], r[1]), func(m *Memory) bool {
		return m.Skill >= r[0] && m.Skill <= r[1]
	}, constraints.WhenFalse(fmt.Sprintf("skill outside [%g, %g]", r[0], r[1]))), bad)
}

// Threatened passes when an attack of one of the given kinds (any kind if
// none given) will land on the Jedi within d, as things stand: attacks it
// is already avoiding do not count. d must not be negative, and the kinds
// must be known ones.
func Threatened(d time.Duration, kinds ...ThreatKind) bt.Constraint[Memory] {
	c, bad := threatened("Threatened", "threatened", d, false, kinds)
	return checked(c, bad)
}

// Countering passes when the victim itself has an attack of one of the
// given kinds on its way, landing within d, whether or not the Jedi is
// avoiding it: the moment for a counter. Its settings are Threatened's.
func Countering(d time.Duration, kinds ...ThreatKind) bt.Constraint[Memory] {
	c, bad := threatened("Countering", "victim attacking", d, true, kinds)
	return checked(c, bad)
}

// Unthreatened passes when no attack of the given kinds will land within
// d: a move that cannot be interrupted safely waits for a clear moment.
// Its settings are Threatened's.
func Unthreatened(d time.Duration, kinds ...ThreatKind) bt.Constraint[Memory] {
	c, bad := threatened("Unthreatened", "threatened", d, false, kinds)
	return checked(constraints.Not(c), bad)
}

// threatened builds Threatened and Countering, and reports what is wrong
// with their settings: fromVictim counts only the victim's attacks,
// avoided or not; otherwise only unavoided ones count.
func threatened(fn, name string, d time.Duration, fromVictim bool, kinds []ThreatKind) (bt.Constraint[Memory], error) {
	var bad error
	if d < 0 {
		bad = fmt.Errorf("%s: negative time %v", fn, d)
	}
	var mask uint32
	for _, k := range kinds {
		if !k.valid() {
			bad = first(bad, fmt.Errorf("%s: unknown threat kind %v", fn, k))
			continue
		}
		mask |= 1 << k
	}
	if len(kinds) == 0 {
		mask = ^uint32(0)
	}
	if len(kinds) > 0 {
		ks := make([]string, len(kinds))
		for i, k := range kinds {
			ks[i] = k.String()
		}
		name += " by " + strings.Join(ks, " or ")
	}
	name += " within " + d.String()
	negation := strings.Replace(name, "threatened", "unthreatened", 1)
	if fromVictim {
		negation = strings.Replace(name, "victim attacking", "victim not attacking", 1)
	}
	return constraints.Func(name, func(m *Memory) bool {
		for i := 0; i < m.NumThreats; i++ {
			t := &m.Threats[i]
			if mask&(1<<t.Kind) == 0 || t.Impact > d {
				continue
			}
			if fromVictim && t.Source == m.VictimID || !fromVictim && !m.Self.avoids(t, t.Impact) {
				return true
			}
		}
		return false
	}, constraints.WhenFalse(negation)), bad
}

// TooClose passes when the Jedi is too close to another Jedi.
func TooClose() bt.Constraint[Memory] {
	return constraints.Func("too close to another Jedi", func(m *Memory) bool { return m.TooClose },
		constraints.WhenFalse("clear of the other Jedi"))
}

// Facing passes when the Jedi faces its victim at least this squarely (a
// dot product: 1 dead ahead, 0 abeam, -1 facing away), a number from -1
// to 1.
func Facing(min float64) bt.Constraint[Memory] {
	var bad error
	if !(min >= -1 && min <= 1) { // NaN fails too
		bad = fmt.Errorf("Facing: minimum %v is not a dot product from -1 to 1", min)
	}
	return checked(constraints.Func(fmt.Sprintf("facing the victim (%g)", min), func(m *Memory) bool {
		v := m.VictimEnemy()
		return v != nil && m.Self.facing(v.Pos) >= min
	}, constraints.WhenFalse(fmt.Sprintf("not facing the victim (%g)", min))), bad)
}

// checked returns c, or when its settings are bad (err is not nil) c
// wrapped with err, so that Build refuses the tree and names the node.
func checked(c bt.Constraint[Memory], err error) bt.Constraint[Memory] {
	if err == nil {
		return c
	}
	return &invalid{inner: c, err: err}
}

// invalid is a Jedi constraint whose settings are bad. It evaluates as
// the constraint it wraps (which never panics, whatever its settings),
// describes itself as that constraint does, and has a Validate method (see bt.Action)
// with the settings error.
type invalid struct {
	inner bt.Constraint[Memory]
	err   error
}

// Evaluate evaluates the wrapped constraint.
func (c *invalid) Evaluate(s bt.Situation, m *Memory) (bt.Check, string) {
	return c.inner.Evaluate(s, m)
}

// Validate reports what is wrong with the constraint's settings.
func (c *invalid) Validate() error { return c.err }

// String describes the wrapped constraint.
func (c *invalid) String() string {
	if s, ok := c.inner.(fmt.Stringer); ok {
		return s.String()
	}
	return "constraint"
}

// first returns err unless it is nil, then next: the first problem found.
func first(err, next error) error {
	if err != nil {
		return err
	}
	return next
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
