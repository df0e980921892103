package fsm_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
)

// mem is the tests' memory: what a guard senses, and counts of what its
// actions did, live and predicted alike.
type mem struct {
	Seen, Near, Hurt, Dead bool
	Swing                  bool // mid-swing: a guard that holds a fight reads it
	Walked, Chased, Hits   int
	Flinched, Falls        int
	Inbox                  fsm.Inbox
}

// The tests' guards.
var (
	seen   = constraints.Func("in sight", func(m *mem) bool { return m.Seen })
	unseen = constraints.Func("out of sight", func(m *mem) bool { return !m.Seen })
	near   = constraints.Func("near", func(m *mem) bool { return m.Near })
	far    = constraints.Func("far", func(m *mem) bool { return !m.Near })
	hurt   = constraints.Func("hurt", func(m *mem) bool { return m.Hurt })
	dead   = constraints.Func("dead", func(m *mem) bool { return m.Dead })
)

// actions is the tests' catalogue: patrol and chase go on until halted;
// attack strikes each tick and succeeds on the second blow; flinch
// succeeds at once; fall lies there for good; stumble fails at once.
var actions = func() *catalogue.Catalogue[mem] {
	var b catalogue.Builder[mem]
	b.Action("patrol", bt.Lasting(func(m *mem, _ time.Duration) bt.Status { m.Walked++; return bt.Running },
		func(m *mem) { m.Walked++ }))
	b.Action("chase", bt.Lasting(func(m *mem, _ time.Duration) bt.Status { m.Chased++; return bt.Running },
		func(m *mem) { m.Chased++; m.Near = true }))
	b.Action("attack", bt.Lasting(func(m *mem, _ time.Duration) bt.Status {
		if m.Hits++; m.Hits%2 == 0 {
			return bt.Success
		}
		return bt.Running
	}, func(m *mem) { m.Hits += 2 }))
	b.Action("flinch", bt.Instant(func(m *mem) bool { m.Flinched++; return true }, func(m *mem) { m.Flinched++ }))
	b.Action("fall", bt.Lasting(func(m *mem, _ time.Duration) bt.Status { return bt.Running }, func(m *mem) { m.Falls++ }).
		OnBegin(func(m *mem) bt.Status { m.Falls++; return bt.Running }))
	b.Action("stumble", bt.Instant(func(*mem) bool { return false }, nil))
	c, err := b.Build()
	if err != nil {
		panic(err)
	}
	return c
}()

// goal judges predictions: blows are Beneficial, a chase Cosmetic.
var goal = func() *heuristic.Rules[mem] {
	r, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("blows", heuristic.Beneficial, func(b, a *mem) bool { return a.Hits > b.Hits }),
		heuristic.When("closer", heuristic.Cosmetic, func(b, a *mem) bool { return a.Chased > b.Chased }),
	)
	if err != nil {
		panic(err)
	}
	return r
}()

// guardMachine is the tests' guard: it patrols, chases what it sees,
// attacks it near, flinches when hit and falls when dead.
func guardMachine(t testing.TB) *fsm.Machine[mem] {
	t.Helper()
	b := fsm.New(actions).Inbox(func(m *mem) *fsm.Inbox { return &m.Inbox })
	b.Any().To("dead", dead).On("hit", "flinch")
	b.State("patrol").Do("patrol").To("chase", seen)
	b.State("chase").Do("chase").To("attack", near).To("patrol", unseen)
	b.State("attack").Do("attack").On(fsm.Succeeded, "patrol", unseen).On(fsm.Succeeded, "chase").To("chase", far)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	b.State("dead").Do("fall").Final()
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// agentOf builds a tree of root and returns an agent of it, traced into
// the returned log.
func agentOf(t testing.TB, root bt.Def[mem]) (*bt.Agent[mem], *[]contract.Event) {
	t.Helper()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, root)
	if err != nil {
		t.Fatal(err)
	}
	a, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	var log []contract.Event
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) { log = append(log, contract.From(e)) }))
	return a, &log
}

// leaf returns the node a preview foresees the tick running: the last of
// its path.
func leaf(p bt.Preview) string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}
