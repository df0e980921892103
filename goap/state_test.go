package goap_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/trace"
)

// Plot is the memory of the saving property's random domains: the
// counters the actions read and set, and what the live actions keep.
type Plot struct {
	V      Vars   // what the rules read and set
	Target uint8  // the variant bound last
	Busy   uint8  // ticks the step under way has worked
	Jams   uint8  // the actions that fail live now, a bit each
	Done   uint16 // steps done live
}

// PlotKey is a Plot's state: what the preconditions, effects and goals
// read.
type PlotKey struct {
	V      Vars
	Target uint8
}

func plotKey(p *Plot) PlotKey { return PlotKey{p.V, p.Target} }

// A plotRule is a random action of a Plot: a rule, how many ticks it
// lasts live, and what else it may have.
type plotRule struct {
	rule
	ticks    int  // 1..3
	variants bool // a variant per V[0]%3+1, which sets V[setVar] to the variant
	cooldown bool // 250ms between runs
	chance   bool // passes 70% of rolls
}

// A plotGoal is a random goal: V[at] == is, of a utility, maybe relevant
// only while V[unless] is not 0, maybe judged from the start (V[at]
// changed since the plan started, in place of the value).
type plotGoal struct {
	at, is, unless int // unless < 0: always relevant
	utility        int
	fromStart      bool
}

// A fataler is a test or a property's run.
type fataler interface{ Fatal(args ...any) }

// A plotProblem is a random domain of Plots, and the node it runs in.
type plotProblem struct {
	rules    []plotRule
	goals    []plotGoal
	budget   decide.Budget
	backoff  bool
	choice   decide.Choice
	replan   int  // 0: none; 1: Replan(0); 2: Replan(300ms); 3: ReplanOn(V[3] == 0)
	selector bool // the runner is the first child of a simulated selector, beside idling
}

func drawPlotProblem(t *rapid.T) plotProblem {
	var p plotProblem
	for range rapid.IntRange(2, 6).Draw(t, "actions") {
		p.rules = append(p.rules, plotRule{
			rule: rule{
				needVar: rapid.IntRange(-1, 3).Draw(t, "needVar"), needVal: rapid.IntRange(0, 3).Draw(t, "needVal"),
				setVar: rapid.IntRange(0, 3).Draw(t, "setVar"), setVal: rapid.IntRange(-1, 3).Draw(t, "setVal"),
				cost: rapid.IntRange(1, 5).Draw(t, "cost"),
			},
			ticks:    rapid.SampledFrom([]int{3, 2, 1}).Draw(t, "ticks"),
			variants: rapid.IntRange(0, 4).Draw(t, "variants") == 0,
			cooldown: rapid.IntRange(0, 4).Draw(t, "cooldown") == 0,
			chance:   rapid.IntRange(0, 4).Draw(t, "chance") == 0,
		})
	}
	for range rapid.IntRange(1, 3).Draw(t, "goals") {
		g := plotGoal{at: rapid.IntRange(0, 3).Draw(t, "at"), is: rapid.SampledFrom([]int{2, 3, 1, 4, 0}).Draw(t, "is"), // 4: out of reach
			unless: -1, utility: rapid.IntRange(0, 3).Draw(t, "utility"),
			fromStart: rapid.IntRange(0, 3).Draw(t, "fromStart") == 0}
		if rapid.Bool().Draw(t, "relevance") {
			g.unless = rapid.IntRange(0, 3).Draw(t, "unless")
		}
		p.goals = append(p.goals, g)
	}
	p.budget = decide.Budget{Tries: rapid.IntRange(20, 300).Draw(t, "tries"),
		PerTick: rapid.SampledFrom([]int{0, 1, 2, 3, 5}).Draw(t, "perTick")}
	p.backoff = rapid.Bool().Draw(t, "backoff")
	p.choice = rapid.SampledFrom([]decide.Choice{decide.ByUtility, decide.ByCost, decide.ByUtilityLessCost, decide.AtRandom}).Draw(t, "choice")
	p.replan = rapid.IntRange(0, 3).Draw(t, "replan")
	p.selector = rapid.Bool().Draw(t, "selector")
	return p
}

// effect is what rule i does, live and in predictions.
func (p plotProblem) effect(i int) func(m *Plot) {
	r := p.rules[i]
	if r.variants {
		return func(m *Plot) { m.V[r.setVar] = m.Target % 4 }
	}
	return func(m *Plot) { r.apply(&m.V) }
}

