package troll_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
	"github.com/google/go-cmp/cmp"
)

// The claims of the HTN issue, checked on the troll over many seeds. Each
// game is recorded tick by tick: the memory after the world moved (what
// the troll decides on), the memory after it thought, and every event of
// the tick with the memory as it was when the event happened.

// gameTime is how long each game lasts.
const gameTime = 2 * time.Minute

// seeds returns how many games a claim is checked over: all forty with
// $FORESIGHT_FULL, as CI runs them (internal/testkit/testsize).
func seeds() uint64 { return testsize.Pick[uint64](4, 10, 40) }

// atLeast returns n scaled to the games played: a count the full forty
// games reach, for fewer games.
func atLeast(n int) int { return max(1, n*int(seeds())/40) }

type event struct {
	bt.Event
	mem troll.Memory
}

type tick struct {
	before, after troll.Memory
	events        []event
}

// record plays one game with decider d and seed, recording every tick.
func record(t *testing.T, d troll.Decider, seed uint64) ([]tick, *troll.Game) {
	t.Helper()
	tree, err := troll.NewTree(d)
	if err != nil {
		t.Fatal(err)
	}
	g, err := troll.NewGame(tree, seed)
	if err != nil {
		t.Fatal(err)
	}
	var ticks []tick
	var rec trace.Recorder
	g.Agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		rec.Trace(e)
		last := &ticks[len(ticks)-1]
		last.events = append(last.events, event{rec.Events[len(rec.Events)-1], g.World.Troll})
	}))
	for g.World.Troll.Now < gameTime {
		g.World.Advance()
		ticks = append(ticks, tick{before: g.World.Troll})
		if _, err := g.Agent.Tick(&g.World.Troll, troll.Step); err != nil {
			t.Fatalf("seed %d at %v: %v", seed, g.World.Troll.Now, err)
		}
		ticks[len(ticks)-1].after = g.World.Troll
	}
	return ticks, g
}

// forSeeds runs check on a recorded game of each seed.
func forSeeds(t *testing.T, d troll.Decider, check func(t *testing.T, seed uint64, ticks []tick)) {
	for seed := uint64(1); seed <= seeds(); seed++ {
		ticks, _ := record(t, d, seed)
		check(t, seed, ticks)
	}
}

func plans(ticks []tick) []event {
	var out []event
	for _, tk := range ticks {
		for _, e := range tk.events {
			if e.Kind == bt.EventPlan {
				out = append(out, e)
			}
		}
	}
	return out
}

func leaf(path string) string { return path[strings.LastIndex(path, "/")+1:] }

// Claim 1: with no intruder seen, the troll checks the bridges in the
// order the domain gives: each bridge chosen is the next in the map's
// order, and before the first intruder the checks go 0, 1, 2, 0, ...
func TestClaimPatrolsInOrder(t *testing.T) {
	t.Parallel()
	forSeeds(t, troll.HTN, func(t *testing.T, seed uint64, ticks []tick) {
		prev, checks, seen := -1, 0, false
		for _, tk := range ticks {
			seen = seen || tk.before.CanSee
			for _, e := range tk.events {
				if e.Kind != bt.EventBegin {
					continue
				}
				switch leaf(e.Path) {
				case "NavigateToBridge":
					if want := (prev + 1) % troll.Bridges; e.mem.Bridge != want {
						t.Fatalf("seed %d at %v: chose bridge %d after %d", seed, e.Time, e.mem.Bridge, prev)
					}
					prev = e.mem.Bridge
				case "CheckBridge":
					if !seen && e.mem.Bridge != checks%troll.Bridges {
						t.Fatalf("seed %d at %v: check %d is of bridge %d", seed, e.Time, checks, e.mem.Bridge)
					}
					checks++
				}
			}
		}
		if checks < 3 {
			t.Fatalf("seed %d: %d bridge checks in %v", seed, checks, gameTime)
		}
	})
}

