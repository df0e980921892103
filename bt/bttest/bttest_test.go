package bttest_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

type mem struct{ HP, Foe, Steps int }

var goal = heuristic.Func[mem](func(b, a *mem) heuristic.Outcome {
	if a.Foe < b.Foe {
		return heuristic.Beneficial
	}
	return heuristic.Irrelevant
})

var cfg = bttest.Config[mem]{
	Tree:     bt.Config[mem]{Heuristic: goal},
	Memories: []mem{{HP: 10, Foe: 5}, {HP: 1, Foe: 0}},
}

// The catalogue's decorators keep the contract: the kit finds nothing.
func TestCatalogueKeepsTheContract(t *testing.T) {
	for name, dec := range map[string]bt.Decorator[mem]{
		"invert": decorators.Invert[mem](), "force-success": decorators.ForceSuccess[mem](), "force-failure": decorators.ForceFailure[mem](),
		"repeat": decorators.Repeat[mem](3), "until-failure": decorators.UntilFailure[mem](), "retry": decorators.Retry[mem](2),
		"timeout": decorators.Timeout[mem](300 * time.Millisecond), "delay": decorators.Delay[mem](150 * time.Millisecond),
		"floor": decorators.Floor[mem](heuristic.Cosmetic), "goal": decorators.Goal[mem](goal),
		"fakesim": decorators.FakeSim(decorators.Fake[mem]{Edit: func(m *mem) { m.Foe = 0 },
			Gate: constraints.Chance[mem](0.5)}),
	} {
		t.Run(name, func(t *testing.T) {
			if err := bttest.TestDecorator(dec, cfg); err != nil {
				t.Errorf("%v", err)
			}
		})
	}
}

// Actions made of functions, and a composite that picks among its children
// and says so with Route, keep the contract too.
func TestWellBehavedNodes(t *testing.T) {
	step := bt.Lasting(func(m *mem, _ time.Duration) bt.Status {
		m.Steps++
		if m.Steps%3 == 0 {
			return bt.Success
		}
		return bt.Running
	}, func(m *mem) { m.Foe-- })
	if err := bttest.TestAction(step, cfg); err != nil {
		t.Errorf("Lasting: %v", err)
	}
	hit := bt.Instant(func(m *mem) bool { m.Foe--; return m.Foe > 0 }, func(m *mem) { m.Foe-- })
	if err := bttest.TestAction(hit, cfg); err != nil {
		t.Errorf("Instant: %v", err)
	}
	if err := bttest.TestComposite(lastFirst(true), cfg); err != nil {
		t.Errorf("a routing composite: %v", err)
	}
	if err := bttest.TestComposite(together, cfg); err != nil {
		t.Errorf("a composite that runs its children together: %v", err)
	}
}

// together runs all its children at once, and succeeds when every one
// has finished, failing if any failed.
func together(children []*bt.Child[mem]) (bt.Node[mem], error) {
	return &all{children: children, done: make([]bt.Status, len(children))}, nil
}

type all struct {
	children []*bt.Child[mem]
	done     []bt.Status // each child's final status; 0 while it runs
	running  bool
}

func (a *all) Begin(m *mem) bt.Status {
	clear(a.done)
	a.running = true
	return a.Update(m, 0)
}

func (a *all) Update(m *mem, dt time.Duration) bt.Status {
	result := bt.Success
	for i, c := range a.children {
		if a.done[i] == 0 {
			if s := c.Tick(m, dt); s != bt.Running {
				a.done[i] = s
			}
		}
		switch a.done[i] {
		case 0:
			result = bt.Running
		case bt.Failure:
			if result != bt.Running {
				result = bt.Failure
			}
		}
	}
	return result
}

func (a *all) End(*mem, bt.Status) { a.running = false }

func (a *all) SaveState(w *bt.StateWriter) {
	done := make([]int, len(a.done))
	for i, s := range a.done {
		done[i] = int(s)
	}
	w.Ints("done", done)
	w.Bool("running", a.running)
}

func (a *all) RestoreState(r *bt.StateReader) error {
	done, running := r.Ints("done", nil), r.Bool("running")
	if r.Err() == nil && len(done) != len(a.done) {
		return fmt.Errorf("%d children done, of %d", len(done), len(a.done))
	}
	for i, s := range done {
		a.done[i] = bt.Status(s)
	}
	a.running = running
	return r.Err()
}

func (a *all) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	ch := bt.StartChain(ctx, m)
	for i, c := range a.children {
		if a.running && a.done[i] != 0 {
			continue // finished in this run: only what remains is predicted
		}
		v, _ := ch.Step(c)
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
	}
	return ch.Finish()
}

