package troll

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/utility"
)

// The utility troll's inputs: what its considerations read of the memory,
// each declared once, by the names its tree files give them (Registry).
var (
	// InSight is 1 while the troll sees the intruder, else 0.
	InSight = utility.Input[Memory]{Name: "in sight", Read: func(m *Memory) float64 { return boolean(m.CanSee) }}
	// TrunkLeft is the health of the trunk in hand: 0 for none.
	TrunkLeft = utility.Input[Memory]{Name: "trunk", Read: func(m *Memory) float64 { return float64(m.Trunk) }}
	// TreesStanding counts the trees that stand, to be uprooted.
	TreesStanding = utility.Input[Memory]{Name: "trees standing", Read: func(m *Memory) float64 {
		n := 0
		for _, s := range m.Standing {
			if s {
				n++
			}
		}
		return float64(n)
	}}
	// SinceSeen is how many seconds ago the troll last saw the intruder,
	// the whole RecallWindow (forgotten) when it never did.
	SinceSeen = utility.Input[Memory]{Name: "since seen", Read: func(m *Memory) float64 {
		if !m.HasSeen {
			return RecallWindow.Seconds()
		}
		return (m.Now - m.SeenAt).Seconds()
	}}
	// Reach is how many cells away the intruder is, while seen.
	Reach = utility.Input[Memory]{Name: "reach", Read: func(m *Memory) float64 { return float64(m.Pos.Dist(m.Enemy)) }}
)

func boolean(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// utilityMind is the troll's mind as a utility node, over the behaviour
// tree's courses of action: each scored by why the troll would take it,
// the best run until it ends or news comes (bt.ReplanOn(News)), when the
// node scores them again:
//
//	slam    in sight, a trunk in hand, the nearer the better
//	rearm   in sight, no trunk, a tree standing
//	regain  out of sight, seen within the RecallWindow
//	patrol  always, a little (0.2)
func utilityMind() bt.Def[Memory] {
	n, a := bt.New[Memory](), Actions
	// snippet troll-utility
	seen := InSight.Over(0, 1, utility.Step(0.5, 0, 1))
	unseen := InSight.Over(0, 1, utility.Step(0.5, 1, 0))
	return utility.Select("think", utility.Selector[Memory]{},
		utility.Consider(n.Sequence("slam", a.Do("NavigateToEnemy"), a.Do("DoTrunkSlam")),
			seen, TrunkLeft.Over(0, TrunkHealth, utility.Step(0.1, 0, 1)),
			Reach.Over(0, SightRange, utility.Linear(-0.3, 1))),
		utility.Consider(n.Sequence("rearm", a.Do("FindTrunk"), a.Do("NavigateToTrunk"), a.Do("UprootTrunk")),
			seen, TrunkLeft.Over(0, TrunkHealth, utility.Step(0.1, 1, 0)),
			TreesStanding.Over(0, Trees, utility.Step(0.1, 0, 1))).Weighted(0.9),
		utility.Consider(n.Sequence("regain", a.Do("NavToLastEnemyLoc"), a.Do("RegainLOSRoar")),
			unseen, SinceSeen.Over(0, RecallWindow.Seconds(), utility.Step(1, 1, 0))).Weighted(0.6),
		utility.Consider(n.Sequence("patrol", a.Do("ChooseBridgeToCheck"), a.Do("NavigateToBridge"), a.Do("CheckBridge"))).
			Weighted(0.2),
	).With(bt.ReplanOn(News))
	// end snippet troll-utility
}
