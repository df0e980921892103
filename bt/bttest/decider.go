package bttest

import (
	"errors"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/internal/engine/traits"
)

// World is the memory TestDecider runs deciders on: how many times each
// of the kit's actions ran to its end, and what the kit senses. It is a
// plain value, copied by assignment.
type World struct {
	// A to E count the runs of the kit's actions "a" to "e" that
	// succeeded: live, as each ends, and in predictions, where each
	// predicts one more (so C and D grow only in predictions: c fails
	// live, and d runs until halted).
	A, B, C, D, E int
	// Alarm is what the kit senses: it is raised before step 2 of the
	// schedule, lowered before step 7 and raised again before step 11,
	// so that a decider whose plans turn on it (a method's condition, a
	// goal's relevance, a ReplanOn test) plans again with a plan under
	// way.
	Alarm bool
}

// How long the kit's actions b and e last, and how long e cools down.
const (
	lastsB    = 200 * time.Millisecond
	lastsE    = 100 * time.Millisecond
	cooldownE = 150 * time.Millisecond
)

// actionGateStep is the step of the schedule in which the kit's gate on
// action a is shut.
const actionGateStep = 2

// alarmAt says when the kit's sensing raises (true) and lowers (false)
// the World's Alarm: before these steps of the schedule.
var alarmAt = map[int]bool{1: true, 6: false, 10: true}

func senseWorld(step int, w *World) {
	if on, ok := alarmAt[step]; ok {
		w.Alarm = on
	}
}

// count returns the count in w of the kit's action j.
func count(w *World, j int) *int {
	return [...]*int{&w.A, &w.B, &w.C, &w.D, &w.E}[j]
}

// deciderScripts are the kit's actions' scripts, "a" to "e".
var deciderScripts = scriptSet{"the kit's actions", func(j int) script {
	return []script{
		succeed,
		{begin: bt.Running, lasts: lastsB, finish: bt.Success},
		fail,
		endless,
		{begin: bt.Running, lasts: lastsE, finish: bt.Success},
	}[j]
}}

// DeciderConfig says what TestDecider runs a decider on. The zero
// DeciderConfig runs it from the zero World, in trees with no heuristic.
type DeciderConfig struct {
	// Tree configures the trees the kit builds around the decider: the
	// heuristic a selector judges the kit's actions by, say.
	Tree bt.Config[World]
	// Worlds are the live memories the runs start from, one run of the
	// schedule each; none means one run from the zero World.
	Worlds []World
}

// TestDecider checks a decider: a node that chooses what its agent does,
// such as a planner node (bt.Builder.Plan over an htn or goap domain, an
// fsm machine, or a bt.Planner of your own), a simulated selector, or a
// composite of your own. decider makes the decider's node from the kit's
// actions, in a catalogue; the kit calls it for every tree it builds, and
// names the node "subject". The actions, over World, are:
//
//	a  finishes at once
//	b  lasts 200ms (two ticks of 100ms), and declares it (Takes)
//	c  fails at once
//	d  runs until halted
//	e  lasts 100ms, declares it, and cools down for 150ms after each
//	   run (a constraints.Cooldown precondition): a plan runs it twice
//	   only with time between, such as b's
//
// Each succeeding run adds one to its count in World, as does each
// prediction of one. A run lasts at least what it declares, so a plan
// made on the declared times runs as planned. Like every action, each is
// shared by the tree's nodes and agents, and the kit follows an agent's
// run of it by its calls: a tree that runs one at two nodes at once (two
// planners under a parallel) confuses the kit, so check each planner
// alone.
//
// The kit plays its schedule from each World, its sensing raising and
// lowering the Alarm, and checks every rule TestComposite checks, through
// every change of plan, and the contract of package decide:
//
//   - every plan the decider reports (bt.EventPlan) is well-formed: its
//     Change is one of decide's; its steps are the decider's children;
//     a Kept plan's steps are what remains of the running plan; None and
//     OutOfBudget have no steps; its Record and Methods are as long as
//     each other;
//   - the decider runs what it plans: the steps it begins are those of
//     its plan (the last it reported, or a selector's decision), in
//     order;
//   - Agent.Preview foresees the plans: its Plans are the reports the tick
//     makes before it first acts, alike in every field (a tick that
//     updates a running step acts at once: then only those before);
//   - what the decider plans, the agent can do: the kit's world changes
//     only as the kit says, so a plan made on it runs as planned, at the
//     times planned, and no step of it is refused as it begins by a
//     precondition of the kit's (e's cooldown), whether the tree refuses
//     it, the decider checks it (bt.Child.Check), or predicts it from the
//     live memory, now, and finds it impossible. The kit's gates do
//     refuse: a in step 3 of the schedule, and the decider itself in step
//     8; what the decider does then is up to it.
//
// What the decider should choose is for your own tests; the kit checks
// only that it keeps the rules every decider keeps.
func TestDecider(decider func(actions *catalogue.Catalogue[World]) (bt.Def[World], error), cfg DeciderConfig) error {
	if decider == nil {
		return errors.New("bttest: nil decider factory")
	}
	c := Config[World]{Tree: cfg.Tree, Memories: cfg.Worlds, Sense: senseWorld}
	return check(c, []scriptSet{deciderScripts}, false, func(h *harness[World], set scriptSet) (*bt.Tree[World], error) {
		actions, err := kitActions(h, set)
		if err != nil {
			return nil, err
		}
		def, err := makeDecider(decider, actions)
		if err != nil {
			return nil, err
		}
		def.Name = subject
		tree, err := bt.Build(cfg.Tree, def.Constrain(gate[World]{h, gateStep}))
		if err != nil {
			return nil, fmt.Errorf("bttest: the tree around the decider does not build: %w", err)
		}
		h.entries = entries(def)
		return tree, nil
	})
}

