package bt

import (
	"fmt"

	"github.com/foresight-bt/foresight/internal/engine/memory"
)

// checkMemory reports a memory type that plain assignment cannot copy
// safely (see memory.Check). Build refuses such a type unless Config.Copy
// says how to copy it.
func checkMemory[M any]() error {
	if err := memory.Check[M](); err != nil {
		return fmt.Errorf("%v: set Config.Copy to a function that copies it deeply (or, if what it refers to is never "+
			"written, one that assigns: func(dst, src *M) { *dst = *src })", err)
	}
	return nil
}
