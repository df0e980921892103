package goap_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// House is the memory of a burglar outside a house: whether it is in,
// whether the door is jammed (which the burglar cannot know until it
// tries), and which window it climbs through.
type House struct {
	Inside, Jammed bool
	Window         int8
	Tries          int
}

// burglar is a domain over the burglar's actions: the door is cheap, a
// window dear, and the goal is to be inside.
func burglar(b func(*goap.Builder[House, House]) *goap.Builder[House, House]) *goap.Domain[House, House] {
	var c catalogue.Builder[House]
	c.Action("open door", bt.Instant(func(h *House) bool {
		h.Tries++
		h.Inside = !h.Jammed
		return h.Inside // fails live when jammed
	}, func(h *House) { h.Inside = true }))
	c.Action("climb window", bt.Instant(func(h *House) bool { h.Inside = true; return true },
		func(h *House) { h.Inside = true })).Cost(func(_, _ *House) float64 { return 5 })
	actions, _ := c.Build()
	d, err := b(goap.New(actions, func(h *House) House { return House{Inside: h.Inside, Window: h.Window} }).
		Do("open door").Do("climb window").
		Goal("inside", 1, func(h *House) bool { return h.Inside })).Build()
	if err != nil {
		panic(err)
	}
	return d
}

// A runner with Backoff remembers a step that failed: the jammed door is
// left out of plans for a second, then two, then four, and the burglar
// climbs in by the window meanwhile. Without it, the door would be tried
// first every time.
func ExampleBuilder_Backoff() {
	// snippet goap-backoff
	d := burglar(func(b *goap.Builder[House, House]) *goap.Builder[House, House] {
		return b.Backoff(time.Second, 4*time.Second)
	})
	n := bt.New[House]()
	tree, _ := bt.Build(bt.Config[House]{}, n.Plan("in", d))
	agent, _ := tree.NewAgent(1)
	var rec []string
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventBegin && e.Path != "in" {
			rec = append(rec, e.Time.String()+" "+strings.TrimPrefix(e.Path, "in/"))
		}
	}))
	for range 8 {
		h := House{Jammed: true}
		agent.Tick(&h, 500*time.Millisecond)
	}
	fmt.Println(strings.Join(rec, "\n"))
	// end snippet goap-backoff

	// Output:
	// 500ms open door
	// 500ms climb window
	// 1s climb window
	// 1.5s open door
	// 1.5s climb window
	// 2s climb window
	// 2.5s climb window
	// 3s climb window
	// 3.5s open door
	// 3.5s climb window
	// 4s climb window
}

// Basket is the memory of a picker among apple trees: where it stands, the
// trees' places, and the tree it picks from next.
type Basket struct {
	At     int8
	Trees  [3]int8
	Target int8
	Apples int8
}

// An action with variants is planned once per target the memory offers,
// each bound into the memory before its preconditions and effect: here a
// walk to each tree, costing its length, so the plan takes the nearest.
// Live, the runner binds the planned tree before the walk begins.
func ExampleBuilder_Variants() {
	// snippet goap-variants

	var c catalogue.Builder[Basket]
	walk := func(b *Basket) { b.At = b.Trees[b.Target] }
	c.Action("walk to tree", bt.Instant(func(b *Basket) bool { walk(b); return true }, walk)).
		Cost(func(before, after *Basket) float64 { return float64(max(after.At-before.At, before.At-after.At)) })
	pick := func(b *Basket) { b.Apples++ }
	c.Action("pick", bt.Instant(func(b *Basket) bool { pick(b); return true }, pick),
		constraints.Func("at a tree", func(b *Basket) bool { return b.At == b.Trees[b.Target] }))
	actions, _ := c.Build()
	d, err := goap.New(actions, func(b *Basket) Basket { return *b }).
		Do("walk to tree").Variants(
		func(b *Basket) int { return len(b.Trees) },
		func(b *Basket, i int) { b.Target = int8(i) }).
		Do("pick").
		Goal("an apple", 1, func(b *Basket) bool { return b.Apples > 0 }).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Basket]()
	tree, _ := bt.Build(bt.Config[Basket]{}, n.Plan("picker", d))
	agent, _ := tree.NewAgent(1)
	b := Basket{At: 5, Trees: [3]int8{0, 9, 4}}
	agent.Tick(&b, time.Second)
	fmt.Printf("picked %d at %d, from tree %d\n", b.Apples, b.At, b.Target)
	// end snippet goap-variants

	// Output:
	// picked 1 at 4, from tree 2
}

