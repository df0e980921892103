// Package nilness tells whether a value is nil in a way that makes it
// unusable, looking through interfaces: a nil interface, or an interface
// holding a nil function, pointer, map, slice or channel. Builders use it
// to refuse typed nils (a nil heuristic.Func passed as a Heuristic) that a
// plain comparison with nil lets through.
//
// It is an engine helper (internal/engine): beneath the whole library, it
// imports nothing of the project, and any package may import it.
package nilness

import "reflect"

// Of reports whether v is nil or holds a nil function, pointer, map,
// slice, channel or interface.
func Of(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Func, reflect.Pointer, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface, reflect.UnsafePointer:
		return rv.IsNil()
	}
	return false
}
