package bt_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// once panics the first time it is called, as a transient fault would.
type once struct{ fired bool }

func (o *once) check() {
	if !o.fired {
		o.fired = true
		panic(errBoom)
	}
}

var errBoom = errors.New("boom")

// A panic in a callback of the whole tree (Copy, Model, Terminal, the
// heuristic) is blamed on the callback, names the node that called it, and
// quarantines nothing: a transient fault costs one tick, not the agent.
// (Before, the root was quarantined and the tree failed for good.)
func TestCallbackPanicsQuarantineNothing(t *testing.T) {
	n := bt.New[mem]()
	for _, callback := range []string{"Copy", "Model", "Terminal", "heuristic"} {
		t.Run(callback, func(t *testing.T) {
			o := &once{}
			cfg := bt.Config[mem]{Heuristic: goal}
			model := func(*mem, time.Duration) {}
			switch callback {
			case "Copy":
				cfg.Copy = func(dst, src *mem) { o.check(); *dst = *src }
			case "Model":
				model = func(*mem, time.Duration) { o.check() }
			case "Terminal":
				cfg.Terminal = func(*mem) bool { o.check(); return false }
			case "heuristic":
				cfg.Heuristic = heuristic.Func[mem](func(b, a *mem) heuristic.Outcome { o.check(); return goal.Judge(b, a) })
			}
			cfg.Model = model
			rec := &recorder{}
			tree := mustBuild(t, cfg,
				n.Selector("root", bt.Replan(0),
					n.Sequence("strike",
						n.Do("wait", &waiting{}),
						n.Do("hit", act(rec, "hit", hitFoe(1), R)),
					),
				))
			s, err := tree.Tick(&mem{HP: 10, Foe: 10}, 100*time.Millisecond)
			var pe *bt.PanicError
			if s != bt.Failure || !errors.As(err, &pe) || pe.Callback != callback {
				t.Fatalf("Tick = %v, %v; want Failure and a panic in the %s callback", s, err, callback)
			}
			if !errors.Is(err, errBoom) {
				t.Errorf("errors.Is(err, errBoom) = false: PanicError does not unwrap")
			}
			if !strings.Contains(pe.Error(), "panic in the "+callback+" callback") || !strings.HasPrefix(pe.Path, "root") {
				t.Errorf("message %q", pe.Error())
			}
			if len(pe.Stack) == 0 || !strings.Contains(string(pe.Stack), "(*once).check") {
				t.Errorf("stack does not show where it panicked:\n%s", pe.Stack)
			}
			if q := tree.Quarantined(); len(q) != 0 {
				t.Errorf("quarantined %v after a callback's panic", q)
			}
			if s, err := tree.Tick(&mem{HP: 10, Foe: 10}, 100*time.Millisecond); s != bt.Running || err != nil {
				t.Errorf("the tick after: %v, %v; want the agent back at work", s, err)
			}
		})
	}
}

// waiting predicts a pause through the tree's model, so the Model callback
// is called; the sequence it begins asks the Terminal callback after it.
type waiting struct{ noop }

func (w *waiting) Begin(*mem) bt.Status { return bt.Success }
func (w *waiting) Simulate(ctx *bt.Sim[mem], m *mem) {
	ctx.Advance(m, 100*time.Millisecond)
}

// A node whose own code panicked is quarantined until the game lifts it.
func TestLiftQuarantine(t *testing.T) {
	p := &panicky{where: "Begin"}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{},
		n.Sequence("s",
			n.Do("bad", p),
		))
	if _, err := tree.Tick(&mem{}, 0); err == nil {
		t.Fatal("no panic reported")
	}
	if diff := cmp.Diff([]string{"s/bad"}, tree.Quarantined()); diff != "" {
		t.Fatalf("quarantined (-want +got):\n%s", diff)
	}
	if s, _ := tree.Tick(&mem{}, 0); s != bt.Failure || p.ends != 1 {
		t.Fatalf("a quarantined node ran: %v, %d ends", s, p.ends)
	}
	if err := tree.LiftQuarantine("s/nope"); err == nil {
		t.Error("lifting an unknown path: no error")
	}
	if err := tree.LiftQuarantine("s/bad"); err != nil {
		t.Fatal(err)
	}
	p.where = ""
	if s, err := tree.Tick(&mem{}, 0); s != bt.Running || err != nil || len(tree.Quarantined()) != 0 {
		t.Errorf("after the lift: %v, %v, quarantined %v", s, err, tree.Quarantined())
	}
}

