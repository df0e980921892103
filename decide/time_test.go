package decide_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"pgregory.net/rapid"
)

// Planning knows time: every plan, run live step by step from the memory
// it was made on, in a world that does not change, never meets a
// precondition it planned past, cooldowns included. Random domains of
// actions that take whole ticks, some with a cooldown, planned by an HTN
// and by GOAP.

const tickStep = 100 * time.Millisecond

// clocked is the memory: counters the actions raise, and the timer of the
// action under way (one at a time).
type clocked struct {
	V    [3]int8
	Busy time.Duration
}

// timed is an action that takes a fixed time, then raises counter I, by
// one and back to 0 after 3, so that goals are reached again and again.
type timed struct {
	I     int
	Takes time.Duration
}

func (a timed) Begin(m *clocked) bt.Status { m.Busy = a.Takes; return bt.Running }
func (a timed) Update(m *clocked, dt time.Duration) bt.Status {
	if m.Busy -= dt; m.Busy > 0 {
		return bt.Running
	}
	a.effect(m)
	return bt.Success
}
func (timed) End(*clocked, bt.Status)                   {}
func (a timed) Simulate(_ *bt.Sim[clocked], m *clocked) { a.effect(m) }
func (a timed) effect(m *clocked)                       { m.V[a.I] = min(m.V[a.I]+1, 100) }
func (a timed) String() string                          { return fmt.Sprintf("V%d+1 in %v", a.I, a.Takes) }

type actionSpec struct {
	timed
	Cooldown time.Duration // 0: none
	Below    int8          // a precondition V[I] < Below, or 0 for none
}

func drawActions(t *rapid.T) (*catalogue.Catalogue[clocked], []actionSpec) {
	n := rapid.IntRange(2, 4).Draw(t, "actions")
	var b catalogue.Builder[clocked]
	var specs []actionSpec
	for i := range n {
		s := actionSpec{
			timed:    timed{I: rapid.IntRange(0, 2).Draw(t, "i"), Takes: time.Duration(rapid.IntRange(1, 4).Draw(t, "ticks")) * tickStep},
			Cooldown: time.Duration(rapid.IntRange(0, 6).Draw(t, "cooldown")) * tickStep,
			Below:    int8(rapid.IntRange(0, 4).Draw(t, "below")),
		}
		var pre []bt.Constraint[clocked]
		if s.Cooldown > 0 {
			pre = append(pre, constraints.Cooldown[clocked](s.Cooldown))
		}
		if s.Below > 0 {
			at, below := s.I, s.Below
			pre = append(pre, constraints.Func("below", func(m *clocked) bool { return m.V[at] < below }))
		}
		b.Action("a"+strconv.Itoa(i), s.timed, pre...).Takes(s.Takes)
		specs = append(specs, s)
	}
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions, specs
}

// run ticks the tree for 60 ticks, its root beginning afresh each time
// it finishes, so that later plans are made with history (cooldowns
// running from steps of the plans before), and returns the refusals
// of planned steps: constraints that stopped one, or a plan given up
// because a step could not begin or the plan no longer held.
func run(t *rapid.T, tree *bt.Tree[clocked]) (refusals []string, planned int) {
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventConstraint:
			refusals = append(refusals, fmt.Sprintf("at %v %s refused: %s", e.Time, e.Path, e.Reason))
		case e.Kind == bt.EventPlan && e.Plan.Change == decide.Made:
			planned++
		case e.Kind == bt.EventPlan && e.Plan.Change == decide.Replaced:
			if strings.Contains(e.Plan.Reason, "cannot begin") || strings.Contains(e.Plan.Reason, "no longer holds") ||
				strings.Contains(e.Plan.Reason, "failed") {
				refusals = append(refusals, fmt.Sprintf("at %v %s: %s", e.Time, e.Path, e.Plan.Reason))
			}
		}
	}))
	var m clocked
	for range 60 {
		if _, err := agent.Tick(&m, tickStep); err != nil {
			t.Fatal(err)
		}
	}
	return refusals, planned
}

