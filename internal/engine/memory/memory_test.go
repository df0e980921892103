package memory

import (
	"reflect"
	"testing"
)

// Check names the first reference a memory type holds; a sealed type is
// passed over, wherever it is; CheckOf answers as Check does, and after
// the first answer allocates nothing.
func TestCheckAndSeal(t *testing.T) {
	type plain struct {
		A    int
		Name string
		Arr  [2]float64
	}
	type box struct{ V any }
	type holds struct {
		P   plain
		Box box
	}
	if err := Check[plain](); err != nil {
		t.Errorf("plain: %v", err)
	}
	if err := Check[holds](); err == nil || err.Error() != "memory type memory.holds: field Box.V is a interface, which plain assignment "+
		"would share between the live memory and every prediction" {
		t.Errorf("holds: %v", err)
	}
	Seal(reflect.TypeFor[box]())
	if err := Check[holds](); err != nil {
		t.Errorf("holds a sealed box: %v", err)
	}
	type ref struct{ P *int }
	if CheckOf[ref]() == nil || CheckOf[plain]() != nil {
		t.Error("CheckOf answers otherwise than Check")
	}
	if n := testing.AllocsPerRun(10, func() { _ = CheckOf[ref]() }); n != 0 {
		t.Errorf("CheckOf allocates %v once it has answered", n)
	}
}
