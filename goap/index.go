package goap

import (
	"hash/maphash"
	"reflect"
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

type slot struct {
	gen  uint32
	hash uint32
	node int32
}

func newIndex[K comparable]() index[K] {
	t := reflect.TypeFor[K]()
	return index[K]{seed: maphash.MakeSeed(), slots: make([]slot, 64), gen: 1, bits: t.Size() <= 8 && plainBits(t)}
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
// -1 and the slot where it belongs, for insert.
func find[M any, K comparable](x *index[K], nodes []node[M, K], k K) (node int32, at int, hash uint32) {
	hash = x.hash(k)
	mask := len(x.slots) - 1
	for i := int(hash) & mask; ; i = (i + 1) & mask {
		s := &x.slots[i]
		if s.gen != x.gen {
			return -1, i, hash
		}
		if s.hash == hash && nodes[s.node].key == k {
			return s.node, i, hash
		}
	}
}

// hash hashes k: a key of plain bits by Fibonacci hashing of them, any
// other with the runtime's hash for its type.
func (x *index[K]) hash(k K) uint32 {
	if !x.bits {
		return uint32(maphash.Comparable(x.seed, k))
	}
	var v uint64
	switch n := unsafe.Sizeof(k); n {
	case 1:
		v = uint64(*(*uint8)(unsafe.Pointer(&k)))
	case 2:
		v = uint64(*(*uint16)(unsafe.Pointer(&k)))
	case 4:
		v = uint64(*(*uint32)(unsafe.Pointer(&k)))
	case 8:
		v = *(*uint64)(unsafe.Pointer(&k))
	default: // 3, 5, 6 or 7 bytes
		b := unsafe.Slice((*byte)(unsafe.Pointer(&k)), n)
		for i, c := range b {
			v |= uint64(c) << (8 * i)
		}
	}
	return uint32((v * 0x9E3779B97F4A7C15) >> 32)
}

// insert puts node in slot at, which find returned for its key.
func (x *index[K]) insert(at int, hash uint32, node int32) {
	x.slots[at] = slot{gen: x.gen, hash: hash, node: node}
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
		i := int(s.hash) & mask
		for x.slots[i].gen == x.gen {
			i = (i + 1) & mask
		}
		x.slots[i] = s
	}
}
