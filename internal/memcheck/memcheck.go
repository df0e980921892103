// Package memcheck tells whether plain assignment can copy a memory type
// safely: whether it holds a reference (a pointer, slice, map, channel,
// function or interface) that a copy would share. Planners copy memories
// to predict; a shared reference lets a prediction write the original.
package memcheck

import "reflect"

// Reference returns the first place in t, depth first, that holds a
// reference, as a field path such as "Enemies[0].Orders" ("" for t
// itself), and its kind; ok is false when t holds none.
func Reference(t reflect.Type) (where string, kind reflect.Kind, ok bool) {
	return findReference(t, "", 0)
}

// findReference returns the first place in t, depth first, that holds a
// reference, as a field path such as "Enemies[0].Orders".
func findReference(t reflect.Type, at string, depth int) (string, reflect.Kind, bool) {
	if depth > 64 { // a value type cannot nest this deep without being absurd; stop looking
		return "", 0, false
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return at, t.Kind(), true
	case reflect.Array:
		if t.Len() == 0 {
			return "", 0, false
		}
		return findReference(t.Elem(), at+"[0]", depth+1)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			name := f.Name
			if at != "" {
				name = at + "." + f.Name
			}
			if where, kind, ok := findReference(f.Type, name, depth+1); ok {
				return where, kind, true
			}
		}
	}
	return "", 0, false
}