// An End that panics still reports its end to tracers, so no begin is left
// without its end.
func TestPanickingEndIsTraced(t *testing.T) {
	trace := &traceLog{}
	n := bt.New[mem]()
	tree := mustAgent(t, bt.Config[mem]{},
		n.Sequence("s",
			n.Do("bad", &panicky{where: "End"}),
		), 0, trace)
	tree.Tick(&mem{}, 0)
	if err := tree.Halt(&mem{}); err == nil {
		t.Fatal("no panic reported")
	}
	want := []string{"begin s", "begin s/bad", "end s/bad Running", "fault s/bad s/bad: panic in End: boom", "end s Running"}
	if diff := cmp.Diff(want, trace.Lines); diff != "" {
		t.Errorf("trace (-want +got):\n%s", diff)
	}
}

// sneaky is a custom composite that drives its child from where it must
// not: from End, which would leave the child running after a halt, or
// from Simulate, which would act during a preview.
type sneaky struct {
	child *bt.Child[mem]
	from  string
}

func (s *sneaky) Begin(m *mem) bt.Status                    { return bt.Running }
func (s *sneaky) Update(m *mem, dt time.Duration) bt.Status { return bt.Running }
func (s *sneaky) End(m *mem, _ bt.Status) {
	if s.from == "End" {
		s.child.Tick(m, 0)
	}
}
func (s *sneaky) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	if s.from == "Simulate" {
		s.child.Tick(m, 0)
		s.child.Halt(m)
	}
	return heuristic.Verdict{Outcome: heuristic.Cosmetic}
}

// Child refuses to be ticked from its parent's End or Simulate, or halted
// from Simulate, and reports it with the parent's path.
func TestChildRefusesMisuse(t *testing.T) {
	n := bt.New[mem]()
	for _, from := range []string{"End", "Simulate"} {
		t.Run(from, func(t *testing.T) {
			rec := &recorder{}
			tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
				n.Composite("sneaky", func(kids []*bt.Child[mem]) (bt.Node[mem], error) {
					return &sneaky{child: kids[0], from: from}, nil
				},
					n.Do("x", act(rec, "x", nil, R)),
				))
			m := mem{}
			var errs []error
			if _, err := tree.Tick(&m, 0); err != nil {
				errs = append(errs, err)
			}
			if _, err := tree.Preview(&m, 0); err != nil {
				errs = append(errs, err)
			}
			if err := tree.Halt(&m); err != nil {
				errs = append(errs, err)
			}
			err := errors.Join(errs...)
			var ne *decide.Error
			if !errors.As(err, &ne) || ne.Path != "sneaky" || !strings.Contains(ne.Error(), "its child x from "+from) {
				t.Fatalf("errors: %v; want a decide.Error for sneaky ticking x from %s", err, from)
			}
			if log := rec.Take(); len(log) != 0 {
				t.Errorf("the child was driven: %v", log)
			}
			if tree.Running() {
				t.Error("left running after Halt")
			}
		})
	}
}

