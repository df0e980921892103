package bt

import (
	"fmt"
	"reflect"

	"github.com/foresight-bt/foresight/internal/memcheck"
)

// checkMemory reports a memory type that plain assignment cannot copy
// safely: one holding pointers, slices, maps, channels, functions or
// interfaces, which a copy would share between the live memory and every
// prediction, so that simulating would write the live memory. Build
// refuses such a type unless Config.Copy says how to copy it.
func checkMemory[M any]() error {
	t := reflect.TypeFor[M]()
	where, kind, ok := memcheck.Reference(t)
	if !ok {
		return nil
	}
	field := "it"
	if where != "" {
		field = "field " + where
	}
	return fmt.Errorf("memory type %v: %s is a %v, which plain assignment would share between the live memory and "+
		"every prediction: set Config.Copy to a function that copies it deeply (or, if what it refers to is never "+
		"written, one that assigns: func(dst, src *M) { *dst = *src })", t, field, kind)
}
