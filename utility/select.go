package utility

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/foresight-bt/foresight/bt"
)

// A Selector is how a utility node scores its children and picks among
// them: the node's value (a bt.Def of kind bt.KindUtility holds a
// *Selector), which Select makes with the children. Its zero value takes
// the option of highest score, ties to the first written, commits to it
// until it ends, and fails when no option scores above 0.
//
// Build checks it, and reports what is wrong with an option at that
// child's path.
type Selector[M any] struct {
	// Options are the children's measures, in order: one for each child.
	Options []Measure[M]

	// Random draws the option among the best, with a chance in
	// proportion to its score, as decide.AtRandom draws, rather than
	// taking the highest: the best being those within Within of the
	// highest score (a fraction of it: 0.1 takes those above 90% of the
	// highest; 0, those tied with it). The draw is keyed by the agent's
	// seed, the tick and the node, so that the same seed and inputs
	// draw the same.
	Random bool
	Within float64

	// Bonus and Margin commit the node to the option it runs, so that it
	// does not dither between options of close scores when it chooses
	// again beside it (bt.Replan, bt.ReplanOn, bt.ReplanOnChange): Bonus
	// is added to the running option's score, and a rival must score
	// more than Margin above that to replace it.
	Bonus, Margin float64

	// Minimum is the least score an option needs to be chosen: when none
	// has it, the node chooses nothing and fails. An option that scores 0
	// is never chosen.
	Minimum float64

	// Foresee, when set, scores each child on the world its simulation
	// predicts, rather than on the world now: the child is simulated on
	// a copy of the memory, as a bt.Selector simulates its children, and
	// Foresee's considerations score the copy, which the option's own
	// measure multiplies (its weight, and its considerations of the
	// world now). An option is then worth what it is predicted to
	// achieve. A child predicted Impossible is never chosen.
	Foresee *Measure[M]
	// ByOutcome, with Foresee, ranks the options by the tree's heuristic
	// first (bt.Config.Heuristic: the outcome of each prediction), and by
	// score among the options of the best outcome: scores beside the
	// discrete outcomes, rather than instead of them.
	ByOutcome bool

	names []string // the children's names, as Select was given them, for Nodes
}

// An Option is a child of a utility node and its measure, for Select.
type Option[M any] struct {
	Node bt.Def[M]
	Measure[M]
}

// Consider returns node as an option of a utility node, worth the product
// of the considerations cs (weight 1).
func Consider[M any](node bt.Def[M], cs ...Consideration[M]) Option[M] {
	return Option[M]{Node: node, Measure: Measure[M]{Weight: 1, Considerations: cs}}
}

// Weighted returns o with weight w: its score is multiplied by w.
func (o Option[M]) Weighted(w float64) Option[M] {
	o.Weight = w
	return o
}

// Select describes a utility node, named name, that scores options as s
// says and runs the best: each option's node is a child of it, and its
// measure is s's for that child. Give it bt.Replan, bt.ReplanOn or
// bt.ReplanOnChange (with Def.With) for it to score again beside the
// option it runs; without them it commits to its choice until that ends
// or fails.
//
//	utility.Select("day", utility.Selector[Villager]{Bonus: 0.1},
//		utility.Consider(actions.Do("eat"), hunger.Over(0, 100, utility.Logistic(10, 0.5))),
//		utility.Consider(actions.Do("sleep"), fatigue.Over(0, 16, utility.Polynomial(2, 1, 0, 0))),
//	).With(bt.Replan(0))
func Select[M any](name string, s Selector[M], options ...Option[M]) bt.Def[M] {
	sel := s
	sel.Options = make([]Measure[M], 0, len(s.Options)+len(options))
	sel.Options = append(sel.Options, s.Options...)
	d := bt.Def[M]{Kind: bt.KindUtility, Name: name, Value: &sel}
	sel.names = nil
	for _, o := range options {
		d.Children = append(d.Children, o.Node)
		sel.Options = append(sel.Options, o.Measure)
	}
	if len(s.Options) == 0 {
		for _, k := range d.Children {
			sel.names = append(sel.names, k.Name)
		}
	}
	return d
}

// CheckOption reports what is wrong with the measure of option i, which
// Build reports at the path of the node's child i.
func (s *Selector[M]) CheckOption(i int) error {
	if i < 0 || i >= len(s.Options) {
		return fmt.Errorf("no measure for this option: the utility node has %d for its children", len(s.Options))
	}
	return s.Options[i].Validate()
}

// Validate reports what is wrong with the selector's own settings, which
// Build reports at the node's path.
func (s *Selector[M]) Validate() error {
	var errs []error
	for _, f := range []struct {
		name string
		v    float64
	}{{"Within", s.Within}, {"Bonus", s.Bonus}, {"Margin", s.Margin}, {"Minimum", s.Minimum}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v < 0 {
			errs = append(errs, fmt.Errorf("%s %v: give a finite number of 0 or more", f.name, f.v))
		}
	}
	if s.Within > 1 {
		errs = append(errs, fmt.Errorf("%s %v: a fraction of the best score, from 0 to 1", "Within", num(s.Within)))
	}
	if s.Within > 0 && !s.Random {
		errs = append(errs, fmt.Errorf("%s draws among the best: it is for a Random selector", "Within"))
	}
	if s.ByOutcome && s.Foresee == nil {
		errs = append(errs, fmt.Errorf("%s ranks predictions: it is for a selector that Foresees", "ByOutcome"))
	}
	if s.Foresee != nil {
		if err := s.Foresee.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", "Foresee", err))
		}
	}
	return errors.Join(errs...)
}

// Nodes describes the selector for tools (bt.NodeInfo.Domain): each
// option, with its measure, and under it each consideration, its input,
// range and curve; Foresee's considerations under a node of their own.
func (s *Selector[M]) Nodes() []bt.NodeInfo {
	var out []bt.NodeInfo
	add := func(name string, ms *Measure[M]) {
		out = append(out, bt.NodeInfo{Path: name, Name: name, Kind: "option", Detail: ms.describe(),
			Children: len(ms.Considerations)})
		for i := range ms.Considerations {
			c := &ms.Considerations[i]
			label := c.Input.Name
			if label == "" {
				label = "#" + strconv.Itoa(i+1)
			}
			out = append(out, bt.NodeInfo{Path: name + "/" + label, Name: label, Kind: "consideration",
				Depth: 1, Parent: name, Detail: c.describe()})
		}
	}
	for i := range s.Options {
		name := "#" + strconv.Itoa(i+1)
		if i < len(s.names) && s.names[i] != "" {
			name = s.names[i]
		}
		add(name, &s.Options[i])
	}
	if s.Foresee != nil {
		add("foresee", s.Foresee)
	}
	return out
}

// describe says what the consideration reads and how it answers:
// "hunger over [0, 100]: logistic(steepness 10, midpoint 0.5)".
func (c *Consideration[M]) describe() string {
	d := c.Input.Name + " over [" + num(c.Min) + ", " + num(c.Max) + "]: " + c.Curve.String()
	if c.Weight != 1 {
		d += ", weight " + num(c.Weight)
	}
	return d
}
