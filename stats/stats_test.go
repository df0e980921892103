package stats_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/stats"
)

func run(t *testing.T, runs int) *stats.Collector {
	var c *stats.Collector
	for i := 0; i < runs; i++ {
		tree := treetest.MustAgent(t, treetest.DuelConfig(), treetest.Duel(), 3, nil)
		if c == nil {
			c = stats.New(tree.Tree().Nodes())
		}
		tree.SetTracer(c)
		treetest.DuelRun(t, tree)
	}
	return c
}

// The counts of a scripted duel, checked against what it does: the root
// decides every tick, for 15 ticks; the attack is impossible for the
// first 7 (out of reach) and chosen from then on.
func TestCounts(t *testing.T) {
	t.Parallel()
	c := run(t, 1)
	attack := c.Counts("duel/attack")
	if attack.Simulated != 15 || attack.Outcomes[heuristic.Impossible] != 7 || attack.Outcomes[heuristic.Beneficial] != 8 {
		t.Errorf("attack: simulated %d, outcomes %v; want 15 = 7 Impossible + 8 Beneficial", attack.Simulated, attack.Outcomes)
	}
	if attack.Impossible["not in reach"] != 7 {
		t.Errorf("attack's reasons: %v", attack.Impossible)
	}
	if attack.Chosen != 8 {
		t.Errorf("attack chosen %d times, want 8", attack.Chosen)
	}
	lunge, riposte := c.Counts("duel/attack/lunge"), c.Counts("duel/attack/riposte")
	if lunge.Begun != 4 || lunge.Succeeded != 4 || riposte.Begun != 4 || riposte.Succeeded != 4 {
		t.Errorf("lunge %+v, riposte %+v: want four of each, all succeeded", lunge, riposte)
	}
	hold := c.Counts("duel/hold")
	if hold.Chosen != 0 || hold.Begun != 0 || hold.Simulated != 15 {
		t.Errorf("hold: %+v; want simulated every tick, never chosen", hold)
	}
	if diff := cmp.Diff([]string{"duel/hold", "duel/hold/guard"}, c.NeverChosen()); diff != "" {
		t.Errorf("never chosen (-want +got):\n%s", diff)
	}
	if got := c.AlwaysImpossible(); len(got) != 0 {
		t.Errorf("always impossible: %v", got)
	}
}

// A collector follows many runs: counts add up.
func TestManyRuns(t *testing.T) {
	t.Parallel()
	one, three := run(t, 1), run(t, 3)
	if got, want := three.Counts("duel/attack").Simulated, 3*one.Counts("duel/attack").Simulated; got != want {
		t.Errorf("over three runs attack was simulated %d times, want %d", got, want)
	}
}

func TestAlwaysImpossible(t *testing.T) {
	t.Parallel()
	n := bt.New[treetest.Mem]()
	tree := treetest.MustBuild(t, bt.Config[treetest.Mem]{Heuristic: treetest.Goal},
		n.Selector("s",
			n.Do("never", treetest.Act(nil, "never", treetest.HitFoe(1))).Constrain(treetest.Check(func(bt.Situation, *treetest.Mem) (bt.Check, string) {
				return bt.Fail, "door shut"
			})),
			n.Do("pose", treetest.Act(nil, "pose", treetest.Shine)),
		))
	c := stats.New(tree.Tree().Nodes())
	tree.SetTracer(c)
	treetest.TickN(t, tree, &treetest.Mem{}, 3)
	want := []stats.Impossibility{{Path: "s/never", Times: 3, Reasons: []string{"door shut"}}}
	if diff := cmp.Diff(want, c.AlwaysImpossible()); diff != "" {
		t.Errorf("always impossible (-want +got):\n%s", diff)
	}
}

func TestTableGolden(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := run(t, 2).WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	treetest.Golden(t, "table", b.Bytes())
}

