package goap_test

import (
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/stats"
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

	// snippet goap-smithy

	// The smith's actions, each declared once with its preconditions and
	// what a step of it costs (1 unless said).
	var b catalogue.Builder[Smith]
	b.Action("mine", act(func(s *Smith) { s.Ore++ })).Cost(func(_, _ *Smith) float64 { return 3 })
	b.Action("light forge", act(func(s *Smith) { s.Lit = true }))
	b.Action("smelt", act(func(s *Smith) { s.Ore--; s.Bars++ }), hasOre, lit)
	b.Action("forge sword", act(func(s *Smith) { s.Bars -= 2; s.Swords++ }), hasBars, lit)
	actions, err := b.Build()
	if err != nil {
		return nil, err
	}

	// The goal-driven domain over them.
	return goap.New(actions, func(s *Smith) Smith { return *s }).
		Do("mine").Do("light forge").Do("smelt").Do("forge sword").
		Goal("armed", 1, func(s *Smith) bool { return s.Swords > 0 }).
		Build()
	// end snippet goap-smithy
}

func Example() {
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}

	// snippet goap-smith-run
	// Planning alone: the cheapest way to a sword from one ore.
	plan, err := domain.NewSession().Plan(&Smith{Ore: 1})
	fmt.Println(plan.Goal, plan.Steps, plan.Cost, err)

	n := bt.New[Smith]()
	// Running the plan in a tree, with a timeline of what it planned.
	tree, err := bt.Build(bt.Config[Smith]{}, n.Plan("smith", domain))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	s := Smith{Bars: 1}
	status, _ := agent.Tick(&s, time.Second)
	fmt.Println(status, s)
	// end snippet goap-smith-run

	// Output:
	// armed [light forge smelt mine smelt forge sword] 7 <nil>
	//   1.00s  smith              plan made: goal armed (utility 1), the highest with a plan
	//                      steps: light forge → mine → smelt → forge sword
	//   1.00s  light forge        step 1 of 4 of plan
	//   1.00s  mine               step 2 of 4 of plan
	//   1.00s  smelt              step 3 of 4 of plan
	//   1.00s  forge sword        step 4 of 4 of plan
	// Success {0 0 true 1}
}

// A session reports the goals it passed over and the actions it
// discarded, with the precondition that failed.
func ExampleSession_Explain() {
	// snippet goap-explain
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := domain.NewSession()
	p.Plan(&Smith{Bars: 2})
	var why decide.Report
	p.Explain(&why)
	fmt.Println(why.Change, why.Goal, why.Steps, why.Cost, why.Expanded)
	for _, r := range why.Rejected {
		fmt.Printf("%s: %s\n", r.Name, r.Reason)
	}
	// end snippet goap-explain

	// Output:
	// made armed [light forge forge sword] 2 2
	// smelt: precondition 1: not ore (2 times)
	// forge sword: precondition 2: not a lit forge (once)
}

// A stats.Collector counts what a domain's runner did with each action,
// over every run it traces: the plans that held it, its runs and how they
// ended; and it names the actions no plan ever held.
func ExampleDomain_stats() {
	// snippet goap-stats
	domain, err := smithy()
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Smith]()
	tree, err := bt.Build(bt.Config[Smith]{}, n.Plan("smith", domain))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	counts := stats.New(tree.Nodes())
	agent.SetTracer(counts)
	agent.Tick(&Smith{Ore: 1}, time.Second)
	agent.Tick(&Smith{Bars: 2, Lit: true}, time.Second)
	for _, step := range domain.Steps() {
		c := counts.Counts("smith/" + step.Name)
		fmt.Printf("%-12s planned %d, begun %d, succeeded %d\n", step.Name, c.Planned, c.Begun, c.Succeeded)
	}
	fmt.Println("never planned:", counts.NeverPlanned())
	// end snippet goap-stats

	// Output:
	// mine         planned 1, begun 1, succeeded 1
	// light forge  planned 1, begun 1, succeeded 1
	// smelt        planned 2, begun 2, succeeded 2
	// forge sword  planned 2, begun 2, succeeded 2
	// never planned: []
}