// Claim 2: an intruder coming into sight mid-patrol replaces the patrol
// plan in that very tick, with an attack ([0 ...] beats [2]); and no plan
// of lower rank ever replaces a running one.
func TestClaimEnemyInterruptsPatrol(t *testing.T) {
	t.Parallel()
	interrupted := 0
	forSeeds(t, troll.HTN, func(t *testing.T, seed uint64, ticks []tick) {
		var running decide.Record
		for _, tk := range ticks {
			patrolling := len(running) > 0 && running[0] == 2
			replaced := false
			for _, e := range tk.events {
				switch {
				case e.Kind == bt.EventEnd && leaf(e.Path) == "think":
					running = nil
				case e.Kind == bt.EventPlan:
					p := e.Plan
					if p.Change == decide.Replaced && strings.HasPrefix(p.Reason, "outranks") &&
						!outranks(p.Record, running) {
						t.Fatalf("seed %d at %v: %v replaced %v: %s", seed, e.Time, p.Record, running, p.Reason)
					}
					if p.Change == decide.Made || p.Change == decide.Replaced {
						replaced = replaced || p.Change == decide.Replaced && p.Record[0] == 0
						running = p.Record
					}
				}
			}
			if patrolling && tk.before.CanSee && tk.before.SawChange && !troll.Hurt(&tk.before) {
				if !replaced {
					t.Fatalf("seed %d at %v: the intruder came into sight and the patrol went on", seed, tk.before.Now)
				}
				interrupted++
			}
		}
	})
	if interrupted == 0 {
		t.Fatal("no patrol was ever interrupted: the claim was not exercised")
	}
}

func outranks(a, b decide.Record) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// Claim 3: a trunk breaks after three slams, and the troll finds, uproots
// and uses a new one, through the recursion of AttackEnemy, never running
// out of budget in an endless decomposition.
func TestClaimRearms(t *testing.T) {
	t.Parallel()
	rearmed := 0
	forSeeds(t, troll.HTN, func(t *testing.T, seed uint64, ticks []tick) {
		slams := 0
		for _, tk := range ticks {
			for _, e := range tk.events {
				switch {
				case e.Kind == bt.EventPlan && e.Plan.Change == decide.OutOfBudget:
					t.Fatalf("seed %d at %v: out of budget", seed, e.Time)
				case e.Kind == bt.EventPlan && e.mem.Trunk == 0 && e.mem.CanSee && slices.Contains(e.mem.Standing[:], true) &&
					(e.Plan.Change == decide.Made || e.Plan.Change == decide.Replaced):
					want := []string{"FindTrunk", "NavigateToTrunk", "UprootTrunk", "NavigateToEnemy", "DoTrunkSlam"}
					if diff := cmp.Diff(want, e.Plan.Steps); diff != "" || !slicesEq(e.Plan.Record, 0, 1, 0) {
						t.Fatalf("seed %d at %v: unarmed plan %v %v", seed, e.Time, e.Plan.Record, e.Plan.Steps)
					}
				case e.Kind == bt.EventEnd && leaf(e.Path) == "DoTrunkSlam" && e.Status == bt.Success:
					slams++
					if slams > troll.TrunkHealth {
						t.Fatalf("seed %d at %v: %d slams with one trunk", seed, e.Time, slams)
					}
				case e.Kind == bt.EventEnd && leaf(e.Path) == "UprootTrunk" && e.Status == bt.Success:
					if e.mem.Trunk != troll.TrunkHealth {
						t.Fatalf("seed %d at %v: uprooted, trunk %d", seed, e.Time, e.mem.Trunk)
					}
					if slams == troll.TrunkHealth {
						rearmed++
					}
					slams = 0
				}
			}
		}
	})
	if rearmed == 0 {
		t.Fatal("no trunk ever broke and was replaced: the claim was not exercised")
	}
}

func slicesEq(r decide.Record, want ...int) bool { return cmp.Equal([]int(r), want) }

// Claim 4: losing sight of the intruder leads to where it was last seen
// (unless a search is already under way, a roar finishing), and a roar
// only when it is seen again: the expected effect of NavToLastEnemyLoc
// lets the plan hold the roar.
func TestClaimRegainsSight(t *testing.T) {
	t.Parallel()
	roars, searches := 0, 0
	forSeeds(t, troll.HTN, func(t *testing.T, seed uint64, ticks []tick) {
		var running decide.Record
		for _, tk := range ticks {
			lost := tk.before.SawChange && !tk.before.CanSee && !troll.Hurt(&tk.before) && !tk.before.Dead
			searched := len(running) > 0 && running[0] == 1 // a search under way goes on
			for _, e := range tk.events {
				switch {
				case e.Kind == bt.EventEnd && leaf(e.Path) == "think":
					running = nil
				case e.Kind == bt.EventPlan && (e.Plan.Change == decide.Made || e.Plan.Change == decide.Replaced):
					running = e.Plan.Record
				}
				switch {
				case e.Kind == bt.EventPlan && (e.Plan.Change == decide.Made || e.Plan.Change == decide.Replaced) &&
					len(e.Plan.Record) > 0 && e.Plan.Record[0] == 1:
					if diff := cmp.Diff([]string{"NavToLastEnemyLoc", "RegainLOSRoar"}, e.Plan.Steps); diff != "" {
						t.Fatalf("seed %d at %v: regain plan %v", seed, e.Time, e.Plan.Steps)
					}
					searched = true
				case e.Kind == bt.EventBegin && leaf(e.Path) == "RegainLOSRoar":
					if !e.mem.CanSee {
						t.Fatalf("seed %d at %v: roared at nothing", seed, e.Time)
					}
					roars++
				case e.Kind == bt.EventEnd && leaf(e.Path) == "NavToLastEnemyLoc" && e.Status == bt.Success:
					if !e.mem.CanSee && e.mem.Pos != e.mem.LastSeen {
						t.Fatalf("seed %d at %v: gave up the search short of %v, at %v", seed, e.Time, e.mem.LastSeen, e.mem.Pos)
					}
				}
			}
			if lost && tk.before.HasSeen {
				if !searched {
					t.Fatalf("seed %d at %v: lost sight and did not search", seed, tk.before.Now)
				}
				searches++
			}
		}
	})
	if roars == 0 || searches == 0 {
		t.Fatalf("%d searches, %d roars: the claim was not exercised", searches, roars)
	}
}

