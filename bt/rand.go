package bt

import "github.com/foresight-bt/foresight/internal/engine/randkey"

// The tree's random numbers are keyed, not streamed. Every number a node
// sees is a pure function of the agent's seed, the decision under way (the
// tick, or the tick a Preview plans), the node's path, and how many
// numbers that node has drawn before in the same call of the tree. What
// one node draws therefore never shifts what another sees: a selector
// simulated while planning draws exactly what it draws when the same tick
// acts, whatever else was simulated in between; a Preview sees the numbers
// of the tick it previews; and adding or removing a branch leaves the
// draws of every other node as they were.

// The streams of numbers a node draws from.
const (
	streamRoll  = 1 // Situation.Roll: one number per node and decision
	streamDraw  = 2 // a random selector's weighted draws
	streamUser  = 3 // Sim.Rand
	streamTree  = 4 // numbers drawn outside any node
	seedMixing  = 0x9e3779b97f4a7c15
	nodeMixing  = 0xd1b54a32d192ed03
	countMixing = 0xa24baed4963ee407
)

// mix is SplitMix64's finaliser: a bijection that scatters every input
// bit over the whole word.
func mix(x uint64) uint64 { return randkey.Mix(x) }

// decisionKey is the key of every number an agent seeded with seed draws
// while deciding its tick n.
func decisionKey(seed, n uint64) uint64 { return mix(mix(seed+seedMixing) ^ n) }

// keyed returns number count of the given stream of the node whose path
// hashes to node, under the decision key.
func keyed(key, node, stream, count uint64) uint64 {
	return mix(mix(key^node*nodeMixing^stream) + count*countMixing)
}

// pathKey hashes a node's path from its parent's hash and its name, so
// that a tree of any depth keys its nodes in time linear in its size.
func pathKey(parent uint64, name string) uint64 {
	return mix(parent*seedMixing ^ randkey.Hash(name))
}

// unit maps 64 random bits to [0, 1).
func unit(x uint64) float64 { return randkey.Unit(x) }

// source is the math/rand/v2 Source of a scratch: each number is keyed by
// the node that draws it (the node whose code is running) and a count of
// that node's draws in the current call.
type source[M any] struct{ s *scratch[M] }

func (src source[M]) Uint64() uint64 {
	s := src.s
	i := s.at.node()
	if i < 0 || int(i) >= len(s.nodes) {
		d := &s.draws
		if d.session != s.session {
			d.session, d.n = s.session, 0
		}
		n := d.n
		d.n++
		return keyed(s.decision(), 0, streamTree, n)
	}
	d := &s.drawn[i]
	if d.session != s.session {
		d.session, d.n = s.session, 0
	}
	n := d.n
	d.n++
	return keyed(s.decision(), s.nodes[i].key, streamUser, n)
}