// action is rule i as an action: it works its ticks, and fails when
// jammed.
func (p plotProblem) action(i int) bt.Action[Plot] {
	effect, ticks := p.effect(i), uint8(p.rules[i].ticks)
	return bt.Lasting(func(m *Plot, _ time.Duration) bt.Status {
		if m.Jams&(1<<i) != 0 {
			m.Busy = 0
			return bt.Failure
		}
		if m.Busy++; m.Busy < ticks {
			return bt.Running
		}
		m.Busy = 0
		effect(m)
		m.Done++
		return bt.Success
	}, effect).OnBegin(func(m *Plot) bt.Status { m.Busy = 0; return bt.Running })
}

// domain builds the problem's domain over its catalogue, its actions
// under names.
func (p plotProblem) domain(t fataler, name func(i int) string) *goap.Domain[Plot, PlotKey] {
	return p.domainOver(t, p.catalogue(t, name), name)
}

// catalogue is the problem's catalogue: its rules as actions, under names.
func (p plotProblem) catalogue(t fataler, name func(i int) string) *catalogue.Catalogue[Plot] {
	var cb catalogue.Builder[Plot]
	for i, r := range p.rules {
		var pre []bt.Constraint[Plot]
		if r.needVar >= 0 {
			pre = append(pre, constraints.Func("need", func(m *Plot) bool { return r.applies(&m.V) }))
		}
		if r.cooldown {
			pre = append(pre, constraints.Cooldown[Plot](250*time.Millisecond))
		}
		if r.chance {
			pre = append(pre, constraints.Chance[Plot](0.7))
		}
		cb.Action(name(i), p.action(i), pre...).Takes(time.Duration(r.ticks) * tick)
	}
	actions, err := cb.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions
}

// domainOver builds the problem's domain over actions, a catalogue that
// has its actions under names.
func (p plotProblem) domainOver(t fataler, actions *catalogue.Catalogue[Plot], name func(i int) string) *goap.Domain[Plot, PlotKey] {
	b := goap.New(actions, plotKey)
	for i, r := range p.rules {
		b.Do(name(i))
		cost := float64(r.cost)
		b.Cost(func(_, _ *Plot) float64 { return cost })
		if r.variants {
			b.Variants(func(m *Plot) int { return int(m.V[0])%3 + 1 }, func(m *Plot, i int) { m.Target = uint8(i) })
		}
	}
	for j, g := range p.goals {
		name, utility := "g"+itoa(j), float64(g.utility)
		if g.fromStart {
			b.GoalFrom(name, utility, func(start, m *Plot) bool { return m.V[g.at] != start.V[g.at] })
		} else {
			b.Goal(name, utility, func(m *Plot) bool { return int(m.V[g.at]) == g.is })
		}
		if g.unless >= 0 {
			b.Relevant(func(m *Plot) bool { return m.V[g.unless] != 0 })
		}
	}
	if p.backoff {
		b.Backoff(150*time.Millisecond, time.Second)
	}
	d, err := b.Choose(p.choice).Budget(p.budget).Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tree builds the problem's tree around its domain d.
func (p plotProblem) tree(t fataler, d *goap.Domain[Plot, PlotKey]) *bt.Tree[Plot] {
	n := bt.New[Plot]()
	var opts []bt.Option
	switch p.replan {
	case 1:
		opts = append(opts, bt.Replan(0))
	case 2:
		opts = append(opts, bt.Replan(300*time.Millisecond))
	case 3:
		opts = append(opts, bt.ReplanOn(func(m *Plot) bool { return m.V[3] == 0 }))
	}
	root := n.Plan("plot", d, opts...)
	if p.selector {
		idle := bt.Instant(func(*Plot) bool { return true }, func(*Plot) {})
		root = n.Selector("mind", n.Plan("plot", d, opts...), n.Do("idle", idle))
	}
	tree, err := bt.Build(bt.Config[Plot]{Heuristic: plotHeuristic}, root)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// A plotTick is what happens before a tick, and the tick: the world
// changes a counter, jams or frees actions, or the agent is halted.
type plotTick struct {
	dt          time.Duration
	halt        bool
	set, to     int // V[set] = to, when set >= 0
	jams, clear uint8
}

func drawPlotTicks(t *rapid.T) []plotTick {
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) plotTick {
		k := plotTick{dt: rapid.SampledFrom([]time.Duration{tick, tick, 0, tick, 250 * time.Millisecond, time.Second}).Draw(t, "dt"),
			halt: rapid.IntRange(0, 19).Draw(t, "halt") == 0, set: -1}
		if rapid.IntRange(0, 2).Draw(t, "change") == 0 {
			k.set, k.to = rapid.IntRange(0, 3).Draw(t, "set"), rapid.IntRange(0, 3).Draw(t, "to")
		}
		if rapid.IntRange(0, 4).Draw(t, "jam") == 0 {
			k.jams = uint8(rapid.IntRange(0, 31).Draw(t, "jams"))
		}
		k.clear = uint8(rapid.IntRange(0, 31).Draw(t, "clear"))
		return k
	}), 1, 40).Draw(t, "ticks")
}