func TestPropertyHTNPlansKnowTime(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		actions, specs := drawActions(t)
		d := htn.New(actions).Compound("root")
		for k := range rapid.IntRange(1, 3).Draw(t, "methods") {
			d.Method("m" + strconv.Itoa(k))
			for range rapid.IntRange(1, 4).Draw(t, "steps") {
				d.Do("a" + strconv.Itoa(rapid.IntRange(0, len(specs)-1).Draw(t, "step")))
			}
		}
		dom, err := d.Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[clocked]{}, bt.New[clocked]().Plan("plan", dom))
		if err != nil {
			t.Fatal(err)
		}
		if refusals, _ := run(t, tree); len(refusals) > 0 {
			t.Fatalf("a plan met a precondition it planned past: %v", refusals)
		}
	})
}

func TestPropertyGOAPPlansKnowTime(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		actions, specs := drawActions(t)
		b := goap.New(actions, func(m *clocked) [3]int8 { return m.V })
		for i := range specs {
			b.Do("a" + strconv.Itoa(i))
		}
		at, want := rapid.IntRange(0, 2).Draw(t, "goal"), int8(rapid.IntRange(0, 3).Draw(t, "target"))
		dom, err := b.Goal("reach", 1, func(m *clocked) bool { return m.V[at] == want }).
			Budget(decide.Budget{Tries: 2000}).Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[clocked]{}, bt.New[clocked]().Plan("plan", dom))
		if err != nil {
			t.Fatal(err)
		}
		if refusals, _ := run(t, tree); len(refusals) > 0 {
			t.Fatalf("a plan met a precondition it planned past: %v", refusals)
		}
	})
}

// gun is the memory of the rate-of-fire tests.
type gun struct {
	Shots, Aims int8
	Busy        time.Duration
}

// gunAction is an action that takes d, then does effect; predicted, it
// does effect (its duration is declared in the catalogue).
func gunAction(d time.Duration, effect func(g *gun)) bt.Action[gun] {
	return bt.Lasting(func(g *gun, dt time.Duration) bt.Status {
		if g.Busy -= dt; g.Busy > 0 {
			return bt.Running
		}
		effect(g)
		return bt.Success
	}, effect).OnBegin(func(g *gun) bt.Status { g.Busy = d; return bt.Running })
}

func gunActions(t *testing.T, fire, aim time.Duration) *catalogue.Catalogue[gun] {
	var b catalogue.Builder[gun]
	b.Action("fire", gunAction(fire, func(g *gun) { g.Shots++ }), constraints.Cooldown[gun](500*time.Millisecond)).Takes(fire)
	b.Action("aim", gunAction(aim, func(g *gun) { g.Aims++ })).Takes(aim)
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions
}

// play ticks a tree of planner p every 100ms until it has made plans
// plans or ticked 30 times, and returns the plans made (as their steps,
// or their methods for an HTN) and whether any step was refused.
func play(t *testing.T, p bt.Planner[gun], opts []bt.Option, plans int) (made []string, g gun) {
	t.Helper()
	n := bt.New[gun]()
	tree, err := bt.Build(bt.Config[gun]{}, n.Sequence("round", n.Plan("plan", p, opts...)))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventPlan && e.Plan.Change == decide.Made:
			made = append(made, fmt.Sprintf("%v: %s", e.Time, strings.Join(e.Plan.Steps, " ")))
		case e.Kind == bt.EventConstraint:
			t.Errorf("at %v %s refused: %s", e.Time, e.Path, e.Reason)
		}
	}))
	for range 30 {
		if _, err := agent.Tick(&g, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if len(made) > plans || len(made) == plans && g.Busy <= 0 && g.Shots >= int8(plans) {
			break
		}
	}
	return made, g
}

