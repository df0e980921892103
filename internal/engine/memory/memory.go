// Package memory checks that an agent's memory type can be copied by
// plain assignment, for the packages that copy memories: bt for its
// predictions, htn and goap for their sessions, which plan outside a
// tree; and it tells bt's test kit how a tree copies them (TreeCopy).
//
// It is an engine helper (internal/engine): beneath the whole library, it
// imports nothing of the project, and any package may import it.
package memory

import (
	"fmt"
	"reflect"
	"sync"
)

// Check reports a memory type that plain assignment cannot copy safely:
// one holding pointers, slices, maps, channels, functions or interfaces,
// which a copy would share between the live memory and every prediction,
// so that simulating would write the live memory. The error names the
// first such field.
func Check[M any]() error {
	t := reflect.TypeFor[M]()
	where, kind, ok := findReference(t, "", 0)
	if !ok {
		return nil
	}
	field := "it"
	if where != "" {
		field = "field " + where
	}
	return fmt.Errorf("memory type %v: %s is a %v, which plain assignment would share between the live memory and "+
		"every prediction", t, field, kind)
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
		if _, ok := sealed.Load(t); ok {
			return "", 0, false
		}
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

// sealed holds the types Seal marks.
var sealed sync.Map // reflect.Type → struct{}

// Seal marks t, a struct type, as one that plain assignment copies
// safely though it holds interfaces: it lets no one write through them,
// and what they hold holds no references (package fsm's Inbox, whose
// payloads are values, checked by Check as they are posted, and which an
// interface holds as copies no one can change). Check passes over it.
func Seal(t reflect.Type) { sealed.Store(t, struct{}{}) }

// checked caches Check's answer by type, for CheckOf.
var checked sync.Map // reflect.Type → error (nil for none)

// CheckOf is Check for the type of a value posted again and again (an
// fsm event's payload): its answer is kept by type, so that after the
// first it costs a look-up and allocates nothing.
func CheckOf[T any]() error {
	t := reflect.TypeFor[T]()
	if err, ok := checked.Load(t); ok {
		e, _ := err.(error)
		return e
	}
	err := Check[T]()
	checked.Store(t, err)
	return err
}
