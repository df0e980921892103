package memcheck_test

import (
	"reflect"
	"testing"

	"github.com/foresight-bt/foresight/internal/memcheck"
)

type plain struct {
	HP    int
	Cells [4]struct{ X, Y int }
	Name  [8]byte
}

type nested struct {
	Enemies [2]struct {
		HP     int
		Orders []string
	}
}

func TestReference(t *testing.T) {
	for _, tc := range []struct {
		t     reflect.Type
		where string
		kind  reflect.Kind
		ok    bool
	}{
		{reflect.TypeFor[plain](), "", 0, false},
		{reflect.TypeFor[[0]*int](), "", 0, false},
		{reflect.TypeFor[nested](), "Enemies[0].Orders", reflect.Slice, true},
		{reflect.TypeFor[*plain](), "", reflect.Pointer, true},
		{reflect.TypeFor[struct{ F func() }](), "F", reflect.Func, true},
		{reflect.TypeFor[struct {
			A int
			M map[int]int
		}](), "M", reflect.Map, true},
		{reflect.TypeFor[struct{ S string }](), "", 0, false}, // strings are immutable: sharing one is safe
	} {
		where, kind, ok := memcheck.Reference(tc.t)
		if where != tc.where || kind != tc.kind || ok != tc.ok {
			t.Errorf("%v: %q %v %v; want %q %v %v", tc.t, where, kind, ok, tc.where, tc.kind, tc.ok)
		}
	}
}