// Claim 5: hurt preempts any plan within the tick: Recover runs at the end
// of every tick that began with the troll hurt; and the plan afterwards is
// made afresh.
func TestClaimHurtPreempts(t *testing.T) {
	t.Parallel()
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
		recovered := 0
		recover := "Recover"
		if d == troll.FSM {
			recover = "hurt" // the machine's state that runs Recover, and its node
		}
		forSeeds(t, d, func(t *testing.T, seed uint64, ticks []tick) {
			recovering, after := false, false
			for _, tk := range ticks {
				for _, e := range tk.events {
					switch {
					case leaf(e.Path) == recover && e.Kind == bt.EventBegin:
						recovering = true
					case leaf(e.Path) == recover && e.Kind == bt.EventEnd:
						recovering, after = false, true
						recovered++
					case e.Kind == bt.EventPlan && after && e.Path != "troll": // the planner's, not the machine's transitions
						if e.Plan.Change != decide.Made {
							t.Fatalf("%v seed %d at %v: the first plan after recovering was %v", d, seed, e.Time, e.Plan.Change)
						}
						after = false
					}
				}
				if troll.Hurt(&tk.before) && !recovering {
					t.Fatalf("%v seed %d at %v: hurt (hp %d) and not recovering", d, seed, tk.before.Now, tk.before.HP)
				}
			}
		})
		if recovered == 0 {
			t.Fatalf("%v: the troll never recovered: the claim was not exercised", d)
		}
	}
}

// Claim 6: every plan the runner makes, replayed through the actions'
// Simulate from the memory it was made on, passes every precondition and
// reproduces the memory the planner predicted; a Session, planning on
// that memory outside the tree, finds the same plan.
func TestClaimPlansReplay(t *testing.T) {
	t.Parallel()
	dom, err := troll.Domain()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	forSeeds(t, troll.HTN, func(t *testing.T, seed uint64, ticks []tick) {
		for _, e := range plans(ticks) {
			p := e.Plan
			if p.Change != decide.Made && p.Change != decide.Replaced || p.Reason == "planned past a pause" {
				continue
			}
			planner := dom.NewSession()
			alone, err := planner.Plan(&e.mem)
			if err != nil {
				t.Fatalf("seed %d at %v: %v", seed, e.Time, err)
			}
			if diff := cmp.Diff(p.Steps, alone.Steps); diff != "" || !cmp.Equal(p.Record, alone.Record) {
				t.Fatalf("seed %d at %v: the runner planned %v %v, a Session %v %v", seed, e.Time, p.Record, p.Steps, alone.Record, alone.Steps)
			}
			replayed, why := replay(e.mem, alone.Steps, true)
			if why != "" {
				t.Fatalf("seed %d at %v: replaying %v: %s", seed, e.Time, alone.Steps, why)
			}
			if diff := cmp.Diff(*planner.Prediction(), replayed); diff != "" {
				t.Fatalf("seed %d at %v: the replay ends elsewhere than planned (-planned +replayed):\n%s", seed, e.Time, diff)
			}
			checked++
		}
	})
	if checked < atLeast(100) {
		t.Fatalf("only %d plans checked", checked)
	}
}

