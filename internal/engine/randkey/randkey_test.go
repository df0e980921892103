package randkey_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/internal/engine/randkey"
)

// Three goals of utility 1, 3 and 0: the one of utility 0 is always
// last, and the other two come first in proportion to their utilities.
func ExampleOrder() {
	prio := map[string]float64{"wander": 1, "hunt": 3, "sleep": 0}
	first := map[string]int{}
	for key := range uint64(1000) {
		ord := []string{"wander", "hunt", "sleep"}
		randkey.Order(ord, func(g string) float64 { return prio[g] }, randkey.Mix(key))
		first[ord[0]]++
		if ord[2] != "sleep" {
			fmt.Println("sleep drawn before", ord[2])
		}
	}
	fmt.Printf("hunt first %.2f of the time (3 in 4 expected)\n", float64(first["hunt"])/1000)
	// Output:
	// hunt first 0.75 of the time (3 in 4 expected)
}

// Any weights and key: the order is a permutation of the items; the same
// key draws the same order; items that weigh nothing (or less) keep
// their order, after every item that weighs something.
func TestOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		weights := rapid.SliceOfN(rapid.SampledFrom([]float64{-1, 0, 0.5, 1, 2, 1e-9, 1e9}), 0, 12).Draw(t, "weights")
		key := rapid.Uint64().Draw(t, "key")
		items := make([]int, len(weights))
		for i := range items {
			items[i] = i
		}
		w := func(i int) float64 { return weights[i] }
		ord := slices.Clone(items)
		randkey.Order(ord, w, key)
		again := slices.Clone(items)
		randkey.Order(again, w, key)
		if !slices.Equal(ord, again) {
			t.Fatalf("the same key drew %v, then %v", ord, again)
		}
		if sorted := slices.Sorted(slices.Values(ord)); !slices.Equal(sorted, items) {
			t.Fatalf("%v is not a permutation of %v", ord, items)
		}
		var nothing []int
		for k, i := range ord {
			if weights[i] > 0 && len(nothing) > 0 {
				t.Fatalf("%v: item %d (weight %v) at %d after items that weigh nothing %v", ord, i, weights[i], k, nothing)
			}
			if weights[i] <= 0 {
				nothing = append(nothing, i)
			}
		}
		if !slices.IsSorted(nothing) {
			t.Fatalf("the items that weigh nothing moved: %v", nothing)
		}
	})
}

// The first place goes to each item in proportion to its weight, over
// many keys (a fixed set: the test is deterministic).
func TestOrderIsProportional(t *testing.T) {
	weights := []float64{1, 2, 5, 0, 2}
	const n = 20000
	first := make([]int, len(weights))
	for key := range uint64(n) {
		ord := []int{0, 1, 2, 3, 4}
		randkey.Order(ord, func(i int) float64 { return weights[i] }, randkey.Mix(key))
		first[ord[0]]++
	}
	for i, w := range weights {
		want := w / 10
		if got := float64(first[i]) / n; got < want-0.015 || got > want+0.015 {
			t.Errorf("item %d (weight %v) first %.3f of the time, want %.2f", i, w, got, want)
		}
	}
}

// Weights whose sum overflows a float64 still draw in proportion to
// their weights; infinite weights draw evenly among themselves, before
// every finite one.
func TestOrderHugeWeights(t *testing.T) {
	for _, tc := range []struct {
		weights []float64
		want    []float64 // the chance each is drawn first
	}{
		{[]float64{9e307, 9e307}, []float64{0.5, 0.5}},
		{[]float64{math.MaxFloat64, 0, math.MaxFloat64 / 2, math.MaxFloat64 / 2}, []float64{0.5, 0, 0.25, 0.25}},
		{[]float64{1, math.Inf(1), 5, math.Inf(1)}, []float64{0, 0.5, 0, 0.5}},
	} {
		const n = 20000
		first := make([]int, len(tc.weights))
		for key := range uint64(n) {
			ord := make([]int, len(tc.weights))
			for i := range ord {
				ord[i] = i
			}
			randkey.Order(ord, func(i int) float64 { return tc.weights[i] }, randkey.Mix(key))
			first[ord[0]]++
		}
		for i, want := range tc.want {
			if got := float64(first[i]) / n; got < want-0.015 || got > want+0.015 {
				t.Errorf("weights %v: item %d first %.3f of the time, want %.2f", tc.weights, i, got, want)
			}
		}
	}
}
