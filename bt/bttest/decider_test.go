package bttest_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

type world = bttest.World

// A factory makes a decider of the kit's actions, for TestDecider.
type factory = func(actions *catalogue.Catalogue[world]) (bt.Def[world], error)

var (
	n     = bt.New[world]()
	alarm = constraints.Func("alarm", func(w *world) bool { return w.Alarm })
)

// busy judges the kit's actions: firing (e) matters most, then work that
// lasts (b), then quick work (a).
var busy = heuristic.Func[world](func(b, a *world) heuristic.Outcome {
	switch {
	case a.E > b.E && a.Alarm:
		return heuristic.Urgent
	case a.B > b.B:
		return heuristic.Beneficial
	case a.A > b.A:
		return heuristic.Cosmetic
	}
	return heuristic.Irrelevant
})

// byHTN is an HTN domain over the kit's actions: with the alarm raised a
// volley (which cools down too soon, so never planned) or a fire with
// time between; otherwise chores (of which c fails) or idling (d runs on).
func byHTN(opts ...bt.Option) factory {
	return func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		d, err := htn.New(actions).Compound("work").
			Method("volley", alarm).Do("e", "e").
			Method("fire", alarm).Do("e", "b", "e").
			Method("chores").Do("a", "c", "b").
			Method("idle").Do("b", "d").
			Build()
		return n.Plan("htn", d, opts...), err
	}
}

// byHTNFeatures is an HTN domain over the kit's actions that uses the
// features of a domain beyond methods in order: the fight fills a slot,
// whose sub-domain tries its methods by utility; the work is chosen at
// random, from the agent's seed, and holds an optional task; and the
// runner plans its next plan in the tick the last one ends.
func byHTNFeatures(continuous bool, opts ...bt.Option) factory {
	return func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		weight := func(v float64) func(*world) float64 { return func(*world) float64 { return v } }
		fire, err := htn.New(actions).Compound("fire").Choose(decide.ByUtility).
			Method("volley").Do("e", "e").Utility(weight(2)).
			Method("aimed").Do("e", "b", "e").Utility(weight(1)).
			Build()
		if err != nil {
			return bt.Def[world]{}, err
		}
		d := htn.New(actions)
		d.Compound("work").Choose(decide.AtRandom).
			Method("fight", alarm).Do("weapon").Utility(weight(5)).
			Method("chores").Do("a", "maybe", "b").Utility(func(w *world) float64 { return float64(1 + w.A%3) }).
			Method("idle").Do("b", "d").Utility(weight(1))
		d.Compound("maybe").
			Method("fail", alarm).Do("c").
			Method("skip").Nothing()
		d.Slot("weapon", func(w *world) *htn.Domain[world] {
			if w.B%2 == 0 {
				return fire
			}
			return nil
		})
		if continuous {
			d.Continuous()
		}
		dom, err := d.Build()
		return n.Plan("htn", dom, opts...), err
	}
}

// byGOAP is a GOAP domain over the kit's actions: with the alarm raised,
// fire twice (which takes time between: e before b, so that the search
// reaches the state after both the way that leaves e cool); otherwise
// work, then a chore (which fails), then idling (d runs on).
func byGOAP(opts ...bt.Option) factory { return byGOAPWithin(decide.Budget{}, opts...) }

// byGOAPWithin is byGOAP within a budget, such as one spread over ticks.
func byGOAPWithin(budget decide.Budget, opts ...bt.Option) factory {
	return func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		d, err := goap.New(actions, goapKey).Budget(budget).
			Do("e").Do("b").Do("a").Do("c").Do("d").
			Goal("fire", 3, func(w *world) bool { return w.E >= 2 }).Relevant(func(w *world) bool { return w.Alarm }).
			Goal("work", 2, func(w *world) bool { return w.A+w.B >= 2 }).
			Goal("chore", 1, func(w *world) bool { return w.C >= 1 }).
			Goal("idle", 0, func(w *world) bool { return w.D >= 1 }).
			Build()
		return n.Plan("goap", d, opts...), err
	}
}