// Claim 8: End exactly once per Begin across re-plans, reactions and
// halts, under every decider: the life-cycle checker over whole games,
// each ended by a halt.
func TestClaimLifeCycle(t *testing.T) {
	t.Parallel()
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
		for seed := uint64(1); seed <= seeds(); seed++ {
			tree, err := troll.NewTree(d)
			if err != nil {
				t.Fatal(err)
			}
			g, err := troll.NewGame(tree, seed)
			if err != nil {
				t.Fatal(err)
			}
			var log treetest.TraceLog
			g.Agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
				if e.Kind != bt.EventPlan {
					log.Trace(e)
				}
			}))
			if err := g.Run(gameTime); err != nil {
				t.Fatal(err)
			}
			if err := g.Agent.Halt(&g.World.Troll); err != nil {
				t.Fatal(err)
			}
			treetest.CheckLifeCycle(t, tree.Nodes(), log.Lines, nil)
		}
	}
}

// The demo's promise: the same seed, the same game, byte for byte.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
		a, _ := record(t, d, 7)
		b, _ := record(t, d, 7)
		if diff := cmp.Diff(a, b, cmp.AllowUnexported(tick{}, event{})); diff != "" {
			t.Fatalf("%v: two games of seed 7 differ:\n%s", d, diff)
		}
	}
}

// replay runs tasks through the actions' Simulate from m, as the
// planner's plan says they go: each task's preconditions checked first,
// its expected effect after (with expected, as an HTN plans). It returns
// why a task could not run.
func replay(m troll.Memory, tasks []string, expected bool) (troll.Memory, string) {
	ctx := bt.NewSim(bt.Config[troll.Memory]{})
	for _, name := range tasks {
		t, ok := troll.Actions.Entry(name)
		if !ok {
			return m, "no task " + name
		}
		for _, c := range t.Pre {
			if got, why := c.Evaluate(bt.Situation{Simulating: true}, &m); got != bt.Pass {
				return m, name + ": " + why
			}
		}
		t.Action.Simulate(ctx, &m)
		if t.Expect != nil && expected {
			t.Expect(&m)
		}
	}
	return m, ""
}

// The library's promise holds for planners too: before every tick of
// whole games, a preview with the tick's memory and step walks down to
// the task the tick then runs (the runner routes to the first task of the
// plan the tick will make or keep), under every decider; and the plans
// the preview foresees are the plans the tick reports before it first
// acts, alike in every field (contract.Foreseen).
func TestPlanIsAct(t *testing.T) {
	t.Parallel()
	for _, d := range []troll.Decider{troll.HTN, troll.BT, troll.GOAP, troll.FSM, troll.Utility} {
		t.Run(d.String(), func(t *testing.T) { planIsAct(t, d) })
	}
}

// planIsAct checks TestPlanIsAct's promise over whole games under decider d.
func planIsAct(t *testing.T, d troll.Decider) {
	begun, planned := 0, 0
	fights := testsize.Pick[uint64](2, 4, 12)
	for seed := uint64(1); seed <= fights; seed++ {
		tree, err := troll.NewTree(d)
		if err != nil {
			t.Fatal(err)
		}
		g, err := troll.NewGame(tree, seed)
		if err != nil {
			t.Fatal(err)
		}
		nodes := tree.Nodes()
		log := &treetest.TraceLog{}
		var tick []contract.Event // the tick's events, plans included
		g.Agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			tick = append(tick, contract.From(e))
			if e.Kind != bt.EventPlan {
				log.Trace(e)
			}
		}))
		for g.World.Troll.Now < gameTime {
			g.World.Advance()
			plan, err := g.Agent.Preview(&g.World.Troll, troll.Step)
			if err != nil {
				t.Fatal(err)
			}
			tick = tick[:0]
			running, before := treetest.Running(log.Lines), len(log.Lines)
			if _, err := g.Agent.Tick(&g.World.Troll, troll.Step); err != nil {
				t.Fatal(err)
			}
			treetest.CheckPlanIsAct(t, plan, nodes, running, log.Lines[before:])
			if err := contract.Foreseen(plan, nodes, running, tick); err != nil {
				t.Errorf("%v", err)
			}
			if t.Failed() {
				t.Fatalf("%v seed %d at %v: the preview %v", d, seed, g.World.Troll.Now, plan.Path)
			}
			planned += len(plan.Plans)
			for _, l := range log.Lines[before:] {
				if strings.HasPrefix(l, "begin ") {
					begun++
					break
				}
			}
		}
	}
	if begun < 200*int(fights)/12 {
		t.Errorf("%v: only %d ticks began something", d, begun)
	}
	if (planned < 12*int(fights)) != (d == troll.BT) { // a dozen plans a fight
		t.Errorf("%v: %d plans foreseen", d, planned)
	}
}
