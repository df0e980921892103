package troll

import (
	"sync"
	"time"

	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
)

// BridgeRest is how long a checked bridge needs no check: the goal-driven
// troll checks a bridge only when it is due.
const BridgeRest = 5 * time.Second

// The goal-driven troll's extra preconditions. The HTN and the tree need
// none of them: their methods and sequences put the steps in order (choose
// a bridge, walk there, check it), where a goal-driven planner orders
// steps by what each needs.
var (
	// BridgeDue: the chosen bridge has never been checked, or not for
	// BridgeRest.
	BridgeDue = constraints.Func("a bridge due", func(m *Memory) bool { return due(m, max(m.Bridge, 0)) })
	// AtBridge: the troll stands on the bridge it chose.
	AtBridge = constraints.Func("on the bridge", func(m *Memory) bool {
		return m.Bridge >= 0 && m.Pos == m.BridgeAt[m.Bridge]
	})
	// TreeChosen: the tree the troll chose still stands.
	TreeChosen = constraints.Func("a tree chosen", func(m *Memory) bool {
		return m.Tree >= 0 && m.Standing[m.Tree]
	})
	// AtTree: the troll stands beside the tree it chose.
	AtTree = constraints.Func("beside the tree", func(m *Memory) bool {
		return m.Tree >= 0 && m.Standing[m.Tree] && m.Pos.Dist(m.TreeAt[m.Tree]) <= 1
	})
)

// due reports whether bridge b has never been checked, or not for
// BridgeRest.
func due(m *Memory, b int) bool {
	at := m.CheckedAt[b]
	return at == 0 || m.Now-at >= BridgeRest
}

// More of them keep the planner from steps that serve no goal: choosing
// another bridge while the chosen one is due, walking to a bridge that is
// not, looking for a tree with a sound trunk in hand or a tree chosen,
// and searching for an intruder in sight.
var (
	ChosenDone = constraints.Func("the chosen bridge checked", func(m *Memory) bool {
		return m.Bridge < 0 || !due(m, m.Bridge)
	})
	ChosenDue = constraints.Func("the chosen bridge due", func(m *Memory) bool {
		return m.Bridge >= 0 && due(m, m.Bridge)
	})
	TrunkWanted = constraints.Func("a trunk wanted", func(m *Memory) bool {
		return m.Trunk < TrunkHealth && (m.Tree < 0 || !m.Standing[m.Tree])
	})
	OutOfSight = constraints.Func("out of sight", func(m *Memory) bool { return !m.CanSee })
)

// GoalKey is what tells the goal-driven troll's states apart while it
// plans: everything the actions' effects change that a precondition, a
// cost or a goal reads. Time stands still while a plan is searched, so a
// bridge is told apart by whether it was checked just now.
type GoalKey struct {
	Pos                 Cell
	Bridge, Tree, Trunk int8
	EnemyHP             int16
	Standing            [Trees]bool
	Checked             [Bridges]bool
	HasSeen, AtLastSeen bool
}

func goalKey(m *Memory) GoalKey {
	k := GoalKey{Pos: m.Pos, Bridge: int8(m.Bridge), Tree: int8(m.Tree), Trunk: int8(m.Trunk),
		EnemyHP: int16(max(min(m.EnemyHP, 1<<14), -1<<14)), Standing: m.Standing, HasSeen: m.HasSeen,
		AtLastSeen: m.Pos == m.LastSeen}
	for i, at := range m.CheckedAt {
		k.Checked[i] = at == m.Now && m.Checks > 0
	}
	return k
}

// GoalDomain returns the Trunk Thumper as a goal-driven (GOAP) domain over
// the same actions and preconditions as the HTN and the tree:
//
//	slay    utility 3  when it sees the intruder: the intruder's HP gone
//	regain  utility 2  when it saw the intruder lately: stand where it was seen
//	guard   utility 1  always: a bridge checked just now
//
// Each action costs the ticks it takes. The troll plans again when its
// senses bring news (News), and whenever a goal of higher utility than
// the running one becomes relevant and has a plan: an intruder seen
// mid-patrol. Every call returns the same domain.
func GoalDomain() (*goap.Domain[Memory, GoalKey], error) { return goalDriven() }

var goalDriven = sync.OnceValues(func() (*goap.Domain[Memory, GoalKey], error) {
	// snippet troll-goap
	b := goap.New(Actions, goalKey).
		// RegainLOSRoar is left out: a goal-driven troll that sees the
		// intruder attacks it.
		Do("ChooseBridgeToCheck", ChosenDone).
		Do("NavigateToBridge", ChosenDue).
		Do("CheckBridge", AtBridge, BridgeDue).
		Do("NavigateToEnemy").
		Do("DoTrunkSlam").
		Do("FindTrunk", TrunkWanted).
		Do("NavigateToTrunk", TreeChosen).
		Do("UprootTrunk", AtTree).
		Do("NavToLastEnemyLoc", OutOfSight)
	// What slaying must still cost at least: the walk to within reach, a
	// slam for every 30 HP left, and a fresh trunk for every slam the one
	// in hand cannot take. It never overstates, so plans are cheapest.
	slayLeft := func(m *Memory) float64 {
		slams := (max(m.EnemyHP, 0) + SlamDamage - 1) / SlamDamage
		rearms := (max(slams-m.Trunk, 0) + TrunkHealth - 1) / TrunkHealth
		walk := max(m.Pos.Dist(m.Enemy)-1, 0)
		return float64(walk + slams*int(SlamTime/Step) + rearms*int((time.Second+Step)/Step))
	}
	// Guarding must still cost at least the walk to the nearest bridge
	// that is due, and the check; regaining sight, the walk to where the
	// intruder was seen.
	guardLeft := func(m *Memory) float64 {
		walk := -1
		for i, at := range m.BridgeAt {
			if due(m, i) && (walk < 0 || m.Pos.Dist(at) < walk) {
				walk = m.Pos.Dist(at)
			}
		}
		return float64(max(walk, 0) + int(time.Second/Step))
	}
	regainLeft := func(m *Memory) float64 { return float64(m.Pos.Dist(m.LastSeen)) }
	return b.
		Goal("slay", 3, func(m *Memory) bool { return m.EnemyHP <= 0 }).
		Relevant(func(m *Memory) bool { return m.CanSee }).Estimate(slayLeft).
		Goal("regain", 2, func(m *Memory) bool { return m.Pos == m.LastSeen }).
		Relevant(func(m *Memory) bool { return sawRecently(m) && !m.CanSee }).Estimate(regainLeft).
		Goal("guard", 1, func(m *Memory) bool {
			return m.Bridge >= 0 && m.Checks > 0 && m.CheckedAt[m.Bridge] == m.Now
		}).Estimate(guardLeft).
		Build()
	// end snippet troll-goap
})