// plotHeuristic judges a prediction by whether it changes the counters:
// a plan does, idling does not.
var plotHeuristic = heuristic.Func[Plot](func(before, after *Plot) heuristic.Outcome {
	if after.V != before.V {
		return heuristic.Beneficial
	}
	return heuristic.Irrelevant
})

// A run is what an agent did: the memory after each tick, and every
// event it traced.
type run struct {
	Memories []Plot
	Trace    string
}

// play plays ticks on an agent of tree from memory m; saveAfter says
// after which ticks to save the agent and go on with one restored from the
// save, in the JSON form when asJSON is set.
func play(tree *bt.Tree[Plot], m Plot, ticks []plotTick, saveAfter func(i int) (save, asJSON bool)) (run, error) {
	var w bytes.Buffer
	var r run
	a, err := tree.NewAgent(7)
	if err != nil {
		return r, err
	}
	a.SetTracer(trace.JSON(&w))
	for i, k := range ticks {
		if k.set >= 0 {
			m.V[k.set] = uint8(k.to)
		}
		m.Jams = m.Jams&^k.clear | k.jams
		if k.halt {
			err = a.Halt(&m)
		} else {
			_, err = a.Tick(&m, k.dt)
		}
		if err != nil {
			return r, fmt.Errorf("tick %d: %w", i+1, err)
		}
		r.Memories = append(r.Memories, m)
		if save, asJSON := saveAfter(i); save {
			if a, err = resumed(a, asJSON); err != nil {
				return r, fmt.Errorf("after tick %d: %w", i+1, err)
			}
			a.SetTracer(trace.JSON(&w))
		}
	}
	r.Trace = w.String()
	return r, nil
}

// resumed saves agent a, in the JSON form when asJSON is set, restores the
// save into a fresh agent of another seed, checks that saving that agent
// gives the same bytes, and returns it.
func resumed[M any](a *bt.Agent[M], asJSON bool) (*bt.Agent[M], error) {
	save, restore := a.MarshalBinary, (*bt.Agent[M]).UnmarshalBinary
	if asJSON {
		save, restore = a.MarshalJSON, (*bt.Agent[M]).UnmarshalJSON
	}
	data, err := save()
	if err != nil {
		return nil, fmt.Errorf("saving: %w", err)
	}
	b, err := a.Tree().NewAgent(99)
	if err != nil {
		return nil, err
	}
	if err := restore(b, data); err != nil {
		return nil, fmt.Errorf("restoring: %w\n%s", err, data)
	}
	again, err := b.MarshalBinary()
	if asJSON {
		again, err = b.MarshalJSON()
	}
	if err != nil {
		return nil, fmt.Errorf("saving the restored agent: %w", err)
	}
	if !bytes.Equal(data, again) {
		return nil, fmt.Errorf("saving the restored agent gives other bytes:\n%s\nwhere the agent saved gave\n%s", again, data)
	}
	return b, nil
}

// An agent running a goap planner node, saved after any tick (in either
// form) and restored into a fresh agent, goes on exactly as the agent
// saved: the same memories and the same events, plannings and their
// reports included, whatever the domain (variants, goals from the start,
// relevance, back-offs, cooldowns and chances among the preconditions,
// any choice of goals) and wherever the runner stands (a plan under way,
// a planning spread over ticks, a step backing off); and saving the
// restored agent gives the bytes it was restored from.
func TestSavedRunnerGoesOnAsTheSaved(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPlotProblem(t)
		tree := p.tree(t, p.domain(t, func(i int) string { return "a" + itoa(i) }))
		var start Plot
		for i := range start.V {
			start.V[i] = uint8(rapid.IntRange(0, 3).Draw(t, "start"))
		}
		ticks := drawPlotTicks(t)
		saveAt := rapid.IntRange(0, len(ticks)-1).Draw(t, "saveAt")
		every := rapid.Bool().Draw(t, "every tick")
		asJSON := rapid.Bool().Draw(t, "json")
		alone, err := play(tree, start, ticks, func(int) (bool, bool) { return false, false })
		if err != nil {
			t.Fatal(err)
		}
		saved, err := play(tree, start, ticks, func(i int) (bool, bool) {
			if every {
				return true, i%2 == 1
			}
			return i == saveAt, asJSON
		})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(alone, saved); diff != "" {
			t.Fatalf("saved and restored (-alone +saved):\n%s", diff)
		}
	})
}

// named names the actions of a plotProblem a0, a1 and so on.
func named(i int) string { return "a" + itoa(i) }

