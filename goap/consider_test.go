package goap_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/utility"
)

// Campfire is the memory of a camper who may fetch wood or water.
type Campfire struct{ Cold, Thirst, Wood, Water float64 }

var (
	cold   = utility.Input[Campfire]{Name: "cold", Read: func(c *Campfire) float64 { return c.Cold }}
	thirst = utility.Input[Campfire]{Name: "thirst", Read: func(c *Campfire) float64 { return c.Thirst }}
)

func campfire(goals func(b *goap.Builder[Campfire, Campfire]) *goap.Builder[Campfire, Campfire]) (*goap.Domain[Campfire, Campfire], error) {
	var c catalogue.Builder[Campfire]
	c.Action("chop", bt.Instant(func(c *Campfire) bool { c.Wood++; return true }, func(c *Campfire) { c.Wood++ }))
	c.Action("fetch", bt.Instant(func(c *Campfire) bool { c.Water++; return true }, func(c *Campfire) { c.Water++ }))
	actions, err := c.Build()
	if err != nil {
		return nil, err
	}
	return goals(goap.New(actions, func(c *Campfire) Campfire { return *c }).Do("chop").Do("fetch")).Build()
}

// A goal's utility can be written as considerations, the utility
// decider's, times the goal's number: the report's Scores show what each
// goal was worth, and why.
func ExampleBuilder_Consider() {
	// snippet goap-consider
	d, err := campfire(func(b *goap.Builder[Campfire, Campfire]) *goap.Builder[Campfire, Campfire] {
		return b.
			Goal("warm", 2, func(c *Campfire) bool { return c.Wood > 0 }).Consider(cold.Over(0, 10, utility.Linear(1, 0))).
			Goal("drink", 1, func(c *Campfire) bool { return c.Water > 0 }).Consider(thirst.Over(0, 10, utility.Logistic(10, 0.5)))
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := d.NewSession()
	s.Plan(&Campfire{Cold: 2, Thirst: 8})
	var why decide.Report
	s.Explain(&why)
	fmt.Println(why.Goal, why.Steps)
	for _, sc := range why.Scores {
		fmt.Printf("%-5s %.2f  %s %v → %.2f\n", sc.Name, sc.Utility, sc.Terms[0].Input, sc.Terms[0].Value, sc.Terms[0].Y)
	}
	// end snippet goap-consider

	// Output:
	// drink [fetch]
	// warm  0.40  cold 2 → 0.20
	// drink 0.95  thirst 8 → 0.95
}

// Considerations that make no sense are refused at Build, at the goal's
// path; a domain whose goals' utilities are numbers reports no scores.
func TestConsider(t *testing.T) {
	_, err := campfire(func(b *goap.Builder[Campfire, Campfire]) *goap.Builder[Campfire, Campfire] {
		return b.Goal("warm", 2, func(c *Campfire) bool { return c.Wood > 0 }).Consider(cold.Over(0, 10, utility.Logit(0, 0.5)))
	})
	if err == nil || !strings.Contains(err.Error(), "goals/warm: consideration 1: cold: logit: steepness 0 is flat") {
		t.Fatalf("Build: %v", err)
	}
	d, err := campfire(func(b *goap.Builder[Campfire, Campfire]) *goap.Builder[Campfire, Campfire] {
		return b.Goal("warm", 2, func(c *Campfire) bool { return c.Wood > 0 })
	})
	if err != nil {
		t.Fatal(err)
	}
	s := d.NewSession()
	s.Plan(&Campfire{})
	var why decide.Report
	s.Explain(&why)
	if why.Scores != nil {
		t.Fatalf("scores %v", why.Scores)
	}
}
