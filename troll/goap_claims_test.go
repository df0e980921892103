package troll_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/troll"
)

// The claims of the GOAP issue that make sense for a goal-driven troll,
// over many seeds: it guards the bridges, attacks an intruder it sees,
// replaces its trunk, and (TestClaimHurtPreempts, with the other
// deciders) recovers when hurt. Its plans are checked as the HTN's are:
// they replay, and planning outside the tree finds them too.

// Guarding: every bridge is checked in every game, and every plan made
// while no intruder was seen lately, with the troll well, is for guard.
func TestGoalClaimGuardsBridges(t *testing.T) {
	t.Parallel()
	forSeeds(t, troll.GOAP, func(t *testing.T, seed uint64, ticks []tick) {
		var checked [troll.Bridges]int
		for _, tk := range ticks {
			for _, e := range tk.events {
				switch {
				case e.Kind == bt.EventBegin && leaf(e.Path) == "CheckBridge":
					checked[e.mem.Bridge]++
				case e.Kind == bt.EventPlan && e.Plan.Goal != "" && !e.mem.CanSee && !e.mem.HasSeen &&
					!troll.Hurt(&e.mem):
					if e.Plan.Goal != "guard" {
						t.Fatalf("seed %d at %v: with no intruder about, a plan for %q", seed, e.Time, e.Plan.Goal)
					}
				}
			}
		}
		for b, n := range checked {
			if n == 0 {
				t.Fatalf("seed %d: bridge %d never checked (checks %v)", seed, b, checked)
			}
		}
	})
}

// Attacking: in the tick an intruder comes into sight, a troll that is
// well plans to slay it, replacing whatever it was doing; and trolls do
// slay intruders.
func TestGoalClaimAttacksSeenEnemy(t *testing.T) {
	t.Parallel()
	slams, kills, sightings := 0, 0, 0
	forSeeds(t, troll.GOAP, func(t *testing.T, seed uint64, ticks []tick) {
		for _, tk := range ticks {
			if !tk.before.CanSee || !tk.before.SawChange || troll.Hurt(&tk.before) || tk.before.Dead {
				continue
			}
			sightings++
			i := slices.IndexFunc(tk.events, func(e event) bool { return e.Kind == bt.EventPlan })
			if i < 0 {
				t.Fatalf("seed %d at %v: saw the intruder and did not plan", seed, tk.before.Now)
			}
			p := tk.events[i].Plan
			if p.Goal != "slay" || (p.Change != decide.Made && p.Change != decide.Replaced) {
				t.Fatalf("seed %d at %v: saw the intruder and planned %v for %q: %s", seed, tk.before.Now, p.Change, p.Goal, p.Reason)
			}
		}
		slams += ticks[len(ticks)-1].after.Slams
		kills += ticks[len(ticks)-1].after.Kills
	})
	if sightings < int(seeds()) || slams == 0 || kills == 0 {
		t.Fatalf("%d sightings, %d slams, %d intruders beaten: the claim was not exercised", sightings, slams, kills)
	}
}

// Rearming: a slam only begins with a trunk in hand; a plan to slay an
// intruder that the trunk in hand cannot finish includes a fresh trunk;
// and trunks are uprooted and then used.
func TestGoalClaimReplacesTrunk(t *testing.T) {
	t.Parallel()
	uprooted, usedAfter := 0, 0
	forSeeds(t, troll.GOAP, func(t *testing.T, seed uint64, ticks []tick) {
		fresh := false
		for _, tk := range ticks {
			for _, e := range tk.events {
				switch {
				case e.Kind == bt.EventBegin && leaf(e.Path) == "DoTrunkSlam":
					if e.mem.Trunk <= 0 {
						t.Fatalf("seed %d at %v: a slam with no trunk", seed, e.Time)
					}
					if fresh {
						usedAfter++
						fresh = false
					}
				case e.Kind == bt.EventEnd && leaf(e.Path) == "UprootTrunk" && e.Status == bt.Success:
					uprooted++
					fresh = true
				case e.Kind == bt.EventPlan && e.Plan.Goal == "slay" &&
					(e.Plan.Change == decide.Made || e.Plan.Change == decide.Replaced) &&
					e.mem.Trunk*troll.SlamDamage < e.mem.EnemyHP:
					if !slices.Contains(e.Plan.Steps, "UprootTrunk") {
						t.Fatalf("seed %d at %v: trunk %d against %d HP, and the plan %v has no fresh trunk",
							seed, e.Time, e.mem.Trunk, e.mem.EnemyHP, e.Plan.Steps)
					}
				}
			}
		}
	})
	if uprooted == 0 || usedAfter == 0 {
		t.Fatalf("%d trunks uprooted, %d used: the claim was not exercised", uprooted, usedAfter)
	}
}

// goalHolds are the GoalDomain's goals, as its doc states them.
var goalHolds = map[string]func(m *troll.Memory) bool{
	"slay":   func(m *troll.Memory) bool { return m.EnemyHP <= 0 },
	"regain": func(m *troll.Memory) bool { return m.Pos == m.LastSeen },
	"guard": func(m *troll.Memory) bool {
		return m.Bridge >= 0 && m.Checks > 0 && m.CheckedAt[m.Bridge] == m.Now
	},
}

// Every plan the runner makes, replayed through the actions' Simulate from
// the memory it was made on, passes the actions' preconditions and reaches
// its goal; planning outside the tree (a Session) finds the same plan at
// the same cost.
func TestGoalClaimPlansReplay(t *testing.T) {
	t.Parallel()
	dom, err := troll.GoalDomain()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	forSeeds(t, troll.GOAP, func(t *testing.T, seed uint64, ticks []tick) {
		for _, e := range plans(ticks) {
			p := e.Plan
			if p.Change != decide.Made && p.Change != decide.Replaced {
				continue
			}
			alone, err := dom.NewSession().Plan(&e.mem)
			if err != nil {
				t.Fatalf("seed %d at %v: %v", seed, e.Time, err)
			}
			if !cmp.Equal(p.Steps, alone.Steps) || p.Cost != alone.Cost || p.Goal != alone.Goal {
				t.Fatalf("seed %d at %v: the runner planned %s %v (%v), a Session %s %v (%v)",
					seed, e.Time, p.Goal, p.Steps, p.Cost, alone.Goal, alone.Steps, alone.Cost)
			}
			end, why := replay(e.mem, alone.Steps, false) // GOAP expects nothing beyond Simulate
			if why != "" {
				t.Fatalf("seed %d at %v: replaying %v: %s", seed, e.Time, alone.Steps, why)
			}
			if !goalHolds[alone.Goal](&end) {
				t.Fatalf("seed %d at %v: the plan %v for %s ends in a memory where it does not hold", seed, e.Time, alone.Steps, alone.Goal)
			}
			checked++
		}
	})
	if checked < atLeast(100) {
		t.Fatalf("only %d plans checked", checked)
	}
}