// afterEdit runs an agent of tree from m for two ticks, then swaps its
// tree for edited, by Reload or by Restore of its JSON form, and runs it
// on for three: it returns what the swap dropped, and the steps begun and
// the plans reported after it.
func afterEdit(t *testing.T, tree, edited *bt.Tree[Plot], m Plot, reload bool) (dropped, begun, plans []string) {
	t.Helper()
	a, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := a.Tick(&m, tick); err != nil {
			t.Fatal(err)
		}
	}
	if reload {
		dropped, err = a.Reload(edited, &m)
	} else {
		var data []byte
		if data, err = a.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
		if a, err = edited.NewAgent(1); err != nil {
			t.Fatal(err)
		}
		dropped, err = a.Restore(data)
	}
	if err != nil {
		t.Fatal(err)
	}
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventBegin && e.Path != "plot":
			begun = append(begun, e.Path)
		case e.Kind == bt.EventPlan:
			plans = append(plans, e.Plan.Change.String()+": "+e.Plan.Reason)
		}
	}))
	for range 3 {
		if _, err := a.Tick(&m, tick); err != nil {
			t.Fatal(err)
		}
	}
	return dropped, begun, plans
}

// An agent whose domain is edited while a plan runs (by Reload, or by
// Restore of its save into the edited tree) goes on with the plan where
// its steps still fit the domain, a goal's utility changed; where they do
// not, the variant of a step gone, the runner's state is dropped, and the
// tree begins afresh. Reload and Restore name the node and why.
func TestADomainEditKeepsWhatStillFits(t *testing.T) {
	// A walk of two ticks to V[1] == 2, a variant of the first step, then
	// a step that needs it, to the goal V[2] == 3.
	p := plotProblem{rules: []plotRule{
		{rule: rule{needVar: -1, setVar: 1, cost: 1}, ticks: 2, variants: true},
		{rule: rule{needVar: 1, needVal: 2, setVar: 2, setVal: 3, cost: 1}, ticks: 2},
	}, goals: []plotGoal{{at: 2, is: 3, unless: -1, utility: 1}}, choice: decide.ByUtility}
	actions := p.catalogue(t, named)
	tree := p.tree(t, p.domainOver(t, actions, named))
	dearer := p
	dearer.goals = []plotGoal{{at: 2, is: 3, unless: -1, utility: 2}}
	plain := p
	plain.rules = slices.Clone(p.rules)
	plain.rules[0].variants = false
	goesOn := []string{"plot/a1"}
	afresh := []string{"plot/a0", "plot/a1"}
	made := "made: goal g0 (utility 1), the highest with a plan"
	gone := []string{
		`plot: its state: goap: steps: step 1: variant 2 of action "a0", which has none`,
		"plot: plot/a0 runs under a parent that does not: the tree begins afresh"}
	for _, tc := range []struct {
		name         string
		edit         plotProblem
		reload       bool
		dropped      []string
		begun, plans []string
	}{
		{"a goal's utility, reloaded", dearer, true, nil, goesOn, nil},
		{"a goal's utility, restored", dearer, false, nil, goesOn, nil},
		{"a step's variant gone, reloaded", plain, true, gone, afresh, []string{made}},
		{"a step's variant gone, restored", plain, false, gone, afresh, []string{made}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			edited := p.tree(t, tc.edit.domainOver(t, actions, named))
			dropped, begun, plans := afterEdit(t, tree, edited, Plot{V: Vars{2}}, tc.reload)
			if diff := cmp.Diff(tc.dropped, dropped); diff != "" {
				t.Errorf("dropped (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.begun, begun); diff != "" {
				t.Errorf("steps begun after the edit (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.plans, plans); diff != "" {
				t.Errorf("plans after the edit (-want +got):\n%s", diff)
			}
		})
	}
}

// busyAgent returns an agent in the thick of it, and its memory: a plan
// under way (for goal g0), a planning spread over ticks beside it, its
// search under way and watched (the agent traces), a step backing off
// after it failed, and a goal above the plan found without one.
func busyAgent(t *testing.T) (*bt.Agent[Plot], Plot) {
	t.Helper()
	p := plotProblem{rules: []plotRule{
		{rule: rule{needVar: -1, setVar: 0, setVal: -1, cost: 1}, ticks: 2},
		{rule: rule{needVar: 0, needVal: 3, setVar: 1, setVal: 3, cost: 1}, ticks: 1},
		{rule: rule{needVar: -1, setVar: 0, setVal: -1, cost: 4}, ticks: 1},
		{rule: rule{needVar: -1, setVar: 2, cost: 1}, ticks: 1, variants: true, cooldown: true},
	}, goals: []plotGoal{{at: 1, is: 3, unless: -1, utility: 1}, {at: 3, is: 4, unless: -1, utility: 5}},
		choice: decide.ByUtility, budget: decide.Budget{PerTick: 2}, backoff: true, replan: 1}
	a, err := p.tree(t, p.domain(t, named)).NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	a.SetTracer(trace.JSON(io.Discard))
	var m Plot
	for i := range 36 {
		switch i {
		case 18: // a0 fails
			m.Jams = 1
		case 19:
			m.Jams = 0
		}
		if _, err := a.Tick(&m, tick); err != nil {
			t.Fatal(err)
		}
	}
	state, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"goal":"g0"`, `"planning":true`, `"active":true`, `"setbacks":1`, `"stale":1`, `"trials":[`} {
		if !bytes.Contains(state, []byte(want)) {
			t.Fatalf("the busy agent's state lacks %s: %s", want, state)
		}
	}
	return a, m
}

// resigned returns state, a JSON save changed by hand, with its checksum
// made again, so that a restore reads what was changed.
func resigned(t *testing.T, state []byte) []byte {
	t.Helper()
	var c bytes.Buffer
	if err := json.Compact(&c, state); err != nil {
		t.Fatalf("%v: %s", err, state)
	}
	const tail = len(`,"checksum":"00000000"}`)
	b := c.Bytes()[:c.Len()-tail]
	return fmt.Appendf(b, `,"checksum":"%08x"}`, crc32.ChecksumIEEE(b))
}

// withProgress returns state, a JSON save of busyAgent, with the value of
// its planning under way ("progress") changed by edit.
func withProgress(t *testing.T, state []byte, edit func(p map[string]any)) []byte {
	t.Helper()
	at := bytes.Index(state, []byte(`"progress":`)) + len(`"progress":`)
	dec := json.NewDecoder(bytes.NewReader(state[at:]))
	var p map[string]any
	if err := dec.Decode(&p); err != nil {
		t.Fatal(err)
	}
	edit(p)
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Concat(state[:at], b, state[at+int(dec.InputOffset()):])
}

// node returns the search's state i of a planning's value.
func node(p map[string]any, i int) map[string]any {
	return p["search"].(map[string]any)["nodes"].([]any)[i].(map[string]any)
}

// A runner refuses a saved state that does not hold what it saves, or
// that no runner of its domain could have saved, saying what is wrong, and
// is left as it was: a restore drops its state, saying why, and the
// runner starts afresh.
func TestRestoreRefusesHostileStates(t *testing.T) {
	a, _ := busyAgent(t)
	state, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	replace := func(old, new string) func() []byte {
		return func() []byte {
			re := regexp.MustCompile(old)
			loc := re.FindIndex(state)
			if loc == nil {
				t.Fatalf("no %s in %s", old, state)
			}
			return slices.Concat(state[:loc[0]], []byte(new), state[loc[1]:])
		}
	}
	progress := func(edit func(p map[string]any)) func() []byte {
		return func() []byte { return withProgress(t, state, edit) }
	}
	for _, tc := range []struct {
		name  string
		state func() []byte
		want  string
	}{
		{"a goal the domain lacks", replace(`"goal":"g0"`, `"goal":"g9"`), `goal "g9", which the domain lacks`},
		{"a planning beside no plan", replace(`"goal":"g0"`, `"goal":""`), `a planning beside the running plan (changed), where none runs`},
		{"a step the domain lacks", replace(`"step":"a\d"`, `"step":"zz"`), `steps: step 1: action "zz", which the domain lacks`},
		{"a variant of a step that has none", replace(`"variant":0`, `"variant":2`), `variant 2 of action`},
		{"a variant no step has", replace(`"variant":0`, `"variant":-1`), `variant -1`},
		{"a step under way past the plan", replace(`"at":\d+`, `"at":7`), `step 7 under way`},
		{"a plan made before time began", replace(`"plannedAt":\d+`, `"plannedAt":-1`), `planned at -1ns`},
		{"a purpose unknown", replace(`"purpose":"\w+"`, `"purpose":"fun"`), `purpose "fun"`},
		{"a planning for a step the domain lacks", replace(`"whyStep":"[^"]*"`, `"whyStep":"zz"`), `action "zz", which the domain lacks`},
		{"a step that never failed backing off", replace(`"times":\d+`, `"times":0`), `failed 0 times`},
		{"fewer than no setbacks", replace(`"setbacks":1`, `"setbacks":-1`), `-1 setbacks`},
		{"a utility that is not a number", replace(`"utility":1,`, `"utility":"one",`), `utility: strconv.ParseFloat: parsing "one"`},
		{"a cost below zero", replace(`"cost":\d+`, `"cost":-1`), `cost -1`},
		{"a field missing", replace(`,"achieved":false`, ``), `want the field "achieved", not "deferred"`},
		{"a field renamed", replace(`"nogo"`, `"nogood"`), `want the field "nogo", not "nogood"`},
		{"the state as saved", replace(`"checksum"`, `"checksum"`), ``}, // a control
		{"a field more", replace(`"state":\{`, `"state":{"more":1,`), `want the field "goal", not "more"`},
		{"fewer actions planned over", replace(`"actions":4`, `"actions":3`), `over 3 actions, where the domain has 4`},
		{"other actions planned over", replace(`"action":"a0"`, `"action":"zz"`), `over action "zz" where the domain has "a0"`},
		{"a situation garbled", replace(`"now":"[^"]*"`, `"now":"soon"`), `situation: now "soon": not a duration`},
		{"a moment before its planning", replace(`"moment":"0s"`, `"moment":"-1s"`), `before its prediction began`},
		{"a goal unnamed", progress(func(p map[string]any) { p["goals"].([]any)[1].(map[string]any)["name"] = "" }), `a planning over goal ""`},
		{"a goal twice", progress(func(p map[string]any) { p["goals"].([]any)[1].(map[string]any)["name"] = "g1" }), `goal "g1" twice`},
		{"a goal missing", progress(func(p map[string]any) { p["goals"] = p["goals"].([]any)[:1] }), `over 1 goals, where the domain has 2`},
		{"an outcome unknown", progress(func(p map[string]any) { p["goals"].([]any)[0].(map[string]any)["outcome"] = "won" }), `"won"`},
		{"a goal broken in a planning that goes on", progress(func(p map[string]any) { p["goals"].([]any)[0].(map[string]any)["outcome"] = "broken" }),
			`goal "g1" broke a planning that goes on`}, // the goals in the order tried,
		{"a goal planned, and no plan kept", progress(func(p map[string]any) {
			p["goals"].([]any)[0].(map[string]any)["outcome"] = "planned"
			p["goal"] = ""
		}), `a goal planned, and no plan kept`},
		{"a goal under way past the goals", progress(func(p map[string]any) { p["pos"] = 2 }), `goal 2 of 2 under way`},
		{"tallies of another domain", progress(func(p map[string]any) { p["tallies"] = []int{1} }), `tallies of 1`},
		{"a tally below zero", progress(func(p map[string]any) { p["considered"].([]any)[0] = -1 }), `a tally below zero`},
		{"a trial past the trials", progress(func(p map[string]any) { p["goalTrial"] = 1 << 20 }), `trials 1048576`},
		{"a trial under a later one", progress(func(p map[string]any) { p["trials"].([]any)[0].(map[string]any)["parent"] = 3 }), `trial 0 under trial 3`},
		{"a kept plan's step the domain lacks", progress(func(p map[string]any) { p["plan"] = []any{map[string]any{"action": "zz"}} }), `a planning with a step of action "zz"`},
		{"an active planning without its search", progress(func(p map[string]any) { delete(p, "search") }), `active true with a search false`},
		{"a search without its root", progress(func(p map[string]any) { node(p, 0)["parent"] = 1 }), `a search without its root`},
		{"a state under one past the states", progress(func(p map[string]any) { node(p, 1)["parent"] = 99 }), `state 1: under 99`},
		{"a state under itself", progress(func(p map[string]any) { node(p, 1)["parent"] = 1 }), `state 1: under 1`},
		{"states under each other", progress(func(p map[string]any) { node(p, 1)["parent"], node(p, 2)["parent"] = 2, 1 }),
			`leads back to itself`},
		{"a cost below zero in the search", progress(func(p map[string]any) { node(p, 1)["g"] = -1 }), `state 1: under`},
		{"two states of one state", progress(func(p map[string]any) { node(p, 2)["m"] = node(p, 1)["m"] }), `are one state`},
		{"a step of the search the domain lacks", progress(func(p map[string]any) { node(p, 1)["action"] = "zz" }), `a step of action "zz"`},
		{"an open entry past the states", progress(func(p map[string]any) {
			p["search"].(map[string]any)["open"].([]any)[0].(map[string]any)["node"] = 99
		}), `an open entry of state 99`},
		{"a state found past the states", progress(func(p map[string]any) { p["search"].(map[string]any)["found"] = 99 }), `found 99`},
		{"a bound unknown", progress(func(p map[string]any) { p["search"].(map[string]any)["broke"] = "Time" }), `out of "Time"`},
		{"a memory of another type", progress(func(p map[string]any) { p["root"] = "a plot" }), `progress: json: cannot unmarshal`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := a.Tree().NewAgent(1)
			if err != nil {
				t.Fatal(err)
			}
			fresh := runnerState(t, b)
			dropped, err := b.Restore(resigned(t, tc.state()))
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(dropped, func(d string) bool { return strings.HasPrefix(d, "plot: its state: ") })
			switch {
			case tc.want == "" && i >= 0:
				t.Fatalf("the state unchanged, restoring it dropped %q", dropped)
			case tc.want == "":
				return
			case i < 0:
				t.Fatalf("restored, dropping %q; want the runner's state dropped, saying %q", dropped, tc.want)
			case !strings.Contains(dropped[i], tc.want) || strings.Contains(dropped[i], "panicked"):
				t.Errorf("dropped %q, want it dropped saying %q", dropped[i], tc.want)
			}
			if now := runnerState(t, b); now != fresh {
				t.Errorf("the runner refusing the state is not a fresh one: %s", now)
			}
		})
	}
}