// A rate of fire planned: fire takes 200ms and cools down for 500ms from
// when it ends, aim takes 500ms. Firing twice in a row cannot be done (the
// second shot would begin as the first ends), so an HTN takes the method
// that aims between the shots, and GOAP interleaves an aim; either plan
// runs live as planned.
func TestRateOfFirePlanned(t *testing.T) {
	actions := gunActions(t, 200*time.Millisecond, 500*time.Millisecond)
	h, err := htn.New(actions).Compound("two shots").
		Method("burst").Do("fire", "fire").
		Method("aimed").Do("fire", "aim", "fire").
		Build()
	if err != nil {
		t.Fatal(err)
	}
	g, err := goap.New(actions, func(g *gun) [2]int8 { return [2]int8{g.Shots, g.Aims} }).
		Do("fire").Do("aim").
		Goal("two shots", 1, func(g *gun) bool { return g.Shots >= 2 }).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]bt.Planner[gun]{"htn": h, "goap": g} {
		made, m := play(t, p, nil, 1)
		if want := []string{"100ms: fire aim fire"}; m.Shots != 2 || !equal(made, want) {
			t.Errorf("%s: %d shots, plans %q; want 2 shots and plans %q", name, m.Shots, made, want)
		}
	}
}

// A step planned for later is judged at the time it will begin, not now.
// The gun fires at 0.1s (the plan "now": 200ms, so it ends at 0.3s) and
// cools down for 500ms. The round begins again at 0.3s: a shot now is too
// soon, and so is one after a 300ms aim (at 0.6s); at 0.4s, too, but at
// 0.5s the aimed shot would begin at 0.8s, 500ms after the first ended,
// and that is the plan, as it runs. Judged at the time of planning, the
// shot would have waited for a plan made at 0.8s.
func TestStepJudgedAtItsTime(t *testing.T) {
	actions := gunActions(t, 200*time.Millisecond, 300*time.Millisecond)
	h, err := htn.New(actions).Compound("shoot").
		Method("now").Do("fire").
		Method("after aiming").Do("aim", "fire").
		Build()
	if err != nil {
		t.Fatal(err)
	}
	made, g := play(t, h, nil, 2)
	if want := []string{"100ms: fire", "500ms: aim fire"}; g.Shots != 2 || !equal(made, want) {
		t.Errorf("%d shots, plans %q; want 2 shots and plans %q", g.Shots, made, want)
	}
}

func equal(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

// A behaviour tree's chained predictions know time too: a sequence that
// aims (300ms) and then fires (200ms, cooling down 500ms) is predicted
// possible as soon as the shot at its end would be, not when a shot now
// would be. The volley at 0.1s ends at 0.6s; the selector plans every
// tick, and at 0.8s the shot of a new volley would come at 1.1s, 500ms
// after the last: the volley begins again then.
func TestSequencePredictionKnowsTime(t *testing.T) {
	actions := gunActions(t, 200*time.Millisecond, 300*time.Millisecond)
	n := bt.New[gun]()
	idle := bt.Lasting(func(*gun, time.Duration) bt.Status { return bt.Running }, nil)
	more := heuristic.Func[gun](func(before, after *gun) heuristic.Outcome {
		if after.Shots > before.Shots {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	tree, err := bt.Build(bt.Config[gun]{Heuristic: more},
		n.Selector("gun", bt.Replan(0),
			n.Sequence("volley", actions.Do("aim"), actions.Do("fire")),
			n.Do("idle", idle, bt.Cosmetic()),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	var volleys []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventBegin && e.Path == "gun/volley":
			volleys = append(volleys, e.Time.String())
		case e.Kind == bt.EventConstraint:
			t.Errorf("at %v %s refused: %s", e.Time, e.Path, e.Reason)
		}
	}))
	var g gun
	for range 9 {
		if _, err := agent.Tick(&g, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"100ms", "800ms"}; !equal(volleys, want) {
		t.Errorf("volleys began at %q, want %q", volleys, want)
	}
}
