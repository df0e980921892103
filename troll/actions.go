package troll

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// How long a slam and a roar take.
const (
	SlamTime = 500 * time.Millisecond
	RoarTime = 500 * time.Millisecond
)

// The actions: one value each, shared by every troll and every decider.
// Live, they move the troll's body and write its blows into the memory,
// which the World carries out; simulated, they predict the same change on
// a copy. An action that takes time keeps its timer in Memory.Busy: a
// troll runs one action at a time.
var (
	// ChooseBridgeToCheck picks the next bridge, in the map's order.
	ChooseBridgeToCheck = bt.Instant(func(m *Memory) bool { chooseBridge(m); return true }, chooseBridge)
	// NavigateToBridge walks to the chosen bridge.
	NavigateToBridge = walk(func(m *Memory) Cell { return m.BridgeAt[max(m.Bridge, 0)] }, 0)
	// CheckBridge looks the bridge over for a second.
	CheckBridge = timed(time.Second, checkBridge)

	// NavigateToEnemy closes in on the intruder it sees, to striking reach.
	NavigateToEnemy = walk(func(m *Memory) Cell { return m.Enemy }, 1)
	// DoTrunkSlam brings the trunk down on the intruder: the trunk takes
	// the blow too, and breaks after TrunkHealth slams.
	DoTrunkSlam = timed(SlamTime, slam)

	// FindTrunk picks the nearest standing tree.
	FindTrunk = bt.Instant(findTree, func(m *Memory) { findTree(m) })
	// NavigateToTrunk walks to the chosen tree.
	NavigateToTrunk = walk(func(m *Memory) Cell { return m.TreeAt[max(m.Tree, 0)] }, 1)
	// UprootTrunk pulls the tree up for a fresh trunk.
	UprootTrunk = timed(time.Second, uproot)

	// NavToLastEnemyLoc walks to where the intruder was last seen, and
	// succeeds when it sees the intruder again; there, if it is not in
	// sight, the troll gives up the chase (it forgets). Plans expect it to
	// see the intruder (see Domain), so seeing it is no news (News).
	NavToLastEnemyLoc = bt.Lasting(navToLastSeen, func(m *Memory) { m.Pos = m.LastSeen }).
				OnBegin(func(m *Memory) bt.Status { m.Searching = true; return bt.Running }).
				OnEnd(func(m *Memory, _ bt.Status) { m.Searching = false })
	// RegainLOSRoar roars at the intruder found again.
	RegainLOSRoar = timed(RoarTime, func(m *Memory) { m.Roars++ })

	// Recover rests until the troll is well again, regaining 10 HP a
	// second.
	Recover = bt.Lasting(rest, func(m *Memory) { m.HP = max(m.HP, RecoveredAt) })
	// Fall is the troll's death: it lies where it fell, for good.
	Fall = bt.Lasting(func(*Memory, time.Duration) bt.Status { return bt.Running }, nil)
)

// walk returns an action that moves the troll a cell a tick toward
// where(m), succeeding within reach of it.
func walk(where func(m *Memory) Cell, reach int) bt.Action[Memory] {
	step := func(m *Memory, _ time.Duration) bt.Status {
		to := where(m)
		if m.Pos.Dist(to) <= reach {
			return bt.Success
		}
		m.Pos = m.Pos.Toward(to)
		if m.Pos.Dist(to) <= reach {
			return bt.Success
		}
		return bt.Running
	}
	arrive := func(m *Memory) {
		to := where(m)
		for m.Pos.Dist(to) > reach {
			m.Pos = m.Pos.Toward(to)
		}
	}
	return bt.Lasting(step, arrive).OnBegin(func(m *Memory) bt.Status {
		if m.Pos.Dist(where(m)) <= reach {
			return bt.Success
		}
		return bt.Running
	})
}

// timed returns an action that takes d, then does effect; a prediction
// does effect at once.
func timed(d time.Duration, effect func(m *Memory)) bt.Action[Memory] {
	return bt.Lasting(func(m *Memory, dt time.Duration) bt.Status {
		if m.Busy -= dt; m.Busy > 0 {
			return bt.Running
		}
		effect(m)
		return bt.Success
	}, effect).OnBegin(func(m *Memory) bt.Status {
		m.Busy = d
		return bt.Running
	})
}

func chooseBridge(m *Memory) { m.Bridge = (m.Bridge + 1) % Bridges }

func checkBridge(m *Memory) {
	m.CheckedAt[max(m.Bridge, 0)] = m.Now
	m.Checks++
}

func slam(m *Memory) {
	m.Blow += SlamDamage
	m.Trunk--
	m.EnemyHP -= SlamDamage
	m.Slams++
}

// findTree picks the nearest standing tree, the first in the map's order
// among equals; it fails when none is left.
func findTree(m *Memory) bool {
	m.Tree = -1
	for i, at := range m.TreeAt {
		if m.Standing[i] && (m.Tree < 0 || m.Pos.Dist(at) < m.Pos.Dist(m.TreeAt[m.Tree])) {
			m.Tree = i
		}
	}
	return m.Tree >= 0
}

func uproot(m *Memory) {
	if m.Tree >= 0 {
		m.Standing[m.Tree], m.FelledAt[m.Tree] = false, m.Now
	}
	m.Trunk = TrunkHealth
	m.Uprooted++
}

func navToLastSeen(m *Memory, _ time.Duration) bt.Status {
	if m.CanSee {
		return bt.Success
	}
	if m.Pos != m.LastSeen {
		m.Pos = m.Pos.Toward(m.LastSeen)
		return bt.Running
	}
	if !m.CanSee {
		m.HasSeen = false // nothing here: the trail is cold
	}
	return bt.Success
}

func rest(m *Memory, dt time.Duration) bt.Status {
	m.HP = min(m.HP+int(10*dt/time.Second), MaxHP)
	if m.HP >= RecoveredAt {
		return bt.Success
	}
	return bt.Running
}
