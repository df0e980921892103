package htn_test

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
)

// Visitor is the memory of a park visitor: what it stands near, and what
// it did.
type Visitor struct {
	Near           int // 0: nothing, 1: a vending machine, 2: a bench
	Snacks, Breaks int
	Tired, Hungry  float64
	Loot           bool
	Taunted        int // when it last taunted, in ticks
	Tick           int
}

// visitorActions are the visitor's actions, each declared once.
func visitorActions() *catalogue.Catalogue[Visitor] {
	act := func(effect func(v *Visitor)) bt.Action[Visitor] {
		return bt.Instant(func(v *Visitor) bool { effect(v); return true }, effect)
	}
	var b catalogue.Builder[Visitor]
	b.Action("wander", act(func(v *Visitor) { v.Tick++ }))
	b.Action("stroll", bt.Lasting(func(v *Visitor, _ time.Duration) bt.Status {
		if v.Tick++; v.Tick%2 == 0 {
			return bt.Success // a stroll takes two ticks
		}
		return bt.Running
	}, func(v *Visitor) { v.Tick += 2 }))
	b.Action("buy snack", act(func(v *Visitor) { v.Snacks++ }),
		constraints.Func("at a vending machine", func(v *Visitor) bool { return v.Near == 1 }))
	b.Action("sit", act(func(v *Visitor) { v.Breaks++ }),
		constraints.Func("at a bench", func(v *Visitor) bool { return v.Near == 2 }))
	b.Action("pick up", act(func(v *Visitor) { v.Loot = false }))
	b.Action("walk home", act(func(*Visitor) {}))
	b.Action("nap", act(func(v *Visitor) { v.Tired = 0 }))
	b.Action("eat", act(func(v *Visitor) { v.Hungry = 0 }))
	b.Action("play", act(func(*Visitor) {}))
	b.Action("taunt", act(func(*Visitor) {}))
	b.Action("wave", act(func(*Visitor) {}))
	actions, err := b.Build()
	if err != nil {
		panic(err)
	}
	return actions
}

// A slot is a task that a sub-domain fills at run time: here, whatever
// the object the visitor stands near offers. Each object's domain is
// built once, over the same catalogue; the memory says which is near.
func ExampleBuilder_Slot() {
	// snippet htn-slot
	actions := visitorActions()
	vending, _ := htn.New(actions).Compound("vending").Method("buy").Do("buy snack").Build()
	bench, _ := htn.New(actions).Compound("bench").Method("rest").Do("sit").Build()

	d := htn.New(actions)
	d.Compound("visit").
		Method("use what is near").Do("object").
		Method("stroll").Do("wander")
	d.Slot("object", func(v *Visitor) *htn.Domain[Visitor] {
		switch v.Near {
		case 1:
			return vending
		case 2:
			return bench
		}
		return nil // an empty slot: the method holding it gives way
	})
	park, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	for near, what := range []string{"nothing", "a vending machine", "a bench"} {
		plan, _ := park.NewSession().Plan(&Visitor{Near: near})
		fmt.Printf("near %s: %v %v\n", what, plan.Path(), plan.Steps)
	}
	// end snippet htn-slot

	// Output:
	// near nothing: [stroll] [wander]
	// near a vending machine: [use what is near/buy] [buy snack]
	// near a bench: [use what is near/rest] [sit]
}

// A method that plans nothing makes its task optional: with nothing to
// loot, the visitor still walks home.
func ExampleBuilder_Nothing() {
	// snippet htn-nothing
	d := htn.New(visitorActions())
	d.Compound("go home").Method("on the way").Do("loot", "walk home")
	d.Compound("loot").
		Method("grab", constraints.Func("loot in sight", func(v *Visitor) bool { return v.Loot })).Do("pick up").
		Method("nothing to loot").Nothing()
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, loot := range []bool{true, false} {
		plan, _ := domain.NewSession().Plan(&Visitor{Loot: loot})
		fmt.Println(plan.Path(), plan.Steps)
	}
	// end snippet htn-nothing

	// Output:
	// [on the way/grab] [pick up walk home]
	// [on the way/nothing to loot] [walk home]
}

// A task can try its methods by utility, highest first, or at random in
// proportion to it, drawn from the agent's seed: the same seed and memory
// always give the same plan.
func ExampleBuilder_Choose() {
	// snippet htn-choose
	d := htn.New(visitorActions())
	d.Compound("idle").Choose(decide.ByUtility).
		Method("nap").Do("nap").Utility(func(v *Visitor) float64 { return v.Tired }).
		Method("snack").Do("eat").Utility(func(v *Visitor) float64 { return v.Hungry }).
		Method("play").Do("play").Utility(func(*Visitor) float64 { return 0.3 })
	idle, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range []Visitor{{Tired: 0.9, Hungry: 0.5}, {Tired: 0.1, Hungry: 0.5}, {}} {
		plan, _ := idle.NewSession().Plan(&v)
		fmt.Println(plan.Steps)
	}

	r := htn.New(visitorActions())
	r.Compound("greet").Choose(decide.AtRandom).
		Method("taunt").Do("taunt").Utility(func(*Visitor) float64 { return 1 }).
		Method("wave").Do("wave").Utility(func(*Visitor) float64 { return 3 })
	greet, _ := r.Build()
	p := greet.NewSession()
	counts := map[string]int{}
	for seed := range uint64(1000) {
		p.Seed(seed)
		plan, _ := p.Plan(&Visitor{})
		counts[plan.Steps[0]]++
	}
	fmt.Println("over 1000 seeds: taunt", counts["taunt"], "wave", counts["wave"])
	// end snippet htn-choose

	// Output:
	// [nap]
	// [eat]
	// [play]
	// over 1000 seeds: taunt 263 wave 737
}

