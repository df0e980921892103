package bt_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
)

// wide describes a sequence of n instant leaves, then more named as given.
func wide(n int, more ...string) bt.Def[mem] {
	b := bt.New[mem]()
	kids := make([]bt.Part, 0, n+len(more))
	for i := range n {
		kids = append(kids, b.Do(name("a", i), act(nil, "a", nil)))
	}
	for _, m := range more {
		kids = append(kids, b.Do(m, act(nil, "a", nil)))
	}
	return b.Sequence("wide", kids...)
}

// deep describes a chain of n sequences, one inside another, over one leaf.
func deep(n int) bt.Def[mem] {
	b := bt.New[mem]()
	d := b.Do("leaf", act(nil, "leaf", nil, R))
	for range n {
		d = b.Sequence("s", d)
	}
	return d
}

// A hundred thousand siblings build, with their names checked for
// duplicates, in time linear in their number. (Before, the duplicate check
// compared every pair: some 16 s.)
func TestWideTree(t *testing.T) {
	t.Parallel()
	n := testsize.Pick(10_000, 30_000, 100_000) // (internal/testkit/testsize)
	tree := mustBuild(t, bt.Config[mem]{}, wide(n))
	if s, err := tree.Tick(&mem{}, 0); s != bt.Success || err != nil {
		t.Fatalf("Tick = %v, %v", s, err)
	}
	_, err := bt.Build(bt.Config[mem]{}, wide(n, "a0"))
	if err == nil || !strings.Contains(err.Error(), `wide/a0: duplicate name "a0"`) {
		t.Errorf("a late duplicate: %v", err)
	}
}

// A chain 30,000 deep builds, ticks, halts and draws in memory and time
// linear in its depth. (Before, every node held its full path: 936 MB more
// at this depth; and drawing it took cubic time, 19 s at depth 4,000.)
func TestDeepTree(t *testing.T) {
	depth := testsize.Pick(3_000, 10_000, 30_000) // (internal/testkit/testsize)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tree := mustBuild(t, bt.Config[mem]{}, deep(depth))
	runtime.GC()
	runtime.ReadMemStats(&after)
	if perNode := (after.HeapAlloc - min(before.HeapAlloc, after.HeapAlloc)) / uint64(depth); perNode > 2048 {
		t.Errorf("the tree holds %d bytes per node, want well under 2 KB", perNode)
	}
	if s, err := tree.Tick(&mem{}, 0); s != bt.Running || err != nil {
		t.Fatalf("Tick = %v, %v", s, err)
	}
	if p, err := tree.Preview(&mem{}, 0); err != nil || len(p.Path) != depth+1 {
		t.Fatalf("Preview: %d nodes on the path, %v", len(p.Path), err)
	}
	if err := tree.Halt(&mem{}); err != nil || tree.Running() {
		t.Fatalf("Halt: %v, running %v", err, tree.Running())
	}
	dump := tree.Tree().String()
	if lines := strings.Count(dump, "\n"); lines != depth+1 {
		t.Errorf("String has %d lines, want %d", lines, depth+1)
	}
	if len(dump) > 200*depth {
		t.Errorf("String wrote %d bytes for %d nodes: lines grow with depth", len(dump), depth+1)
	}
	runtime.KeepAlive(tree)
}

func TestStringOfASmallTree(t *testing.T) {
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Selector("guard", bt.Replan(0),
			n.Sequence("fight",
				n.Do("aim", act(nil, "aim", nil)),
				n.Do("fire", act(nil, "fire", nil)).Constrain(foeVisible),
			),
			n.RandomSelector("idle",
				n.Do("look", act(nil, "look", nil)).With(bt.Weight(2)),
				n.Do("yawn", act(nil, "yawn", nil)),
			),
		))
	want := `guard  selector replan=tick
├─ fight  sequence
│  ├─ aim  action
│  └─ fire  action  [treetest.Check]
└─ idle  random selector
   ├─ look  action  weight 2
   └─ yawn  action
`
	if got := tree.Tree().String(); got != want {
		t.Errorf("String:\n%s\nwant:\n%s", got, want)
	}
}

func BenchmarkBuildWide(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(name("n", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := bt.Build(bt.Config[mem]{}, wide(n)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
		})
	}
}

func BenchmarkStringDeep(b *testing.B) {
	for _, n := range []int{1_000, 4_000, 16_000} {
		tree, err := bt.Build(bt.Config[mem]{}, deep(n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name("depth", n), func(b *testing.B) {
			for b.Loop() {
				_ = tree.String()
			}
		})
	}
}
