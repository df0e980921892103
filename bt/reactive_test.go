package bt_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
)

// seen guards an attack: the enemy is in sight while Foe > 0.
var seen = constraints.Func("enemy seen", func(m *mem) bool { return m.Foe > 0 })

// A tick of a reactive composite: the memory it sees, then what it must
// return and the life-cycle calls it must make.
type reactiveTick struct {
	foe  int
	want bt.Status
	log  []string
}

func runReactive(t *testing.T, root bt.Def[mem], rec *recorder, ticks []reactiveTick) {
	t.Helper()
	tree := mustBuild(t, bt.Config[mem]{}, root)
	for i, tk := range ticks {
		got, err := tree.Tick(&mem{HP: 10, Foe: tk.foe}, 100*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if got != tk.want {
			t.Errorf("tick %d: status %v, want %v", i+1, got, tk.want)
		}
		if diff := cmp.Diff(tk.log, rec.Take()); diff != "" {
			t.Errorf("tick %d: log (-want +got):\n%s", i+1, diff)
		}
	}
}

// "Attack when the enemy is seen, else patrol": the attack takes over in
// the tick the enemy appears, the patrol ending (interrupted) before the
// attack begins; when the enemy is lost the attack is interrupted and the
// patrol begins afresh in the same tick.
func TestReactivePriorityPreempts(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.ReactivePriority("guard",
		n.Do("attack", act(rec, "attack", nil, R)).Constrain(seen),
		n.Do("patrol", act(rec, "patrol", nil, R)),
	)
	runReactive(t, root, rec, []reactiveTick{
		{foe: 0, want: R, log: []string{"patrol.begin"}},
		{foe: 0, want: R, log: []string{"patrol.update"}},
		{foe: 3, want: R, log: []string{"patrol.end(Running)", "attack.begin"}},
		{foe: 3, want: R, log: []string{"attack.update"}},
		{foe: 0, want: R, log: []string{"attack.end(Running)", "patrol.begin"}},
	})
}

// The classic Priority sticks with its running child: the attack waits
// until the patrol ends.
func TestPriorityDoesNotPreempt(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.Priority("guard",
		n.Do("attack", act(rec, "attack", nil, R)).Constrain(seen),
		n.Do("patrol", act(rec, "patrol", nil, R, S)),
	)
	runReactive(t, root, rec, []reactiveTick{
		{foe: 0, want: R, log: []string{"patrol.begin"}},
		{foe: 3, want: S, log: []string{"patrol.update", "patrol.end(Success)"}},
		{foe: 3, want: R, log: []string{"attack.begin"}},
	})
}

// A Condition is its own guard: when it holds, the fallback succeeds at
// once, ending the running child. A child with no guard never takes over:
// nothing says when it could.
func TestReactivePriorityGuards(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.ReactivePriority("guard",
		n.Condition("safe", func(m *mem) bool { return m.Foe == 0 }),
		n.Do("fumble", act(rec, "fumble", nil, F)),
		n.Do("fight", act(rec, "fight", nil, R)),
	)
	runReactive(t, root, rec, []reactiveTick{
		{foe: 3, want: R, log: []string{"fumble.begin", "fumble.end(Failure)", "fight.begin"}},
		{foe: 3, want: R, log: []string{"fight.update"}}, // fumble is not tried again
		{foe: 0, want: S, log: []string{"fight.end(Running)"}},
	})
}

// "While the enemy is in sight, aim, then fire": the sequence re-checks its
// condition every tick and, when it fails, interrupts the running child
// and fails in that tick; an earlier action is not re-run, and its
// constraints (a cooldown it just began) do not speak for the sequence.
func TestReactiveSequenceHaltsWhenAConditionFails(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.ReactiveSequence("shoot",
		n.Condition("in sight", func(m *mem) bool { return m.Foe > 0 }),
		n.Do("aim", act(rec, "aim", nil, S)).Constrain(constraints.Cooldown[mem](time.Minute)),
		n.Do("fire", act(rec, "fire", nil, R)),
	)
	runReactive(t, root, rec, []reactiveTick{
		{foe: 3, want: R, log: []string{"aim.begin", "aim.end(Success)", "fire.begin"}},
		{foe: 3, want: R, log: []string{"fire.update"}},
		{foe: 0, want: F, log: []string{"fire.end(Running)"}},
	})
	// The plain sequence carries on firing.
	rec = &recorder{}
	root = n.Sequence("shoot",
		n.Condition("in sight", func(m *mem) bool { return m.Foe > 0 }),
		n.Do("fire", act(rec, "fire", nil, R)),
	)
	runReactive(t, root, rec, []reactiveTick{
		{foe: 3, want: R, log: []string{"fire.begin"}},
		{foe: 0, want: R, log: []string{"fire.update"}},
	})
}

// Simulated, the reactive composites predict what a tick would do: a
// reactive priority the child that would take over, a reactive sequence
// Impossible once its condition fails.
func TestReactiveSimulate(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	fallback := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.ReactivePriority("guard",
			n.Do("attack", act(rec, "attack", hitFoe(1), R)).Constrain(seen),
			n.Do("patrol", act(rec, "patrol", shine, R)),
		))
	sequence := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.ReactiveSequence("shoot",
			n.Condition("in sight", func(m *mem) bool { return m.Foe > 0 }),
			n.Do("fire", act(rec, "fire", hitFoe(1), R)),
		))
	for _, tt := range []struct {
		name     string
		tree     *bt.Agent[mem]
		from, to int // the foe when it began, and now
		leaf     string
		reason   string
		want     heuristic.Outcome
	}{
		{"fallback, patrolling, no enemy", fallback, 0, 0, "guard/patrol", "", heuristic.Cosmetic},
		{"fallback, patrolling, enemy seen", fallback, 0, 3, "guard/attack", "", heuristic.Beneficial},
		{"sequence firing, in sight", sequence, 3, 3, "shoot/fire", "", heuristic.Beneficial},
		{"sequence firing, lost", sequence, 3, 0, "shoot", "in sight: false", heuristic.Impossible},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := mem{HP: 10, Foe: tt.to}
			if _, err := tt.tree.Tick(&mem{HP: 10, Foe: tt.from}, 0); err != nil {
				t.Fatal(err)
			}
			p, err := tt.tree.Preview(&m, 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Verdict.Outcome != tt.want || tt.reason != "" && p.Verdict.Reason != tt.reason || leafOf(p) != tt.leaf {
				t.Errorf("preview: %v at %s, want %v (%s) at %s", p.Verdict, leafOf(p), tt.want, tt.reason, tt.leaf)
			}
			if err := tt.tree.Halt(&m); err != nil {
				t.Fatal(err)
			}
			rec.Take()
		})
	}
}

// The classic idiom ported from other libraries, a reactive fallback over a
// sequence that begins with a condition, preempts as the constraint form
// does: the sequence's leading conditions are its guard.
func TestReactivePriorityOverConditionHeadedSequence(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.ReactivePriority("guard",
		n.Sequence("engage",
			n.Condition("enemy seen", func(m *mem) bool { return m.Foe > 0 }),
			n.Do("attack", act(rec, "attack", nil, R)),
		),
		n.Do("patrol", act(rec, "patrol", nil, R)),
	)
	runReactive(t, root, rec, []reactiveTick{
		{foe: 0, want: R, log: []string{"patrol.begin"}},
		{foe: 0, want: R, log: []string{"patrol.update"}},
		{foe: 3, want: R, log: []string{"patrol.end(Running)", "attack.begin"}},
	})
}
