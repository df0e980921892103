// Package randkey draws random numbers from keys instead of from a source
// kept between draws: a number is a function of its key (an agent's
// seed, the tick, the node, a count), so the same definition, seed and
// inputs draw the same numbers on every machine, in any order of
// evaluation. The behaviour tree keys its rolls and draws with it, and
// the planners their random choices (an HTN task's methods by utility,
// GOAP goals by utility: Order).
//
// It is an engine helper (internal/engine): beneath the whole library, it
// imports nothing of the project, and any package may import it.
package randkey

import "math"

// Order puts ord in a random order drawn from key: each place is drawn
// among the items left, with a chance in proportion to their weight
// (a weight below zero counts as zero). Items that weigh nothing keep
// their order, after the rest. Weights whose sum overflows are drawn in
// proportion all the same; infinite weights come first, drawn evenly
// among themselves.
func Order[T any](ord []T, weight func(T) float64, key uint64) {
	w := func(t T) float64 { return max(weight(t), 0) }
	for i := range ord {
		total := 0.0
		for _, t := range ord[i:] {
			total += w(t)
		}
		if total <= 0 {
			return // the rest weigh nothing: in their order
		}
		most := 0.0 // the weights are divided by most, where it is not 0
		if math.IsInf(total, 1) {
			// Rare: drawn with weights scaled to the largest, so that
			// ordinary weights draw exactly the numbers they always did.
			for _, t := range ord[i:] {
				most = max(most, w(t))
			}
			total = 0
			for _, t := range ord[i:] {
				total += share(w(t), most)
			}
		}
		key = Next(key)
		x := Unit(key) * total
		j := i
		for ; j < len(ord); j++ {
			if u := share(w(ord[j]), most); x < u {
				break
			} else {
				x -= u
			}
		}
		if j == len(ord) { // rounding: the last that weighs something
			for j--; share(w(ord[j]), most) == 0; j-- {
			}
		}
		drawn := ord[j]
		copy(ord[i+1:j+1], ord[i:j])
		ord[i] = drawn
	}
}

// share returns weight u scaled to the largest weight, most: u itself
// where most is 0 (no scaling), u/most where most is finite, and where
// most is infinite 1 for an infinite weight and 0 for a finite one.
func share(u, most float64) float64 {
	switch {
	case most == 0:
		return u
	case math.IsInf(most, 1):
		if math.IsInf(u, 1) {
			return 1
		}
		return 0
	}
	return u / most
}

// golden is SplitMix64's increment, 2^64 over the golden ratio.
const golden = 0x9e3779b97f4a7c15

// Mix is SplitMix64's finaliser: it turns a key into one whose bits all
// depend on all of the key's.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Next returns the key after key, as Order steps through its draws.
func Next(key uint64) uint64 { return Mix(key + golden) }

// Unit maps a key's 64 bits to a number in [0, 1), from its top 53.
func Unit(key uint64) float64 { return float64(key>>11) * 0x1p-53 }

// Hash hashes a name (FNV-1a), to key what a name stands for.
func Hash(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}
