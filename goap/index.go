package goap

import (
	"hash/maphash"
	"reflect"
	"strconv"
	"unsafe"
)

// An index finds the node of a state by its key with one hash per lookup
// or insertion, where a Go map would hash twice (a lookup, then an
// assignment). Slots are stamped with the search they belong to, so a new
// search starts on an empty index without clearing it. The hash seed only
// places keys in slots: nothing the planner decides depends on it.
type index[K comparable] struct {
	seed  maphash.Seed
	bits  bool   // K is at most 8 bytes of plain bits: hash them directly
	slots []slot // a power of two of them
	gen   uint32 // the stamp of the current search; 0 is never used
	n     int    // keys of the current search
}

// A slot holds a node of the current search (gen), with its key's word:
// for a key of plain bits, the key itself, so that a lookup compares
// words and reads no node; for another key, its hash.
type slot struct {
	gen  uint32
	node int32
	word uint64
}

func newIndex[K comparable]() index[K] {
	return index[K]{seed: maphash.MakeSeed(), slots: make([]slot, 64), gen: 1, bits: oneWord(reflect.TypeFor[K]())}
}

// oneWord reports whether keys of type t are compared as one word: at
// most 8 bytes of plain bits.
func oneWord(t reflect.Type) bool { return t.Size() <= 8 && plainBits(t) }

// slowKey says, for a domain's description, that keys of type K are not
// compared as one word, and what it costs; "" for keys that are. Nothing
// else would tell a user that a key grown past 8 bytes, or given a
// float, slowed every planning.
func slowKey[K comparable]() string {
	t := reflect.TypeFor[K]()
	if oneWord(t) {
		return ""
	}
	return "; slow key: " + t.String() + ", " + strconv.Itoa(int(t.Size())) +
		" bytes, hashed in full at every state (a key of up to 8 bytes of integers and booleans is one word)"
}

// plainBits reports whether a value of type t is its bytes: integers and
// booleans, and arrays and structs of them with no padding between. Two
// such values are equal exactly when their bytes are. (Floats are not:
// 0 equals -0, and NaN not itself.)
func plainBits(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return plainBits(t.Elem())
	case reflect.Struct:
		var size uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			if !plainBits(f.Type) {
				return false
			}
			size += f.Type.Size()
		}
		return size == t.Size()
	}
	return false
}

// reset empties the index.
func (x *index[K]) reset() {
	x.gen++
	x.n = 0
	if x.gen == 0 { // wrapped: old stamps could match again
		clear(x.slots)
		x.gen = 1
	}
}

// find returns the node with key k among nodes, or, when there is none,
// -1 and the slot where it belongs, and the key's word, for insert.
func find[M any, K comparable](x *index[K], nodes []node[M, K], k K) (node int32, at int, word uint64) {
	mask := len(x.slots) - 1
	if x.bits {
		word = bitsOf(k)
		for i := int(mix32(word)) & mask; ; i = (i + 1) & mask {
			s := &x.slots[i]
			switch {
			case s.gen != x.gen:
				return -1, i, word
			case s.word == word:
				return s.node, i, word
			}
		}
	}
	word = maphash.Comparable(x.seed, k)
	for i := int(mix32(word)) & mask; ; i = (i + 1) & mask {
		s := &x.slots[i]
		switch {
		case s.gen != x.gen:
			return -1, i, word
		case s.word == word && nodes[s.node].key == k:
			return s.node, i, word
		}
	}
}

// bitsOf returns the bits of k, a key of at most 8 bytes of plain bits,
// as a word: two such keys are equal exactly when their words are.
func bitsOf[K comparable](k K) uint64 {
	var w uint64
	*(*K)(unsafe.Pointer(&w)) = k
	return w
}

// mix32 scatters a word's bits over 32 (Fibonacci hashing): where a key
// goes among the slots.
func mix32(w uint64) uint32 { return uint32((w * 0x9E3779B97F4A7C15) >> 32) }

// insert puts node in slot at, which find returned for its key, with
// the word find returned.
func (x *index[K]) insert(at int, word uint64, node int32) {
	x.slots[at] = slot{gen: x.gen, node: node, word: word}
	x.n++
	if 2*x.n > len(x.slots) {
		x.grow()
	}
}

// grow doubles the slots and places the current search's keys again.
func (x *index[K]) grow() {
	old := x.slots
	x.slots = make([]slot, 2*len(old))
	mask := len(x.slots) - 1
	for _, s := range old {
		if s.gen != x.gen {
			continue
		}
		i := int(mix32(s.word)) & mask
		for x.slots[i].gen == x.gen {
			i = (i + 1) & mask
		}
		x.slots[i] = s
	}
}
