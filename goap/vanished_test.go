package goap_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
)

// Targets is a memory of targets offered, the one bound, and the hits.
type Targets struct {
	Avail, Target, Hits, Walked int
	Log                         []string
}

type planReasons struct{ reasons []string }

func (p *planReasons) Trace(e *bt.Event) {
	if e.Kind == bt.EventPlan && e.Plan != nil {
		p.reasons = append(p.reasons, e.Plan.Reason)
	}
}

// A plan's variant that the memory no longer offers (its count fell to
// or below the index) is not bound: the plan no longer holds, and the
// runner plans again, saying why.
func TestVanishedVariantReplans(t *testing.T) {
	var b catalogue.Builder[Targets]
	b.Action("walk", bt.Lasting(func(w *Targets, _ time.Duration) bt.Status {
		if w.Walked++; w.Walked >= 2 {
			return bt.Success
		}
		return bt.Running
	}, func(w *Targets) { w.Walked = 2 }))
	b.Action("hit", bt.Instant(func(w *Targets) bool {
		w.Log = append(w.Log, fmt.Sprintf("hit target %d of %d", w.Target, w.Avail))
		w.Hits++
		return true
	}, func(w *Targets) { w.Hits++ }), constraints.Func("walked", func(w *Targets) bool { return w.Walked >= 2 }))
	cat, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	cp := func(dst, src *Targets) { *dst = *src; dst.Log = append([]string(nil), src.Log...) }
	d, err := goap.New(cat, func(w *Targets) [4]int { return [4]int{w.Target, w.Hits, w.Avail, w.Walked} }).
		Do("walk").
		Do("hit").Variants(func(w *Targets) int { return w.Avail }, func(w *Targets, i int) { w.Target = i + 10 }).
		Cost(func(_, after *Targets) float64 { return float64(20 - after.Target) }). // the last target
		Goal("hit", 1, func(w *Targets) bool { return w.Hits >= 1 }).
		Copy(cp).Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[Targets]()
	tree, err := bt.Build(bt.Config[Targets]{Copy: cp}, n.Plan("g", d))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	tr := &planReasons{}
	agent.SetTracer(tr)
	w := Targets{Avail: 3}
	agent.Tick(&w, time.Second) // plans [walk hit#2], walks
	w.Avail = 1                 // target 2 is gone before the plan reaches it
	for range 3 {
		agent.Tick(&w, time.Second)
	}
	if len(w.Log) != 1 || w.Log[0] != "hit target 10 of 1" {
		t.Errorf("hits %q, want [hit target 10 of 1]: a vanished variant was bound", w.Log)
	}
	if r := strings.Join(tr.reasons, "\n"); !strings.Contains(r, "variant 2") {
		t.Errorf("the plannings' reasons do not name the vanished variant:\n%s", r)
	}
}
