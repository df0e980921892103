package docs_test

// The code of docs/10-guarantees.md.

import (
	"errors"
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
)

// Build reports every misuse of a tree at once, each with its node's path.
func Example_buildReportsEveryMisuse() {
	reg := postRegistry()
	strike, chase, patrol := reg.Actions["strike"], reg.Actions["chase"], reg.Actions["patrol"]
	// snippet misuse
	n := bt.New[Post]()
	_, err := bt.Build(postConfig(),
		n.Selector("sentry", bt.Replan(0), bt.Replan(time.Second),
			n.Do("strike", strike).Constrain(constraints.Chance[Post](1.5)),
			n.Do("chase", chase, bt.Loop()),
			n.Do("chase", patrol).With(bt.Weight(2)),
			n.Do("wait", nil),
			n.Sequence("idle"),
		),
	)
	fmt.Println(err)
	// end snippet misuse

	// snippet misuse-as

	var misuse *decide.Error
	if errors.As(err, &misuse) {
		fmt.Printf("the first at %s: %v\n", misuse.Path, misuse.Err)
	}
	// end snippet misuse-as

	// Output:
	// sentry: Replan given twice
	// sentry/strike: Chance: probability 1.5 is not in [0, 1]
	// sentry/chase: Loop is not for an action
	// sentry/chase: duplicate name "chase" among its siblings: paths must be unique
	// sentry/chase: Weight: only children of a RandomSelector have weights
	// sentry/wait: nil action
	// sentry/idle: empty sequence: give it children or remove it
	// the first at sentry: Replan given twice
}

// Trail is a memory that plain assignment would share between the live
// memory and a prediction: its slice.
type Trail struct{ Steps []int }

// A memory type that plain assignment would share is refused, unless
// the tree is given a Copy.
func Example_buildRefusesSharedMemory() {
	walk := bt.Instant(func(t *Trail) bool { t.Steps = append(t.Steps, 1); return true }, nil)
	n := bt.New[Trail]()
	// snippet shared
	_, err := bt.Build(bt.Config[Trail]{}, n.Do("walk", walk))
	fmt.Println(err)
	_, err = bt.Build(bt.Config[Trail]{Copy: func(dst, src *Trail) {
		dst.Steps = append(dst.Steps[:0], src.Steps...) // reuses dst's storage
	}}, n.Do("walk", walk))
	fmt.Println(err)
	// end snippet shared

	// Output:
	// memory type docs_test.Trail: field Steps is a slice, which plain assignment would share between the live memory and every prediction: set Config.Copy to a function that copies it deeply (or, if what it refers to is never written, one that assigns: func(dst, src *M) { *dst = *src })
	// <nil>
}

// A tracer that panics is switched off, and its panic reported by the
// tick as an error: a broken tool never breaks the game.
func Example_tracerPanics() {
	tree, err := wallTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	sentry, _ := tree.NewAgent(1)
	events := 0
	sentry.SetTracer(bt.TracerFunc(func(*bt.Event) {
		events++
		panic("the tool broke")
	}))
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	for range 2 {
		status, err := sentry.Tick(&p, time.Second)
		fmt.Println(status, err)
	}
	fmt.Println("events traced:", events, "sentry at", p.Sentry)
	// Output:
	// Success bt: tracer panicked and was switched off: the tool broke
	// Success <nil>
	// events traced: 1 sentry at 4
}

// A preview says what the tick will decide, and the tick decides it.
func Example_previewIsTheTick() {
	tree, err := wallTree()
	if err != nil {
		fmt.Println(err)
		return
	}
	sentry, _ := tree.NewAgent(1)
	sentry.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			fmt.Println("decided: ", e.Decision)
		}
	}))
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	for range 2 {
		// snippet preview
		plan, err := sentry.Preview(&p, time.Second) // what Tick(&p, time.Second) will decide
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("foreseen:", plan.Decisions[0])
		sentry.Tick(&p, time.Second)
		// end snippet preview
	}
	// Output:
	// foreseen: sentry → chase (best outcome) [strike: Impossible (not in reach), chase: Beneficial (closer to the intruder), patrol: Cosmetic (otherwise)]
	// decided:  sentry → chase (best outcome) [strike: Impossible (not in reach), chase: Beneficial (closer to the intruder), patrol: Cosmetic (otherwise)]
	// foreseen: sentry → strike (best outcome) [strike: Safe (intruder hurt), chase: Beneficial (closer to the intruder), patrol: Cosmetic (otherwise)]
	// decided:  sentry → strike (best outcome) [strike: Safe (intruder hurt), chase: Beneficial (closer to the intruder), patrol: Cosmetic (otherwise)]
}
