package utility

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A Curve is a response curve: it maps a consideration's input, normalised
// to [0, 1], to how much the input makes the option worth, also from 0 to
// 1. The functions Linear, Polynomial, Logistic, Logit, Step and Points
// make one; the zero Curve is the linear one, y = x. What a curve answers
// outside [0, 1] is clamped to it, so that no curve, whatever its
// parameters, can score below 0 or above 1; Build refuses a curve whose
// parameters make no sense (one not a finite number, a logistic of no
// steepness, points out of order), with the path of its node.
//
// A curve is a value: copy it freely. In tree files it is an object that
// names its kind and its parameters (see MarshalJSON).
type Curve struct {
	kind   curveKind
	p      [4]float64 // the parameters, in the order the kind names them
	points []float64  // Points: x0, y0, x1, y1, ...
}

// curveKind says which formula a Curve is.
type curveKind uint8

const (
	unset curveKind = iota // the zero Curve: y = x, a linear curve
	linear
	polynomial
	logistic
	logit
	step
	points
)

// The kinds, as tree files and descriptions name them, and their
// parameters, in order.
var kinds = [...]struct {
	name   string
	params []string
}{
	unset:      {"linear", []string{"slope", "intercept"}},
	linear:     {"linear", []string{"slope", "intercept"}},
	polynomial: {"polynomial", []string{"exponent", "slope", "shift", "intercept"}},
	logistic:   {"logistic", []string{"steepness", "midpoint"}},
	logit:      {"logit", []string{"steepness", "midpoint"}},
	step:       {"step", []string{"at", "below", "above"}},
	points:     {"points", nil},
}

// Linear returns the curve y = slope·x + intercept: Linear(1, 0) rises
// from 0 to 1, Linear(-1, 1) falls from 1 to 0.
func Linear(slope, intercept float64) Curve {
	return Curve{kind: linear, p: [4]float64{slope, intercept}}
}

// Polynomial returns the curve y = slope·(x − shift)^exponent + intercept,
// the power of a negative x − shift taken with its sign kept, as an odd
// power's is: Polynomial(2, 1, 0, 0) is x², slow to rise and then steep
// (urgency that grows late); Polynomial(2, -1, 0, 1) is 1 − x²; an
// exponent below 1 rises fast and then levels off. The exponent must be
// above 0.
func Polynomial(exponent, slope, shift, intercept float64) Curve {
	return Curve{kind: polynomial, p: [4]float64{exponent, slope, shift, intercept}}
}

// Logistic returns the S-shaped curve y = 1 / (1 + e^(−steepness·(x −
// midpoint))): near 0 well below the midpoint, 0.5 at it, near 1 well
// above it, the sooner the steeper; a negative steepness falls instead.
// Logistic(10, 0.5) is a soft threshold halfway. The steepness must not
// be 0.
func Logistic(steepness, midpoint float64) Curve {
	return Curve{kind: logistic, p: [4]float64{steepness, midpoint}}
}

// Logit returns the inverse of Logistic(steepness, midpoint), y = midpoint
// + ln(x / (1 − x)) / steepness: steep near both ends and flat in the
// middle, where it passes through (0.5, midpoint). It makes the extremes
// of an input matter and its middle not. The steepness must not be 0.
func Logit(steepness, midpoint float64) Curve {
	return Curve{kind: logit, p: [4]float64{steepness, midpoint}}
}

// Step returns the curve that is below for x under at, and above from at
// on: Step(0.5, 0, 1) is a hard threshold halfway, Step(0.2, 1, 0) a veto
// of inputs from a fifth of the range up. at must lie in [0, 1].
func Step(at, below, above float64) Curve {
	return Curve{kind: step, p: [4]float64{at, below, above}}
}

// Points returns the curve through points, given as x, y pairs, x0, y0,
// x1, y1, ...: straight between them and level beyond the first and the
// last. There must be two points at least, each within [0, 1] on both
// axes, the xs rising. It draws any shape a designer sketches:
// Points(0, 0, 0.3, 1, 1, 1) rises fast and holds.
func Points(xy ...float64) Curve {
	return Curve{kind: points, points: slices.Clone(xy)}
}

