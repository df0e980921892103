package treetest

import (
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// stretchTo is how long every input is made: a random tree and its run
// take a few thousand of rapid's draws.
const stretchTo = 64 << 10

// Fuzzed adapts a rapid property to Go's native fuzzing, for the fuzz
// targets of package fuzz and the samples':
//
//	f.Fuzz(treetest.Fuzzed(func(t *rapid.T) { ... }))
//
// rapid reads its choices from the input and skips an input too short for
// them (it would skip nearly every input the fuzzer tries, and learn
// nothing), so each input is first stretched: its own bytes, then a
// stream of numbers seeded by them. The fuzzer steers through the bytes
// it mutates; the stream fills in the rest, the same way for the same
// input.
func Fuzzed(prop func(*rapid.T)) func(*testing.T, []byte) {
	target := rapid.MakeFuzz(prop)
	return func(t *testing.T, input []byte) { target(t, stretch(input)) }
}

func stretch(input []byte) []byte {
	h := fnv.New64a()
	h.Write(input)
	src := rand.NewPCG(h.Sum64(), uint64(len(input)))
	out := make([]byte, 0, max(stretchTo, len(input)+8))
	out = append(out, input...)
	for len(out) < stretchTo {
		out = binary.LittleEndian.AppendUint64(out, src.Uint64())
	}
	return out[:max(stretchTo, len(input))]
}
