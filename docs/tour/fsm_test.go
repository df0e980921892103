package tour_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
)

// The world of docs/06-state-machines.md: a watchman in a keep, who
// listens, searches when it hears something or the bell rings, and is
// done when the night is over.

// Watch is the watchman's memory: what it heard, how far the night has
// gone, and the triggers posted to it.
type Watch struct {
	Heard    bool
	Searched int
	Dawn     bool
	Inbox    fsm.Inbox
}

// watchMachine builds the watchman's machine.
func watchMachine() (*fsm.Machine[Watch], error) {
	var a catalogue.Builder[Watch]
	a.Action("listen", bt.Lasting(func(*Watch, time.Duration) bt.Status { return bt.Running }, nil))
	a.Action("search", bt.Lasting(func(w *Watch, _ time.Duration) bt.Status {
		if w.Searched++; w.Searched%2 == 0 {
			w.Heard = false
			return bt.Success // two ticks a search
		}
		return bt.Running
	}, func(w *Watch) { w.Heard = false }))
	a.Action("go to bed", bt.Instant(func(*Watch) bool { return true }, nil))
	actions, err := a.Build()
	if err != nil {
		return nil, err
	}
	// snippet watch-machine
	heard := constraints.Func("heard something", func(w *Watch) bool { return w.Heard },
		constraints.WhenFalse("quiet"))
	dawn := constraints.Func("dawn", func(w *Watch) bool { return w.Dawn }, constraints.WhenFalse("night"))
	b := fsm.New(actions).Inbox(func(w *Watch) *fsm.Inbox { return &w.Inbox })
	b.Any().To("done", dawn) // from every state but a final one, before its own
	b.State("listen").Do("listen").
		To("search", heard).
		On("bell", "search") // waits for a trigger the game posts
	b.State("search").Do("search").
		On(fsm.Succeeded, "listen") // when the search ends
	b.State("done").Do("go to bed").Final()
	return b.Build()
	// end snippet watch-machine
}

// Each state the machine enters is reported as a plan, with the
// transition that fired and those checked before it that did not.
func Example_watchMachine() {
	machine, err := watchMachine()
	if err != nil {
		fmt.Println(err)
		return
	}
	// snippet watch-why
	tree, err := bt.Build(bt.Config[Watch]{}, bt.New[Watch]().Plan("watchman", machine))
	if err != nil {
		fmt.Println(err)
		return
	}
	watchman, _ := tree.NewAgent(1)
	watchman.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind != bt.EventPlan {
			return
		}
		var not []string
		for _, r := range e.Plan.Rejected {
			not = append(not, r.Name+" ("+r.Reason+")")
		}
		fmt.Printf("%v  %s\n", e.Time, e.Plan.Reason)
		if len(not) > 0 {
			fmt.Printf("    checked first: %s\n", strings.Join(not, "; "))
		}
	}))
	var w Watch
	for tick := 1; tick <= 8; tick++ {
		switch tick {
		case 2:
			w.Heard = true
		case 5:
			w.Inbox.Post("bell")
		case 8:
			w.Dawn = true
		}
		status, _ := watchman.Tick(&w, time.Second)
		if status != bt.Running {
			fmt.Println("the machine ends:", status)
		}
	}
	// end snippet watch-why

	// Output:
	// 1s  initial state listen
	// 2s  listen → search: heard something
	//     checked first: any state → done (night)
	// 4s  search → listen: succeeded
	//     checked first: any state → done (night)
	// 5s  listen → search: on bell
	//     checked first: any state → done (night); listen → search (quiet)
	// 7s  search → listen: succeeded
	//     checked first: any state → done (night)
	// 8s  any state → done: dawn
	// the machine ends: Success
}
