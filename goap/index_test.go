package goap

import (
	"reflect"
	"testing"
)

// Keys are hashed by their bits only when equal keys have equal bits.
func TestPlainBits(t *testing.T) {
	type three struct{ A, B, C int8 }
	type padded struct {
		A int8
		B int32
	}
	for _, tc := range []struct {
		t    reflect.Type
		want bool
	}{
		{reflect.TypeFor[int](), true},
		{reflect.TypeFor[bool](), true},
		{reflect.TypeFor[[4]uint8](), true},
		{reflect.TypeFor[three](), true},
		{reflect.TypeFor[[2]three](), true},
		{reflect.TypeFor[padded](), false},
		{reflect.TypeFor[float64](), false},
		{reflect.TypeFor[[2]float32](), false},
		{reflect.TypeFor[string](), false},
		{reflect.TypeFor[*int](), false},
	} {
		if got := plainBits(tc.t); got != tc.want {
			t.Errorf("plainBits(%v) = %v, want %v", tc.t, got, tc.want)
		}
	}
}

// An index finds what it was given, across growth and searches, with keys
// hashed either way.
func TestIndex(t *testing.T) {
	type three struct{ A, B, C int8 }
	x := newIndex[three]()
	if !x.bits {
		t.Fatal("a 3-byte key of plain bits is hashed by the runtime")
	}
	nodes := make([]node[struct{}, three], 0, 1000)
	for search := range 3 {
		x.reset()
		nodes = nodes[:0]
		for i := range 500 {
			k := three{int8(i), int8(i / 7), int8(search)}
			if n, _, _ := find(&x, nodes, k); n >= 0 {
				t.Fatalf("search %d: %v found before it was added", search, k)
			}
			_, at, hash := find(&x, nodes, k)
			nodes = append(nodes, node[struct{}, three]{key: k})
			x.insert(at, hash, int32(len(nodes)-1))
		}
		for i, nd := range nodes {
			if n, _, _ := find(&x, nodes, nd.key); n != int32(i) {
				t.Fatalf("search %d: %v found at %d, want %d", search, nd.key, n, i)
			}
		}
	}
}
