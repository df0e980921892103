package utility

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Each curve answers its formula, clamped to [0, 1], at the ends, in the
// middle and beyond the range.
func TestCurveAt(t *testing.T) {
	logistic10 := func(x float64) float64 { return 1 / (1 + math.Exp(-10*(x-0.5))) }
	for _, tc := range []struct {
		c    Curve
		x    []float64
		want []float64
	}{
		{Curve{}, []float64{-1, 0, 0.25, 1, 2}, []float64{0, 0, 0.25, 1, 1}},
		{Linear(1, 0), []float64{0, 0.3, 1}, []float64{0, 0.3, 1}},
		{Linear(-1, 1), []float64{0, 0.3, 1}, []float64{1, 0.7, 0}},
		{Linear(2, -0.5), []float64{0, 0.25, 0.5, 1}, []float64{0, 0, 0.5, 1}},
		{Linear(0, 0), []float64{0, 1}, []float64{0, 0}},
		{Polynomial(2, 1, 0, 0), []float64{0, 0.5, 1}, []float64{0, 0.25, 1}},
		{Polynomial(2, -1, 0, 1), []float64{0, 0.5, 1}, []float64{1, 0.75, 0}},
		{Polynomial(0.5, 1, 0, 0), []float64{0, 0.25, 1}, []float64{0, 0.5, 1}},
		{Polynomial(2, 4, 0.5, 0), []float64{0, 0.25, 0.5, 0.75, 1}, []float64{0, 0, 0, 0.25, 1}},
		{Polynomial(3, 4, 0.5, 0.5), []float64{0, 0.5, 1}, []float64{0, 0.5, 1}},
		{Logistic(10, 0.5), []float64{0, 0.5, 0.7, 1}, []float64{logistic10(0), 0.5, logistic10(0.7), logistic10(1)}},
		{Logistic(-10, 0.5), []float64{0, 0.5, 1}, []float64{logistic10(1), 0.5, logistic10(0)}},
		{Logit(10, 0.5), []float64{0, 0.5, 1}, []float64{0, 0.5, 1}},
		{Logit(10, 0.5), []float64{logistic10(0.7)}, []float64{0.7}},
		{Logit(-10, 0.5), []float64{0, 1}, []float64{1, 0}},
		{Step(0.5, 0, 1), []float64{0, 0.49, 0.5, 1}, []float64{0, 0, 1, 1}},
		{Step(0.2, 1, 0), []float64{0.1, 0.2, 0.9}, []float64{1, 0, 0}},
		{Step(0, 0, 0.5), []float64{0, 1}, []float64{0.5, 0.5}},
		{Points(0, 0, 0.3, 1, 1, 1), []float64{-1, 0, 0.15, 0.3, 0.6, 1, 2}, []float64{0, 0, 0.5, 1, 1, 1, 1}},
		{Points(0.2, 1, 0.8, 0), []float64{0, 0.2, 0.5, 0.8, 1}, []float64{1, 1, 0.5, 0, 0}},
	} {
		for i, x := range tc.x {
			if got := tc.c.At(x); math.Abs(got-tc.want[i]) > 1e-12 {
				t.Errorf("%v at %v = %v, want %v", tc.c, x, got, tc.want[i])
			}
		}
	}
}

// Every valid curve answers a number in [0, 1] for every input, NaN
// included, and reads back from JSON and describes itself as it was.
func TestCurveProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := anyCurve().Draw(t, "curve")
		if err := c.Validate(); err != nil {
			t.Skip(err)
		}
		for _, x := range []float64{rapid.Float64().Draw(t, "x"), math.NaN(), math.Inf(1), math.Inf(-1), 0, 1} {
			if y := c.At(x); !(y >= 0 && y <= 1) {
				t.Fatalf("%v at %v = %v", c, x, y)
			}
		}
		data, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back Curve
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if back.String() != c.String() {
			t.Fatalf("%v came back as %v through %s", c, back, data)
		}
		for _, x := range []float64{0, 0.1, 0.5, 0.9, 1} {
			if back.At(x) != c.At(x) {
				t.Fatalf("%v at %v: %v, back %v", c, x, c.At(x), back.At(x))
			}
		}
	})
}

// anyCurve draws a curve of any kind, with parameters that may make no
// sense.
func anyCurve() *rapid.Generator[Curve] {
	p := rapid.Float64Range(-20, 20)
	unit := rapid.Float64Range(0, 1)
	return rapid.Custom(func(t *rapid.T) Curve {
		switch rapid.IntRange(0, 6).Draw(t, "kind") {
		case 0:
			return Curve{}
		case 1:
			return Linear(p.Draw(t, "slope"), p.Draw(t, "intercept"))
		case 2:
			return Polynomial(p.Draw(t, "exponent"), p.Draw(t, "slope"), p.Draw(t, "shift"), p.Draw(t, "intercept"))
		case 3:
			return Logistic(p.Draw(t, "steepness"), p.Draw(t, "midpoint"))
		case 4:
			return Logit(p.Draw(t, "steepness"), p.Draw(t, "midpoint"))
		case 5:
			return Step(unit.Draw(t, "at"), p.Draw(t, "below"), p.Draw(t, "above"))
		}
		n := rapid.IntRange(2, 6).Draw(t, "points")
		var xy []float64
		x := 0.0
		for range n {
			x += rapid.Float64Range(0.01, 0.2).Draw(t, "dx")
			xy = append(xy, x, unit.Draw(t, "y"))
		}
		return Points(xy...)
	})
}