// makeDecider calls the decider's factory, turning a panic into an
// error.
func makeDecider(decider func(*catalogue.Catalogue[World]) (bt.Def[World], error), actions *catalogue.Catalogue[World]) (def bt.Def[World], err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bttest: the decider's factory panicked: %v", r)
		}
	}()
	def, err = decider(actions)
	if err != nil {
		return def, fmt.Errorf("bttest: the decider's factory: %w", err)
	}
	return def, nil
}

// kitActions returns the catalogue of the kit's actions, each a probe of
// h's playing set's script.
func kitActions(h *harness[World], set scriptSet) (*catalogue.Catalogue[World], error) {
	var b catalogue.Builder[World]
	for j := range 5 {
		name := childName(j)
		p := h.probe(j, "action "+name, set.script(j), func(w *World) { *count(w, j)++ })
		switch name {
		case "a":
			b.Action(name, action{p}, gate[World]{h, actionGateStep})
		case "b":
			b.Action(name, action{p}).Takes(lastsB)
		case "e":
			b.Action(name, action{p}, watched{h, name, constraints.Cooldown[World](cooldownE)}).Takes(lastsE)
		default:
			b.Action(name, action{p})
		}
	}
	actions, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("bttest: the kit's catalogue: %w", err)
	}
	return actions, nil
}

// An action is a probe as an action of the catalogue: its Simulate
// predicts its effect.
type action struct{ *probe[World] }

func (a action) Simulate(_ *bt.Sim[World], w *World) { a.effect(w) }

// entries returns the catalogue entry of each of the decider's steps, by
// name: the steps a planner makes its children, or the children of any
// other decider.
func entries(d bt.Def[World]) (out map[string]string) {
	defer func() { _ = recover() }() // the tree built: a planner's Steps did not panic there
	children := d.Children
	if p, ok := d.Value.(bt.Planner[World]); ok && d.Kind == bt.KindPlanner && p != nil {
		children = p.Steps()
	}
	out = map[string]string{}
	for _, c := range children {
		if c.Entry != "" {
			out[c.Name] = c.Entry
		}
	}
	return out
}

// watched is a precondition of one of the kit's actions, watched: when it
// refuses a step of the decider's plan as it begins, the kit reports it.
type watched struct {
	h     *harness[World]
	entry string
	c     bt.Constraint[World]
}

func (w watched) Evaluate(s bt.Situation, m *World) (bt.Check, string) {
	check, why := w.c.Evaluate(s, m)
	if check == bt.Fail {
		w.h.refused(w.entry, s, why)
	}
	return check, why
}

func (w watched) String() string { return traits.Describe(w.c) }

// refused notes that a precondition of entry failed in situation s, for
// why, and reports it if it refused the step the decider's plan begins
// next: a check of that step, live or predicted, in the situation it has
// now (a prediction of it at another time, or having run, is planning).
func (h *harness[M]) refused(entry string, s bt.Situation, why string) {
	if h.previewing || h.current == nil {
		return
	}
	f := h.current.plans
	step, due := f.Due()
	if !due || h.entries[step] != entry || s.Running || s.Now != h.now {
		return
	}
	since, hasRun := s.SinceLastRun()
	if end, ran := f.LastEnd(step); hasRun != ran || ran && s.Now-since != end {
		return
	}
	h.v.add(h.at(), "a step the decider planned was refused as it began: what a planner plans, the agent must be able to do",
		fmt.Sprintf("%s: %s, in the plan %v", step, why, f.Plan()))
}
