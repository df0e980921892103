package decide_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/htn"
)

// Walker is the memory of an agent that walks.
type Walker struct{ Steps int }

// walk is an action that takes one step.
var walk = bt.Instant(func(w *Walker) bool { w.Steps++; return true }, func(w *Walker) { w.Steps++ })

// walking is the examples' catalogue: one action, "walk". Its one valid
// entry cannot fail to build.
func walking() *catalogue.Catalogue[Walker] {
	var a catalogue.Builder[Walker]
	a.Action("walk", walk)
	return must(a.Build())
}

// must returns v, or panics with err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// printErrors prints each misuse a Build reported, with its path.
func printErrors(decider string, err error) {
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var de *decide.Error
		if errors.As(e, &de) {
			fmt.Printf("%s, at %q: %v\n", decider, de.Path, de.Err)
		}
	}
}

// Every decider's Build reports every misuse at once, each a *decide.Error
// with the path of the place at fault, in the same words: here an HTN
// domain and a state machine over one catalogue.
func ExampleError() {
	actions := walking()

	d := htn.New(actions)
	d.Compound("roam").Method("on/foot").Do("walk", "fly")
	_, err := d.Build()
	printErrors("htn", err)

	m := fsm.New(actions)
	m.State("idle").Do("walk").To("run", nil)
	_, err = m.Build()
	printErrors("fsm", err)
	// Output:
	// htn, at "roam/0": name "on/foot" contains '/', which separates path elements
	// htn, at "roam/0/1": unknown task "fly": neither a compound task nor an action of the catalogue
	// fsm, at "idle → run": guard 1 is nil
	// fsm, at "idle → run": unknown state "run" (the states: "idle")
	// fsm, at "idle": no way out: give it a transition to another state, or mark it Final
}

// A Budget bounds one planning in the same words for every planner: a
// planning that would pass a bound ends with ErrOutOfBudget, naming the
// bound, never with a plan cut short.
func ExampleBudget() {
	// snippet budget
	actions := walking()
	// A journey of ten steps, which a plan of at most four cannot hold.
	d := htn.New(actions).Budget(decide.Budget{Steps: 4})
	d.Compound("journey").Method("ten steps").Do(slices.Repeat([]string{"walk"}, 10)...)
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := domain.NewSession().Plan(&Walker{})
	fmt.Println(len(plan.Steps), errors.Is(err, decide.ErrOutOfBudget))
	fmt.Println(err)
	// end snippet budget

	// Output:
	// 0 true
	// htn: out of budget: more than Budget.Steps (4) needed
}
