package bt_test

// What the classic conformance suite (classic_test.go) shares: a small
// world that the ported cases steer between ticks, actions that behave
// like the peers' test nodes, and a runner that checks a case tick by
// tick.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// classic is the world of one ported case. Conditions and guards read
// named flags, which a case flips between ticks; controllable actions
// return the results a case sets; and everything that happens goes into
// one log, in order: actions write their own Begin, Update and End calls,
// and the tree's tracer adds the begin and end of every other node
// (composites, decorators, conditions) and each constraint that stopped a
// node.
type classic struct {
	rec     treetest.Recorder
	flags   map[string]bool
	results map[string]bt.Status
	hooks   map[string]func() // run when the named action succeeds
	tests   map[string]int    // how often each condition's test ran
	actions map[string]bool   // the leaves that log their own calls
	tick    int               // the number of the tick under way, from 1
}

func newClassic() *classic {
	return &classic{
		flags:   map[string]bool{},
		results: map[string]bt.Status{},
		hooks:   map[string]func(){},
		tests:   map[string]int{},
		actions: map[string]bool{},
	}
}

// Trace adds the nodes that do not log themselves to the log, as
// "seq.begin", "seq.end(Running)" and "x.stop(Fail: not ready)".
func (c *classic) Trace(e *bt.Event) {
	name := e.Path[strings.LastIndexByte(e.Path, '/')+1:]
	switch e.Kind {
	case bt.EventBegin:
		if !c.actions[name] {
			c.rec.Add("%s.begin", name)
		}
	case bt.EventEnd:
		if !c.actions[name] {
			c.rec.Add("%s.end(%v)", name, e.Status)
		}
	case bt.EventConstraint:
		c.rec.Add("%s.stop(%v: %s)", name, e.Check, e.Reason)
	case bt.EventFault:
		c.rec.Add("fault %s: %s", e.Path, e.Reason)
	}
}

// act is a scripted action, played as treetest.Act plays one (made here
// so that hooks fire): the first status for Begin, the next for each
// Update, the last repeating; every run starts the script over. It
// stands for the peers' synchronous test actions (AlwaysSuccess,
// AlwaysFailure, SyncActionTest) and, with Running first, for their
// asynchronous ones.
func (c *classic) act(name string, script ...bt.Status) bt.Action[mem] {
	step := 0
	return c.action(name, func(begin bool, _ time.Duration) bt.Status {
		if begin {
			step = 0
		} else {
			step++
		}
		return script[min(step, len(script)-1)]
	})
}

// queue is an action that plays one list of statuses over its whole life,
// one per Begin or Update, whatever the runs; the last repeats. It stands
// for py_trees' StatusQueue, whose queue does not start over when the
// behaviour is initialised again.
func (c *classic) queue(name string, statuses ...bt.Status) bt.Action[mem] {
	calls := 0
	return c.action(name, func(bool, time.Duration) bt.Status {
		s := statuses[min(calls, len(statuses)-1)]
		calls++
		return s
	})
}

// ctl is an action whose every Begin and Update returns what the case set
// in results[name] (initially first): the peers' setExpectedResult.
func (c *classic) ctl(name string, first bt.Status) bt.Action[mem] {
	c.results[name] = first
	return c.action(name, func(bool, time.Duration) bt.Status { return c.results[name] })
}

// async is an action that begins Running and finishes at its first Update
// with what the case set in results[name] (initially result): a
// stateful action of the peers that needs one more tick.
func (c *classic) async(name string, result bt.Status) bt.Action[mem] {
	c.results[name] = result
	return c.action(name, func(begin bool, _ time.Duration) bt.Status {
		if begin {
			return bt.Running
		}
		return c.results[name]
	})
}

// work is an action that runs until it has been given need of time, then
// finishes with what the case set in results[name] (initially result):
// BT.CPP's AsyncActionTest, on the tree's clock instead of a thread's.
func (c *classic) work(name string, need time.Duration, result bt.Status) bt.Action[mem] {
	c.results[name] = result
	var done time.Duration
	return c.action(name, func(begin bool, dt time.Duration) bt.Status {
		if begin {
			done = 0
			return bt.Running
		}
		if done += dt; done >= need {
			return c.results[name]
		}
		return bt.Running
	})
}

// everyN is an action that succeeds at every n-th call (Begin or Update)
// of its life and otherwise returns otherwise: py_trees' SuccessEveryN
// (otherwise Failure), or SuccessEveryN under FailureIsRunning (otherwise
// Running).
func (c *classic) everyN(name string, n int, otherwise bt.Status) bt.Action[mem] {
	calls := 0
	return c.action(name, func(bool, time.Duration) bt.Status {
		if calls++; calls%n == 0 {
			return bt.Success
		}
		return otherwise
	})
}

