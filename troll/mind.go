package troll

import (
	"fmt"
	"sync"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

// The conditions: preconditions of the actions and conditions of the
// HTN's methods, shared by every decider.
var (
	SeesEnemy   = constraints.Func("in sight", func(m *Memory) bool { return m.CanSee })
	SawRecently = constraints.Func("seen lately", sawRecently)
	HasSeen     = constraints.Func("seen before", func(m *Memory) bool { return m.HasSeen },
		constraints.WhenFalse("never seen"))
	HasTrunk = constraints.Func("armed", func(m *Memory) bool { return m.Trunk > 0 }, constraints.WhenFalse("unarmed"))
	InReach  = constraints.Func("within reach", func(m *Memory) bool { return m.Pos.Dist(m.Enemy) <= 1 },
		constraints.SkipWhileRunning())
	// Facing is in sight for a roar: once begun, a roar is finished even if
	// the intruder steps out of sight.
	Facing   = constraints.Func("in sight", func(m *Memory) bool { return m.CanSee }, constraints.SkipWhileRunning())
	TreeLeft = constraints.Func("a tree standing", func(m *Memory) bool {
		for _, s := range m.Standing {
			if s {
				return true
			}
		}
		return false
	}, constraints.WhenFalse("no tree standing"))
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

// Actions are the troll's action library, as the chapter names its
// primitive tasks, each declared once with its preconditions, what a
// step of it costs a goal-driven plan (the ticks it takes: one for an
// instant choice, one a cell for a walk), how long it takes when that is
// fixed, and what plans expect of it beyond its Simulate. The HTN domain,
// the behaviour tree and the GOAP domain (all but RegainLOSRoar) take
// their actions from it by name; the reactions (Fall, Recover) too.
var Actions = must(actions())

func actions() (*catalogue.Catalogue[Memory], error) {
	// snippet troll-actions

	var b catalogue.Builder[Memory]
	b.Action("ChooseBridgeToCheck", ChooseBridgeToCheck).Cost(ticks(Step))
	b.Action("NavigateToBridge", NavigateToBridge).Cost(walked)
	b.Action("CheckBridge", CheckBridge).Takes(time.Second).Cost(ticks(time.Second))
	b.Action("NavigateToEnemy", NavigateToEnemy, SeesEnemy).Cost(walked)
	b.Action("DoTrunkSlam", DoTrunkSlam, HasTrunk, InReach).Takes(SlamTime).Cost(ticks(SlamTime))
	b.Action("FindTrunk", FindTrunk, TreeLeft).Cost(ticks(Step))
	b.Action("NavigateToTrunk", NavigateToTrunk).Cost(walked)
	b.Action("UprootTrunk", UprootTrunk).Takes(time.Second).Cost(ticks(time.Second))
	b.Action("NavToLastEnemyLoc", NavToLastEnemyLoc, HasSeen).Expect(expectSight).Cost(walked)
	b.Action("RegainLOSRoar", RegainLOSRoar, Facing).Takes(RoarTime)
	b.Action("Fall", Fall)
	b.Action("Recover", Recover)
	// end snippet troll-actions
	return b.Build()
}

// expectSight is what a plan expects of the walk to where the intruder
// was last seen: to see it there.
func expectSight(m *Memory) { m.CanSee, m.Enemy = true, m.LastSeen }

// ticks is the cost of an action that takes d: the ticks it takes.
// Whole numbers keep costs exact.
func ticks(d time.Duration) func(before, after *Memory) float64 {
	return func(*Memory, *Memory) float64 { return float64(d / Step) }
}

// walked is the cost of a walk: a tick a cell, one at least.
func walked(before, after *Memory) float64 { return float64(max(before.Pos.Dist(after.Pos), 1)) }

// Domain returns the Trunk Thumper's HTN domain, as the chapter gives it,
// over Actions:
//
//	BeTrunkThumper
//	  attack   [in sight]                 AttackEnemy
//	  regain   [seen lately]              NavToLastEnemyLoc (expects to see it), RegainLOSRoar
//	  patrol                              ChooseBridgeToCheck, NavigateToBridge, CheckBridge
//	AttackEnemy
//	  slam     [armed]                    NavigateToEnemy, DoTrunkSlam
//	  rearm                               FindTrunk, NavigateToTrunk, UprootTrunk, AttackEnemy
//
// Its tree plans again when the troll's senses bring news (NewTree gives
// its node bt.ReplanOn(News)). A domain is immutable: every call returns
// the same one, which trees, agents and files share.
func Domain() (*htn.Domain[Memory], error) { return thumper() }

var thumper = sync.OnceValues(func() (*htn.Domain[Memory], error) {
	// snippet troll-domain
	return htn.New(Actions).
		Compound("BeTrunkThumper").
		Method("attack", SeesEnemy).Do("AttackEnemy").
		Method("regain", SawRecently).Do("NavToLastEnemyLoc", "RegainLOSRoar").
		Method("patrol").Do("ChooseBridgeToCheck", "NavigateToBridge", "CheckBridge").
		Compound("AttackEnemy").
		Method("slam", HasTrunk).Do("NavigateToEnemy", "DoTrunkSlam").
		Method("rearm").Do("FindTrunk", "NavigateToTrunk", "UprootTrunk", "AttackEnemy").
		Build()
	// end snippet troll-domain
})

// A Decider is the part of the troll's mind that picks what to do: an
// HTN planner, a behaviour tree, a goal-driven (GOAP) planner or a
// utility node below the reactions of a reactive tree, or a state machine
// whose states are the reactions and the HTN planner (Machine), over the
// same actions.
type Decider uint8

// The deciders.
const (
	HTN Decider = iota + 1
	BT
	GOAP
	FSM
	Utility
)

var deciderNames = [...]string{"", "htn", "bt", "goap", "fsm", "utility"}

// String returns the decider's name, as the demo's -decider flag takes it.
func (d Decider) String() string {
	if int(d) < len(deciderNames) && d != 0 {
		return deciderNames[d]
	}
	return fmt.Sprintf("Decider(%d)", d)
}

// ParseDecider returns the decider named s ("htn", "bt", "goap", "fsm",
// "utility").
func ParseDecider(s string) (Decider, error) {
	for i, n := range deciderNames {
		if n == s && i > 0 {
			return Decider(i), nil
		}
	}
	return 0, fmt.Errorf("troll: unknown decider %q (want htn, bt, goap, fsm or utility)", s)
}

// NewTree returns the troll's tree with decider d: the reactions first
// (fall when dead, recover when hurt), which take over within a tick and
// halt whatever runs, then d, which plans again when the senses bring
// news; under FSM, the machine of Machine, whose states are the
// reactions and the HTN planner.
func NewTree(d Decider) (*bt.Tree[Memory], error) {
	def, err := Design(d)
	if err != nil {
		return nil, err
	}
	return bt.Build(TreeConfig(), def)
}

// TreeConfig is the configuration of the troll's trees: its goal as their
// heuristic.
func TreeConfig() bt.Config[Memory] { return bt.Config[Memory]{Heuristic: Goal} }

// Design returns the description of the troll's tree with decider d (see
// NewTree), as nested calls of a bt.Builder.
func Design(d Decider) (bt.Def[Memory], error) {
	n := bt.New[Memory]()
	var think bt.Def[Memory]
	switch d {
	case HTN:
		dom, err := Domain()
		if err != nil {
			return bt.Def[Memory]{}, err
		}
		// snippet troll-think
		think = n.Plan("think", dom, bt.ReplanOn(News)) // plans again when the senses bring news
		// end snippet troll-think
	case BT:
		think = behaviour()
	case Utility:
		think = utilityMind()
	case GOAP:
		dom, err := GoalDomain()
		if err != nil {
			return bt.Def[Memory]{}, err
		}
		think = n.Plan("think", dom, bt.ReplanOn(News))
	case FSM:
		machine, err := Machine()
		if err != nil {
			return bt.Def[Memory]{}, err
		}
		return n.Plan("troll", machine), nil
	default:
		return bt.Def[Memory]{}, fmt.Errorf("troll: no tree for %v", d)
	}
	// snippet troll-tree
	return n.ReactivePriority("troll",
		n.Sequence("die", n.Condition("dead", Dead), Actions.Do("Fall")),
		n.Sequence("recover", n.Condition("hurt", Hurt), Actions.Do("Recover")),
		think,
	), nil
	// end snippet troll-tree
}

// behaviour is the domain written as a behaviour tree: the same actions,
// as fixed priorities that a reactive fallback re-checks every tick.
func behaviour() bt.Def[Memory] {
	n, a := bt.New[Memory](), Actions
	return n.ReactivePriority("think",
		n.Sequence("attack", n.Condition("in sight", Sees),
			n.Priority("AttackEnemy",
				n.Sequence("slam", n.Condition("armed", Armed), a.Do("NavigateToEnemy"), a.Do("DoTrunkSlam")),
				n.Sequence("rearm", a.Do("FindTrunk"), a.Do("NavigateToTrunk"), a.Do("UprootTrunk")),
			),
		),
		n.Sequence("regain", n.Condition("seen lately", sawRecently), a.Do("NavToLastEnemyLoc"), a.Do("RegainLOSRoar")),
		n.Sequence("patrol", a.Do("ChooseBridgeToCheck"), a.Do("NavigateToBridge"), a.Do("CheckBridge")),
	)
}

// Sees and Armed are the behaviour tree's conditions: in sight of the
// intruder, and holding a trunk.
func Sees(m *Memory) bool  { return m.CanSee }
func Armed(m *Memory) bool { return m.Trunk > 0 }