// At returns the curve's answer for x, clamped to [0, 1]: an x outside
// [0, 1] is taken as the nearer end, and a curve whose answer is not a
// number answers 0.
func (c Curve) At(x float64) float64 {
	switch {
	case math.IsNaN(x):
		x = 0
	case x < 0:
		x = 0
	case x > 1:
		x = 1
	}
	return clamp(c.raw(x))
}

// raw is the curve's formula at x, in [0, 1], unclamped.
func (c Curve) raw(x float64) float64 {
	p := &c.p
	switch c.kind {
	case unset:
		return x
	case linear:
		return p[0]*x + p[1]
	case polynomial:
		d := x - p[2]
		return p[1]*math.Copysign(math.Pow(math.Abs(d), p[0]), d) + p[3]
	case logistic:
		return 1 / (1 + math.Exp(-p[0]*(x-p[1])))
	case logit:
		return p[1] + math.Log(x/(1-x))/p[0]
	case step:
		if x < p[0] {
			return p[1]
		}
		return p[2]
	case points:
		return c.through(x)
	}
	return 0
}

// through interpolates the points at x.
func (c Curve) through(x float64) float64 {
	pts := c.points
	if len(pts) < 4 {
		return 0
	}
	if x <= pts[0] {
		return pts[1]
	}
	for i := 2; i+1 < len(pts); i += 2 {
		x0, y0, x1, y1 := pts[i-2], pts[i-1], pts[i], pts[i+1]
		if x <= x1 {
			return y0 + (y1-y0)*(x-x0)/(x1-x0)
		}
	}
	return pts[len(pts)-1]
}

// clamp puts y in [0, 1], and what is not a number at 0.
func clamp(y float64) float64 {
	switch {
	case y > 1:
		return 1
	case y >= 0:
		return y
	}
	return 0 // below 0, or NaN
}

// String describes the curve as its kind and its parameters by name, as
// "logistic(steepness 10, midpoint 0.5)", and a curve through points as
// "points(0 0, 0.3 1, 1 1)": the form traces and tools show (decide.Term's
// Curve), which the inspector draws.
func (c Curve) String() string {
	var b strings.Builder
	b.WriteString(kinds[c.kind].name)
	b.WriteByte('(')
	if c.kind == points {
		for i := 0; i+1 < len(c.points); i += 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(num(c.points[i]) + " " + num(c.points[i+1]))
		}
	} else {
		p := c.params()
		for i, name := range kinds[c.kind].params {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(name + " " + num(p[i]))
		}
	}
	b.WriteByte(')')
	return b.String()
}

// params returns the curve's parameters: the zero Curve's are those of
// y = x.
func (c Curve) params() [4]float64 {
	if c.kind == unset {
		return [4]float64{1, 0}
	}
	return c.p
}

// num writes a parameter as briefly as it reads back exactly.
func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Validate reports what makes no sense in the curve's parameters.
func (c Curve) Validate() error {
	if int(c.kind) >= len(kinds) {
		return fmt.Errorf("a curve of unknown kind %d", c.kind)
	}
	name := kinds[c.kind].name
	if c.kind == points {
		return c.checkPoints()
	}
	for i, p := range kinds[c.kind].params {
		if v := c.p[i]; math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: %s %v is not a finite number", name, p, v)
		}
	}
	switch p := c.p; {
	case c.kind == polynomial && p[0] <= 0:
		return fmt.Errorf("polynomial: exponent %v: give one above 0", num(p[0]))
	case (c.kind == logistic || c.kind == logit) && p[0] == 0:
		return fmt.Errorf("%s: steepness 0 is flat: give one above or below 0", name)
	case c.kind == step && (p[0] < 0 || p[0] > 1):
		return fmt.Errorf("step: at %v lies outside [0, 1]", num(p[0]))
	}
	return nil
}

// checkPoints reports what is wrong with the points of a Points curve.
func (c Curve) checkPoints() error {
	pts := c.points
	switch {
	case len(pts)%2 != 0:
		return fmt.Errorf("points: %d numbers: give x, y pairs", len(pts))
	case len(pts) < 4:
		return fmt.Errorf("points: %d point(s): give two at least", len(pts)/2)
	}
	for i := 0; i < len(pts); i += 2 {
		x, y := pts[i], pts[i+1]
		switch {
		case !(x >= 0 && x <= 1) || !(y >= 0 && y <= 1):
			return fmt.Errorf("points: (%v, %v) lies outside [0, 1] × [0, 1]", num(x), num(y))
		case i > 0 && x <= pts[i-2]:
			return fmt.Errorf("points: x %v after %v: the xs must rise", num(x), num(pts[i-2]))
		}
	}
	return nil
}

