package utility

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/foresight-bt/foresight/decide"
)

// An Input is one number of the agent's memory, by name: how hungry, how
// far the enemy, how many arrows. Read returns it from a memory, and must
// only read. The game declares its inputs once, and a tree file names
// them (package btjson's Registry.Inputs), as it names actions.
type Input[M any] struct {
	Name string
	Read func(m *M) float64
}

// Over returns the consideration of the input normalised over [min, max]
// and mapped through c: hunger.Over(0, 100, Logistic(10, 0.5)) makes an
// option worth more as hunger passes 50. Its weight in a sum is 1.
func (in Input[M]) Over(min, max float64, c Curve) Consideration[M] {
	return Consideration[M]{Input: in, Min: min, Max: max, Curve: c, Weight: 1}
}

// A Consideration is one reason an option is worth doing: an input read
// from the memory, normalised over the range [Min, Max] (Min reads as 0,
// Max as 1, and beyond them as the nearer end), then mapped through the
// response curve, which answers from 0 (this reason rules the option out)
// to 1 (it is all for it); an input that is not a number answers 0.
// Weight is its share of a weighted sum (see
// Measure.Sum); a product ignores it. Build refuses an input without a
// name or a Read function, a range that is empty or not finite (or
// wider than a float64 holds), a curve
// that makes no sense, and a negative weight.
type Consideration[M any] struct {
	Input    Input[M]
	Min, Max float64
	Curve    Curve
	Weight   float64
}

// Weighted returns c with weight w in a weighted sum.
func (c Consideration[M]) Weighted(w float64) Consideration[M] {
	c.Weight = w
	return c
}

// score reads the consideration's input from m and answers it, noting
// what it read in t.
func (c *Consideration[M]) score(m *M, t *decide.Term) float64 {
	v := c.Input.Read(m)
	x := (v - c.Min) / (c.Max - c.Min)
	switch {
	case math.IsNaN(v):
		// Nothing is known: the reason rules the option out, whatever
		// the curve would answer at either end.
		t.Value, t.X, t.Y = v, math.NaN(), 0
		return 0
	case x < 0:
		x = 0
	case x > 1:
		x = 1
	}
	y := c.Curve.At(x)
	t.Value, t.X, t.Y = v, x, y
	return y
}

// check reports what is wrong with the consideration.
func (c *Consideration[M]) check() error {
	in := &c.Input
	switch {
	case in.Name == "":
		return errors.New("an input without a name")
	case in.Read == nil:
		return fmt.Errorf("input %q has no Read function", in.Name)
	case math.IsNaN(c.Min) || math.IsInf(c.Min, 0) || math.IsNaN(c.Max) || math.IsInf(c.Max, 0):
		return fmt.Errorf("%s: the range [%v, %v] is not finite", in.Name, c.Min, c.Max)
	case !(c.Min < c.Max):
		return fmt.Errorf("%s: the range [%v, %v] is empty: give a min below the max", in.Name, num(c.Min), num(c.Max))
	case math.IsInf(c.Max-c.Min, 0):
		return fmt.Errorf("%s: the range [%v, %v] is wider than a float64 holds", in.Name, num(c.Min), num(c.Max))
	case math.IsNaN(c.Weight) || math.IsInf(c.Weight, 0) || c.Weight < 0:
		return fmt.Errorf("%s: weight %v: give a finite weight of 0 or more", in.Name, c.Weight)
	}
	if err := c.Curve.Validate(); err != nil {
		return fmt.Errorf("%s: %w", in.Name, err)
	}
	return nil
}

// A Measure is how much an alternative is worth: its considerations,
// combined, times its weight. Combined by their product (the default),
// each consideration can rule the alternative out, and the product is
// compensated for their number, as Dave Mark's Infinite Axis Utility
// System does, so that an alternative of many considerations is not
// dragged down by their number alone: each answer y is raised to
// y + (1 − y)·(1 − 1/n)·y before it is multiplied. Combined by their
// weighted sum (Sum), they average by their weights, and none rules the
// alternative out alone. A Measure without considerations is worth its
// weight.
//
// A utility selector weighs its options by Measures (Option); an HTN
// method's utility and a GOAP goal's can be written as one too (their
// Builders' Consider), and every decider that weighs by a Measure reports
// the same breakdown (decide.Score, with a decide.Term for each
// consideration).
type Measure[M any] struct {
	Weight         float64
	Sum            bool
	Considerations []Consideration[M]
}