// Each test below breaks one rule, and the kit must name it.
func TestBrokenNodes(t *testing.T) {
	tests := []struct {
		name  string
		check func() error
		want  string
	}{
		{"an invalid status", decorator(func(d *broken) { d.begin = func(m *mem) bt.Status { return bt.Status(9) } }),
			"Tick: subject: Begin returned an invalid status"},
		{"a child ticked from End", decorator(func(d *broken) {
			d.end = func(m *mem, s bt.Status) { d.child.Tick(m, 0) }
		}), "ticked its child a from End"},
		{"a child ticked from Simulate", decorator(func(d *broken) {
			d.simulate = func(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
				d.child.Tick(m, 0)
				return d.child.Simulate(ctx, m)
			}
		}), "ticked its child a from Simulate"},
		{"a child ticked twice in a tick", decorator(func(d *broken) {
			d.begin = func(m *mem) bt.Status {
				if s := d.child.Tick(m, 0); s != bt.Running {
					return s
				}
				return d.child.Tick(m, 0)
			}
		}), "subject/a: updated in the tick it began"},
		{"a child ticked on a copy", decorator(func(d *broken) {
			d.begin = func(m *mem) bt.Status { c := *m; return d.child.Tick(&c, 0) }
		}), "subject/a.Begin was given a memory that is not the agent's live memory"},
		{"a prediction written into live memory", decorator(func(d *broken) {
			d.simulate = func(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
				if d.live != nil {
					d.live.Foe--
				}
				return d.child.Simulate(ctx, m)
			}
		}), "a preview changed the live memory"},
		{"a simulation that changes what the node does", decorator(func(d *broken) {
			d.simulate = func(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
				d.count++
				return d.child.Simulate(ctx, m)
			}
			d.update = func(m *mem, dt time.Duration) bt.Status {
				if d.count > 0 { // a preview has been made
					return bt.Failure
				}
				return d.child.Tick(m, dt)
			}
		}), "previews change what the tree does: with a preview before every tick"},
		{"live behaviour that differs from run to run", decorator(func(d *broken) {
			d.begin = func(m *mem) bt.Status {
				global++
				if global%3 == 0 {
					return bt.Failure
				}
				return d.child.Tick(m, 0)
			}
		}), "runs are not deterministic: the same schedule on a fresh tree"},
		{"a simulation that differs from call to call", decorator(func(d *broken) {
			d.simulate = func(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
				global++
				return heuristic.Verdict{Outcome: heuristic.Outcome(3 + global%2), Reason: "coin"}
			}
		}), "simulation is not deterministic: two previews in a row planned"},
		{"an invalid verdict", decorator(func(d *broken) {
			d.simulate = func(*bt.Sim[mem], *mem) heuristic.Verdict {
				return heuristic.Verdict{Outcome: 42, Reason: "off the scale"}
			}
		}), "Preview: subject: Simulate returned an invalid outcome"},
		{"one node for every agent", func() error {
			shared := &broken{}
			return bttest.TestDecorator(func(c *bt.Child[mem]) (bt.Node[mem], error) {
				shared.child = c // the second agent's child replaces the first's
				return shared, nil
			}, cfg)
		}, "agents share state: the first of two agents ticked in turn"},
		{"an action that keeps an agent's state", func() error {
			return bttest.TestAction(&counting{}, cfg)
		}, "agents share state: the first of two agents ticked in turn"},
		{"a node that forgets its state when saved", decorator(func(d *broken) {
			d.update = func(m *mem, dt time.Duration) bt.Status {
				if d.count++; d.count%3 == 0 {
					return bt.Failure
				}
				return d.child.Tick(m, dt)
			}
			d.save = func(*bt.StateWriter) {}
		}), "a restored agent does not go on as the agent saved: saved and restored after every step"},
		{"a node that cannot be saved", func() error {
			return bttest.TestDecorator(func(c *bt.Child[mem]) (bt.Node[mem], error) {
				return struct{ bt.Node[mem] }{&broken{child: c}}, nil
			}, cfg)
		}, "the agent cannot be saved and restored"},
		{"a composite that picks but does not route", func() error {
			return bttest.TestComposite(lastFirst(false), cfg)
		}, "the tick began subject/c after [subject], but the preview's path was [subject subject/a]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.check()
			if err == nil {
				t.Fatalf("the kit found nothing; want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("the kit said\n%v\nwant a violation containing %q", err, tt.want)
			}
		})
	}
}

// global is state outside every tree, which broken nodes read to differ
// from run to run.
var global int

// broken is a decorator that passes its child through, unless a test
// replaces one of its methods with a broken one.
type broken struct {
	child    *bt.Child[mem]
	live     *mem // the live memory, kept from Begin by a node that should not
	count    int
	begin    func(m *mem) bt.Status
	update   func(m *mem, dt time.Duration) bt.Status
	end      func(m *mem, s bt.Status)
	simulate func(ctx *bt.Sim[mem], m *mem) heuristic.Verdict
	save     func(w *bt.StateWriter) // in place of saving count; RestoreState then restores nothing
}

// decorator returns a check of a broken decorator set up by breakIt.
func decorator(breakIt func(d *broken)) func() error {
	return func() error {
		return bttest.TestDecorator(func(c *bt.Child[mem]) (bt.Node[mem], error) {
			d := &broken{child: c}
			breakIt(d)
			return d, nil
		}, cfg)
	}
}

func (d *broken) Begin(m *mem) bt.Status {
	d.live = m
	if d.begin != nil {
		return d.begin(m)
	}
	return d.child.Tick(m, 0)
}

