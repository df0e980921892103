// Package heldtest counts the values a registry's factories made for a
// tree file that are still held once the trees are gone: the check that
// a registry (btjson) and the editor that keeps one for its life keep
// nothing they checked.
//
// A Counter's Factory makes "heavy" constraints of 4 KiB, each counted
// as made and, once collected, as freed; File writes a tree file of
// actions guarded by them; Held collects until none is held.
//
// It is a test kit (internal/testkit): only test files, bt/bttest and
// other test kits import it.
package heldtest

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
)

// A Counter counts the constraints its factories made, and those of them
// collected since. Its zero value is ready to use.
type Counter struct{ made, freed atomic.Int64 }

// heavy is a constraint that holds some memory, as a game's may.
type heavy[M any] struct{ _ [4 << 10]byte }

func (*heavy[M]) Evaluate(bt.Situation, *M) (bt.Check, string) { return bt.Pass, "" }

// Factory returns the factory of the constraint "heavy" that File's
// actions name (its one argument, n, is unused): each it makes is
// counted.
func Factory[M any](c *Counter) btjson.Factory[bt.Constraint[M]] {
	return btjson.Factory[bt.Constraint[M]]{Params: []btjson.Param{{Name: "n", Type: btjson.Integer}},
		Make: func(btjson.Args) (bt.Constraint[M], error) {
			h := &heavy[M]{}
			c.made.Add(1)
			runtime.AddCleanup(h, func(freed *atomic.Int64) { freed.Add(1) }, &c.freed)
			return h, nil
		}}
}

// Made returns how many constraints c's factories made.
func (c *Counter) Made() int64 { return c.made.Load() }

// Held returns how many of the constraints made are still held once
// nothing the test keeps refers to them: it collects until all are gone,
// or for at most ten seconds (a deadline to give up, not a measure).
func (c *Counter) Held() int64 {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		runtime.GC()
		if n := c.made.Load() - c.freed.Load(); n == 0 || time.Now().After(deadline) {
			return n
		}
	}
}

// Check fails t if c's factories made nothing (the check would hold of
// nothing), or if any of what they made is still held when, as says.
func (c *Counter) Check(t testing.TB, when string) {
	t.Helper()
	switch n := c.Held(); {
	case c.Made() == 0:
		t.Errorf("no value was made: nothing to find held %s", when)
	case n != 0:
		t.Errorf("%d of the %d values made are held %s", n, c.Made(), when)
	}
}

// File returns a tree file of a sequence of n actions "chase", one a
// line, each guarded by a constraint "heavy".
func File(n int) string {
	var b strings.Builder
	b.WriteString(`{"kind": "sequence", "name": "s", "children": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"kind": "action", "name": "a%d", "action": "chase", "constraints": [{"name": "heavy", "args": {"n": %d}}]}`, i, i)
	}
	b.WriteString("]}\n")
	return b.String()
}