// A planner's tasks are counted when its plans hold them, and those no
// plan held are listed.
func TestPlanned(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{{Path: "run", Name: "run", Children: 3}, {Path: "run/a", Name: "a", Depth: 1, Parent: "run"},
		{Path: "run/b", Name: "b", Depth: 1, Parent: "run"}, {Path: "run/c", Name: "c", Depth: 1, Parent: "run"}}
	c := stats.New(nodes)
	for _, p := range []decide.Report{{Change: decide.Made, Plan: decide.Plan{Steps: []string{"a", "b"}}},
		{Change: decide.Kept, Plan: decide.Plan{Steps: []string{"c"}}}, // kept: the running plan's steps, not a new plan
		{Change: decide.Replaced, Plan: decide.Plan{Steps: []string{"a"}}}, {Change: decide.None}} {
		c.Trace(&bt.Event{Kind: bt.EventPlan, Path: "run", Plan: &p})
	}
	got := []int{c.Counts("run").Planned, c.Counts("run/a").Planned, c.Counts("run/b").Planned, c.Counts("run/c").Planned}
	if diff := cmp.Diff([]int{2, 2, 1, 0}, got); diff != "" {
		t.Errorf("planned (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"run/c"}, c.NeverPlanned()); diff != "" {
		t.Errorf("never planned (-want +got):\n%s", diff)
	}
	var table strings.Builder
	c.WriteTable(&table)
	if !strings.Contains(table.String(), "planned") {
		t.Errorf("the table has no planned column:\n%s", table.String())
	}
}

// A priority's picks count as chosen, not as predicted: its children are
// never simulated.
func TestPriorityPicks(t *testing.T) {
	c := stats.New(nil)
	c.Trace(&bt.Event{Kind: bt.EventDecision, Path: "p", Decision: &bt.Decision{Selector: "p", Chosen: 1, Why: bt.FirstInOrder,
		Candidates: []bt.Candidate{{Name: "a", Verdict: heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "not a"}},
			{Name: "b", Verdict: heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "b"}}}}})
	a, b := c.Counts("p/a"), c.Counts("p/b")
	if a.Simulated != 0 || a.Chosen != 0 || b.Simulated != 0 || b.Chosen != 1 {
		t.Errorf("a %+v, b %+v; want b chosen once and nothing simulated", a, b)
	}
}

// The tallies of every planning reported, whatever became of its plan,
// add up per step, and the table shows them when any came.
func TestTallies(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{{Path: "run", Name: "run", Children: 2}, {Path: "run/a", Name: "a", Depth: 1, Parent: "run"},
		{Path: "run/b", Name: "b", Depth: 1, Parent: "run"}}
	c := stats.New(nodes)
	var table strings.Builder
	c.Trace(&bt.Event{Kind: bt.EventPlan, Path: "run", Plan: &decide.Report{Change: decide.Made}})
	c.WriteTable(&table)
	if strings.Contains(table.String(), "considered") {
		t.Errorf("a table without tallies has their columns:\n%s", table.String())
	}
	for _, p := range []decide.Report{
		{Change: decide.Made, Plan: decide.Plan{Tallies: []decide.Tally{{Name: "a", Considered: 4, Discarded: 1, Admitted: 3}, {Name: "b", Considered: 2, Discarded: 2}}}},
		{Change: decide.Kept, Plan: decide.Plan{Tallies: []decide.Tally{{Name: "a", Considered: 1, Admitted: 1}}}},
		{Change: decide.None, Plan: decide.Plan{Tallies: []decide.Tally{{Name: "b", Considered: 5, Discarded: 4, Admitted: 1}}}},
	} {
		c.Trace(&bt.Event{Kind: bt.EventPlan, Path: "run", Plan: &p})
	}
	type tally struct{ Considered, Discarded, Admitted int }
	var got []tally
	for _, path := range []string{"run", "run/a", "run/b"} {
		k := c.Counts(path)
		got = append(got, tally{k.Considered, k.Discarded, k.Admitted})
	}
	if diff := cmp.Diff([]tally{{}, {5, 1, 4}, {7, 6, 1}}, got); diff != "" {
		t.Errorf("tallies of run, run/a, run/b (-want +got):\n%s", diff)
	}
	table.Reset()
	c.WriteTable(&table)
	lines := strings.Split(table.String(), "\n")
	if len(lines) < 4 || !strings.Contains(lines[0], "planned considered discarded admitted") ||
		!strings.Contains(lines[2], " 0          5         1        4 ") {
		t.Errorf("the table lacks the tallies:\n%s", table.String())
	}
}
