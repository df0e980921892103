// Command guard runs the guard of the document that compares state
// machines with behaviour trees: it walks its round, waiting a second at
// each waypoint, chases an intruder it sees, and strikes it within reach
// once a second. It runs over one catalogue of actions, by either of two
// deciders:
//
//   - tree (the default): one simulated selector; every tick the guard
//     predicts each action on a copy of its memory, and a three-rule
//     heuristic picks the best;
//   - fsm: a state machine, whose transitions say what follows what.
//
// Both do the same, tick for tick (a test checks it over many seeds).
//
// Usage:
//
//	go run ./examples/guard [-decider tree|fsm] [-seed N] [-ticks N]
//
// A picture of the yard comes first, then a header and a line per
// decision: under the tree, every tick, with what the guard chose, the
// rule that made it best and what it turned down; under the machine,
// each state it enters, with the transition that took it there.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// step is the time one tick stands for.
const step = 250 * time.Millisecond

const usage = "usage: guard [-decider tree|fsm] [-seed N] [-ticks N]"

// run runs the program and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("guard", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	d := fs.String("decider", "tree", "tree or fsm")
	seed := fs.Uint64("seed", 1, "seed of the yard and of the guard's tree")
	ticks := fs.Int("ticks", 60, "how many ticks to run (1 to 100000)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "guard: %v (%s)\n", err, usage)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "guard: unexpected argument %q (%s)\n", fs.Arg(0), usage)
		return 2
	case *ticks < 1 || *ticks > 100000:
		fmt.Fprintf(stderr, "guard: -ticks %d is out of range: give 1 to 100000\n", *ticks)
		return 2
	case decider(*d) != byTree && decider(*d) != byFSM:
		fmt.Fprintf(stderr, "guard: -decider %q: want tree or fsm\n", *d)
		return 2
	}
	if err := watch(stdout, decider(*d), *seed, *ticks); err != nil {
		fmt.Fprintf(stderr, "guard: %v\n", err)
		return 1
	}
	return 0
}

// watch runs the yard for n ticks and prints the guard's decisions.
func watch(out io.Writer, d decider, seed uint64, n int) error {
	var line string // what the tick decided, if anything
	tracer := bt.TracerFunc(func(e *bt.Event) {
		switch {
		case e.Kind == bt.EventDecision:
			line = describe(*e.Decision)
		case e.Kind == bt.EventPlan && line == "":
			line = fmt.Sprintf("%-7s %s", e.Plan.Goal, e.Plan.Reason)
		case e.Kind == bt.EventPlan: // a second state in the tick: the last is where it stays
			line = fmt.Sprintf("%-7s %s", e.Plan.Goal, e.Plan.Reason)
		}
	})
	guard, err := newGuard(d, seed, tracer)
	if err != nil {
		return err
	}
	w := newWorld(seed)
	fmt.Fprintf(out, "The yard (G the guard, I the intruder, 1-4 the round; it sees %d steps):\n\n%s\n", sightRange, w.picture())
	if d == byFSM {
		fmt.Fprintf(out, "%6s  %-7s %-8s  %-7s %s\n", "time", "guard", "intruder", "state", "because")
	} else {
		fmt.Fprintf(out, "%6s  %-7s %-8s  %-7s %-35s | %s\n", "time", "guard", "intruder", "choice", "because", "turned down")
	}
	err = play(guard, w, n, func() {
		if line != "" {
			fmt.Fprintf(out, "%6s  %-7v %-8v  %s\n", guard.Now(), w.Guard, w.Intruder, line)
		}
		line = ""
	})
	if err != nil {
		return err
	}
	if w.IntruderHP <= 0 {
		fmt.Fprintf(out, "%6s  the intruder is down after %d blows\n", guard.Now(), w.Hits)
	} else {
		fmt.Fprintf(out, "%6s  the intruder is still at large (%d hit points left)\n", guard.Now(), w.IntruderHP)
	}
	fmt.Fprintf(out, "\n%s", w.picture())
	return nil
}

// play runs the yard for n ticks, or until the intruder is down: the
// intruder wanders, then the guard decides and acts; after each tick,
// after is called.
func play(guard *bt.Agent[Memory], w *world, n int, after func()) error {
	for i := 0; i < n && w.IntruderHP > 0; i++ {
		w.wander()
		if _, err := guard.Tick(&w.Memory, step); err != nil {
			return err
		}
		after()
	}
	return nil
}

// describe formats a decision as "chase: Beneficial (closer) | turned down: ...".
func describe(d bt.Decision) string {
	c, ok := d.Choice()
	if !ok {
		return "does nothing"
	}
	var rest []string
	for i, o := range d.Candidates {
		if i != d.Chosen {
			rest = append(rest, o.Name+" "+o.Verdict.String())
		}
	}
	return fmt.Sprintf("%-7s %-35s | not: %s", c.Name, c.Verdict.String(), strings.Join(rest, ", "))
}