// goapKey tells the states of the GOAP domain apart: the counts, up to
// what its goals read.
func goapKey(w *world) world {
	k := *w
	for _, c := range []*int{&k.A, &k.B, &k.C, &k.D, &k.E} {
		*c = min(*c, 3)
	}
	return k
}

// bySelector is a simulated selector over the kit's actions.
func bySelector(opts ...bt.Option) factory {
	return func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		parts := []bt.Part{actions.Do("e"), actions.Do("b"), actions.Do("a"), actions.Do("c"), actions.Do("d")}
		for _, o := range opts {
			parts = append(parts, o)
		}
		return n.Selector("choose", parts...), nil
	}
}

// byPlanners is a simulated selector over three planners of the kit's
// actions: an HTN domain, a GOAP domain and a playbook of one's own.
func byPlanners(opts ...bt.Option) factory {
	return func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		parts := []bt.Part{actions.Do("a")}
		for _, planner := range []func(...bt.Option) factory{byHTN, byGOAP} {
			d, err := planner(opts...)(actions)
			if err != nil {
				return d, err
			}
			parts = append(parts, d)
		}
		own, _ := playbookOf(sound, opts...)(actions)
		for _, o := range opts {
			parts = append(parts, o)
		}
		return n.Selector("choose", append(parts, own)...), nil
	}
}

// The built-in deciders keep the contract over the kit's actions.
func TestBuiltInDecidersKeepTheContract(t *testing.T) {
	cfg := bttest.DeciderConfig{Tree: bt.Config[world]{Heuristic: busy}, Worlds: []world{{}, {Alarm: true}}}
	for name, decider := range map[string]factory{
		"htn":                             byHTN(),
		"htn replanning":                  byHTN(bt.Replan(0)),
		"htn on the alarm":                byHTN(bt.ReplanOn(alarmed)),
		"htn on news of the alarm":        byHTN(bt.ReplanOnChange(alarmKey)),
		"htn every 300ms":                 byHTN(bt.Replan(300 * time.Millisecond)),
		"htn's features":                  byHTNFeatures(false),
		"htn's features, replanning":      byHTNFeatures(false, bt.Replan(0)),
		"htn's features, continuous":      byHTNFeatures(true, bt.ReplanOn(alarmed)),
		"goap":                            byGOAP(),
		"goap replanning":                 byGOAP(bt.Replan(0)),
		"goap on the alarm":               byGOAP(bt.ReplanOn(alarmed)),
		"goap spread over ticks":          byGOAPWithin(decide.Budget{PerTick: 3}),
		"goap spread, on the alarm":       byGOAPWithin(decide.Budget{PerTick: 2}, bt.ReplanOn(alarmed)),
		"selector":                        bySelector(),
		"selector replanning":             bySelector(bt.Replan(0)),
		"selector on news of the alarm":   bySelector(bt.ReplanOnChange(alarmKey)),
		"selector of planners":            byPlanners(),
		"selector of planners replanning": byPlanners(bt.Replan(0)),
	} {
		t.Run(name, func(t *testing.T) {
			if err := bttest.TestDecider(decider, cfg); err != nil {
				t.Errorf("%v", err)
			}
		})
	}
}

