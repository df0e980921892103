package jedi

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/utility"
)

// Registry names what the combat tree's files may name: every move as an
// action (by the move's name, and "swing x2" for two swings in a row),
// the constraints and decorators of Design, the test "alerted", and the
// inputs of the utility variant (Options.Utility). A
// file read through it is built with TreeConfig:
//
//	tree, err := jedi.Registry().Build(jedi.TreeConfig(), data)
//
// and Design of any Options writes to a file through it.
func Registry() *btjson.Registry[Memory] {
	r := &btjson.Registry[Memory]{
		Actions:    map[string]bt.Action[Memory]{"swing x2": swing2},
		Conditions: map[string]func(*Memory) bool{"alerted": Alerted},
		Constraints: map[string]bt.Constraint[Memory]{
			"alive":                 the.alive,
			"too close to a Jedi":   the.tooClose,
			"a victim":              the.hasVictim,
			"threatened within 3s":  the.threatened,
			"victim is droid":       the.victimIsDroid,
			"victim is brawler":     the.victimIsBrawler,
			"victim is trooper":     the.victimIsTrooper,
			"victim is rusher":      the.victimIsRusher,
			"victim shielded":       the.victimShielded,
			"victim firing a bolt":  the.counterBolt,
			"victim striking":       the.counterMelee,
			"victim charging":       the.counterHeavy,
			"clear of bolts":        the.clearOfBolts,
			"dash range":            the.dashRange,
			"leap range":            the.leapRange,
			"jump range":            the.jumpRange,
			"push range":            the.pushRange,
			"far from the victim":   the.farFromVictim,
			"high skill":            the.highSkill,
			"facing the victim":     the.facingVictim,
			"facing the victim 0.8": the.facingLoosely,
			"melee within 2s":       the.meleeSoon,
			"bolt within 2s":        the.boltSoon,
			"cooldown 2s":           the.cooldown2s,
			"cooldown 3s":           the.cooldown3s,
			"cooldown 4s":           the.cooldown4s,
			"cooldown 5s":           the.cooldown5s,
			"cooldown 6s":           the.cooldown6s,
		},
		Decorators: map[string]bt.Decorator[Memory]{
			"counter": the.counterFloor,
			"mistake": the.mistake,
		},
		Inputs: map[string]func(*Memory) float64{},
	}
	for _, in := range []utility.Input[Memory]{health, threat, victimHealth, crowded} {
		r.Inputs[in.Name] = in.Read
	}
	for k := MoveSwing; k <= MoveWait; k++ {
		r.Actions[k.String()] = act(k, 1)
	}
	return r
}
