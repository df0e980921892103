package goap_test

import (
	"errors"
	"runtime"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// Walk is a memory of a walk of strides of many lengths.
type Walk struct{ N, Stride int }

// A planning's memory is bounded whatever the domain: an action of many
// variants toward a goal out of reach generates many states for each
// node expanded, and the planning stops out of budget once it has kept
// Tries × actions of them (as many as a domain without variants may) and
// room for one expansion of the most variants an action has from one
// state (32,767).
func TestGeneratedStatesBounded(t *testing.T) {
	const variants, maxVariants = 600, 1<<15 - 1
	var b catalogue.Builder[Walk]
	b.Action("stride", bt.Instant(func(w *Walk) bool { w.N++; return true }, func(w *Walk) { w.N += w.Stride }))
	cat, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.New(cat, func(w *Walk) Walk { return *w }).
		Do("stride").Variants(func(*Walk) int { return variants }, func(w *Walk, i int) { w.Stride = i }).
		Goal("never", 1, func(w *Walk) bool { return w.N < 0 }).Build()
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := d.NewSession().Plan(&Walk{})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, decide.ErrOutOfBudget) {
		t.Errorf("Plan: %v, want ErrOutOfBudget", err)
	}
	if most := (decide.DefaultTries+maxVariants)/variants + 1; p.Expanded > most {
		t.Errorf("expanded %d nodes of %d variants each, want at most %d: the states generated are not bounded", p.Expanded, variants, most)
	}
	if mib := (after.TotalAlloc - before.TotalAlloc) >> 20; mib > 64 {
		t.Errorf("one planning allocated %d MiB, want at most 64", mib)
	}
}