// A planner of your own keeps the contract too, one that looks ahead
// before each step included: a prediction of the step due at another
// time, or after it ran, refuses nothing.
func TestOwnPlannerKeepsTheContract(t *testing.T) {
	cfg := bttest.DeciderConfig{Worlds: []world{{}, {Alarm: true}}}
	for name, decider := range map[string]factory{
		"committed":     playbookOf(sound),
		"replanning":    playbookOf(sound, bt.Replan(0)),
		"on the alarm":  playbookOf(sound, bt.ReplanOn(alarmed)),
		"looking ahead": playbookOf(lookingAhead),
	} {
		if err := bttest.TestDecider(decider, cfg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Each broken decider below breaks one rule, and the kit must name it.
func TestBrokenDeciders(t *testing.T) {
	cfg := bttest.DeciderConfig{Worlds: []world{{}, {Alarm: true}}}
	tests := []struct {
		flaw flaw
		opts []bt.Option
		want string
	}{
		{timeBlind, nil, "a step the decider planned was refused as it began"},
		{timeBlindCautious, nil, "a step the decider planned was refused as it began"},
		{phantomStep, nil, "a plan report names a step that is not a child of the decider"},
		{changeless, nil, "a plan report's change is not one of package decide's"},
		{keptWhole, []bt.Option{bt.Replan(0)}, "a kept plan is not what remains of the running plan"},
		{noneWithSteps, nil, "a report of no plan has steps"},
		{recordless, nil, "a plan report's record and methods differ in length"},
		{wayward, nil, "the decider began a step that its plan does not have next"},
		{routeAstray, nil, "the preview planned what the tick did not"},
		{silentRoute, nil, "the preview foresaw other plans than the tick reported"},
		{twoAtOnce, nil, "the life cycle is broken"},
		{tickFromEnd, nil, "ticked its child"},
		{sharedRunner, nil, "agents share state"},
		{previewActs, nil, "Preview: subject: ticked its child e from Route"},
		{playsForgotten, nil, "previews change what the tree does"},
		{nondeterministic, nil, "runs are not deterministic"},
	}
	for _, tt := range tests {
		err := bttest.TestDecider(playbookOf(tt.flaw, tt.opts...), cfg)
		if err == nil {
			t.Errorf("flaw %d: the kit found nothing; want %q", tt.flaw, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("flaw %d: the kit said\n%v\nwant a violation containing %q", tt.flaw, err, tt.want)
		}
	}
}

// The kit takes what a hostile or careless factory gives it without
// panicking, and says what is wrong.
func TestDeciderHostileInput(t *testing.T) {
	tests := []struct {
		name    string
		decider factory
		want    string
	}{
		{"nil factory", nil, "bttest: nil decider factory"},
		{"failing factory", func(*catalogue.Catalogue[world]) (bt.Def[world], error) {
			return bt.Def[world]{}, errors.New("bad domain")
		}, "bttest: the decider's factory: bad domain"},
		{"panicking factory", func(*catalogue.Catalogue[world]) (bt.Def[world], error) {
			panic("no domain")
		}, "bttest: the decider's factory panicked: no domain"},
		{"no decider", func(*catalogue.Catalogue[world]) (bt.Def[world], error) {
			return bt.Def[world]{}, nil
		}, "the tree around the decider does not build"},
		{"an action it does not have", func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
			return n.Selector("choose", actions.Do("a"), actions.Do("z")), nil
		}, `the catalogue has no "z"`},
		{"a nil planner", func(*catalogue.Catalogue[world]) (bt.Def[world], error) {
			return n.Plan("nothing", nil), nil
		}, "nil planner"},
	}
	for _, tt := range tests {
		err := bttest.TestDecider(tt.decider, bttest.DeciderConfig{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
	// What is no decider at all keeps the contract: it plans nothing.
	if err := bttest.TestDecider(func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		return n.Sequence("chores", actions.Do("a"), actions.Do("b")), nil
	}, bttest.DeciderConfig{}); err != nil {
		t.Errorf("a sequence: %v", err)
	}
}

// A running step that a new plan holds later than its first step is
// halted when the plan replaces the running one, and begins afresh when
// its turn comes: the planner plans it so (its cooldown running from the
// halt), and never counts on it going on.
func TestHTNPlansARunningStepAfreshLaterInAPlan(t *testing.T) {
	worked := constraints.Func("worked", func(w *world) bool { return w.B >= 1 })
	err := bttest.TestDecider(func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		d, err := htn.New(actions).Compound("work").
			Method("again", alarm, worked).Do("a", "e").
			Method("fire", alarm).Do("e", "b", "e").
			Method("chores").Do("a", "c", "b").
			Method("idle").Do("b", "d").Build()
		return bt.New[world]().Plan("htn", d, bt.Replan(0)), err
	}, bttest.DeciderConfig{Worlds: []world{{}, {Alarm: true}}})
	if err != nil {
		t.Fatal(err)
	}
}