// action makes a logging action from a step function.
func (c *classic) action(name string, step func(begin bool, dt time.Duration) bt.Status) bt.Action[mem] {
	c.actions[name] = true
	return &classicAction{c: c, name: name, step: step}
}

type classicAction struct {
	c    *classic
	name string
	step func(begin bool, dt time.Duration) bt.Status
}

func (a *classicAction) Begin(*mem) bt.Status {
	a.c.rec.Add("%s.begin", a.name)
	return a.done(a.step(true, 0))
}

func (a *classicAction) Update(_ *mem, dt time.Duration) bt.Status {
	a.c.rec.Add("%s.update", a.name)
	return a.done(a.step(false, dt))
}

func (a *classicAction) done(s bt.Status) bt.Status {
	if h := a.c.hooks[a.name]; h != nil && s == bt.Success {
		h()
	}
	return s
}

func (a *classicAction) End(_ *mem, s bt.Status)     { a.c.rec.Add("%s.end(%v)", a.name, s) }
func (a *classicAction) Simulate(*bt.Sim[mem], *mem) {}

// cond is the test of a Condition leaf that holds while flags[name] is
// set, counting how often it ran.
func (c *classic) cond(name string) func(*mem) bool {
	return func(*mem) bool {
		c.tests[name]++
		return c.flags[name]
	}
}

// guard is a constraint that passes while flags[name] is set; it fails
// with the reason "not " + name.
func (c *classic) guard(name string, opts ...constraints.Option) bt.Constraint[mem] {
	return constraints.Func(name, func(*mem) bool { return c.flags[name] }, opts...)
}

// failOn is a constraint that fails during the given ticks only (a guard
// steered by the clock of the case rather than by a flag, so that it
// answers the same however often it is asked within a tick).
func (c *classic) failOn(name string, ticks ...int) bt.Constraint[mem] {
	return constraints.Func(name, func(*mem) bool {
		for _, t := range ticks {
			if t == c.tick {
				return false
			}
		}
		return true
	})
}

// classicStep is one tick of a case, or a halt of the tree.
type classicStep struct {
	set  func(c *classic) // changes the world before the tick
	dt   time.Duration    // the tick's time step; 0 means 100 ms
	halt bool             // halt the tree instead of ticking it (want is not checked)
	want bt.Status        // what the tick returns
	log  []string         // what happened in the tick, in order
}

// runClassic builds the tree that build describes, with the case's
// tracer, then plays the steps, checking each tick's status and
// log. Finally it checks the life cycle over the whole log: every node
// ended exactly once for every Begin, was updated only while running,
// and, when the tree no longer runs, nothing is left running.
func runClassic(t *testing.T, build func(c *classic, b bt.Builder[mem]) bt.Def[mem], steps ...classicStep) *classic {
	t.Helper()
	c := newClassic()
	tree := mustAgent(t, bt.Config[mem]{Heuristic: goal}, build(c, bt.New[mem]()), 0, c)
	m := mem{}
	var all []string
	for i, st := range steps {
		if st.set != nil {
			st.set(c)
		}
		what := "halt"
		if st.halt {
			if err := tree.Halt(&m); err != nil {
				t.Fatalf("step %d: Halt: %v", i+1, err)
			}
		} else {
			c.tick++
			what = fmt.Sprintf("tick %d", c.tick)
			dt := st.dt
			if dt == 0 {
				dt = 100 * time.Millisecond
			}
			got, err := tree.Tick(&m, dt)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if got != st.want {
				t.Errorf("%s: status %v, want %v", what, got, st.want)
			}
		}
		log := c.rec.Take()
		if diff := cmp.Diff(st.log, log, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: log (-want +got):\n%s", what, diff)
		}
		all = append(all, log...)
	}
	checkLifeCycle(t, all, tree.Running())
	return c
}

// checkLifeCycle checks a whole log: End exactly once for every Begin,
// Update only between them, and nothing left running once the tree is
// not.
func checkLifeCycle(t *testing.T, log []string, treeRunning bool) {
	t.Helper()
	open := map[string]bool{}
	for i, line := range log {
		dot := strings.IndexByte(line, '.')
		if dot < 0 || strings.HasPrefix(line, "fault ") {
			continue
		}
		node, call := line[:dot], line[dot+1:]
		switch {
		case call == "begin":
			if open[node] {
				t.Errorf("line %d: %s began again without an End", i+1, node)
			}
			open[node] = true
		case call == "update":
			if !open[node] {
				t.Errorf("line %d: %s updated while not running", i+1, node)
			}
		case strings.HasPrefix(call, "end("):
			if !open[node] {
				t.Errorf("line %d: %s ended without a Begin", i+1, node)
			}
			open[node] = false
		}
	}
	if !treeRunning {
		for node, running := range open {
			if running {
				t.Errorf("%s still running after the tree finished or was halted", node)
			}
		}
	}
}