// A permanent effect is what taking a method commits the agent to: it
// holds in the rest of the plan, and in the live memory from the tick a
// runner adopts the plan. Here the visitor notes when it taunted, and
// waves instead until the taunt has cooled down.
func ExampleBuilder_Commit() {
	// snippet htn-commit
	d := htn.New(visitorActions())
	d.Compound("greet").
		Method("taunt", constraints.Func("not lately", func(v *Visitor) bool { return v.Tick-v.Taunted > 2 })).
		Do("taunt").Commit(func(v *Visitor) { v.Taunted = v.Tick }).
		Method("wave").Do("wave")
	greet, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Visitor]()
	tree, _ := bt.Build(bt.Config[Visitor]{}, n.Plan("greet", greet))
	agent, _ := tree.NewAgent(1)
	v := Visitor{Taunted: -10}
	for tick := range 5 {
		v.Tick = tick
		agent.Tick(&v, time.Second)
		fmt.Printf("tick %d: taunted at %d\n", tick, v.Taunted)
	}
	// end snippet htn-commit

	// Output:
	// tick 0: taunted at 0
	// tick 1: taunted at 0
	// tick 2: taunted at 0
	// tick 3: taunted at 3
	// tick 4: taunted at 3
}

// A continuous runner plans its next plan in the tick its last one ends,
// and begins it at once: no tick is lost between plans. Here each plan
// is one stroll of two ticks.
func ExampleBuilder_Continuous() {
	// snippet htn-continuous
	d := htn.New(visitorActions())
	d.Compound("walk").Method("on").Do("stroll").Continuous()
	walk, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Visitor]()
	tree, _ := bt.Build(bt.Config[Visitor]{}, n.Plan("walk", walk))
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	var v Visitor
	for range 4 {
		agent.Tick(&v, time.Second)
	}
	// end snippet htn-continuous

	// Output:
	//   1.00s  walk               plan made [on]
	//                      steps: stroll
	//   1.00s  stroll             step 1 of 1 of plan [on]
	//   3.00s  walk               plan made [on]: the last plan is done
	//                      steps: stroll
	//   3.00s  stroll             step 1 of 1 of plan [on]
}

// A planning keeps a decomposition log, in the plan's Trials: each
// compound task, each method tried and what became of it, each step
// planned or refused, as a tree.
func ExampleSession_Plan_log() {
	// snippet htn-log
	d := htn.New(visitorActions())
	d.Compound("snack").
		Method("buy here").Do("find machine", "buy snack").
		Method("wander off").Do("wander")
	d.Compound("find machine").
		Method("bench first", constraints.Func("at a bench", func(v *Visitor) bool { return v.Near == 2 })).Do("sit").
		Method("look around").Do("wander")
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, _ := domain.NewSession().Plan(&Visitor{})
	printTrials(plan.Trials)
	fmt.Println("plan:", plan.Steps)
	// end snippet htn-log

	// Output:
	// * snack: decomposed
	//     snack/buy here: backtracked (what followed could not be planned)
	//       find machine: decomposed
	//         find machine/bench first: rejected (not at a bench)
	//         find machine/look around: backtracked (what followed could not be planned)
	//           wander: planned
	//       buy snack: rejected (not at a vending machine)
	// *   snack/wander off: taken
	// *     wander: planned
	// plan: [wander]
}

// A planning tallies, for each primitive task, how often it was
// considered (reached in a decomposition), discarded by its preconditions
// and admitted into a plan being made, backtracking or not: the counts
// package stats adds up over a run.
func ExampleSession_Plan_tallies() {
	// snippet htn-tallies
	d := htn.New(visitorActions())
	d.Compound("snack").
		Method("buy here").Do("find machine", "buy snack").
		Method("wander off").Do("wander")
	d.Compound("find machine").
		Method("bench first", constraints.Func("at a bench", func(v *Visitor) bool { return v.Near == 2 })).Do("sit").
		Method("look around").Do("wander")
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, _ := domain.NewSession().Plan(&Visitor{})
	for _, t := range plan.Tallies {
		fmt.Printf("%-10s considered %d, discarded %d, admitted %d\n", t.Name, t.Considered, t.Discarded, t.Admitted)
	}
	// end snippet htn-tallies

	// Output:
	// wander     considered 2, discarded 0, admitted 2
	// buy snack  considered 1, discarded 1, admitted 0
	// sit        considered 0, discarded 0, admitted 0
}

// printTrials prints a decomposition log as a tree, a star marking the
// plan's trials.
func printTrials(trials []decide.Trial) {
	depth := make([]int, len(trials))
	for i, tr := range trials {
		if tr.Parent >= 0 {
			depth[i] = depth[tr.Parent] + 1
		}
		mark := " "
		if tr.Planned {
			mark = "*"
		}
		line := mark + " " + strings.Repeat("  ", depth[i]) + tr.Name + ": " + tr.Outcome
		if tr.Reason != "" {
			line += " (" + tr.Reason + ")"
		}
		fmt.Println(line)
	}
}