// A curve whose parameters make no sense says why.
func TestCurveValidate(t *testing.T) {
	for _, tc := range []struct {
		c    Curve
		want string
	}{
		{Linear(math.NaN(), 0), "linear: slope NaN is not a finite number"},
		{Linear(1, math.Inf(1)), "linear: intercept +Inf is not a finite number"},
		{Polynomial(0, 1, 0, 0), "polynomial: exponent 0: give one above 0"},
		{Polynomial(-2, 1, 0, 0), "polynomial: exponent -2: give one above 0"},
		{Logistic(0, 0.5), "logistic: steepness 0 is flat: give one above or below 0"},
		{Logit(0, 0.5), "logit: steepness 0 is flat"},
		{Step(1.5, 0, 1), "step: at 1.5 lies outside [0, 1]"},
		{Points(0, 0), "points: 1 point(s): give two at least"},
		{Points(0, 0, 1), "points: 3 numbers: give x, y pairs"},
		{Points(0, 0, 1, 2), "points: (1, 2) lies outside [0, 1] × [0, 1]"},
		{Points(0.5, 0, 0.5, 1), "points: x 0.5 after 0.5: the xs must rise"},
		{Points(0, math.NaN(), 1, 1), "points: (0, NaN) lies outside"},
	} {
		err := tc.c.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.c, err, tc.want)
		}
	}
	for _, c := range []Curve{{}, Linear(0, 0), Step(0, 1, 0), Step(1, 0, 1), Points(0, 0, 1, 1), Logit(-3, 2)} {
		if err := c.Validate(); err != nil {
			t.Errorf("%v: %v", c, err)
		}
	}
}

// Curves go to JSON as tree files hold them, and a file's curve that is
// not one is refused with why.
func TestCurveJSON(t *testing.T) {
	for _, tc := range []struct {
		c    Curve
		want string
	}{
		{Curve{}, `{"kind": "linear", "slope": 1, "intercept": 0}`},
		{Polynomial(2, -1, 0, 1), `{"kind": "polynomial", "exponent": 2, "slope": -1, "shift": 0, "intercept": 1}`},
		{Logistic(10, 0.5), `{"kind": "logistic", "steepness": 10, "midpoint": 0.5}`},
		{Logit(4, 0.25), `{"kind": "logit", "steepness": 4, "midpoint": 0.25}`},
		{Step(0.5, 0, 1), `{"kind": "step", "at": 0.5, "below": 0, "above": 1}`},
		{Points(0, 0, 0.3, 1, 1, 1), `{"kind": "points", "points": [[0, 0], [0.3, 1], [1, 1]]}`},
	} {
		data, err := tc.c.MarshalJSON()
		if err != nil || string(data) != tc.want {
			t.Errorf("%v: %s, %v; want %s", tc.c, data, err, tc.want)
		}
	}
	for _, tc := range []struct{ file, want string }{
		{`[1, 2]`, "a curve is an object"},
		{`{}`, `a curve names its kind: one of "linear", "polynomial", "logistic", "logit", "step", "points"`},
		{`{"kind": "sigmoid"}`, `unknown curve "sigmoid"`},
		{`{"kind": "linear", "slope": 1}`, "linear: give its slope, intercept"},
		{`{"kind": "linear", "slope": 1, "intercept": 0, "mid": 2}`, `linear: unknown field "mid" (a linear curve has slope, intercept)`},
		{`{"kind": "logistic", "steepness": "high", "midpoint": 0.5}`, "logistic: steepness: want a number"},
		{`{"kind": "logistic", "steepness": 0, "midpoint": 0.5}`, "logistic: steepness 0 is flat"},
		{`{"kind": "points", "points": [1, 2]}`, "points: give [x, y] pairs"},
		// A pair short of a number, one too long, a null, an empty pair:
		// each was read as 0 or cut short and loaded.
		{`{"kind": "points", "points": [[0], [1, 1]]}`, "points: give [x, y] pairs"},
		{`{"kind": "points", "points": [[0, 0, 5], [1, 1]]}`, "points: give [x, y] pairs"},
		{`{"kind": "points", "points": [[0, null], [1, 1]]}`, "points: give [x, y] pairs"},
		{`{"kind": "points", "points": [[], [0, 0], [1, 1]]}`, "points: give [x, y] pairs"},
		{`{"kind": "linear", "slope": null, "intercept": 0}`, "linear: slope: want a number"},
	} {
		var c Curve
		err := json.Unmarshal([]byte(tc.file), &c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.file, err, tc.want)
		}
		if diff := cmp.Diff(Curve{}, c, cmp.AllowUnexported(Curve{})); diff != "" {
			t.Errorf("%s: a refused curve was changed:\n%s", tc.file, diff)
		}
	}
	if _, err := json.Marshal(Linear(math.NaN(), 0)); err == nil {
		t.Error("a curve of NaN was written")
	}
}

// A curve describes itself as traces show it.
func TestCurveString(t *testing.T) {
	for _, tc := range []struct {
		c    Curve
		want string
	}{
		{Curve{}, "linear(slope 1, intercept 0)"},
		{Linear(-1, 1), "linear(slope -1, intercept 1)"},
		{Polynomial(2, 1, 0, 0), "polynomial(exponent 2, slope 1, shift 0, intercept 0)"},
		{Logistic(10, 0.5), "logistic(steepness 10, midpoint 0.5)"},
		{Logit(10, 0.5), "logit(steepness 10, midpoint 0.5)"},
		{Step(0.25, 1, 0), "step(at 0.25, below 1, above 0)"},
		{Points(0, 0, 0.3, 1, 1, 1), "points(0 0, 0.3 1, 1 1)"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%s, want %s", got, tc.want)
		}
	}
}
