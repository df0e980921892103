package bt

import (
	"fmt"

	"github.com/foresight-bt/foresight/internal/engine/memory"
)

func init() {
	memory.TreeCopy = func(tree any) any {
		if t, ok := tree.(interface{ memoryCopy() any }); ok {
			return t.memoryCopy()
		}
		return nil
	}
}

// memoryCopy returns the tree's Config.Copy, for memory.TreeCopy: nil for
// plain assignment.
func (t *Tree[M]) memoryCopy() any {
	if t == nil || t.cfg.Copy == nil {
		return nil
	}
	return t.cfg.Copy
}

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