// Explain returns what the measure makes m worth, as Of does, and writes
// each consideration's part into terms, one a consideration in order:
// what it read, normalised, and what its curve answered. Terms makes
// them, the input and the curve of each named, once: a decider that
// weighs by a measure reports them so (decide.Score's Terms), and keeps
// them from one weighing to the next. With fewer terms than
// considerations it writes none.
func (ms *Measure[M]) Explain(m *M, terms []decide.Term) float64 {
	if len(terms) < len(ms.Considerations) {
		terms = nil
	}
	return ms.score(m, terms)
}

// Terms returns a term for each consideration, its input and its curve
// named, for Explain to fill; nil for a measure without considerations.
func (ms *Measure[M]) Terms() []decide.Term {
	if len(ms.Considerations) == 0 {
		return nil
	}
	ts := make([]decide.Term, len(ms.Considerations))
	for i := range ms.Considerations {
		c := &ms.Considerations[i]
		ts[i] = decide.Term{Input: c.Input.Name, Curve: c.Curve.String()}
	}
	return ts
}

// Of returns what the measure makes m worth: its considerations combined,
// times its weight. Its breakdown, term by term, is what a decider
// reports (decide.Score); Of is for a function that wants the number
// alone, such as a plain HTN or GOAP utility.
func (ms *Measure[M]) Of(m *M) float64 { return ms.score(m, nil) }

// score returns what m is worth, each consideration's part noted in
// terms, which has room for them all, or nowhere for nil terms.
func (ms *Measure[M]) score(m *M, terms []decide.Term) float64 {
	cs := ms.Considerations
	if len(cs) == 0 {
		return ms.Weight
	}
	var spare decide.Term
	at := func(i int) *decide.Term {
		if terms == nil {
			return &spare
		}
		return &terms[i]
	}
	if ms.Sum {
		var sum, weights float64
		for i := range cs {
			sum += cs[i].Weight * cs[i].score(m, at(i))
			weights += cs[i].Weight
		}
		return ms.Weight * sum / weights
	}
	lift := 1 - 1/float64(len(cs))
	total := 1.0
	for i := range cs {
		y := cs[i].score(m, at(i))
		total *= y + (1-y)*lift*y
	}
	return ms.Weight * total
}

// Validate reports what is wrong with the measure, each problem once: a
// weight that is negative or not a number, a consideration without an
// input's name or Read function, with a range that is empty or not
// finite, a curve that makes no sense, a negative weight, and a weighted
// sum whose weights are all 0 or add up to more than a float64 holds. Build calls it wherever a measure is
// given.
func (ms *Measure[M]) Validate() error {
	var errs []error
	if w := ms.Weight; math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
		errs = append(errs, fmt.Errorf("weight %v: give a finite weight of 0 or more", w))
	}
	weights := 0.0
	for i := range ms.Considerations {
		c := &ms.Considerations[i]
		if err := c.check(); err != nil {
			errs = append(errs, fmt.Errorf("consideration %d: %w", i+1, err))
		}
		weights += c.Weight
	}
	switch {
	case ms.Sum && len(ms.Considerations) > 0 && !(weights > 0):
		errs = append(errs, errors.New("a weighted sum of considerations that all weigh 0"))
	case ms.Sum && math.IsInf(weights, 0):
		errs = append(errs, errors.New("a weighted sum of considerations whose weights add up to more than a float64 holds"))
	}
	return errors.Join(errs...)
}

// describe says what the measure is, for a domain's description:
// "weight 2, product of 3", "sum of 2".
func (ms *Measure[M]) describe() string {
	how := "product of "
	if ms.Sum {
		how = "sum of "
	}
	d := how + strconv.Itoa(len(ms.Considerations))
	if len(ms.Considerations) == 0 {
		d = "no considerations"
	}
	if ms.Weight != 1 {
		d = "weight " + num(ms.Weight) + ", " + d
	}
	return d
}
