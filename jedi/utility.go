package jedi

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/utility"
)

// What the utility variant of the combat tree (Options.Utility) reads of
// a predicted world, each input by the name the Registry gives it.
var (
	health       = utility.Input[Memory]{Name: "health", Read: func(m *Memory) float64 { return fraction(m.Self.HP, m.Self.MaxHP) }}
	threat       = utility.Input[Memory]{Name: "threat", Read: func(m *Memory) float64 { return m.ThreatLevel }}
	victimHealth = utility.Input[Memory]{Name: "victim health", Read: func(m *Memory) float64 {
		if v := m.VictimEnemy(); v != nil {
			return fraction(v.HP, v.MaxHP)
		}
		return 0
	}}
	crowded = utility.Input[Memory]{Name: "too close", Read: func(m *Memory) float64 {
		if m.TooClose {
			return 1
		}
		return 0
	}}
)

func fraction(n, of int) float64 {
	if of <= 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// worth is what a predicted world is worth to a Jedi, the combat rules'
// aims as considerations: its own health kept, the threat low, the
// victim hurt, and room from the other Jedi (crowding one rules a world
// out, as the first rule does).
var worth = utility.Measure[Memory]{Weight: 1, Considerations: []utility.Consideration[Memory]{
	health.Over(0, 1, utility.Linear(0.8, 0.2)),
	threat.Over(0, 0.5, utility.Linear(-0.8, 1)),
	victimHealth.Over(0, 1, utility.Linear(-0.5, 1)),
	crowded.Over(0, 1, utility.Step(0.5, 1, 0)),
}}

// byUtility returns the combat tree d with its root, a selector that ranks
// its branches by the outcome the combat rules give each one's
// prediction, made a utility node that ranks them so too and, among
// branches of the same outcome, by the worth of the world each predicts
// (utility.Selector.Foresee, ByOutcome); or, without byOutcome, by that
// worth alone. The root keeps its name, its replanning and its
// constraints.
func byUtility(d bt.Def[Memory], byOutcome bool) bt.Def[Memory] {
	opts := make([]utility.Option[Memory], len(d.Children))
	for i, k := range d.Children {
		opts[i] = utility.Consider(k)
	}
	u := utility.Select(d.Name, utility.Selector[Memory]{Foresee: &worth, ByOutcome: byOutcome}, opts...)
	for _, o := range d.Options {
		if o.Key() == "replan" || o.Key() == "replanOn" {
			u = u.With(o)
		}
	}
	return u.Constrain(d.Constraints...)
}
