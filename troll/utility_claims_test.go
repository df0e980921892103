package troll_test

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/troll"
)

// The claims that make sense for a troll whose mind is a utility node,
// over many seeds, as the goal-driven troll's: it guards the bridges,
// attacks an intruder it sees, replaces its trunk, and (with the other
// deciders) recovers when hurt and keeps the life cycle. Each choice says
// why: every option's score, with each consideration's part.

// chose reports whether e is the utility node choosing an option.
func chose(e event) bool {
	return e.Kind == bt.EventPlan && e.Path == "troll/think" && (e.Plan.Change == decide.Made || e.Plan.Change == decide.Replaced)
}

// Guarding: every bridge is checked in every game, and with no intruder
// seen lately, the troll well, every choice is to patrol.
func TestUtilityClaimGuardsBridges(t *testing.T) {
	t.Parallel()
	forSeeds(t, troll.Utility, func(t *testing.T, seed uint64, ticks []tick) {
		var checked [troll.Bridges]int
		for _, tk := range ticks {
			for _, e := range tk.events {
				switch {
				case e.Kind == bt.EventBegin && leaf(e.Path) == "CheckBridge":
					checked[e.mem.Bridge]++
				case chose(e) && !e.mem.CanSee && (!e.mem.HasSeen || e.mem.Now-e.mem.SeenAt >= troll.RecallWindow) && !troll.Hurt(&e.mem):
					if e.Plan.Goal != "patrol" {
						t.Fatalf("seed %d at %v: with no intruder about, chose %q", seed, e.Time, e.Plan.Goal)
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

// Attacking: in the tick an intruder comes into sight, unlooked for (not
// found where the troll searched for it, which it roars at: News), a
// troll that is well chooses to slam it (armed) or to rearm (unarmed, a
// tree standing), replacing whatever it was doing; and trolls do beat
// intruders.
func TestUtilityClaimAttacksSeenEnemy(t *testing.T) {
	t.Parallel()
	slams, kills, sightings := 0, 0, 0
	forSeeds(t, troll.Utility, func(t *testing.T, seed uint64, ticks []tick) {
		for _, tk := range ticks {
			if !tk.before.CanSee || !troll.News(&tk.before) || troll.Hurt(&tk.before) || tk.before.Dead ||
				tk.before.Trunk == 0 && troll.TreesStanding.Read(&tk.before) == 0 {
				continue // (unarmed with no tree to uproot, the troll has nothing to attack with)
			}
			sightings++
			var got *decide.Report
			for _, e := range tk.events {
				if chose(e) {
					got = e.Plan
					break
				}
			}
			want := "slam"
			if tk.before.Trunk == 0 {
				want = "rearm"
			}
			if got == nil || got.Goal != want {
				t.Fatalf("seed %d at %v: saw the intruder, trunk %d, and chose %v, want %s", seed, tk.before.Now, tk.before.Trunk, got, want)
			}
		}
		slams += ticks[len(ticks)-1].after.Slams
		kills += ticks[len(ticks)-1].after.Kills
	})
	if sightings < int(seeds()) || slams == 0 || kills == 0 {
		t.Fatalf("%d sightings, %d slams, %d intruders beaten: the claim was not exercised", sightings, slams, kills)
	}
}

// Rearming: a slam only begins with a trunk in hand, and trunks are
// uprooted and then used.
func TestUtilityClaimRearms(t *testing.T) {
	t.Parallel()
	uprooted, usedAfter := 0, 0
	forSeeds(t, troll.Utility, func(t *testing.T, seed uint64, ticks []tick) {
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
				}
			}
		}
	})
	if uprooted == 0 || usedAfter == 0 {
		t.Fatalf("%d trunks uprooted, %d used: the claim was not exercised", uprooted, usedAfter)
	}
}

// Every choice says why: the four options' scores, in order, each with
// its considerations' parts, and the option chosen is one of the highest
// scores among those its preconditions allow.
func TestUtilityClaimExplains(t *testing.T) {
	t.Parallel()
	choices := 0
	forSeeds(t, troll.Utility, func(t *testing.T, seed uint64, ticks []tick) {
		for _, tk := range ticks {
			for _, e := range tk.events {
				if e.Kind != bt.EventPlan || e.Path != "troll/think" || e.Plan.Change == decide.None {
					continue
				}
				choices++
				s := e.Plan.Scores
				if len(s) != 4 || s[0].Name != "slam" || len(s[0].Terms) != 3 || s[3].Name != "patrol" || len(s[3].Terms) != 0 {
					t.Fatalf("seed %d at %v: scores %+v", seed, e.Time, s)
				}
				for _, o := range s {
					if o.Note == "" && o.Utility > e.Plan.Utility {
						t.Fatalf("seed %d at %v: chose %s (%v) over %s (%v)", seed, e.Time, e.Plan.Goal, e.Plan.Utility, o.Name, o.Utility)
					}
				}
			}
		}
	})
	if choices < atLeast(1000) {
		t.Fatalf("only %d choices", choices)
	}
}