// MarshalJSON writes the curve as tree files hold it: its kind and its
// parameters by name, as
//
//	{"kind": "logistic", "steepness": 10, "midpoint": 0.5}
//	{"kind": "points", "points": [[0, 0], [0.3, 1], [1, 1]]}
//
// A curve whose parameters are not finite numbers cannot be written.
func (c Curve) MarshalJSON() ([]byte, error) {
	if int(c.kind) >= len(kinds) {
		return nil, fmt.Errorf("utility: a curve of unknown kind %d", c.kind)
	}
	var b bytes.Buffer
	b.WriteString(`{"kind": "` + kinds[c.kind].name + `"`)
	if c.kind == points {
		b.WriteString(`, "points": [`)
		for i := 0; i+1 < len(c.points); i += 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := writeNums(&b, "[", c.points[i], c.points[i+1]); err != nil {
				return nil, err
			}
			b.WriteByte(']')
		}
		b.WriteByte(']')
	} else {
		p := c.params()
		for i, name := range kinds[c.kind].params {
			if err := writeNums(&b, `, "`+name+`": `, p[i]); err != nil {
				return nil, err
			}
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeNums writes prefix and the numbers, separated by commas.
func writeNums(b *bytes.Buffer, prefix string, vs ...float64) error {
	b.WriteString(prefix)
	for i, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("utility: a curve's parameter %v is not a finite number", v)
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(num(v))
	}
	return nil
}

// UnmarshalJSON reads a curve as MarshalJSON writes it. Every parameter
// of its kind must be given, and no other; a curve whose parameters make
// no sense (see Validate) is refused too, saying why.
func (c *Curve) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		return errors.New(`a curve is an object such as {"kind": "linear", "slope": 1, "intercept": 0}`)
	}
	var name string
	if err := json.Unmarshal(raw["kind"], &name); err != nil || name == "" {
		return fmt.Errorf("a curve names its kind: one of %s", kindList())
	}
	k, ok := kindNamed(name)
	if !ok {
		return fmt.Errorf("unknown curve %q (want one of %s)", name, kindList())
	}
	out := Curve{kind: k}
	want := append([]string{"kind"}, kinds[k].params...)
	if out.kind == points {
		want = []string{"kind", "points"}
	}
	for _, key := range slices.Sorted(maps.Keys(raw)) {
		if !slices.Contains(want, key) {
			return fmt.Errorf("%s: unknown field %q (a %s curve has %s)", name, key, name, strings.Join(want[1:], ", "))
		}
	}
	for i, p := range want[1:] {
		v, ok := raw[p]
		if !ok {
			return fmt.Errorf("%s: give its %s", name, strings.Join(want[1:], ", "))
		}
		if out.kind == points {
			// Pointers, and slices rather than arrays, so that a pair
			// short of a number, or with one too many, or a null, is
			// refused rather than read as 0 or cut short.
			var pairs [][]*float64
			err := json.Unmarshal(v, &pairs)
			for _, xy := range pairs {
				if err != nil || len(xy) != 2 || xy[0] == nil || xy[1] == nil {
					err = errors.New("not a pair of numbers")
					break
				}
				out.points = append(out.points, *xy[0], *xy[1])
			}
			if err != nil {
				return errors.New("points: give [x, y] pairs, as [[0, 0], [1, 1]]")
			}
			continue
		}
		var f *float64
		if err := json.Unmarshal(v, &f); err != nil || f == nil {
			return fmt.Errorf("%s: %s: want a number", name, p)
		}
		out.p[i] = *f
	}
	if err := out.Validate(); err != nil {
		return err
	}
	*c = out
	return nil
}

// kindNamed returns the kind of curve of that name.
func kindNamed(name string) (curveKind, bool) {
	for k := linear; int(k) < len(kinds); k++ {
		if kinds[k].name == name {
			return k, true
		}
	}
	return 0, false
}

// kindList lists the kinds of curve, for errors.
func kindList() string {
	names := make([]string, 0, len(kinds))
	for _, k := range kinds[1:] {
		names = append(names, strconv.Quote(k.name))
	}
	return strings.Join(names, ", ")
}
