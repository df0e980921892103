package goap_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/trace"
)

// Smith is the memory of a smith who wants a sword: ore makes bars, bars
// make a sword, and the forge must be lit. Its key is the whole memory,
// small and comparable.
type Smith struct {
	Ore, Bars int
	Lit       bool
	Swords    int
}

func smithy() (*goap.Domain[Smith, Smith], error) {
	act := func(effect func(s *Smith)) bt.Action[Smith] {
		return bt.Instant(func(s *Smith) bool { effect(s); return true }, effect)
	}
	hasOre := constraints.Func("ore", func(s *Smith) bool { return s.Ore > 0 })
	hasBars := constraints.Func("two bars", func(s *Smith) bool { return s.Bars >= 2 })
	lit := constraints.Func("a lit forge", func(s *Smith) bool { return s.Lit })
	return goap.New(func(s *Smith) Smith { return *s }).
		Action("mine", act(func(s *Smith) { s.Ore++ })).
		Cost(func(_, _ *Smith) float64 { return 3 }).
		Action("light forge", act(func(s *Smith) { s.Lit = true })).
		Action("smelt", act(func(s *Smith) { s.Ore--; s.Bars++ })).Constrain(hasOre, lit).
		Action("forge sword", act(func(s *Smith) { s.Bars -= 2; s.Swords++ })).Constrain(hasBars, lit).
		Goal("armed", 1, func(s *Smith) bool { return s.Swords > 0 }).
		Build()
}

func Example() {
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}

	// Planning alone: the cheapest way to a sword from one ore.
	plan, err := domain.Plan(&Smith{Ore: 1})
	fmt.Println(plan.Goal, plan.Steps, plan.Cost, err)

	// Running the plan in a tree, with a timeline of what it planned.
	tree, err := bt.New(bt.Config[Smith]{}).Branch(domain.Branch("smith")).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	s := Smith{Bars: 1}
	status, _ := agent.Tick(&s, time.Second)
	fmt.Println(status, s)

	// Output:
	// armed [light forge smelt mine smelt forge sword] 7 <nil>
	//   1.00s  smith              plan made: goal armed (priority 1), the highest with a plan
	//                      steps: light forge → mine → smelt → forge sword
	//   1.00s  light forge        step 1 of 4 of plan
	//   1.00s  mine               step 2 of 4 of plan
	//   1.00s  smelt              step 3 of 4 of plan
	//   1.00s  forge sword        step 4 of 4 of plan
	// Success {0 0 true 1}
}

// A planner reports the goals it passed over and the actions it
// discarded, with the precondition that failed.
func ExamplePlanner_Explain() {
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := domain.NewPlanner()
	p.Plan(&Smith{Bars: 2})
	var why decide.Report
	p.Explain(&why)
	fmt.Println(why.Change, why.Goal, why.Steps, why.Cost, why.Expanded)
	for _, r := range why.Rejected {
		fmt.Printf("%s: %s\n", r.Name, r.Reason)
	}
	// Output:
	// made armed [light forge forge sword] 2 2
	// smelt: precondition 1: not ore (2 times)
	// forge sword: precondition 2: not a lit forge (once)
}

// A domain counts what its planners did with each action, over all its
// agents.
func ExampleDomain_WriteStats() {
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := domain.NewPlanner()
	p.Plan(&Smith{Ore: 1})
	p.Plan(&Smith{Bars: 2, Lit: true})
	domain.WriteStats(os.Stdout)
	fmt.Println("never chosen:", domain.NeverChosen())
	// Output:
	// action       considered  discarded (by precondition)  already done  chosen  run  succeeded  failed
	// mine         10          -                            0             1       0    0          0
	// light forge  10          -                            0             1       0    0          0
	// smelt        10          3 3                          0             2       0    0          0
	// forge sword  10          8 0                          0             2       0    0          0
	// never chosen: []
}