// A Tree, Agent or Builder that was never made properly gives errors, not
// panics: a zero or nil Tree makes no agents and draws nothing, a zero or
// nil Agent refuses every call, and a zero Builder works like New.
func TestZeroValues(t *testing.T) {
	var zeroTree bt.Tree[mem]
	var nilTree *bt.Tree[mem]
	for name, tree := range map[string]*bt.Tree[mem]{"zero": &zeroTree, "nil": nilTree} {
		if _, err := tree.NewAgent(1); !errors.Is(err, bt.ErrNotBuilt) {
			t.Errorf("%s Tree: NewAgent error %v, want ErrNotBuilt", name, err)
		}
		if tree.String() != "" || tree.Nodes() != nil {
			t.Errorf("%s Tree describes something", name)
		}
	}
	var zero bt.Agent[mem]
	var nilAgent *bt.Agent[mem]
	for name, tree := range map[string]*bt.Agent[mem]{"zero": &zero, "nil": nilAgent} {
		for i := range 2 { // and again: a refused call leaves nothing behind
			if _, err := tree.Tick(&mem{}, 0); !errors.Is(err, bt.ErrNotBuilt) {
				t.Errorf("%s Agent, call %d: Tick error %v, want ErrNotBuilt", name, i, err)
			}
			if _, err := tree.Preview(&mem{}, 0); !errors.Is(err, bt.ErrNotBuilt) {
				t.Errorf("%s Agent: Preview error %v", name, err)
			}
			if err := tree.Halt(&mem{}); !errors.Is(err, bt.ErrNotBuilt) {
				t.Errorf("%s Agent: Halt error %v", name, err)
			}
			if err := tree.SetHeuristic(goal); !errors.Is(err, bt.ErrNotBuilt) {
				t.Errorf("%s Agent: SetHeuristic error %v", name, err)
			}
		}
		_ = tree.Running()
		_ = tree.Quarantined()
		_, _, _ = tree.Tree(), tree.Now(), tree.Ticks()
		tree.SetTracer(nil)
	}
	var b bt.Builder[mem]
	tree := mustBuild(t, bt.Config[mem]{}, b.Sequence("s", b.Do("x", act(nil, "x", nil))))
	if s, err := tree.Tick(&mem{}, 0); s != bt.Success || err != nil {
		t.Errorf("a tree from a zero Builder: %v, %v", s, err)
	}
}

// What happens after a panic, in one place: the tick is abandoned, the
// node whose code panicked is ended with Failure and quarantined, every
// other running node is halted deepest first, and Tick returns Failure
// with a *PanicError; the next tick begins afresh without the broken node.
func ExamplePanicError() {
	trace := bt.TracerFunc(func(e *bt.Event) {
		switch e.Kind {
		case bt.EventBegin, bt.EventFault:
			fmt.Println(" ", e.Kind, e.Path)
		case bt.EventEnd:
			fmt.Println(" ", e.Kind, e.Path, e.Status)
		}
	})
	broken := bt.Instant(func(*mem) bool { panic("out of ammo") }, nil)
	n := bt.New[mem]()
	tree, _ := bt.Build(bt.Config[mem]{},
		n.Parallel("stand",
			n.Do("hold", act(nil, "hold", nil, bt.Running)),
			n.Priority("shoot",
				n.Do("fire", broken),
				n.Do("reload", act(nil, "reload", nil, bt.Running)),
			),
		))
	agent, _ := tree.NewAgent(1)
	agent.SetTracer(trace)
	for i := range 2 {
		fmt.Println("tick", i+1)
		status, err := agent.Tick(&mem{}, 0)
		fmt.Println(" ", status, err)
	}
	fmt.Println("quarantined:", agent.Quarantined())
	// Output:
	// tick 1
	//   begin stand
	//   begin stand/hold
	//   begin stand/shoot
	//   begin stand/shoot/fire
	//   fault stand/shoot/fire
	//   end stand/shoot/fire Failure
	//   end stand/hold Running
	//   end stand/shoot Running
	//   end stand Running
	//   Failure stand/shoot/fire: panic in Begin: out of ammo
	// tick 2
	//   begin stand
	//   begin stand/hold
	//   begin stand/shoot
	//   begin stand/shoot/reload
	//   Running <nil>
	// quarantined: [stand/shoot/fire]
}

// A decorator or composite factory that panics is a Build error with the
// node's path, never a panic out of Build.
func TestBuildRecoversFactoryPanics(t *testing.T) {
	n := bt.New[mem]()
	_, err := bt.Build(bt.Config[mem]{},
		n.Sequence("s",
			n.Decorate("d", func(*bt.Child[mem]) (bt.Node[mem], error) { panic("no") },
				n.Do("x", act(nil, "x", nil)),
			),
		))
	if err == nil || !strings.Contains(err.Error(), "s/d: its factory panicked: no") {
		t.Errorf("Build: %v", err)
	}
}
