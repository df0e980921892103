package bt_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// After warm-up, ticking and deciding allocate nothing: no per-frame
// garbage, whatever the tree.
func TestTickAllocatesNothing(t *testing.T) {
	seq, _ := sequenceTree(10)
	pri, _ := priorityTree()
	deep, _ := deepTree()
	trees := map[string]bt.Def[big]{
		"sequence":     seq,
		"priority":     pri,
		"deep":         deep,
		"selector 100": selectorTree(100),
		"every kind":   mixedTree(3),
	}
	for name, root := range trees {
		t.Run(name, func(t *testing.T) {
			tree := mustBuild(t, bigConfig, root)
			m := big{HP: 100, Foe: 1 << 40}
			for i := 0; i < 10; i++ { // warm the scratch stack
				tree.Tick(&m, time.Millisecond)
			}
			allocs := testing.AllocsPerRun(200, func() {
				if _, err := tree.Tick(&m, time.Millisecond); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("Tick allocated %v times per run", allocs)
			}
		})
	}
}

// A tracer that keeps nothing adds no allocations either: events are
// reused and carry static paths.
func TestTracingAllocatesNothing(t *testing.T) {
	var n int
	b := bt.New[big]()
	traced := b.Selector("root", bt.Replan(0),
		b.Do("a", &quick{ok: true, strength: 1}),
		b.Do("b", &quick{ok: true, strength: 6}),
	)
	tt := mustAgent(t, bigConfig, traced, 0, bt.TracerFunc(func(*bt.Event) { n++ }))
	m := big{Foe: 1 << 40}
	tt.Tick(&m, time.Millisecond)
	allocs := testing.AllocsPerRun(200, func() { tt.Tick(&m, time.Millisecond) })
	if allocs != 0 || n == 0 {
		t.Errorf("traced Tick allocated %v times per run (%d events)", allocs, n)
	}
}
