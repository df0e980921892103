package decide_test

import (
	"errors"
	"fmt"

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

// Every decider's Build reports every misuse at once, each a *decide.Error
// with the path of the place at fault, in the same words: here an HTN
// domain and a state machine over one catalogue.
func ExampleError() {
	var a catalogue.Builder[Walker]
	a.Action("walk", walk)
	actions, err := a.Build()
	if err != nil {
		fmt.Println(err)
		return
	}

	d := htn.New(actions)
	d.Compound("roam").Method("on/foot").Do("walk", "fly")
	_, err = d.Build("roam")
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var de *decide.Error
		if errors.As(e, &de) {
			fmt.Printf("htn, at %q: %v\n", de.Path, de.Err)
		}
	}

	m := fsm.New(actions)
	m.State("idle").Do("walk").To("run", nil)
	_, err = m.Build("home")
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var de *decide.Error
		if errors.As(e, &de) {
			fmt.Printf("fsm, at %q: %v\n", de.Path, de.Err)
		}
	}
	// Output:
	// htn, at "roam/0": name "on/foot" contains '/', which separates path elements
	// htn, at "roam/0/1": unknown task "fly": neither a compound task nor an action of the catalogue
	// fsm, at "idle → run": guard 1 is nil
	// fsm, at "initial": unknown state "home" (the states: "idle")
	// fsm, at "idle → run": unknown state "run" (the states: "idle")
	// fsm, at "idle": no way out: give it a transition to another state, or mark it Final
}

// A Budget bounds one planning in the same words for every planner: a
// planning that would pass a bound ends with ErrOutOfBudget, naming the
// bound, never with a plan cut short.
func ExampleBudget() {
	var a catalogue.Builder[Walker]
	a.Action("walk", walk)
	actions, err := a.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	// A journey of ten steps, which a plan of at most four cannot hold.
	d := htn.New(actions).Budget(decide.Budget{Steps: 4})
	d.Compound("journey").Method("ten steps").Do("walk", "walk", "walk", "walk", "walk", "walk", "walk", "walk", "walk", "walk")
	domain, err := d.Build("journey")
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := domain.Plan(&Walker{})
	fmt.Println(len(plan.Steps), errors.Is(err, decide.ErrOutOfBudget))
	fmt.Println(err)
	// Output:
	// 0 true
	// htn: out of budget: more than Budget.Steps (4) needed
}

// CheckName is the one rule for the names of things that stand in paths,
// for a decider of your own as for the built-in ones.
func ExampleCheckName() {
	for _, name := range []string{"patrol", "", "left/right"} {
		fmt.Println(decide.CheckName("a state", name))
	}
	// Output:
	// <nil>
	// a state needs a name
	// name "left/right" contains '/', which separates path elements
}
