package htn_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/htn"
)

// chain is a domain of n compound tasks, each unfolding into the next
// (t0 → m0 → t1 → m1 → ...), the last doing the action a.
func chain(t *testing.T, n int) *htn.Domain[world] {
	t.Helper()
	b := htn.New(letters(t, "a"))
	for i := range n {
		b.Compound(fmt.Sprint("t", i)).Method(fmt.Sprint("m", i))
		if i < n-1 {
			b.Do(fmt.Sprint("t", i+1))
		} else {
			b.Do("a")
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// repeats is a domain of one method of n steps, all the action a.
func repeats(t *testing.T, n int) *htn.Domain[world] {
	t.Helper()
	steps := make([]string, n)
	for i := range steps {
		steps[i] = "a"
	}
	d, err := htn.New(letters(t, "a")).Compound("r").Method("m").Do(steps...).Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// allocated returns how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Describing a domain costs in proportion to what it describes: four
// times the tasks, about four times the bytes (at most 8 times, for the
// steps in which slices grow; a cost quadratic in them is 16 times), for a chain of tasks as deep as it is long and for
// one method of many steps of one name. Measured in bytes, not time.
// (Each node's path was sought among all those before, and each path of
// a chain held all its ancestors' anew: 4,000 tasks took 1.5 s; a
// method of 1,000 steps of one name tried every suffix before its own.)
func TestNodesCostInProportion(t *testing.T) {
	for _, tt := range []struct {
		name  string
		make  func(*testing.T, int) *htn.Domain[world]
		n     int
		nodes func(n int) int
	}{
		{"a chain", chain, 250, func(n int) int { return 2*n + 1 }},
		{"one method of one name", repeats, 250, func(n int) int { return n + 2 }},
	} {
		small, large := tt.make(t, tt.n), tt.make(t, 4*tt.n)
		var got [2]int
		a := allocated(func() { got[0] = len(small.Nodes()) })
		b := allocated(func() { got[1] = len(large.Nodes()) })
		if got[0] != tt.nodes(tt.n) || got[1] != tt.nodes(4*tt.n) {
			t.Fatalf("%s: %v nodes, want %d and %d", tt.name, got, tt.nodes(tt.n), tt.nodes(4*tt.n))
		}
		t.Logf("%s: %d nodes, %d bytes; %d nodes, %d bytes", tt.name, got[0], a, got[1], b)
		if b > 8*a {
			t.Errorf("%s: %d nodes took %d bytes, %d nodes %d: %.1f times", tt.name, got[0], a, got[1], b, float64(b)/float64(a))
		}
	}
}

// Siblings of one name are told apart by a suffix, "~2" and on, which
// skips a name a sibling has; each path is its parent's and its name.
func TestNodesPathsOfSiblingsOfOneName(t *testing.T) {
	d, err := htn.New(letters(t, "a", "a~3")).Compound("r").Method("m").Do("a", "a", "a~3", "a", "a").Build()
	if err != nil {
		t.Fatal(err)
	}
	var paths, parents []string
	for _, n := range d.Nodes() {
		paths, parents = append(paths, n.Path), append(parents, n.Parent)
	}
	want := []string{"r", "r/m", "r/m/a", "r/m/a~2", "r/m/a~3", "r/m/a~4", "r/m/a~5"}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"", "r", "r/m", "r/m", "r/m", "r/m", "r/m"}, parents); diff != "" {
		t.Errorf("parents (-want +got):\n%s", diff)
	}
}
