package htn_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/utility"
)

var (
	tired  = utility.Input[Visitor]{Name: "tired", Read: func(v *Visitor) float64 { return v.Tired }}
	hungry = utility.Input[Visitor]{Name: "hungry", Read: func(v *Visitor) float64 { return v.Hungry }}
)

// A method's utility can be written as considerations, the utility
// decider's: the plan's Scores show what each method was worth, and why.
func ExampleBuilder_Consider() {
	// snippet htn-consider
	d := htn.New(visitorActions())
	d.Compound("idle").Choose(decide.ByUtility).
		Method("nap").Do("nap").Consider(tired.Over(0, 1, utility.Polynomial(2, 1, 0, 0))).
		Method("snack").Do("eat").Consider(hungry.Over(0, 1, utility.Logistic(10, 0.5))).
		Method("play").Do("play").Utility(func(*Visitor) float64 { return 0.3 })
	idle, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, _ := idle.NewSession().Plan(&Visitor{Tired: 0.9, Hungry: 0.6})
	fmt.Println(plan.Steps)
	for _, s := range plan.Scores {
		fmt.Printf("%-10s %.2f", s.Name, s.Utility)
		for _, t := range s.Terms {
			fmt.Printf("  %s %.2f → %s → %.2f", t.Input, t.Value, t.Curve, t.Y)
		}
		fmt.Println()
	}
	// end snippet htn-consider

	// Output:
	// [nap]
	// idle/nap   0.81  tired 0.90 → polynomial(exponent 2, slope 1, shift 0, intercept 0) → 0.81
	// idle/snack 0.73  hungry 0.60 → logistic(steepness 10, midpoint 0.5) → 0.73
	// idle/play  0.30
}

// Considerations that make no sense are refused at Build, at the
// method's path.
func TestConsiderRefused(t *testing.T) {
	d := htn.New(visitorActions())
	d.Compound("idle").Choose(decide.ByUtility).
		Method("nap").Do("nap").Consider(tired.Over(1, 1, utility.Curve{}), hungry.Over(0, 1, utility.Step(2, 0, 1)))
	_, err := d.Build()
	for _, want := range []string{"idle/nap: consideration 1: tired: the range [1, 1] is empty", "idle/nap: consideration 2: hungry: step: at 2 lies outside [0, 1]"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("no %q in %v", want, err)
		}
	}
}

// A plan's Scores list every method of every task weighed by utility, in
// the order weighed, with Utility and Consider alike; a plain Utility has
// no terms; a domain that weighs nothing reports no scores.
func TestConsiderScores(t *testing.T) {
	d := htn.New(visitorActions())
	d.Compound("day").
		Method("rest").Do("idle")
	d.Compound("idle").Choose(decide.AtRandom).
		Method("nap").Do("nap").Consider(tired.Over(0, 1, utility.Linear(1, 0)), hungry.Over(0, 1, utility.Linear(-1, 1))).
		Method("snack").Do("eat").Utility(func(v *Visitor) float64 { return v.Hungry })
	day, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := day.NewSession().Plan(&Visitor{Tired: 0.5, Hungry: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	lift := func(y float64) float64 { return y + (1-y)*0.5*y }
	want := []decide.Score{
		{Name: "idle/nap", Utility: lift(0.5) * lift(0.8), Terms: []decide.Term{
			{Input: "tired", Value: 0.5, X: 0.5, Y: 0.5, Curve: "linear(slope 1, intercept 0)"},
			{Input: "hungry", Value: 0.2, X: 0.2, Y: 0.8, Curve: "linear(slope -1, intercept 1)"}}},
		{Name: "idle/snack", Utility: 0.2},
	}
	if diff := cmp.Diff(want, plan.Scores, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Fatalf("scores (-want +got):\n%s", diff)
	}
	plain := htn.New(visitorActions())
	plain.Compound("idle").Method("nap").Do("nap")
	dom, _ := plain.Build()
	if p, _ := dom.NewSession().Plan(&Visitor{}); p.Scores != nil {
		t.Fatalf("a domain in order reported scores %v", p.Scores)
	}
	// Once warm, weighing by considerations allocates nothing.
	s := day.NewSession()
	v := Visitor{Tired: 0.5, Hungry: 0.2}
	s.Plan(&v)
	if n := testing.AllocsPerRun(50, func() { s.Plan(&v) }); n != 0 {
		t.Fatalf("%v allocations a planning", n)
	}
}
