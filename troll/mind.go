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
	SeesEnemy   = constraints.Func("in sight", func(m *Memory) bool { return m.CanSee })
	SawRecently = constraints.Func("seen lately", sawRecently)
	HasSeen     = constraints.Func("seen before", func(m *Memory) bool { return m.HasSeen })
	HasTrunk    = constraints.Func("armed", func(m *Memory) bool { return m.Trunk > 0 })
	InReach     = constraints.Func("within reach", func(m *Memory) bool { return m.Pos.Dist(m.Enemy) <= 1 },
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

// A Task is one of the troll's primitive tasks: an action, the
// preconditions under which it can run, and what plans expect of it
// beyond its Simulate (see htn.Builder.Expect).
type Task struct {
	Name   string
	Action bt.Action[Memory]
	Pre    []bt.Constraint[Memory]
	Expect func(m *Memory)
}

// Tasks are the troll's primitive tasks, as the chapter names them. The
// HTN domain, the behaviour tree and the GOAP domain (all but
// RegainLOSRoar) run these.
var Tasks = []Task{
	{Name: "ChooseBridgeToCheck", Action: ChooseBridgeToCheck},
	{Name: "NavigateToBridge", Action: NavigateToBridge},
	{Name: "CheckBridge", Action: CheckBridge},
	{Name: "NavigateToEnemy", Action: NavigateToEnemy, Pre: pre(SeesEnemy)},
	{Name: "DoTrunkSlam", Action: DoTrunkSlam, Pre: pre(HasTrunk, InReach)},
	{Name: "FindTrunk", Action: FindTrunk, Pre: pre(TreeLeft)},
	{Name: "NavigateToTrunk", Action: NavigateToTrunk},
	{Name: "UprootTrunk", Action: UprootTrunk},
	{Name: "NavToLastEnemyLoc", Action: NavToLastEnemyLoc, Pre: pre(HasSeen), Expect: expectSight},
	{Name: "RegainLOSRoar", Action: RegainLOSRoar, Pre: pre(Facing)},
}

func pre(cs ...bt.Constraint[Memory]) []bt.Constraint[Memory] { return cs }

// expectSight is what a search expects: to see the intruder where it was
// last seen.
func expectSight(m *Memory) { m.CanSee, m.Enemy = true, m.LastSeen }

// Domain returns the Trunk Thumper's HTN domain, as the chapter gives it:
//
//	BeTrunkThumper
//	  attack   [in sight]                 AttackEnemy
//	  regain   [seen lately]              NavToLastEnemyLoc (expects to see it), RegainLOSRoar
//	  patrol                              ChooseBridgeToCheck, NavigateToBridge, CheckBridge
//	AttackEnemy
//	  slam     [armed]                    NavigateToEnemy, DoTrunkSlam
//	  rearm                               FindTrunk, NavigateToTrunk, UprootTrunk, AttackEnemy
//
// The troll plans again when its senses bring news (News).
func Domain() (*htn.Domain[Memory], error) {
	d := htn.New[Memory]()
	for _, t := range Tasks {
		d.Primitive(t.Name, t.Action, t.Pre...)
		if t.Expect != nil {
			d.Expect(t.Expect)
		}
	}
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
// the reactions: an HTN planner, a behaviour tree or a goal-driven (GOAP)
// planner, over the same actions.
type Decider uint8

// The deciders.
const (
	HTN Decider = iota + 1
	BT
	GOAP
)

var deciderNames = [...]string{"", "htn", "bt", "goap"}

// String returns the decider's name, as the demo's -decider flag takes it.
func (d Decider) String() string {
	if int(d) < len(deciderNames) && d != 0 {
		return deciderNames[d]
	}
	return fmt.Sprintf("Decider(%d)", d)
}

// ParseDecider returns the decider named s ("htn", "bt", "goap").
func ParseDecider(s string) (Decider, error) {
	for i, n := range deciderNames {
		if n == s && i > 0 {
			return Decider(i), nil
		}
	}
	return 0, fmt.Errorf("troll: unknown decider %q (want htn, bt or goap)", s)
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
	case GOAP:
		dom, err := GoalDomain()
		if err != nil {
			return nil, err
		}
		b.Branch(dom.Branch("think"))
	default:
		return nil, fmt.Errorf("troll: no tree for %v", d)
	}
	return b.End().Build()
}

// behaviour is the domain written as a behaviour tree: the same tasks,
// as fixed priorities that a reactive fallback re-checks every tick.
func behaviour(b *bt.Builder[Memory]) {
	b.ReactivePriority("think").
		Sequence("attack").Condition("in sight", func(m *Memory) bool { return m.CanSee }).
		Priority("AttackEnemy").
		Sequence("slam").Condition("armed", func(m *Memory) bool { return m.Trunk > 0 }).
		Branch(do("NavigateToEnemy")).Branch(do("DoTrunkSlam")).
		End().
		Sequence("rearm").
		Branch(do("FindTrunk")).Branch(do("NavigateToTrunk")).Branch(do("UprootTrunk")).
		End().
		End().
		End().
		Sequence("regain").Condition("seen lately", sawRecently).
		Branch(do("NavToLastEnemyLoc")).Branch(do("RegainLOSRoar")).
		End().
		Sequence("patrol").
		Branch(do("ChooseBridgeToCheck")).Branch(do("NavigateToBridge")).Branch(do("CheckBridge")).
		End().
		End()
}

// do adds the task of that name as a leaf, with its preconditions.
func do(name string) bt.Branch[Memory] {
	return func(b *bt.Builder[Memory]) {
		for _, t := range Tasks {
			if t.Name == name {
				b.Do(t.Name, t.Action).Constrain(t.Pre...)
				return
			}
		}
		b.Do(name, nil) // Build reports the nil action, with its path
	}
}
