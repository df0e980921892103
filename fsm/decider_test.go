package fsm_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
)

// Machines keep the deciders' contract over the kit's actions (one that
// finishes at once, one that lasts, one that fails, one that runs until
// halted, one that cools down), as bttest.TestDecider checks it: every
// state entered reported well-formed and run as reported, previews that
// foresee the reports, no step refused that the machine planned, through
// alarms that move it, nested and under a selector.
func TestDecider(t *testing.T) {
	alarm := constraints.Func("alarm", func(w *bttest.World) bool { return w.Alarm })
	calm := constraints.Not(alarm)
	machine := func(build func(b *fsm.Builder[bttest.World])) func(*catalogue.Catalogue[bttest.World]) (*fsm.Machine[bttest.World], error) {
		return func(actions *catalogue.Catalogue[bttest.World]) (*fsm.Machine[bttest.World], error) {
			b := fsm.New(actions)
			build(b) // its first state is the initial one
			return b.Build()
		}
	}
	cycle := machine(func(b *fsm.Builder[bttest.World]) {
		b.Any().To("panic", alarm)
		b.State("a").Do("a").On(fsm.Succeeded, "b").On(fsm.Failed, "c")
		b.State("b").Do("b").On(fsm.Succeeded, "e").On(fsm.Failed, "c")
		b.State("e").Do("e").On(fsm.Succeeded, "a").On(fsm.Failed, "c")
		b.State("c").Do("c").On(fsm.Failed, "a")
		b.State("panic").Do("d").To("a", calm)
	})
	cooling := machine(func(b *fsm.Builder[bttest.World]) {
		// e cools down for 150ms after each run: the guards into it wait as
		// long, and the machine goes elsewhere meanwhile
		cool := constraints.Cooldown[bttest.World](150 * time.Millisecond)
		b.State("e").Do("e").On(fsm.Succeeded, "e", cool).On(fsm.Succeeded, "a").On(fsm.Failed, "b")
		b.State("a").Do("a").On(fsm.Succeeded, "e", cool).On(fsm.Succeeded, "b").On(fsm.Failed, "b")
		b.State("b").Do("b").On(fsm.Succeeded, "e", cool).On(fsm.Succeeded, "a").To("d", alarm)
		b.State("d").Do("d").To("a", calm)
	})
	nestedIn := machine(func(b *fsm.Builder[bttest.World]) {
		// states in states, outermost first: the alarm leaves the work from
		// any of its states; b's failure goes out to panic, two levels
		b.State("work").To("panic", alarm).On(fsm.Failed, "c")
		b.State("a").In("work").Do("a").On(fsm.Succeeded, "b")
		b.State("more").In("work").On(fsm.Succeeded, "a")
		b.State("b").In("more").Do("b").On(fsm.Succeeded, "e").On(fsm.Failed, "panic")
		b.State("e").In("more").Do("e")
		b.State("c").Do("c").On(fsm.Failed, "a").On(fsm.Succeeded, "e")
		b.State("panic").Do("d").To("b", calm)
	})
	nestedInner := machine(func(b *fsm.Builder[bttest.World]) {
		b.InnerFirst()
		b.Any().To("panic", alarm)
		b.State("work").On(fsm.Succeeded, "work").On(fsm.Failed, "c")
		b.State("a").In("work").Do("a").On(fsm.Succeeded, "b").To("panic", alarm)
		b.State("b").In("work").Do("b").On(fsm.Failed, "a")
		b.State("c").Do("c").On(fsm.Failed, "a").On(fsm.Succeeded, "b")
		b.State("panic").Do("d").To("work", calm)
	})
	chosen := machine(func(b *fsm.Builder[bttest.World]) {
		// StateTree's choices: work enters a only when calm (an enter
		// condition), else the one of b and e that has run less (utility);
		// b's way on to e, and panic's back to work, wait a while; e's
		// parameter clears C
		less := func(count func(w *bttest.World) int) func(w *bttest.World) float64 {
			return func(w *bttest.World) float64 { return -float64(count(w)) }
		}
		b.State("work").To("panic", alarm).On(fsm.Failed, "c")
		b.State("a").In("work").EnterIf(calm).Do("a").On(fsm.Succeeded, "b")
		b.State("b").In("work").Do("b").Utility(less(func(w *bttest.World) int { return w.B })).
			On(fsm.Succeeded, "e").Delay(100 * time.Millisecond)
		b.State("e").In("work").Do("e").Utility(less(func(w *bttest.World) int { return w.E })).
			Params(func(w *bttest.World) { w.C = 0 })
		b.State("c").Do("c").On(fsm.Failed, "a").On(fsm.Succeeded, "e")
		b.State("panic").Do("d").To("work", calm).Delay(50 * time.Millisecond)
	})
	inner := machine(func(b *fsm.Builder[bttest.World]) {
		b.History()
		b.State("b").Do("b").On(fsm.Succeeded, "a")
		b.State("a").Do("a").On(fsm.Succeeded, "b").On(fsm.Failed, "b")
	})
	n := bt.New[bttest.World]()
	nested := func(actions *catalogue.Catalogue[bttest.World]) (*fsm.Machine[bttest.World], error) {
		in, err := inner(actions)
		if err != nil {
			return nil, err
		}
		b := fsm.New(actions)
		b.State("work").Run(n.Plan("", in)).To("rest", alarm).On(fsm.Failed, "rest")
		b.State("rest").Do("d").To("work", calm)
		return b.Build()
	}
	plan := func(m func(*catalogue.Catalogue[bttest.World]) (*fsm.Machine[bttest.World], error)) func(*catalogue.Catalogue[bttest.World]) (bt.Def[bttest.World], error) {
		return func(actions *catalogue.Catalogue[bttest.World]) (bt.Def[bttest.World], error) {
			machine, err := m(actions)
			if err != nil {
				return bt.Def[bttest.World]{}, err
			}
			return n.Plan("", machine), nil
		}
	}
	busy := heuristic.Func[bttest.World](func(b, a *bttest.World) heuristic.Outcome {
		if a.A+a.B+a.E > b.A+b.B+b.E {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	cfg := bttest.DeciderConfig{Tree: bt.Config[bttest.World]{Heuristic: busy}, Worlds: []bttest.World{{}, {Alarm: true}}}
	for name, decider := range map[string]func(*catalogue.Catalogue[bttest.World]) (bt.Def[bttest.World], error){
		"a cycle with a reaction":       plan(cycle),
		"a cooldown among the guards":   plan(cooling),
		"nested, with history":          plan(nested),
		"states in states":              plan(nestedIn),
		"states in states, inner first": plan(nestedInner),
		"chosen, with delays":           plan(chosen),
		"under a selector, beside an action": func(actions *catalogue.Catalogue[bttest.World]) (bt.Def[bttest.World], error) {
			machine, err := cycle(actions)
			if err != nil {
				return bt.Def[bttest.World]{}, err
			}
			return n.Selector("", bt.Replan(0), n.Plan("cycle", machine), actions.Do("b")), nil
		},
	} {
		t.Run(name, func(t *testing.T) {
			if err := bttest.TestDecider(decider, cfg); err != nil {
				t.Errorf("%v", err)
			}
		})
	}
}
