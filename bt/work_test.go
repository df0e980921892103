package bt_test

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"pgregory.net/rapid"
)

// An agent's work (what a crowd's budget counts) is the same traced and
// untraced, tick by tick, in every tree: tracing changes nothing the
// agent does. Untraced, a plain tree begins its nodes in place, and
// those were not counted (a sequence of ten instant leaves did 1 work
// untraced and 12 traced), so a budget admitted differently when a tracer
// watched.
func TestPropertyWorkTracedOrNot(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := treetest.DrawShape(t, 3)
		seed := rapid.Uint64().Draw(t, "seed")
		steps := treetest.DrawSteps(t)
		agent := func(traced bool) *bt.Agent[mem] {
			tree, err := bt.Build(treetest.Config(), s.Def(&recorder{}, "root", "root"))
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			a, _ := tree.NewAgent(seed)
			if traced {
				a.SetTracer(bt.TracerFunc(func(*bt.Event) {}))
			}
			return a
		}
		plain, traced := agent(false), agent(true)
		m1, m2 := mem{HP: 10, Shield: 1}, mem{HP: 10, Shield: 1}
		for i, st := range steps {
			if st.Halt || st.DT < 0 {
				continue
			}
			m1.Foe, m1.HP, m2.Foe, m2.HP = st.Foe, st.HP, st.Foe, st.HP
			s1, err1 := plain.Tick(&m1, st.DT)
			s2, err2 := traced.Tick(&m2, st.DT)
			if s1 != s2 || (err1 == nil) != (err2 == nil) {
				t.Fatalf("step %d: untraced %v %v, traced %v %v", i, s1, err1, s2, err2)
			}
			if plain.Work() != traced.Work() {
				t.Fatalf("step %d: work %d untraced, %d traced", i, plain.Work(), traced.Work())
			}
		}
	})
}
