package troll

import (
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

// The conditions: preconditions of the actions and conditions of the
// HTN's methods, shared by every decider.
var (
	SeesEnemy   = constraints.Func("sees the intruder", func(m *Memory) bool { return m.CanSee })
	SawRecently = constraints.Func("saw the intruder lately", sawRecently)
	HasSeen     = constraints.Func("knows where it was", func(m *Memory) bool { return m.HasSeen })
	HasTrunk    = constraints.Func("holds a trunk", func(m *Memory) bool { return m.Trunk > 0 })
	InReach     = constraints.Func("within reach", func(m *Memory) bool { return m.Pos.Dist(m.Enemy) <= 1 },
		constraints.SkipWhileRunning())
	TreeLeft = constraints.Func("a tree stands", func(m *Memory) bool {
		for _, s := range m.Standing {
			if s {
				return true
			}
		}
		return false
	})
)

func sawRecently(m *Memory) bool { return m.HasSeen && m.Now-m.SeenAt < RecallWindow }

// Hurt and Dead are the reactions' tests: recover when hurt, fall when
// dead, whatever else the troll is doing.
func Hurt(m *Memory) bool { return !m.Dead && m.HP < HurtBelow }

// Dead reports whether the troll has fallen.
func Dead(m *Memory) bool { return m.Dead }

// Goal is what the troll wants of a predicted world, as rules in order:
// to stay alive, hurt the intruder, keep a trunk, and see to its bridges.
var Goal = must(heuristic.NewRules(heuristic.Irrelevant,
	heuristic.When("falls", heuristic.Deadly, func(b, a *Memory) bool { return a.Dead && !b.Dead }),
	heuristic.When("recovers", heuristic.Safe, func(b, a *Memory) bool { return a.HP > b.HP }),
	heuristic.When("hurts the intruder", heuristic.Beneficial, func(b, a *Memory) bool { return a.EnemyHP < b.EnemyHP }),
	heuristic.When("rearms", heuristic.Beneficial, func(b, a *Memory) bool { return a.Trunk > b.Trunk }),
	heuristic.When("checks a bridge", heuristic.Beneficial, func(b, a *Memory) bool { return a.Checks > b.Checks }),
	heuristic.When("roars", heuristic.Cosmetic, func(b, a *Memory) bool { return a.Roars > b.Roars }),
))

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Domain returns the Trunk Thumper's HTN domain, as the chapter gives it:
//
//	BeTrunkThumper
//	  attack   [sees the intruder]        AttackEnemy
//	  regain   [saw the intruder lately]  NavToLastEnemyLoc (expects to see it), RegainLOSRoar
//	  patrol                              ChooseBridgeToCheck, NavigateToBridge, CheckBridge
//	AttackEnemy
//	  slam     [holds a trunk]            NavigateToEnemy, DoTrunkSlam
//	  rearm                               FindTrunk, NavigateToTrunk, UprootTrunk, AttackEnemy
//
// The troll plans again when its senses bring news (News).
func Domain() (*htn.Domain[Memory], error) {
	d := htn.New[Memory]()
	d.Primitive("ChooseBridgeToCheck", ChooseBridgeToCheck)
	d.Primitive("NavigateToBridge", NavigateToBridge)
	d.Primitive("CheckBridge", CheckBridge)
	d.Primitive("NavigateToEnemy", NavigateToEnemy, SeesEnemy)
	d.Primitive("DoTrunkSlam", DoTrunkSlam, HasTrunk, InReach)
	d.Primitive("FindTrunk", FindTrunk, TreeLeft)
	d.Primitive("NavigateToTrunk", NavigateToTrunk)
	d.Primitive("UprootTrunk", UprootTrunk)
	d.Primitive("NavToLastEnemyLoc", NavToLastEnemyLoc, HasSeen).
		Expect(func(m *Memory) { m.CanSee, m.Enemy = true, m.LastSeen })
	d.Primitive("RegainLOSRoar", RegainLOSRoar, SeesEnemy)

	d.Compound("BeTrunkThumper").
		Method("attack", SeesEnemy).Do("AttackEnemy").
		Method("regain", SawRecently).Do("NavToLastEnemyLoc", "RegainLOSRoar").
		Method("patrol").Do("ChooseBridgeToCheck", "NavigateToBridge", "CheckBridge")
	d.Compound("AttackEnemy").
		Method("slam", HasTrunk).Do("NavigateToEnemy", "DoTrunkSlam").
		Method("rearm").Do("FindTrunk", "NavigateToTrunk", "UprootTrunk", "AttackEnemy")
	d.ReplanWhen(News)
	return d.Build("BeTrunkThumper")
}

// A Decider is the part of the troll's mind that picks what to do, below
// the reactions: an HTN planner or a behaviour tree, over the same
// actions.
type Decider uint8

// The deciders.
const (
	HTN Decider = iota + 1
	BT
)

var deciderNames = [...]string{"", "htn", "bt"}

// String returns the decider's name, as the demo's -decider flag takes it.
func (d Decider) String() string {
	if int(d) < len(deciderNames) && d != 0 {
		return deciderNames[d]
	}
	return fmt.Sprintf("Decider(%d)", d)
}

// ParseDecider returns the decider named s ("htn", "bt").
func ParseDecider(s string) (Decider, error) {
	for i, n := range deciderNames {
		if n == s && i > 0 {
			return Decider(i), nil
		}
	}
	return 0, fmt.Errorf("troll: unknown decider %q (want htn or bt)", s)
}

// NewTree returns the troll's tree with decider d: the reactions first
// (fall when dead, recover when hurt), which take over within a tick and
// halt whatever runs, then d.
func NewTree(d Decider) (*bt.Tree[Memory], error) {
	b := bt.New(bt.Config[Memory]{Heuristic: Goal}).
		ReactivePriority("troll").
		Sequence("die").Condition("dead", Dead).Do("Fall", Fall).End().
		Sequence("recover").Condition("hurt", Hurt).Do("Recover", Recover).End()
	switch d {
	case HTN:
		dom, err := Domain()
		if err != nil {
			return nil, err
		}
		b.Branch(dom.Branch("think"))
	case BT:
		b.Branch(behaviour)
	default:
		return nil, fmt.Errorf("troll: no tree for %v", d)
	}
	return b.End().Build()
}

// behaviour is the domain written as a behaviour tree: the same actions
// and conditions, as fixed priorities that a reactive fallback re-checks
// every tick.
func behaviour(b *bt.Builder[Memory]) {
	b.ReactivePriority("think").
		Sequence("attack").Condition("sees the intruder", func(m *Memory) bool { return m.CanSee }).
		Priority("AttackEnemy").
		Sequence("slam").Condition("holds a trunk", func(m *Memory) bool { return m.Trunk > 0 }).
		Do("NavigateToEnemy", NavigateToEnemy).Constrain(SeesEnemy).
		Do("DoTrunkSlam", DoTrunkSlam).Constrain(HasTrunk, InReach).
		End().
		Sequence("rearm").
		Do("FindTrunk", FindTrunk).Constrain(TreeLeft).
		Do("NavigateToTrunk", NavigateToTrunk).
		Do("UprootTrunk", UprootTrunk).
		End().
		End().
		End().
		Sequence("regain").Condition("saw the intruder lately", sawRecently).
		Do("NavToLastEnemyLoc", NavToLastEnemyLoc).Constrain(HasSeen).
		Do("RegainLOSRoar", RegainLOSRoar).Constrain(SeesEnemy).
		End().
		Sequence("patrol").
		Do("ChooseBridgeToCheck", ChooseBridgeToCheck).
		Do("NavigateToBridge", NavigateToBridge).
		Do("CheckBridge", CheckBridge).
		End().
		End()
}