// runnerState returns the state of agent a's runner (of the node
// "plot"), in the JSON form.
func runnerState(t *testing.T, a *bt.Agent[Plot]) string {
	t.Helper()
	data, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var saved struct {
		Nodes []struct {
			Path  string          `json:"path"`
			State json.RawMessage `json:"state"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	for _, n := range saved.Nodes {
		if n.Path == "plot" {
			return string(n.State)
		}
	}
	t.Fatalf("no runner in %s", data)
	return ""
}

// runnerBytes returns where the runner's state lies in a binary save of a
// tree whose only custom node is the runner, reading the save as
// bt.Agent.AppendBinary documents it: a header, the schedule's mask
// (none here), each node's state (a mask of what it holds, then that),
// then the custom nodes' states, each after its length, then a checksum.
func runnerBytes(t fataler, save []byte) (from, to int) {
	r := bytes.NewReader(save[4 : len(save)-4]) // "fsag", and the checksum
	uvarint := func() uint64 {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	skip := func(n int64) {
		if _, err := r.Seek(n, io.SeekCurrent); err != nil {
			t.Fatal(err)
		}
	}
	if v := uvarint(); v != 1 {
		t.Fatal("the binary form is of version", v, "not 1: read it anew")
	}
	skip(8) // the tree's fingerprint
	for range 3 {
		uvarint() // the clock (a varint, as long), ticks, seed
	}
	skip(1) // the status
	if uvarint() != 0 {
		t.Fatal("the agent has a schedule (a rate, a sleep, a budget's counts): read its fields")
	}
	for range uvarint() {
		mask, err := r.ReadByte()
		if err != nil {
			t.Fatal(err)
		}
		for bit := byte(1 << 1); bit != 0; bit <<= 1 {
			switch {
			case mask&bit == 0 || bit == 1<<2: // quarantined: a flag, no field
			case bit >= 1<<6: // how it ended, its result: a byte
				skip(1)
			default: // its last end, decision, current and last child: varints
				uvarint()
			}
		}
	}
	n := uvarint()
	from = len(save) - 4 - r.Len()
	if to = from + int(n); to != len(save)-4 {
		t.Fatal("the runner's state is not the save's last")
	}
	return from, to
}

// reframed returns a binary save with the runner's state, save[from:to],
// replaced by state, and its checksum made again.
func reframed(save []byte, from, to int, state []byte) []byte {
	start := from - 1
	for start > 0 && save[start-1]&0x80 != 0 { // the length's first byte
		start--
	}
	b := slices.Concat(save[:start], binary.AppendUvarint(nil, uint64(len(state))), state, save[to:len(save)-4])
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// A runner given its binary state truncated anywhere refuses it; given it
// with any byte changed, it refuses it or takes it, never panicking, and
// an agent that took it ticks on, traced, without a fault. (Every 13th byte and
// length; every one with $FORESIGHT_FULL.)
func TestRestoreRefusesGarbledBinaryStates(t *testing.T) {
	a, m := busyAgent(t)
	save, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	from, to := runnerBytes(t, save)
	state := save[from:to]
	if again := reframed(save, from, to, state); !bytes.Equal(again, save) {
		t.Fatal("reframing the state as it is changes the save")
	}
	restore := func(what string, data []byte) (*bt.Agent[Plot], error) {
		b, err := a.Tree().NewAgent(1)
		if err != nil {
			t.Fatal(err)
		}
		err = b.UnmarshalBinary(data)
		if err != nil && strings.Contains(err.Error(), "panicked") {
			t.Errorf("%s: %v", what, err)
		}
		return b, err
	}
	stride := testsize.Pick(61, 13, 1) // the bytes changed, and the lengths cut to: every stride-th
	for n := 0; n < len(state); n += stride {
		if _, err := restore(fmt.Sprintf("cut to %d bytes", n), reframed(save, from, to, state[:n])); err == nil {
			t.Errorf("the runner's state cut to %d bytes of %d was taken", n, len(state))
		}
	}
	took := 0
	for i := 0; i < len(state); i += stride {
		for _, change := range []func(b byte) byte{func(b byte) byte { return b ^ 0xff }, func(b byte) byte { return b + 1 }} {
			garbled := slices.Clone(state)
			garbled[i] = change(garbled[i])
			b, err := restore(fmt.Sprintf("byte %d changed", i), reframed(save, from, to, garbled))
			if err != nil {
				continue
			}
			took++
			b.SetTracer(trace.JSON(io.Discard)) // its reports too
			m := m
			for range 10 {
				if _, err := b.Tick(&m, tick); err != nil {
					t.Fatalf("byte %d of the runner's state changed, restored, then ticked: %v", i, err)
				}
			}
		}
	}
	t.Logf("%d bytes of state, every %d-th changed: %d changes taken", len(state), stride, took)
}

// Saving an agent whose runner has a plan (binary form) costs no more
// allocations than saving one whose runner has none, but for the memory
// a plan judged from its start keeps (GoalFrom), which StateWriter.Value
// encodes with gob: that figure is logged.
func TestSavingAPlanAllocatesOnlyItsMemory(t *testing.T) {
	allocs := func(fromStart bool, ticks int) float64 {
		p := plotProblem{rules: []plotRule{
			{rule: rule{needVar: -1, setVar: 0, setVal: -1, cost: 1}, ticks: 2},
			{rule: rule{needVar: 0, needVal: 3, setVar: 1, setVal: 3, cost: 1}, ticks: 1},
		}, goals: []plotGoal{{at: 1, is: 3, unless: -1, utility: 1, fromStart: fromStart}}, choice: decide.ByUtility}
		a, err := p.tree(t, p.domain(t, named)).NewAgent(1)
		if err != nil {
			t.Fatal(err)
		}
		var m Plot
		for range ticks {
			if _, err := a.Tick(&m, tick); err != nil {
				t.Fatal(err)
			}
		}
		if ticks > 0 && !strings.Contains(runnerState(t, a), `"steps":4`) {
			t.Fatalf("no plan of 4 steps: %s", runnerState(t, a))
		}
		buf := make([]byte, 0, 4096)
		return testing.AllocsPerRun(100, func() {
			if _, err := a.AppendBinary(buf[:0]); err != nil {
				t.Fatal(err)
			}
		})
	}
	none, plan, fromStart := allocs(false, 0), allocs(false, 1), allocs(true, 1)
	if plan != none {
		t.Errorf("saving a plan takes %v allocations, saving none %v", plan, none)
	}
	if fromStart <= none {
		t.Errorf("saving a plan from the start takes %v allocations, saving none %v: it keeps no memory?", fromStart, none)
	}
	t.Logf("allocations of a save: %v without a plan or with one, %v with one judged from its start", none, fromStart)
}

// Whatever a runner is doing when it is saved, its binary state with a
// byte changed is refused or taken, never panicking, and an agent that
// took it ticks on, traced, without a fault.
func TestGarbledStatesNeverFault(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPlotProblem(t)
		tree := p.tree(t, p.domain(t, named))
		a, err := tree.NewAgent(7)
		if err != nil {
			t.Fatal(err)
		}
		a.SetTracer(trace.JSON(io.Discard))
		var m Plot
		for i, k := range drawPlotTicks(t) {
			if k.set >= 0 {
				m.V[k.set] = uint8(k.to)
			}
			m.Jams = m.Jams&^k.clear | k.jams
			if _, err := a.Tick(&m, k.dt); err != nil {
				t.Fatalf("tick %d: %v", i+1, err)
			}
		}
		save, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		from, to := runnerBytes(t, save)
		state := slices.Clone(save[from:to])
		at := rapid.IntRange(0, len(state)-1).Draw(t, "at")
		state[at] = byte(rapid.IntRange(0, 255).Draw(t, "byte"))
		b, err := tree.NewAgent(7)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.UnmarshalBinary(reframed(save, from, to, state)); err != nil {
			if strings.Contains(err.Error(), "panicked") {
				t.Fatal(err)
			}
			return
		}
		b.SetTracer(trace.JSON(io.Discard))
		for i := range 10 {
			if _, err := b.Tick(&m, tick); err != nil {
				var pe *bt.PanicError
				if errors.As(err, &pe) {
					t.Logf("%s", pe.Stack)
				}
				t.Fatalf("byte %d of the state changed to %d, restored, then tick %d: %v", at, state[at], i+1, err)
			}
		}
	})
}
