// Command guard runs the classic guard of behaviour-tree tutorials: it
// walks its round, chases an intruder it sees and strikes it within reach.
// Its tree is one simulated selector: every tick the guard predicts each
// option on a copy of its memory, and a three-rule heuristic picks the best.
//
// Usage:
//
//	go run ./examples/guard [-seed N] [-ticks N]
//
// A picture of the yard comes first, then a header and a line per tick
// with the time, where the guard and the intruder are, what the
// guard chose with the rule that made it best, and what it turned down.
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

// run runs the program and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("guard", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seed := fs.Uint64("seed", 1, "seed of the yard and of the guard's tree")
	ticks := fs.Int("ticks", 60, "how many ticks to run (1 to 100000)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: guard [-seed N] [-ticks N]")
			return 0
		}
		fmt.Fprintf(stderr, "guard: %v (usage: guard [-seed N] [-ticks N])\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "guard: unexpected argument %q (usage: guard [-seed N] [-ticks N])\n", fs.Arg(0))
		return 2
	}
	if *ticks < 1 || *ticks > 100000 {
		fmt.Fprintf(stderr, "guard: -ticks %d is out of range: give 1 to 100000\n", *ticks)
		return 2
	}
	if err := watch(stdout, *seed, *ticks); err != nil {
		fmt.Fprintf(stderr, "guard: %v\n", err)
		return 1
	}
	return 0
}

// watch runs the yard for n ticks and prints the guard's decisions.
func watch(out io.Writer, seed uint64, n int) error {
	var last bt.Decision
	decided := false
	tracer := bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision {
			last = *e.Decision
			last.Candidates = append(last.Candidates[:0:0], e.Decision.Candidates...)
			decided = true
		}
	})
	guard, err := newGuard(seed, tracer)
	if err != nil {
		return err
	}
	w := newWorld(seed)
	fmt.Fprintf(out, "The yard (G the guard, I the intruder, 1-4 the round; it sees %d steps):\n\n%s\n", sightRange, w.picture())
	fmt.Fprintf(out, "%6s  %-7s %-8s  %-7s %-35s | %s\n", "time", "guard", "intruder", "choice", "because", "turned down")
	for i := 0; i < n && w.IntruderHP > 0; i++ {
		w.wander()
		decided = false
		if _, err := guard.Tick(&w.Memory, step); err != nil {
			return err
		}
		if decided {
			fmt.Fprintf(out, "%6s  %-7v %-8v  %s\n", guard.Now(), w.Guard, w.Intruder, describe(last))
		}
	}
	if w.IntruderHP <= 0 {
		fmt.Fprintf(out, "%6s  the intruder is down after %d blows\n", guard.Now(), w.Hits)
	} else {
		fmt.Fprintf(out, "%6s  the intruder is still at large (%d hit points left)\n", guard.Now(), w.IntruderHP)
	}
	fmt.Fprintf(out, "\n%s", w.picture())
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