func (d *broken) Update(m *mem, dt time.Duration) bt.Status {
	if d.update != nil {
		return d.update(m, dt)
	}
	return d.child.Tick(m, dt)
}

func (d *broken) End(m *mem, s bt.Status) {
	if d.end != nil {
		d.end(m, s)
	}
}

// SaveState saves its count; the live memory it keeps, where a test makes
// it keep it, is its flaw, not its state.
func (d *broken) SaveState(w *bt.StateWriter) {
	if d.save != nil {
		d.save(w)
		return
	}
	w.Int("count", int64(d.count))
}

func (d *broken) RestoreState(r *bt.StateReader) error {
	if d.save != nil {
		return nil
	}
	d.count = int(r.Int("count"))
	return r.Err()
}

func (d *broken) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	if d.simulate != nil {
		return d.simulate(ctx, m)
	}
	return d.child.Simulate(ctx, m)
}

// counting is an action that counts its updates in itself rather than in
// the memory: every agent of a tree shares it.
type counting struct{ updates int }

func (a *counting) Begin(*mem) bt.Status { a.updates = 0; return bt.Running }
func (a *counting) Update(m *mem, _ time.Duration) bt.Status {
	a.updates++
	if a.updates == 2 {
		return bt.Success
	}
	return bt.Running
}
func (a *counting) End(*mem, bt.Status)         {}
func (a *counting) Simulate(*bt.Sim[mem], *mem) {}

// lastFirst is a composite that runs its last child that is not judged
// Impossible; with route set it says so as a bt.Router.
func lastFirst(route bool) bt.CompositeFunc[mem] {
	return func(children []*bt.Child[mem]) (bt.Node[mem], error) {
		n := &picker{children: children}
		if route {
			return routing{n}, nil
		}
		return n, nil
	}
}

type picker struct {
	children []*bt.Child[mem]
	current  int
}

func (p *picker) Begin(m *mem) bt.Status {
	p.current = len(p.children) - 1
	return p.children[p.current].Tick(m, 0)
}

func (p *picker) Update(m *mem, dt time.Duration) bt.Status {
	return p.children[p.current].Tick(m, dt)
}

func (p *picker) End(*mem, bt.Status) {}

func (p *picker) SaveState(w *bt.StateWriter) { w.Int("current", int64(p.current)) }

func (p *picker) RestoreState(r *bt.StateReader) error {
	c := r.Int("current")
	if r.Err() == nil && (c < 0 || c >= int64(len(p.children))) {
		return fmt.Errorf("child %d of %d", c, len(p.children))
	}
	p.current = int(c)
	return r.Err()
}

func (p *picker) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	c := p.current
	if !p.children[c].Running() {
		c = len(p.children) - 1
	}
	return p.children[c].Simulate(ctx, m)
}

// routing is a picker that tells previews which child it runs.
type routing struct{ *picker }

func (r routing) Route(*mem) int {
	if r.children[r.current].Running() {
		return r.current
	}
	return len(r.children) - 1
}

// A fault on a path that only a change of memory opens is found once
// Config.Sense makes the change, and not before.
func TestSenseOpensPaths(t *testing.T) {
	hurtLeak := func(c *bt.Child[mem]) (bt.Node[mem], error) {
		d := &broken{child: c}
		d.simulate = func(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
			if d.live != nil && d.live.HP < 10 {
				d.live.Steps++ // writes the live memory, but only once the agent is hurt
			}
			return d.child.Simulate(ctx, m)
		}
		return d, nil
	}
	calm := bttest.Config[mem]{Memories: []mem{{HP: 10}}}
	if err := bttest.TestDecorator(hurtLeak, calm); err != nil {
		t.Fatalf("without a change of memory the leak cannot show, yet the kit said %v", err)
	}
	hurt := calm
	hurt.Sense = func(step int, m *mem) {
		if step == 1 {
			m.HP--
		}
	}
	err := bttest.TestDecorator(hurtLeak, hurt)
	if err == nil || !strings.Contains(err.Error(), "a preview changed the live memory") {
		t.Errorf("with Sense hurting the agent, the kit said %v; want the leak found", err)
	}
}

// The kit takes what a hostile or careless caller gives it without
// panicking.
func TestHostileInput(t *testing.T) {
	if err := bttest.TestComposite(together, bttest.Config[mem]{Children: 100}); err != nil {
		t.Errorf("a hundred children: %v", err)
	}
	var nilAction *counting
	for name, err := range map[string]error{
		"nil decorator": bttest.TestDecorator[mem](nil, cfg),
		"nil composite": bttest.TestComposite[mem](nil, cfg),
		"nil action":    bttest.TestAction[mem](nil, cfg),
		"nil leaf":      bttest.TestLeaf[mem](nil, cfg),
		"typed nil":     bttest.TestAction[mem](nilAction, cfg),
		"failing build": bttest.TestDecorator(func(*bt.Child[mem]) (bt.Node[mem], error) { return nil, errors.New("bad settings") }, cfg),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