// A goal computed from the start reads the memory its plan starts from:
// "one more sword than now" is reached the same way from any stock.
func ExampleBuilder_GoalFrom() {
	// snippet goap-goalfrom
	d, err := smithyWith(func(b *goap.Builder[Smith, Smith]) *goap.Builder[Smith, Smith] {
		return b.GoalFrom("one more", 1, func(start, s *Smith) bool { return s.Swords > start.Swords })
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []Smith{{Bars: 2, Lit: true}, {Bars: 2, Lit: true, Swords: 7}} {
		plan, _ := d.NewSession().Plan(&s)
		fmt.Println(s.Swords, "swords:", plan.Steps)
	}
	// end snippet goap-goalfrom

	// Output:
	// 0 swords: [forge sword]
	// 7 swords: [forge sword]
}

// smithyWith is the smithy's domain with the goals goals adds.
func smithyWith(goals func(*goap.Builder[Smith, Smith]) *goap.Builder[Smith, Smith]) (*goap.Domain[Smith, Smith], error) {
	act := func(effect func(s *Smith)) bt.Action[Smith] {
		return bt.Instant(func(s *Smith) bool { effect(s); return true }, effect)
	}
	var b catalogue.Builder[Smith]
	b.Action("rest", act(func(*Smith) {}))
	b.Action("forge sword", act(func(s *Smith) { s.Bars -= 2; s.Swords++ }),
		constraints.Func("two bars", func(s *Smith) bool { return s.Bars >= 2 }))
	actions, err := b.Build()
	if err != nil {
		return nil, err
	}
	return goals(goap.New(actions, func(s *Smith) Smith { return *s }).Do("rest").Do("forge sword")).Build()
}

// Goals drawn at random, each in proportion to its utility, from the
// seed: over many seeds, the one of utility 3 is pursued about three
// times as often as the one of utility 1.
func ExampleBuilder_Choose_atRandom() {
	// snippet goap-atrandom
	d, err := smithyWith(func(b *goap.Builder[Smith, Smith]) *goap.Builder[Smith, Smith] {
		return b.Choose(decide.AtRandom).
			Goal("forge", 3, func(s *Smith) bool { return s.Swords > 0 }).
			Goal("idle", 1, func(s *Smith) bool { return s.Ore > 0 || s.Lit }) // never: it has no plan
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := d.NewSession()
	var r decide.Report
	drawn := map[string]int{}
	for seed := range uint64(1000) {
		p.Seed(seed)
		p.Plan(&Smith{Bars: 2})
		p.Explain(&r)
		if len(r.Rejected) > 0 && r.Rejected[0].Name == "goal idle" { // drawn first, and without a plan
			drawn["idle"]++
		} else {
			drawn["forge"]++
		}
	}
	fmt.Println("drawn first: forge", drawn["forge"], "idle", drawn["idle"])
	// end snippet goap-atrandom

	// Output:
	// drawn first: forge 772 idle 228
}

// A session that watches keeps what it tried, as a monitor shows it:
// each goal, and each state its search reached, with the cost to reach
// it and the estimate of what was left, the plan's way marked.
func ExampleSession_Watch() {
	// snippet goap-watch
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := domain.NewSession()
	p.Watch(true)
	plan, _ := p.Plan(&Smith{Bars: 1, Lit: true, Ore: 1})
	depth := make([]int, len(plan.Trials))
	for i, t := range plan.Trials {
		if t.Parent >= 0 {
			depth[i] = depth[t.Parent] + 1
		}
		mark := " "
		if t.Planned {
			mark = "*"
		}
		fmt.Printf("%s %s%s: %s (cost %g)\n", mark, strings.Repeat("  ", depth[i]), t.Name, t.Outcome, t.Cost)
	}
	// end snippet goap-watch

	// Output:
	// * goal armed: planned (cost 2)
	// *   start: expanded (cost 0)
	//       mine: open (cost 3)
	//       light forge: known (cost 1)
	// *     smelt: expanded (cost 1)
	//         mine: open (cost 4)
	//         light forge: known (cost 2)
	// *       forge sword: goal (cost 2)
}

// Keep is the memory of a guard who runs for the keep while threatened,
// and naps otherwise.
type Keep struct {
	Threat, Safe, Rested bool
}

// A running plan whose goal stops being relevant is dropped at once: the
// step under way is halted, and the runner plans for the goal that now
// matters, saying why. The guard stops running for the keep when the
// threat is gone.
func ExampleBuilder_Relevant() {

	var c catalogue.Builder[Keep]
	ticks := 0
	c.Action("run to keep", bt.Lasting(func(k *Keep, _ time.Duration) bt.Status {
		if ticks++; ticks < 3 {
			return bt.Running
		}
		k.Safe = true
		return bt.Success
	}, func(k *Keep) { k.Safe = true }).OnBegin(func(*Keep) bt.Status { ticks = 0; return bt.Running }))
	c.Action("nap", bt.Instant(func(k *Keep) bool { k.Rested = true; return true }, func(k *Keep) { k.Rested = true }))
	actions, err := c.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := goap.New(actions, func(k *Keep) Keep { return *k }).
		Do("run to keep").Do("nap").
		Goal("safe", 2, func(k *Keep) bool { return k.Safe }).Relevant(func(k *Keep) bool { return k.Threat }).
		Goal("rested", 1, func(k *Keep) bool { return k.Rested }).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Keep]()
	tree, err := bt.Build(bt.Config[Keep]{}, n.Plan("guard", d))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch e.Kind {
		case bt.EventPlan:
			fmt.Printf("tick %d: plan %s: %s\n", e.Tick, e.Plan.Change, e.Plan.Reason)
		case bt.EventEnd:
			if e.Path != "guard" {
				fmt.Printf("tick %d: %s %s\n", e.Tick, e.Path, map[bool]string{true: "halted", false: e.Status.String()}[e.Status == bt.Running])
			}
		}
	}))
	k := Keep{Threat: true}
	for range 2 {
		agent.Tick(&k, time.Second)
	}
	k.Threat = false // the threat is gone
	agent.Tick(&k, time.Second)
	fmt.Printf("safe %v, rested %v\n", k.Safe, k.Rested)
	// Output:
	// tick 1: plan made: goal safe (utility 2), the highest with a plan
	// tick 3: guard/run to keep halted
	// tick 3: plan replaced: goal safe is no longer relevant; now for goal rested (utility 1)
	// tick 3: guard/nap Success
	// safe false, rested true
}
